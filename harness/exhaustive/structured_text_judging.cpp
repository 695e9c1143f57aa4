#include "structured_text_judging.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <optional>
#include <tuple>

#include "maps/config_id.hpp"

namespace castlike::exhaustive {
namespace {

// A class without its level, which is made into a range.
auto class_key(const TextClass& k, const StructuredFailure& f) {
  return std::tuple(k.negative, static_cast<int>(k.family), static_cast<int>(k.spelling), k.digit, k.direction,
                    static_cast<int>(f.rule), static_cast<int>(f.outcome));
}

struct Group {
  TextClass cls;
  ref::RuleId rule;
  ref::OutcomeClass outcome;
  int level_first = 0, level_last = 0;
  uint64_t count = 0;
  size_t first = 0, last = 0;  // indices into the failures
};

}  // namespace

std::vector<Interval> failing_text_classes(const StructuredSet& set, const std::vector<StructuredFailure>& failures) {
  std::map<decltype(class_key(TextClass{}, StructuredFailure{})), Group> by_class;
  for (size_t i = 0; i < failures.size(); ++i) {
    const StructuredFailure& f = failures[i];
    const TextClass& k = set.text->classes[static_cast<size_t>(f.position)];
    auto [it, fresh] = by_class.try_emplace(class_key(k, f), Group{k, f.rule, f.outcome, k.level, k.level, 0, i, i});
    Group& g = it->second;
    g.level_first = std::min(g.level_first, static_cast<int>(k.level));
    g.level_last = std::max(g.level_last, static_cast<int>(k.level));
    g.last = i;
    ++g.count;
  }
  std::vector<Group> groups;
  for (auto& [key, g] : by_class) groups.push_back(g);
  std::sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) { return a.first < b.first; });
  std::vector<Interval> out;
  for (const Group& g : groups) {
    const StructuredFailure &a = failures[g.first], &b = failures[g.last];
    Interval i;
    i.first = a.position, i.last = b.position, i.count = g.count;
    i.expected = a.expected, i.actual = a.actual, i.last_expected = b.expected, i.last_actual = b.actual;
    i.outcome = g.outcome, i.rule = g.rule;
    i.pattern_class = text_class_text(g.cls, g.level_first, g.level_last);
    out.push_back(std::move(i));
  }
  return out;
}

const std::string& structured_text_at(const Configuration& c, uint64_t position) {
  // The last destination's set only (it depends on nothing else): reports ask configuration by
  // configuration, and DOUBLE's set alone is a few hundred MB.
  static std::mutex mu;
  static std::optional<ElementType> made_for;
  static std::shared_ptr<const TextSet> set;
  std::lock_guard<std::mutex> lock(mu);
  if (made_for != c.to) set = std::make_shared<const TextSet>(structured_text_set(c.to)), made_for = c.to;
  static const std::string none = "(no such input)";
  return position < set->texts.size() ? set->texts[static_cast<size_t>(position)] : none;
}

}  // namespace castlike::exhaustive
