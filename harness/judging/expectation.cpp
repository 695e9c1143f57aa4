#include "judging/expectation.hpp"

#include "castlike/packing.hpp"
#include "reference/cast_like.hpp"
#include "reference/round.hpp"

namespace castlike::harness {

bool nan_sign_matters(const VectorFile& f, size_t i) {
  if (f.kind == "spec-example") return false;
  if (!is_float(f.from)) return true;
  const FloatFormat& fmt = info(f.from).format;
  const bool unsigned_nan = fmt.has_nan() && !fmt.has_negative_zero();
  return !(unsigned_nan && ref::is_nan_bits(fmt, f.input[i].bits & bit_mask(f.from)));
}

bool element_matches(const VectorFile& f, size_t i, const ref::Element& actual) {
  ref::Result expected{f.expected[i], f.outcomes[i], ref::RuleId::kIdentity};
  expected.read_back_in = f.from;
  if (f.outcomes[i] == ref::OutcomeClass::kNan && !nan_sign_matters(f, i)) {
    if (!is_float(f.to)) return false;
    return ref::is_nan_bits(info(f.to).format, actual.bits & bit_mask(f.to));
  }
  return ref::matches(f.to, expected, actual);
}

bool judges_texts_by_value(const VectorFile& f) {
  for (const ref::OutcomeClass c : f.outcomes)
    if (c == ref::OutcomeClass::kRoundTrip) return true;
  return false;
}

void judge_texts_strictly(VectorFile& f) {
  for (ref::OutcomeClass& c : f.outcomes)
    if (c == ref::OutcomeClass::kRoundTrip) c = ref::OutcomeClass::kExact;
}

std::vector<ref::RuleId> rules_of(const VectorFile& f) {
  std::vector<ref::RuleId> out(f.input.size(), ref::RuleId::kIdentity);
  bool all = f.rules.size() == f.input.size();
  if (all)
    for (const auto& r : f.rules) all = all && r.has_value();
  if (all) {
    for (size_t i = 0; i < out.size(); ++i) out[i] = *f.rules[i];
    return out;
  }
  // Spec examples carry no rule ids: the reference's default profile names them.
  const auto r = ref::cast_like(f.request());
  if (const auto* o = std::get_if<ref::CastLikeOutput>(&r))
    for (size_t i = 0; i < out.size(); ++i) out[i] = f.rules.size() == out.size() && f.rules[i] ? *f.rules[i] : o->rules[i];
  return out;
}


}  // namespace castlike::harness
