// Destinations with a mantissa: the IEEE types, the float8 family and the finite-only formats.
// All round the exact value once, to nearest even, through round_to_format;
// they differ only in what they do with NaN, infinity and values beyond the largest finite.
#include "policies.hpp"
#include "round.hpp"

namespace castlike::ref::policy {
namespace {

Result bits_result(uint64_t bits, OutcomeClass outcome, RuleId rule) {
  return {Element::of_bits(bits), outcome, rule};
}

}  // namespace

Result to_ieee(ElementType to, const ExactValue& v) {
  const FloatFormat& f = info(to).format;
  if (v.is_nan()) return bits_result(canonical_nan_bits(f, v.negative), OutcomeClass::kNan, RuleId::kFloatNan);
  if (v.is_infinity()) return bits_result(infinity_bits(f, v.negative), OutcomeClass::kExact, RuleId::kFloatInfinity);
  const auto bits = encode_rounded(f, v.negative, round_to_format(v, f, Direction::kNearestEven));
  if (!bits) return bits_result(infinity_bits(f, v.negative), OutcomeClass::kExact, RuleId::kFloatOverflowToInfinity);
  return bits_result(*bits, OutcomeClass::kExact, RuleId::kFloatRoundNearestEven);
}

Result to_float8(ElementType to, const ExactValue& v, const Attributes& a, const Variants& var) {
  const FloatFormat& f = info(to).format;
  const bool fnuz = f.special == SpecialEncoding::kFnuz;
  const bool has_infinity = f.has_infinity();  // E5M2 only
  // NaN keeps its sign where the format has two NaNs (FN, E5M2); FNUZ has the single 0x80.
  const auto nan = [&](RuleId rule) {
    return bits_result(canonical_nan_bits(f, v.negative), OutcomeClass::kNan, rule);
  };
  if (v.is_nan()) return nan(RuleId::kF8Nan);
  if (v.is_infinity()) {
    if (a.saturate) {
      if (fnuz && var.a1 == Variants::FnuzInfinity::kNan) return nan(RuleId::kF8FnuzInfinityToNan);
      return bits_result(max_finite_bits(f, v.negative), OutcomeClass::kExact, RuleId::kF8SaturateInfinity);
    }
    if (has_infinity)
      return bits_result(infinity_bits(f, v.negative), OutcomeClass::kExact, RuleId::kF8NoSaturateInfinity);
    return nan(RuleId::kF8NoSaturateInfinity);
  }
  const FloatRounding r = round_to_format(v, f, Direction::kNearestEven);
  const auto bits = encode_rounded(f, v.negative, r);
  if (!bits) {  // [x] lies beyond the largest finite value
    if (a.saturate)
      return bits_result(max_finite_bits(f, v.negative), OutcomeClass::kExact, RuleId::kF8SaturateOverflow);
    if (has_infinity)
      return bits_result(infinity_bits(f, v.negative), OutcomeClass::kExact, RuleId::kF8NoSaturateOverflow);
    return nan(RuleId::kF8NoSaturateOverflow);
  }
  if (fnuz && v.negative && r.significand == 0)
    return bits_result(0, OutcomeClass::kExact, RuleId::kF8FnuzNegativeZero);
  return bits_result(*bits, OutcomeClass::kExact, RuleId::kF8RoundNearestEven);
}

// The formats with neither NaN nor infinity (SpecialEncoding::kFiniteOnly): infinities and
// values beyond the largest finite saturate; NaN has no encoding, so every reading of A2 is a
// definite bit pattern. The two families differ only in their rule ids.
Result to_finite_only(ElementType to, const ExactValue& v, const Variants& var) {
  const FloatFormat& f = info(to).format;
  struct Rules {
    RuleId round, saturate, infinity, nan_zero, nan_max, nan_other_zero;
  };
  static constexpr Rules kFloat4{RuleId::kF4RoundNearestEven, RuleId::kF4Saturate, RuleId::kF4Infinity,
                                 RuleId::kF4NanToZero, RuleId::kF4NanToSix, RuleId::kF4NanToNegativeZero};
  static constexpr Rules kFloat6{RuleId::kF6RoundNearestEven, RuleId::kF6Saturate, RuleId::kF6Infinity,
                                 RuleId::kF6NanToZero, RuleId::kF6NanToMax, RuleId::kF6NanToNegativeZero};
  const Rules& rules = info(to).bits == 4 ? kFloat4 : kFloat6;
  if (v.is_nan()) {
    switch (var.a2) {
      case Variants::FiniteOnlyNan::kPositiveZero: return bits_result(0x0, OutcomeClass::kExact, rules.nan_zero);
      case Variants::FiniteOnlyNan::kMax:
        return bits_result(max_finite_bits(f, false), OutcomeClass::kExact, rules.nan_max);
      case Variants::FiniteOnlyNan::kOtherSignZero:
        return bits_result(v.negative ? 0x0 : sign_bit(f), OutcomeClass::kExact, rules.nan_other_zero);
    }
  }
  if (v.is_infinity()) return bits_result(max_finite_bits(f, v.negative), OutcomeClass::kExact, rules.infinity);
  const auto bits = encode_rounded(f, v.negative, round_to_format(v, f, Direction::kNearestEven));
  if (!bits) return bits_result(max_finite_bits(f, v.negative), OutcomeClass::kExact, rules.saturate);
  return bits_result(*bits, OutcomeClass::kExact, rules.round);
}

}  // namespace castlike::ref::policy
