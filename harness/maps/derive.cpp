// Sources of <= 16 bits: every pattern is evaluated and consecutive patterns are grouped into
// runs, so the map is exact by construction. 32-bit sources: each segment in order of value (a
// sign half; a source binade where a rounded float is wrapped into 4 or 2 bits) is walked from its
// start. At a run start x a staircase (floor or alternating, map.hpp) is proposed from the first
// three groups of constant output and extended as far as the reference agrees; otherwise the step
// s is the difference of the outputs at x and x + 1 (0 where their class differs), and the run's
// end is the last y such that the residual key (f(y) - s*(y - x), outcome, rule, NaN-sign flag)
// still equals its value at x. Ends are found by exponential then binary search.
// docs/exhaustive.md says why that is exact, and why the cross-check of every group boundary
// proves it.
#include "derive.hpp"

#include <optional>

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
  if (!runs.empty() && r.staircase == Staircase::kAffine && runs.back().staircase == Staircase::kAffine) {
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

bool matches_run(Oracle& f, const Run& r, uint64_t y) {
  const Point q = f(y);
  return q.outcome == r.outcome && q.rule == r.rule && q.nan_sign_matters == r.nan_sign_matters &&
         q.bits == r.bits_at(y, f.mask);
}

// The last y in [x, seg_last] such that `equal(y)` holds on all of [x, y], found by an exponential
// then a binary search: exact where the inputs satisfying `equal` are an interval starting at x
// (docs/exhaustive.md says why they are for every configuration searched this way).
template <class Equal>
uint64_t search_end(uint64_t x, uint64_t seg_last, const Equal& equal) {
  uint64_t good = x, jump = 1, bad = seg_last + 1;
  while (good < seg_last) {
    const uint64_t y = std::min(seg_last, good + jump);
    if (!equal(y)) {
      bad = y;
      break;
    }
    good = y;
    jump *= 2;
  }
  while (bad - good > 1) {
    const uint64_t mid = good + (bad - good) / 2;
    (equal(mid) ? good : bad) = mid;
  }
  return good;
}

bool power_of_two(uint64_t v) { return v >= 2 && (v & (v - 1)) == 0; }
uint32_t log2_of(uint64_t v) {
  uint32_t s = 0;
  while ((uint64_t{1} << s) < v) ++s;
  return s;
}

// A staircase run starting at x (map.hpp: floor or alternating), or nothing. The lengths of the
// first three groups of constant output (the first possibly partial: x may start mid-group) and
// the step between them propose the form; the run then extends as far as the reference agrees.
std::optional<Run> staircase_at(Oracle& f, uint64_t x, uint64_t seg_last) {
  const Point p0 = f(x);
  uint64_t ends[3];
  Point heads[3] = {p0, p0, p0};
  uint64_t start = x;
  for (int g = 0; g < 3; ++g) {
    const Point h = g == 0 ? p0 : f(start);
    if (!same_class(h, p0)) return std::nullopt;
    heads[g] = h;
    ends[g] = search_end(start, seg_last, [&](uint64_t y) { return key_equal(f, h, start, 0, y); });
    if (ends[g] == seg_last && g < 2) return std::nullopt;
    start = ends[g] + 1;
  }
  const uint64_t step = (heads[1].bits - heads[0].bits) & f.mask;
  if (step == 0 || ((heads[2].bits - heads[1].bits) & f.mask) != step) return std::nullopt;
  const uint64_t g1 = ends[0] - x + 1, g2 = ends[1] - ends[0], g3 = ends[2] - ends[1];
  Run r = run_of(p0, x, x, step);
  if (g2 == g3 && power_of_two(g2) && g1 <= g2) {
    r.staircase = Staircase::kFloor, r.shift = log2_of(g2), r.offset = g2 - g1;
  } else if (g2 == g3 + 2 && power_of_two(g2 - 1) && g1 + 1 < g2 - 1) {
    const uint64_t d = g2 - 1;  // x's group is a short one, the next a long one
    r.staircase = Staircase::kAlternating, r.shift = log2_of(d), r.offset = 2 * d - g1;
  } else if (g3 == g2 + 2 && power_of_two(g2 + 1) && g1 <= g2 + 2) {
    const uint64_t d = g2 + 1;  // x's group is a long one, the next a short one
    r.staircase = Staircase::kAlternating, r.shift = log2_of(d), r.offset = d + 1 - g1;
  } else {
    return std::nullopt;
  }
  if (r.shift > 31) return std::nullopt;
  // The inputs where a staircase agrees need not be an interval: just past the true end (a
  // binade of the source or of the destination changes the group length) a wrong staircase still
  // agrees here and there, within a few groups. So the end found is re-checked on both sides of
  // its last kTailGroups group boundaries, and searched again below the first disagreement.
  constexpr uint64_t kTailGroups = 16;
  uint64_t limit = seg_last;
  while (true) {
    r.last = search_end(x, limit, [&](uint64_t y) { return matches_run(f, r, y); });
    const uint64_t nb = r.group_boundaries();
    uint64_t bad = 0;
    for (uint64_t j = nb > kTailGroups ? nb - kTailGroups + 1 : 1; j <= nb && bad == 0; ++j) {
      const uint64_t at = r.first + r.group_boundary(j);
      if (!matches_run(f, r, at - 1)) bad = at - 1;
      else if (!matches_run(f, r, at)) bad = at;
    }
    if (bad == 0) break;
    limit = bad - 1;
  }
  // Only a run longer than the three groups that proposed it is worth its form.
  if (r.last <= ends[2]) return std::nullopt;
  return r;
}

}  // namespace

