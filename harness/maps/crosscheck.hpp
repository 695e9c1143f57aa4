// A map checked point by point against the reference before it is trusted: every run's first and
// last input and their neighbours, every group boundary of a staircase run, plus random inputs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "map.hpp"

namespace castlike::exhaustive {

struct CrossCheck {
  uint64_t points = 0;                // inputs compared
  std::vector<std::string> mismatches;  // the first few, described
  size_t mismatch_count = 0;
  bool ok() const { return mismatch_count == 0; }
};

// Compares map.expected(x) with ref::convert_element(x): outcome class, rule id, the NaN-sign flag
// (NaN outcomes) and the bits (exact outcomes: equal; NaN: ref::matches; unspecified: equal, since
// the description records the reference's deterministic choice). Inputs: every run's first and
// last and their neighbours; both sides of every group boundary of a staircase run (of at most
// group_probes per run when given: the first half of them in order, the rest at random); and
// random_inputs random inputs (every input where the source has no more patterns).
CrossCheck cross_check(const Map& map, uint64_t random_inputs, uint64_t seed = 1,
                       uint64_t group_probes = UINT64_MAX);

}  // namespace castlike::exhaustive
