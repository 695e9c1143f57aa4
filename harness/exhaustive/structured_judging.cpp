#include "structured_judging.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <thread>
#include <tuple>

#include "castlike/packing.hpp"
#include "structured_text_judging.hpp"

namespace castlike::exhaustive {
namespace {

// A class without its level and sticky bit position, which are made into ranges.
struct ClassKey {
  bool negative;
  uint8_t lsb, round, guard;
  InputClass::Sticky sticky;
  ref::RuleId rule;
  ref::OutcomeClass outcome;
  auto tie() const {
    return std::tuple(negative, lsb, round, guard, static_cast<int>(sticky), static_cast<int>(rule),
                      static_cast<int>(outcome));
  }
  bool operator<(const ClassKey& o) const { return tie() < o.tie(); }
  bool operator==(const ClassKey& o) const { return tie() == o.tie(); }
};

struct Group {  // failing inputs of one class
  ClassKey key;
  int bit_first = 0, bit_last = 0, level_first = 0, level_last = 0;
  uint64_t count = 0;
  size_t first = 0, last = 0;  // indices into the failures
};

std::string bit_text(const char* name, uint8_t b) { return std::string(name) + " " + (b == 2 ? "-" : std::to_string(b)); }

std::string class_text(ElementType from, const Group& g) {
  std::string s = g.key.negative ? "negative, " : "positive, ";
  s += level_text(from, g.level_first, g.level_last) + ", ";
  s += bit_text("lsb", g.key.lsb) + " " + bit_text("round", g.key.round) + " " + bit_text("guard", g.key.guard) + ", ";
  switch (g.key.sticky) {
    case InputClass::Sticky::kNone: return s + "no sticky bits";
    case InputClass::Sticky::kZero: return s + "sticky zero";
    case InputClass::Sticky::kOnes: return s + "sticky all ones";
    case InputClass::Sticky::kRandom: return s + "sticky random fill";
    case InputClass::Sticky::kBit:
      return s + "sticky bit " + std::to_string(g.bit_first) +
             (g.bit_last == g.bit_first ? "" : ".." + std::to_string(g.bit_last));
  }
  return s;
}

}  // namespace

StructuredExpectation expect_structured(StructuredSet set, unsigned jobs) {
  const Configuration& c = set.config;
  const size_t n = set.inputs.size();
  std::vector<ref::Result> results(n);
  jobs = std::max(1u, std::min<unsigned>(jobs, static_cast<unsigned>(n / 4096 + 1)));
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < jobs; ++t)
    pool.emplace_back([&, t] {
      for (size_t i = t; i < n; i += jobs)
        results[i] = ref::convert_element(c.from,
                                          set.text ? ref::Element::of_text(set.text->texts[i])
                                                   : ref::Element::of_bits(set.inputs[i]),
                                          c.to, c.attributes);
    });
  for (auto& t : pool) t.join();
  // Runs over source patterns: consecutive inputs join a run while their class is the run's and
  // their bits are affine in the pattern with the run's step (the first two inputs fix the step);
  // every input is checked, so the runs state the reference's answers exactly. A run reaches up
  // to the next run's first pattern, so that Map::expected answers for every input of the set.
  Map m{c, {}};
  const uint64_t mask = bit_mask(c.to);
  const auto affine_step = [&](const Run& p, uint64_t x, uint64_t bits) -> std::optional<uint64_t> {
    const uint64_t up = (bits - p.base) & mask, down = (p.base - bits) & mask, d = x - p.first;
    if (up % d == 0) return up / d;
    if (down % d == 0) return (uint64_t{0} - down / d) & mask;
    return std::nullopt;
  };
  std::vector<uint64_t> run_starts;
  uint64_t run_inputs = 0;  // inputs in the last run
  for (size_t i = 0; i < n; ++i) {
    const ref::Result& r = results[i];
    const uint64_t x = set.inputs[i];
    // The NaN-sign flag matters only for NaN outcomes (as in derive.cpp): elsewhere it would split runs.
    const bool flag = r.outcome == ref::OutcomeClass::kNan ? r.nan_sign_matters : true;
    const uint64_t bits = r.value.bits & mask;
    if (!m.runs.empty()) {
      Run& p = m.runs.back();
      if (p.outcome == r.outcome && p.rule == r.rule && p.nan_sign_matters == flag) {
        if (run_inputs == 1)
          if (const auto step = affine_step(p, x, bits)) p.step = *step;
        if (((p.base + p.step * (x - p.first)) & mask) == bits) {
          p.last = x, ++run_inputs;
          continue;
        }
      }
      p.last = x - 1;
    }
    m.runs.push_back({x, x, bits, 0, r.outcome, r.rule, flag});
    run_starts.push_back(i);
    run_inputs = 1;
  }
  m.runs.back().last = ~uint64_t{0};
  // From pattern 0 (the set's first input is 0 for every source today; the formula extends it).
  Run& head = m.runs.front();
  head.base = (head.base - head.step * head.first) & mask, head.first = 0;
  return {std::move(set), std::move(m), std::move(run_starts)};
}

