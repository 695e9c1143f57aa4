// Sources of <= 16 bits: every pattern is evaluated and consecutive patterns are grouped into
// runs, so the map is exact by construction. 32-bit sources: each sign half (the bit patterns of a
// float or an integer of one sign are in order of value) is walked from its start; at a run start
// x the step s is the difference of the outputs at x and x + 1 (0 where their class differs), and
// the run's end is the last y such that the residual key (f(y) - s*(y - x), outcome, rule, NaN-sign
// flag) still equals its value at x, found by exponential then binary search. docs/exhaustive.md
// says why that is exact: the residual key's level sets are intervals of the walk.
#include "derive.hpp"

namespace castlike::exhaustive {
namespace {

struct Point {
  uint64_t bits;
  ref::OutcomeClass outcome;
  ref::RuleId rule;
  bool nan_sign_matters;
};

struct Oracle {
  const Configuration& c;
  uint64_t mask;
  uint64_t calls = 0;
  Point operator()(uint64_t input) {
    ++calls;
    const ref::Result r = ref::convert_element(c.from, ref::Element::of_bits(input), c.to, c.attributes);
    // The NaN-sign flag matters only for NaN outcomes; elsewhere it is normalised so that it does
    // not split runs.
    return {r.value.bits & mask, r.outcome, r.rule, r.outcome == ref::OutcomeClass::kNan ? r.nan_sign_matters : true};
  }
};

bool same_class(const Point& a, const Point& b) {
  return a.outcome == b.outcome && a.rule == b.rule && a.nan_sign_matters == b.nan_sign_matters;
}

Run run_of(const Point& p, uint64_t first, uint64_t last, uint64_t step) {
  return {first, last, p.bits, step, p.outcome, p.rule, p.nan_sign_matters};
}

// Appends r, merging it into the previous run where r continues that run's formula.
void append(std::vector<Run>& runs, Run r, uint64_t mask) {
  if (!runs.empty()) {
    Run& p = runs.back();
    const bool cls = p.outcome == r.outcome && p.rule == r.rule && p.nan_sign_matters == r.nan_sign_matters;
    if (cls && p.last + 1 == r.first) {
      const uint64_t step_into_r = (r.base - p.base) & mask;  // the step that reaches r.base from p.base
      const uint64_t len = p.last - p.first + 1;
      if (len == 1 && (r.first == r.last || r.step == step_into_r)) {
        p.step = step_into_r, p.last = r.last;
        return;
      }
      if (p.bits_at(r.first, mask) == r.base && (r.first == r.last || r.step == p.step)) {
        p.last = r.last;
        return;
      }
    }
  }
  runs.push_back(r);
}

Map enumerate(const Configuration& c) {
  Map m{c, {}};
  Oracle f{c, bit_mask(c.to)};
  for (uint64_t x = 0; x < m.input_count(); ++x) {
    const Point p = f(x);
    append(m.runs, run_of(p, x, x, 0), f.mask);
  }
  return m;
}

bool key_equal(Oracle& f, const Point& p0, uint64_t x, uint64_t step, uint64_t y) {
  const Point q = f(y);
  return same_class(p0, q) && q.bits == ((p0.bits + step * (y - x)) & f.mask);
}

}  // namespace

std::vector<Configuration> configurations_from(ElementType from) {
  std::vector<Configuration> out;
  for (const TypeInfo& t : kTypeTable) {
    if (t.type == ElementType::kString) continue;
    const auto add = [&](bool sat, castlike_round_mode mode) { out.push_back({from, t.type, {sat, mode}}); };
    if (t.type == ElementType::kFloat8E8M0) {
      for (bool sat : {true, false})
        for (castlike_round_mode m : {CASTLIKE_ROUND_UP, CASTLIKE_ROUND_DOWN, CASTLIKE_ROUND_NEAREST}) add(sat, m);
    } else if (is_float8_family(t.type)) {
      add(true, CASTLIKE_ROUND_UP);
      add(false, CASTLIKE_ROUND_UP);
    } else {
      add(true, CASTLIKE_ROUND_UP);
    }
  }
  return out;
}

std::vector<Configuration> all_configurations() {
  std::vector<Configuration> out;
  for (const TypeInfo& t : kTypeTable)
    if (t.type != ElementType::kString && t.bits <= 32)
      for (const Configuration& c : configurations_from(t.type)) out.push_back(c);
  return out;
}

std::optional<std::string> refused_before_search(const Configuration& c) {
  if (info(c.from).bits != 32) return std::nullopt;
  // A rounded float wrapped into 4/2 bits repeats every 2^bits integers: its level sets are not
  // intervals of the walk, so the search would be unsound (and the map has ~2^25 runs anyway).
  if (is_float(c.from) && is_packed(c.to) && is_integer(c.to))
    return "a rounded value wrapped into " + std::to_string(info(c.to).bits) +
           " bits is periodic, not a bounded list of runs";
  // Staircases: truncating floats below 2^23 into an integer of >= 32 bits changes the output at
  // every integer (2^24 runs of constant output), and rounding integers above 2^24 to FLOAT
  // groups 2, 4, ... inputs with ties to even (run lengths alternate): ~2^26 runs either way.
  if (is_float(c.from) && is_integer(c.to) && info(c.to).bits >= 32)
    return "truncation to a >= 32-bit integer is a staircase of ~2^24 runs";
  if (is_integer(c.from) && c.to == ElementType::kFloat)
    return "rounding 32-bit integers to FLOAT is a staircase of ~2^26 runs";
  return std::nullopt;
}

std::variant<Map, std::string> derive(const Configuration& c, const DeriveLimits& limits) {
  if (c.from == ElementType::kString || c.to == ElementType::kString) return std::string("strings are excluded");
  if (info(c.from).bits > 32) return std::string("sources wider than 32 bits are not enumerable");
  if (info(c.from).bits <= 16) return enumerate(c);
  if (auto why = refused_before_search(c)) return *why;
  Map m{c, {}};
  Oracle f{c, bit_mask(c.to)};
  const uint64_t half = uint64_t{1} << 31;
  for (uint64_t seg_first : {uint64_t{0}, half}) {
    const uint64_t seg_last = seg_first + half - 1;
    uint64_t x = seg_first;
    while (true) {
      const Point p0 = f(x);
      uint64_t step = 0;
      if (x < seg_last) {
        const Point p1 = f(x + 1);
        step = same_class(p0, p1) ? (p1.bits - p0.bits) & f.mask : 0;
      }
      // Exponential search for a y where the key differs, then binary search for the last equal.
      uint64_t good = x, jump = 1;
      uint64_t bad = seg_last + 1;
      while (good < seg_last) {
        const uint64_t y = std::min(seg_last, good + jump);
        if (key_equal(f, p0, x, step, y)) {
          good = y;
          jump *= 2;
        } else {
          bad = y;
          break;
        }
      }
      while (bad - good > 1) {
        const uint64_t mid = good + (bad - good) / 2;
        (key_equal(f, p0, x, step, mid) ? good : bad) = mid;
      }
      append(m.runs, run_of(p0, x, good, good == x ? 0 : step), f.mask);
      if (m.runs.size() > limits.max_runs)
        return "more than " + std::to_string(limits.max_runs) + " runs: not compact in this form";
      if (good == seg_last) break;
      x = good + 1;
    }
  }
  return m;
}

}  // namespace castlike::exhaustive
