// Destinations with a mantissa: the IEEE types (FLOAT, DOUBLE, FLOAT16, BFLOAT16), the four float8
// types and FLOAT4E2M1. All round the exact value once, to nearest even, through round_to_format;
// they differ only in what they do with NaN, infinity and values beyond the largest finite.
#include "policies.hpp"
#include "round.hpp"

namespace castlike::ref::policy {
namespace {

Result bits_result(uint64_t bits, OutcomeClass outcome, RuleId rule) {
  return {Element::of_bits(bits), outcome, rule};
}

}  // namespace

bool is_float8(ElementType t) {
  return t == ElementType::kFloat8E4M3FN || t == ElementType::kFloat8E4M3FNUZ ||
         t == ElementType::kFloat8E5M2 || t == ElementType::kFloat8E5M2FNUZ;
}

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

Result to_float4(const ExactValue& v, const Variants& var) {
  const FloatFormat& f = info(ElementType::kFloat4E2M1).format;
  if (v.is_nan()) {
    // FLOAT4E2M1 has no NaN, so every reading is a definite bit pattern (A2).
    switch (var.a2) {
      case Variants::Float4Nan::kPositiveZero: return bits_result(0x0, OutcomeClass::kExact, RuleId::kF4NanToZero);
      case Variants::Float4Nan::kSix:
        return bits_result(max_finite_bits(f, false), OutcomeClass::kExact, RuleId::kF4NanToSix);
      case Variants::Float4Nan::kNegativeZero:
        return bits_result(sign_bit(f), OutcomeClass::kExact, RuleId::kF4NanToNegativeZero);
    }
  }
  if (v.is_infinity()) return bits_result(max_finite_bits(f, v.negative), OutcomeClass::kExact, RuleId::kF4Infinity);
  const auto bits = encode_rounded(f, v.negative, round_to_format(v, f, Direction::kNearestEven));
  if (!bits) return bits_result(max_finite_bits(f, v.negative), OutcomeClass::kExact, RuleId::kF4Saturate);
  return bits_result(*bits, OutcomeClass::kExact, RuleId::kF4RoundNearestEven);
}

}  // namespace castlike::ref::policy
