// The validator (`castlike validate`, `castlike report`): runs an implementation over a vector set
// and reports, per type pair and per rule id, pass / fail / unspecified / rejected counts; for each
// failing rule the first cases (input, expected, actual as bits and exact values) and the named
// readings of the specification that would explain the actual output (explanation.cpp). This
// header gathers what a caller needs to judge: the vector set, the implementations, the report (its
// text, JSON, HTML and JUnit are rendering/render.hpp's, a later layer).
//
// The set is walked one file at a time (load, run, judge, explain, drop): what stays is the report,
// whose size depends on the number of files and failing rules, not on the number of elements.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>

#include "subjects/implementation.hpp"
#include "judging/readings.hpp"
#include "judging/report.hpp"
#include "formats/vector_set.hpp"

namespace castlike::harness {

struct ValidateOptions {
  size_t examples_per_rule = 5;
  // The command that repeats one case's call alone, for the report of a failed call (empty: none).
  std::function<std::string(const VectorFile&)> reproduce;
  // Only the elements of these rules are judged and counted (absent: every rule). A file with no
  // such element is not run and not in the report.
  std::optional<std::set<ref::RuleId>> rules;
  // Number-to-text results (outcome round-trip) must equal the reference's text character for
  // character (`--strict-text`) instead of reading back to the same element.
  bool strict_text = false;
  // Each file's elements also in the shape plan's shapes (judging/shape_cases.hpp), where the
  // implementation converts every input.
  bool shapes = true;
  // Called after each file: (files done, files in the set, elements judged so far).
  std::function<void(size_t, size_t, uint64_t)> progress;
};

// Throws InputChanged when a file of the set no longer loads as checked, UnservedMode when
// `implementation` does not answer a vector set's cases (a raw output stream).
Report validate(const VectorSet& set, Implementation& implementation, const ValidateOptions& options = {});

// The explanation pass of validate(), fed one file at a time: every reading on every failure of
// each rule, giving each failing rule its explanations, examples and verdict, and the report its
// discrepancy rows. Per rule it keeps how many failures each set of readings explains (a
// histogram, not the failures): the counts and the greedy cover over it are those over the list.
class FailureExplainer {
 public:
  explicit FailureExplainer(const ValidateOptions& options) : options_(options) {}
  // The failures of one file: rule -> its failing elements, in element order; `out` its outputs;
  // `passing` the elements it gets right, by rule (a reading they contradict explains none of the
  // file's failures of that rule).
  void add_file(const VectorFile& f, const CaseOutput& out, const std::map<ref::RuleId, std::vector<size_t>>& failing,
                const std::map<ref::RuleId, std::vector<size_t>>& passing, Report& report);
  // Each failing rule's explanations and verdict, the discrepancy rows in order.
  void finish(Report& report);

 private:
  struct RuleTally {
    std::vector<uint64_t> explained;                  // per reading: failures it explains
    std::map<std::vector<char>, uint64_t> explainers;  // which readings explain a failure -> failures
    uint64_t failures = 0;
  };
  const ValidateOptions& options_;
  std::map<ref::RuleId, RuleTally> tallies_;
};

}  // namespace castlike::harness
