#include "vocabulary.hpp"

#include <cstdint>

namespace castlike::ref {
namespace {

struct RuleRow {
  RuleId id;
  std::string_view name, summary;
};
constexpr RuleRow kRules[] = {
#define CASTLIKE_RULE_ROW(id, name, summary) {RuleId::id, name, summary},
    CASTLIKE_RULES(CASTLIKE_RULE_ROW)
#undef CASTLIKE_RULE_ROW
};

}  // namespace

std::string_view outcome_name(OutcomeClass c) {
  switch (c) {
    case OutcomeClass::kExact: return "exact";
    case OutcomeClass::kNan: return "nan";
    case OutcomeClass::kUnspecified: return "unspecified";
    case OutcomeClass::kRoundTrip: return "round-trip";
  }
  return "?";
}

std::optional<OutcomeClass> outcome_from_name(std::string_view name) {
  for (OutcomeClass c : {OutcomeClass::kExact, OutcomeClass::kNan, OutcomeClass::kUnspecified, OutcomeClass::kRoundTrip})
    if (outcome_name(c) == name) return c;
  return std::nullopt;
}

std::string_view rule_name(RuleId id) { return kRules[static_cast<size_t>(id)].name; }
std::string_view rule_summary(RuleId id) { return kRules[static_cast<size_t>(id)].summary; }
size_t rule_count() { return std::size(kRules); }
RuleId rule_at(size_t index) { return kRules[index].id; }
std::optional<RuleId> rule_from_name(std::string_view name) {
  for (const RuleRow& r : kRules)
    if (r.name == name) return r.id;
  return std::nullopt;
}

std::variant<size_t, std::string> element_count(const std::vector<int64_t>& shape) {
  size_t count = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    const int64_t d = shape[i];
    if (d < 0) return "dimension " + std::to_string(i) + " is negative (" + std::to_string(d) + ")";
    if (d != 0 && count > SIZE_MAX / static_cast<uint64_t>(d))
      return "the shape's element count overflows size_t";
    count *= static_cast<size_t>(d);
  }
  return count;
}

}  // namespace castlike::ref