std::vector<uint8_t> expected_outputs(const StructuredExpectation& e) {
  const ElementType to = e.set.config.to;
  const size_t n = e.set.inputs.size(), runs = e.run_starts.size();
  const uint64_t mask = bit_mask(to);
  std::vector<uint8_t> out(*storage_bytes(to, n) + 8, 0);
  for (size_t ri = 0; ri < runs; ++ri) {
    const Run& r = e.expectations.runs[ri];
    const size_t end = ri + 1 < runs ? static_cast<size_t>(e.run_starts[ri + 1]) : n;
    for (size_t i = static_cast<size_t>(e.run_starts[ri]); i < end; ++i)
      store_bits(to, out.data(), i, (r.base + r.step * (e.set.inputs[i] - r.first)) & mask);
  }
  return out;
}

std::vector<Interval> failing_classes(const StructuredSet& set, const std::vector<StructuredFailure>& failures) {
  if (set.text) return failing_text_classes(set, failures);
  // Per class and sticky bit: the failing levels, each with its count and first and last failure.
  struct PerLevel {
    uint64_t count = 0;
    size_t first = 0, last = 0;
  };
  std::map<std::pair<ClassKey, int>, std::map<int, PerLevel>> by_class;
  for (size_t i = 0; i < failures.size(); ++i) {
    const StructuredFailure& f = failures[i];
    const InputClass& k = set.classes[static_cast<size_t>(f.position)];
    const ClassKey key{k.negative, k.lsb, k.round, k.guard, k.sticky, f.rule, f.outcome};
    PerLevel& p = by_class[{key, k.sticky == InputClass::Sticky::kBit ? k.sticky_bit : 0}][k.level];
    if (p.count++ == 0) p.first = i;
    p.last = i;
  }
  // Levels into maximal ranges of consecutive levels.
  std::vector<Group> groups;
  for (const auto& [key_bit, levels] : by_class) {
    Group* g = nullptr;
    for (const auto& [level, p] : levels) {
      if (g && g->level_last + 1 == level) {
        g->level_last = level, g->count += p.count;
        g->first = std::min(g->first, p.first), g->last = std::max(g->last, p.last);
        continue;
      }
      groups.push_back({key_bit.first, key_bit.second, key_bit.second, level, level, p.count, p.first, p.last});
      g = &groups.back();
    }
  }
  // Sticky bits into ranges of consecutive positions with the same level range (groups are in
  // order of class, then bit, then level).
  std::vector<Group> merged;
  for (const Group& g : groups) {
    auto same = std::find_if(merged.rbegin(), merged.rend(), [&](const Group& m) {
      return m.key == g.key && m.key.sticky == InputClass::Sticky::kBit && m.bit_last + 1 == g.bit_first &&
             m.level_first == g.level_first && m.level_last == g.level_last;
    });
    if (same == merged.rend()) {
      merged.push_back(g);
    } else {
      same->bit_last = g.bit_last, same->count += g.count;
      same->first = std::min(same->first, g.first), same->last = std::max(same->last, g.last);
    }
  }
  std::sort(merged.begin(), merged.end(), [](const Group& a, const Group& b) { return a.first < b.first; });
  std::vector<Interval> out;
  for (const Group& g : merged) {
    const StructuredFailure &a = failures[g.first], &b = failures[g.last];
    Interval i;
    i.first = set.inputs[static_cast<size_t>(a.position)], i.last = set.inputs[static_cast<size_t>(b.position)];
    i.count = g.count;
    i.expected = a.expected, i.actual = a.actual, i.last_expected = b.expected, i.last_actual = b.actual;
    i.outcome = g.key.outcome, i.rule = g.key.rule;
    i.pattern_class = class_text(set.config.from, g);
    out.push_back(std::move(i));
  }
  return out;
}

}  // namespace castlike::exhaustive
