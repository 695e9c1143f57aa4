// The validator (`castlike validate`): runs an implementation over a vector set and reports, per
// type pair and per rule id, pass / fail / unspecified / rejected counts; for each failing rule the
// first cases (input, expected, actual as bits and exact values) and the named variant of the
// specification that would explain the actual output (reference re-run with each single switch
// A1-A12, attribute readings, profiles "exact" and "onnx-reference"). Implementations plug in as a
// results file (vectors/schema/README.md, "Results files"), a shared library (validator_abi.h), or
// built in (the reference under any profile; the kernel library when it is built).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "reference/semantics.hpp"
#include "vector_file.hpp"

namespace castlike::conformance {

// ---------------------------------------------------------------------------------------------
// Vector sets

struct VectorSet {
  std::vector<VectorFile> files;    // sorted by name
  std::vector<std::string> sha256;  // of each file's bytes
  std::vector<std::string> roots;   // the directories / files given
  const VectorFile* find(const std::string& name, size_t* index = nullptr) const;
};

// Every *.json directly in each directory (or the file itself). Any unreadable or invalid file, or
// two files with one case name, is an error "path:line: problem".
std::variant<VectorSet, std::string> load_vector_set(const std::vector<std::string>& paths);

// ---------------------------------------------------------------------------------------------
// Implementations

struct CaseOutput {
  enum class Status { kOk, kRejected };
  Status status = Status::kOk;
  std::string message;                                // kRejected: why
  std::vector<std::optional<ref::Element>> elements;  // kOk: one per element; nullopt = that element failed
  std::vector<std::string> element_errors;            // kOk: message for each nullopt element ("" otherwise)
};

class Implementation {
 public:
  virtual ~Implementation() = default;
  virtual std::string name() const = 0;
  virtual std::string description() const = 0;
  virtual CaseOutput run(const VectorFile& file, size_t index_in_set) = 0;
};

std::unique_ptr<Implementation> make_reference_implementation(const ref::Variants& variants, const std::string& label);

// A results file checked against the set: every line parsed, every case of the set present once,
// made from the same vector file (sha256), element counts and bit patterns valid. Error text
// "path:line: problem" otherwise.
std::variant<std::unique_ptr<Implementation>, std::string> load_results_file(const std::string& path,
                                                                             const VectorSet& set);

// A shared library with the validator_abi.h functions.
std::variant<std::unique_ptr<Implementation>, std::string> load_shared_library(const std::string& path);

// The project's kernel library (optimized/), when this build has it; otherwise the reason.
std::variant<std::unique_ptr<Implementation>, std::string> make_kernels_implementation();

// ---------------------------------------------------------------------------------------------
// Reports

struct Counts {
  uint64_t pass = 0, fail = 0, unspecified = 0, rejected = 0;
  uint64_t total() const { return pass + fail + unspecified + rejected; }
  void add(const Counts& o) {
    pass += o.pass;
    fail += o.fail;
    unspecified += o.unspecified;
    rejected += o.rejected;
  }
};

struct Rejection {
  std::string case_name;
  std::string call;     // "opset 25, saturate=0"
  std::string message;
  uint64_t elements = 0;
};

struct Failure {
  std::string case_name;
  size_t index = 0;
  ElementType from = ElementType::kFloat, to = ElementType::kFloat;
  std::string call;
  ref::Element input, expected, actual;
  ref::OutcomeClass outcome = ref::OutcomeClass::kExact;
  std::vector<std::string> explained_by;  // candidate names
};

struct Explanation {
  std::string candidate;    // "A2=six", "profile onnx-reference", "saturate=0", "nan-sign", "A10 (round-trip text)"
  std::string description;  // what that reading says
  uint64_t explained = 0;   // failures of the rule it explains
};

struct RuleResult {
  Counts counts;
  std::vector<Failure> examples;            // the first failures
  std::vector<Explanation> explanations;    // candidates explaining at least one failure, best first
  uint64_t unexplained = 0;                 // failures no candidate explains
  std::vector<Failure> unexplained_examples;
  std::string verdict;                      // "follows variant A2=six", "partly explained: ...", "unexplained"
};

struct PairResult {
  Counts counts;
  std::vector<Rejection> rejections;
};

// One row per (case, rule) with failures: what a known-discrepancies file lists.
struct Discrepancy {
  std::string case_name;
  std::string rule;
  uint64_t failures = 0;
  size_t first_index = 0;
  std::string explained_by;  // candidates explaining every failure of the row, "|"-joined; "" if none
};

struct Report {
  std::string implementation, description;
  std::vector<std::string> vector_roots;
  size_t cases = 0;
  Counts total;
  std::map<std::pair<ElementType, ElementType>, PairResult> pairs;
  std::map<ref::RuleId, RuleResult> rules;
  std::vector<Discrepancy> discrepancies;
  std::vector<Rejection> rejections;
  bool ok() const { return total.fail == 0 && total.rejected == 0; }
};

struct ValidateOptions {
  size_t examples_per_rule = 5;
};

Report validate(const VectorSet& set, Implementation& implementation, const ValidateOptions& options = {});

std::string report_text(const Report& r);
std::string report_json(const Report& r);
std::string report_html(const Report& r);

// The explanation candidates, in the order they are tried ("A1=nan", ..., "profile exact").
std::vector<std::string> candidate_names();

}  // namespace castlike::conformance
