// `castlike report`: every implementation against every vector file, plus the pair x opset x
// attribute coverage run, as text or JSON.
#pragma once

#include <string>
#include <vector>

#include "implementation.hpp"

namespace castlike::cli {

struct FileResult {
  std::string path;        // relative to the vectors directory
  std::string error;       // load error, rejected call, or "unsupported pair" (then `unsupported`)
  bool unsupported = false;
  size_t pass = 0, fail = 0, unspecified = 0;
  std::vector<std::string> failures;  // the first few mismatches, described
  bool ok() const { return unsupported || (error.empty() && fail == 0); }
};

struct Coverage {
  size_t combinations = 0;  // pair x CastLike version x attribute setting where the pair exists
  size_t ran = 0;           // converted without error
  size_t matched = 0;       // ... and the element agreed with the reference
  size_t unsupported = 0;   // pairs the implementation does not claim
  size_t errors = 0;        // rejected calls
  size_t pairs_ran = 0;     // distinct (from, to) pairs that ran at least once (of 576)
  std::vector<std::string> problems;  // the first few errors / mismatches
  bool ok() const { return errors == 0 && ran == matched; }
};

struct ImplementationReport {
  std::string name, description;
  std::vector<FileResult> files;
  size_t pass = 0, fail = 0, unspecified = 0;
  size_t files_failed = 0, files_unsupported = 0;
  Coverage coverage;
  bool ok() const { return files_failed == 0 && coverage.ok(); }
};

struct Report {
  std::string vectors_dir;
  std::string profile;
  size_t vector_files = 0;
  std::vector<std::pair<std::string, std::string>> other_files;  // skipped: (relative path, format)
  std::vector<ImplementationReport> implementations;
  bool ok() const {
    for (const auto& i : implementations)
      if (!i.ok()) return false;
    return vector_files > 0;
  }
};

// The vector files under `dir` (recursively, sorted). The schema directory is skipped, and so are
// JSON files that declare another "format" (e.g. castlike-known-discrepancies): those are listed
// in `other` as (path, format) so that the report can say what it left out.
struct VectorFileList {
  std::vector<std::string> vectors;
  std::vector<std::pair<std::string, std::string>> other;
};
VectorFileList find_vector_files(const std::string& dir);

Report build_report(const std::string& vectors_dir, const std::string& profile, const ref::Variants& variants,
                    const std::vector<std::unique_ptr<Implementation>>& implementations);

std::string report_text(const Report& r);
std::string report_json(const Report& r);

}  // namespace castlike::cli
