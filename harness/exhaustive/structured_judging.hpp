// Judging a structured input set (structured_inputs.hpp): the reference's expectation of every
// input, as runs over source patterns that are affine in the pattern, so that judge_patterns()
// compares outputs run by run at memory speed; and the failures named by class (sign x level range x the round-relevant bits x the
// sticky pattern) instead of by intervals of consecutive patterns, which the set does not have.
#pragma once

#include <memory>
#include <vector>

#include "engine.hpp"
#include "maps/structured_inputs.hpp"

namespace castlike::exhaustive {

struct StructuredExpectation {
  StructuredSet set;
  // Runs over source patterns, affine (a constant where the step is 0), each holding consecutive
  // inputs of the set with one outcome, rule and NaN-sign flag; config is the set's. Exact at the
  // set's inputs; between them the runs say nothing.
  Map expectations;
  std::vector<uint64_t> run_starts;  // the input number of each run's first input
};

// ref::convert_element on every input of the set, on `jobs` threads.
StructuredExpectation expect_structured(StructuredSet set, unsigned jobs);

// The expected outputs of every input of the set, in the destination's raw layout (element i is
// input i): the runs' bits, which for NaN outcomes are the reference's NaN and for unspecified ones
// its deterministic bits, so bytes equal to these pass under every outcome class. A judge that
// compares an implementation's bytes with them (memcmp) and judges exactly (judge_patterns) only
// where they differ gives judge_patterns' answer at memory speed.
std::vector<uint8_t> expected_outputs(const StructuredExpectation& e);

// One failing input of a set, by its position.
struct StructuredFailure {
  uint64_t position = 0, expected = 0, actual = 0;
  ref::OutcomeClass outcome = ref::OutcomeClass::kExact;
  ref::RuleId rule = ref::RuleId::kIdentity;
};

// The failures (in increasing position) grouped into classes: one Interval per class, in order of
// its first failing input; first / last are the class's first and last failing source patterns,
// count its failing inputs, pattern_class its name.
std::vector<Interval> failing_classes(const StructuredSet& set, const std::vector<StructuredFailure>& failures);

}  // namespace castlike::exhaustive
