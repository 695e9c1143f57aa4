// Judging an implementation's outputs against a map at memory speed: the maximal intervals of
// consecutive failing inputs.
#pragma once

#include <cstdint>
#include <vector>

#include "map.hpp"

namespace castlike::exhaustive {

// Consecutive inputs [first, last] that all fail under the same rule; expected / actual are those
// of `first` (expected as the map states it: for NaN outcomes the reference's NaN bits).
struct FailingInterval {
  uint64_t first = 0, last = 0, count = 0;
  uint64_t expected = 0, actual = 0;
  ref::OutcomeClass outcome = ref::OutcomeClass::kExact;
  ref::RuleId rule = ref::RuleId::kIdentity;
};

struct Judgement {
  uint64_t inputs = 0, failures = 0, unspecified = 0;  // unspecified: inputs whose result is undefined
  std::vector<FailingInterval> intervals;              // sorted; at most max_intervals kept
  bool truncated = false;                              // more intervals than kept
  // Exact failing inputs per rule, indexed by the rule's enumeration value
  // (ref::RuleId); sized on the first failure, so empty when nothing failed.
  std::vector<uint64_t> failures_by_rule;
};

// The NaN patterns of a destination as one compare on the raw bits: bits is a NaN exactly when
// ((bits & magnitude) - low) mod 2^64 <= span. Derived from the type table's float format
// (infinity above the largest finite value, the all-ones or sign-only NaN); the empty set
// (magnitude 0, low 1, span 0) for destinations without NaN. Agrees with ref::is_nan_bits.
struct NanTest {
  uint64_t magnitude = 0, low = 1, span = 0;
  bool operator()(uint64_t bits) const { return (bits & magnitude) - low <= span; }
};
NanTest nan_test(ElementType to);

// `actual` holds the outputs of inputs [a, b) in the destination's raw ONNX layout (element 0 is
// input a). A result satisfies its expectation under ref::matches semantics: exact -> same bits,
// nan -> a NaN of the destination (with the expected sign where the format has signed NaNs and
// the flag says it matters), unspecified -> anything.
Judgement judge(const Map& map, uint64_t a, uint64_t b, const uint8_t* actual, size_t max_intervals = 1000);

// The same for inputs that are not consecutive patterns (a structured set, structured_judging.hpp):
// inputs [a, b) are the source patterns patterns[0 .. b - a), in increasing order; `map`'s runs
// are over source patterns, affine (their expectation at pattern p is base + step * (p - first)),
// and run i holds the inputs from run_starts[i] to run_starts[i + 1] - 1 (the last: to the end).
// Each run's inputs are compared in blocks of 64 without branches; failures are reported by input
// number as judge() does.
Judgement judge_patterns(const Map& map, const uint64_t* run_starts, const uint64_t* patterns, uint64_t a, uint64_t b,
                         const uint8_t* actual, size_t max_intervals = 1000);

}  // namespace castlike::exhaustive
