// The coverage sweep of `castlike report`: one value through every type pair x operator version
// (CastLike 15, 19, 21, 23, 24, 25; Cast 13, 19, 21, 23, 24, 25, 28, each at its own opset) x
// attribute setting where the pair exists, each judged against the exact reference's answer for
// the same call.
#pragma once

#include <string>
#include <vector>

#include "subjects/implementation.hpp"

namespace castlike::harness {

struct Coverage {
  size_t combinations = 0;  // pair x operator version x attribute setting where the pair exists
  size_t ran = 0;           // converted without error
  size_t matched = 0;       // ... and the element agreed with the reference
  size_t errors = 0;        // rejected calls
  size_t pairs_ran = 0;     // distinct (from, to) pairs that ran at least once
  std::vector<std::string> problems;  // the first few errors / mismatches
  bool ok() const { return errors == 0 && ran == matched; }
};

Coverage run_coverage(Implementation& impl, const ref::Variants& variants, size_t max_problems = 5);

// The versions the sweep walks, for reports: "CastLike 15,19,21,23,24,25; Cast 13,19,21,23,24,25,28".
std::string coverage_versions();

}  // namespace castlike::harness
