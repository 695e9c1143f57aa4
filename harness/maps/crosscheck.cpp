#include "crosscheck.hpp"

#include <random>

namespace castlike::exhaustive {

CrossCheck cross_check(const Map& map, uint64_t random_inputs, uint64_t seed, uint64_t group_probes) {
  CrossCheck out;
  const Configuration& c = map.config;
  const uint64_t n = map.input_count();
  const auto check = [&](uint64_t x) {
    ++out.points;
    const ref::Result want = ref::convert_element(c.from, ref::Element::of_bits(x), c.to, c.attributes);
    const ref::Result got = map.expected(x);
    const uint64_t want_bits = want.value.bits & map.output_mask();
    bool same = want.outcome == got.outcome && want.rule == got.rule;
    if (same && want.outcome == ref::OutcomeClass::kNan)
      same = want.nan_sign_matters == got.nan_sign_matters && ref::matches(c.to, want, got.value) &&
             want_bits == got.value.bits;
    else if (same)
      same = want_bits == got.value.bits;
    if (same) return;
    if (++out.mismatch_count <= 8)
      out.mismatches.push_back(c.name() + " input 0x" + [&] {
        char b[32];
        std::snprintf(b, sizeof b, "%llx", static_cast<unsigned long long>(x));
        return std::string(b);
      }() + ": map says " + std::string(ref::outcome_name(got.outcome)) + " " + std::string(ref::rule_name(got.rule)) +
                               " bits " + std::to_string(got.value.bits) + ", the reference " +
                               std::string(ref::outcome_name(want.outcome)) + " " +
                               std::string(ref::rule_name(want.rule)) + " bits " + std::to_string(want_bits));
  };
  for (const Run& r : map.runs) {
    if (r.first > 0) check(r.first - 1);
    check(r.first);
    if (r.last != r.first) check(r.last);
    if (r.last + 1 < n) check(r.last + 1);
  }
  std::mt19937_64 rng(seed);
  // Staircase runs: both sides of every group boundary (or group_probes of them: the first half
  // in order, the rest at random).
  for (const Run& r : map.runs) {
    const uint64_t nb = r.group_boundaries();
    const auto probe = [&](uint64_t j) {
      const uint64_t at = r.first + r.group_boundary(j);
      check(at - 1);
      check(at);
    };
    if (nb <= group_probes) {
      for (uint64_t j = 1; j <= nb; ++j) probe(j);
    } else {
      for (uint64_t j = 1; j <= group_probes / 2; ++j) probe(j);
      for (uint64_t i = group_probes / 2; i < group_probes; ++i) probe(1 + rng() % nb);
    }
  }
  if (n <= random_inputs) {
    for (uint64_t x = 0; x < n; ++x) check(x);  // cheaper than sampling: every input
  } else {
    for (uint64_t i = 0; i < random_inputs; ++i) check(rng() & (n - 1));
  }
  return out;
}

}  // namespace castlike::exhaustive
