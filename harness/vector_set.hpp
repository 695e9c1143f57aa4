// Sets of vector files: what an implementation is validated on. `castlike validate` takes
// directories (searched like `castlike report` does) and files, strictly (load_vector_set); `castlike report` searches a
// tree and reports unreadable files one by one (find_vector_files, then load_vector_file each).
#pragma once

#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "vector_file.hpp"

namespace castlike::conformance {

struct VectorSet {
  std::vector<VectorFile> files;    // load_vector_set: sorted by name (find needs that)
  std::vector<std::string> sha256;  // of each file's bytes
  std::vector<std::string> roots;   // the directories / files given
  const VectorFile* find(const std::string& name, size_t* index = nullptr) const;
};

// The vector files under each directory (find_vector_files), or the file itself. Any problem of the
// walk, any invalid file, a file reached twice, or two files with one case name, is an error
// "path:line: problem".
std::variant<VectorSet, std::string> load_vector_set(const std::vector<std::string>& paths);

// The vector files under `dir` (recursively, sorted). The schema directory is skipped, and so are
// JSON files that declare another "format" (e.g. castlike-known-discrepancies): those are listed
// in `other` as (path, format) so that a report can say what it left out.
struct VectorFileList {
  std::vector<std::string> vectors;
  std::vector<std::pair<std::string, std::string>> other;
  // (path, problem) for each entry the walker cannot use: a symbolic link loop, a dangling link, an
  // unreadable file or directory, a FIFO or other special file named *.json.
  std::vector<std::pair<std::string, std::string>> problems;
};
VectorFileList find_vector_files(const std::string& dir);

}  // namespace castlike::conformance
