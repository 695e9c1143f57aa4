// `castlike report`: the built-in implementations (the exact reference; the kernel library at every
// ISA level this machine has) validated on every vector file under a directory, each followed by
// the coverage sweep (coverage.hpp). Rendered per file as text (builtin_report_text.cpp) or JSON
// (builtin_report_json.cpp).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "coverage.hpp"
#include "subjects/implementation.hpp"
#include "judging/report.hpp"

namespace castlike::harness {

struct BuiltinResult {
  Report validation;
  Coverage coverage;
};

struct BuiltinReport {
  std::string vectors_dir;
  std::string profile;
  // One row per vector file found, in path order: its path relative to vectors_dir and either its
  // position in the validated set or the reason it could not be loaded.
  struct Row {
    std::string path;
    std::optional<size_t> case_index;
    std::string load_error;
  };
  std::vector<Row> rows;
  std::vector<std::pair<std::string, std::string>> other_files;  // skipped: (relative path, format)
  std::vector<BuiltinResult> implementations;

  // A file that did not load fails every implementation.
  bool ok(const BuiltinResult& r) const;
  bool ok() const;
};

// Every implementation this build contains, the reference (under `variants`) first; the kernel
// library follows the default profile, so it joins only when `variants` is the default.
std::vector<std::unique_ptr<Implementation>> builtin_implementations(const ref::Variants& variants);

BuiltinReport build_builtin_report(const std::string& vectors_dir, const std::string& profile,
                                   const ref::Variants& variants,
                                   const std::vector<std::unique_ptr<Implementation>>& implementations);

// verbose: a row for every vector file, not only the failing ones.
std::string builtin_report_text(const BuiltinReport& r, bool verbose = false);
std::string builtin_report_json(const BuiltinReport& r);

// "element 0: input 0x3ef535b8 expected 0x2e (exact) got 0x2f": a failure within its file.
std::string element_failure_text(const Failure& f);

}  // namespace castlike::harness
