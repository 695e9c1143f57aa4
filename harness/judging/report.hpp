// The report model of a validation: one implementation on one vector set, counted per type pair,
// per rule id and per case, with the first failures of each rule and the named readings
// (readings.hpp) that explain them. Rendered by render_text.cpp, render_json.cpp, render_html.cpp.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "formats/vector_file.hpp"
#include "generation/shape_plan.hpp"
#include "reference/convert.hpp"
#include "reference/semantics.hpp"

namespace castlike::harness {

// "opset 25, saturate=0": a call, and a vector file's call (the `call` of the rows below; judging
// writes it, every report prints it).
std::string call_text(int opset, const std::optional<int64_t>& saturate, const std::optional<std::string>& round_mode);
std::string call_of(const VectorFile& f);

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

// A call that came back without an answer: the implementation crashed, hung, exited, wrote outside
// its buffers or returned texts that are not UTF-8 (harness/worker/). A failure of the whole case;
// its elements are in no element count.
struct CallFailure {
  std::string case_name, path;
  std::string call;       // "opset 25, saturate=0"
  std::string kind;       // "crashed", "timed out", "exited", ... (harness/worker/plugin.hpp)
  std::string message;    // "crashed with SIGSEGV at a write 1 byte past the output buffer"
  std::string reproduce;  // a command that makes this call alone ("" if unknown)
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
  // The vector file's attributes, for the reproduce line (`castlike explain ...`).
  int opset = 0;
  std::optional<int64_t> saturate;
  std::optional<std::string> round_mode;
  Operator op = Operator::kCastLike;
  // A failure of the shape pass (shape_cases.hpp): its position kind ("tail", "head", "in place",
  // "length at least 1024") and the call ("length 17, input offset 0, output offset 0, element
  // 16"); both empty for a failure of the file's own call. The call and the element's index in it
  // as numbers, for the reports that show them in columns.
  std::string position, shape;
  // A shape-pass failure's rule id (the element's, as the file's rule counts name it): a shape
  // failure is not counted under a rule, so it carries its own. Empty for the file's own call.
  std::string rule;
  CallShape call_shape;
  size_t shape_element = 0;
};
// Element `i` of `f` judged wrong: `expected` (the file's, or a reading's prediction) against `actual`.
Failure failure_of(const VectorFile& f, size_t i, const ref::Element& expected, const ref::Element& actual);

// The shape pass over every file: wrong elements that depend on the call's shape.
struct ShapeResults {
  bool ran = false, in_place = false;
  bool phases_left_out = false;  // some packed file's calls started on a byte only
  uint64_t calls = 0, fail = 0, failed_calls = 0;
  std::string first_call_problem;
  std::map<std::string, uint64_t> fail_by_position;
  std::map<std::string, uint64_t> kept;  // failures kept per position
  std::vector<Failure> failures;         // the first few of each position, in the set's order
  bool ok() const { return fail == 0 && failed_calls == 0; }
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
  std::vector<CallFailure> call_failures;
  // The shape pass on the pair's files (shape_cases.hpp): elements right in the file's own call and
  // wrong in some call shape, and shape calls rejected or failed.
  uint64_t shape_fail = 0, shape_failed_calls = 0;
};

// One row per (case, rule) with failures: what a known-discrepancies file lists.
struct Discrepancy {
  std::string case_name;
  std::string rule;
  uint64_t failures = 0;
  size_t first_index = 0;
  std::string explained_by;  // candidates explaining every failure of the row, "|"-joined; "" if none
  std::vector<Failure> examples;  // its first failures, with the readings explaining each
  // The readings explaining some failure of the row that a passing element of the case contradicts,
  // each with the first such element (its `expected` the reading's output, `actual` the right one).
  struct Contradicted {
    std::string reading;
    Failure element;
  };
  std::vector<Contradicted> contradicted;
};

// One vector file's outcome.
struct CaseResult {
  std::string name, path;
  ElementType from = ElementType::kFloat, to = ElementType::kFloat;
  std::string call;  // "opset 25, saturate=0"
  Counts counts;
  std::string rejection;          // the call was rejected: why ("" otherwise)
  std::string call_failure;       // the call failed (CallFailure::message; "" otherwise)
  std::vector<Failure> failures;  // its first failures (without explanations)
};

struct Report {
  std::string implementation, description;
  std::vector<std::string> vector_roots;
  // `validate --rules`: only the elements of these rules were judged and counted (empty: every rule).
  std::vector<std::string> rule_filter;
  bool strict_text = false;  // number-to-text results judged by their exact text (--strict-text)
  size_t cases = 0;
  Counts total;
  std::map<std::pair<ElementType, ElementType>, PairResult> pairs;
  std::map<ref::RuleId, RuleResult> rules;
  std::vector<CaseResult> case_results;  // in the set's order
  std::vector<Discrepancy> discrepancies;
  std::vector<Rejection> rejections;
  std::vector<CallFailure> call_failures;  // in the set's order
  ShapeResults shapes;
  // Coverage: the implementation declared what it covers (validator_abi.h), and the cases outside
  // it were not called: their pairs ("FROM-TO"), cases and elements, in no other count.
  bool coverage_declared = false;
  std::vector<std::string> not_covered_pairs;
  size_t not_covered_cases = 0;
  uint64_t not_covered_elements = 0;
  bool ok() const { return total.fail == 0 && total.rejected == 0 && call_failures.empty() && shapes.ok(); }
};

}  // namespace castlike::harness
