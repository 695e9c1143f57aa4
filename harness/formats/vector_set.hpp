// Sets of vector files: what an implementation is validated on. `castlike validate` takes
// directories (searched like `castlike report` does) and files, strictly (load_vector_set); `castlike report` searches a
// tree and reports unreadable files one by one (find_vector_files, then load_vector_file each).
//
// A set holds what it knows of each file (its entry), not the file: validate() loads one file at
// a time and drops it, so memory is bounded by the largest file, whatever the size of the set.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "formats/vector_file.hpp"

namespace castlike::harness {

// One vector file of a set, as far as the set needs to know it without loading it again.
struct VectorSetEntry {
  std::string path, name;
  std::string sha256;  // of the file's bytes
  ElementType from = ElementType::kFloat, to = ElementType::kFloat;
  size_t elements = 0;
  // The call the file makes and its kind, for listing a set without loading it again.
  int opset = 0;
  std::optional<int64_t> saturate;
  std::optional<std::string> round_mode;
  std::string kind;  // "spec-example" or "generated"
  Operator op = Operator::kCastLike;
};

// An input read again during a run (a vector file of the set, a results file) no longer reads as
// it did when it was checked (changed, removed or unreadable since): "path: problem".
struct InputChanged : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class VectorSet {
 public:
  std::vector<std::string> roots;  // the directories / files given

  size_t size() const { return entries_.size(); }
  const VectorSetEntry& entry(size_t i) const { return entries_[i]; }
  const std::vector<VectorSetEntry>& entries() const { return entries_; }
  // By case name; needs the entries sorted by name (load_vector_set sorts them).
  const VectorSetEntry* find(const std::string& name, size_t* index = nullptr) const;

  // The i-th file: the resident copy, or read from its path again; InputChanged when its bytes
  // are no longer the ones the set was checked with.
  std::shared_ptr<const VectorFile> load(size_t i) const;

  // A file read from its path on each load (load_vector_set checked it: `sha256` of its bytes).
  void add(VectorSetEntry entry);
  // A file held in memory (a set made by a program, or small enough to keep).
  void add_resident(VectorFile file, std::string sha256);
  // Keeps the files `keep` says yes to, in order.
  template <typename Keep>
  void keep_if(Keep keep) {
    size_t n = 0;
    for (size_t i = 0; i < entries_.size(); ++i)
      if (keep(entries_[i])) {
        if (n != i) {  // a self-move would leave the entry's strings empty (its path among them)
          entries_[n] = std::move(entries_[i]);
          resident_[n] = std::move(resident_[i]);
        }
        ++n;
      }
    entries_.resize(n);
    resident_.resize(n);
  }

 private:
  std::vector<VectorSetEntry> entries_;
  std::vector<std::shared_ptr<const VectorFile>> resident_;  // per entry; null: on disk
};

// What a set keeps of a loaded file whose bytes have this sha256.
VectorSetEntry entry_of(const VectorFile& file, std::string sha256);

// One vector file read and checked (its case name must be its file name): its entry, or the error
// "path:line: problem". `file` receives the loaded file when given.
std::variant<VectorSetEntry, std::string> check_vector_file(const std::string& path, VectorFile* file = nullptr);

// The vector files under each directory (find_vector_files), or the file itself, each checked
// once (check_vector_file) and not kept. Any problem of the walk, any invalid file, a file reached
// twice, or two files with one case name, is an error "path:line: problem". `checked` is called
// after each file (files checked, files in all), for a progress line.
std::variant<VectorSet, std::string> load_vector_set(const std::vector<std::string>& paths,
                                                     const std::function<void(size_t, size_t)>& checked = {});

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

}  // namespace castlike::harness