std::vector<Configuration> configurations_from(ElementType from) {
  std::vector<Configuration> out;
  for (const TypeInfo& t : kTypeTable) {
    if (t.type == ElementType::kString) continue;
    for (const AttributeSetting& a : attribute_settings(t.type)) out.push_back({from, t.type, {a.saturate, a.round_mode}});
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

std::variant<Map, std::string> derive(const Configuration& c, const DeriveLimits& limits) {
  if (c.from == ElementType::kString || c.to == ElementType::kString) return std::string("strings are excluded");
  if (info(c.from).bits > 32) return std::string("sources wider than 32 bits are not enumerable");
  if (info(c.from).bits <= 16) return enumerate(c);
  Map m{c, {}};
  Oracle f{c, bit_mask(c.to)};
  // The walk is cut into segments whose patterns are in order of value: the two sign halves;
  // where a rounded float is wrapped into 4 or 2 bits, the binades of the source (in each the
  // value is affine in the pattern), since agreement far from a run's start could otherwise be a
  // coincidence modulo 2^bits (docs/exhaustive.md).
  const bool wraps = is_float(c.from) && is_packed(c.to) && is_integer(c.to);
  const uint64_t seg_len = wraps ? uint64_t{1} << 23 : uint64_t{1} << 31;
  for (uint64_t seg_first = 0; seg_first < m.input_count(); seg_first += seg_len) {
    const uint64_t seg_last = seg_first + seg_len - 1;
    uint64_t x = seg_first;
    while (true) {
      uint64_t last;
      if (auto st = staircase_at(f, x, seg_last)) {
        last = st->last;
        append(m.runs, *st, f.mask);
      } else {
        const Point p0 = f(x);
        uint64_t step = 0;
        if (x < seg_last) {
          const Point p1 = f(x + 1);
          step = same_class(p0, p1) ? (p1.bits - p0.bits) & f.mask : 0;
        }
        last = search_end(x, seg_last, [&](uint64_t y) { return key_equal(f, p0, x, step, y); });
        append(m.runs, run_of(p0, x, last, last == x ? 0 : step), f.mask);
      }
      if (m.runs.size() > limits.max_runs)
        return "more than " + std::to_string(limits.max_runs) + " runs: not compact in this form";
      if (last == seg_last) break;
      x = last + 1;
    }
  }
  return m;
}

}  // namespace castlike::exhaustive
