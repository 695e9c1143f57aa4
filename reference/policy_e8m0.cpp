// FLOAT8E8M0: an unsigned power of two, 2^(bits-127) for bits 0x00..0xFE, 0xFF NaN.
// round_mode picks the power; saturate decides what lies beyond [2^-127, 2^127]; the sign is
// outside the specification.
#include "policies.hpp"
#include "round.hpp"

namespace castlike::ref::policy {
namespace {

constexpr int64_t kMinExponent = -127;
constexpr int64_t kMaxExponent = 127;
constexpr uint64_t kNan = 0xFF;

Result make(uint64_t bits, OutcomeClass outcome, RuleId rule) { return {Element::of_bits(bits), outcome, rule}; }

// ceil/floor/nearest(ties up) of log2 x, for finite x > 0.
int64_t rounded_exponent(const ExactValue& x, castlike_round_mode mode) {
  const int64_t e = floor_log2(x);
  const ExactValue power = ExactValue::dyadic(false, 1, e);
  const bool exact = compare_magnitude(x, power) == 0;
  switch (mode) {
    case CASTLIKE_ROUND_DOWN: return e;
    case CASTLIKE_ROUND_UP: return exact ? e : e + 1;
    case CASTLIKE_ROUND_NEAREST: {
      // The arithmetic midpoint of 2^e and 2^(e+1) is 1.5 * 2^e = 3 * 2^(e-1); ties go up.
      const ExactValue midpoint = ExactValue::dyadic(false, 3, e - 1);
      return compare_magnitude(x, midpoint) >= 0 ? e + 1 : e;
    }
  }
  return e;
}

// Variant A4: the ONNX reference reads float32 bits; below 2^-126 (float32 subnormals) its
// mantissa tests give 2^-126 for `up` whenever x != 0, and for `nearest` whenever x > 2^-127.
Result onnx_reference_subnormal(const ExactValue& x, castlike_round_mode mode) {
  const ExactValue two_m127 = ExactValue::dyadic(false, 1, -127);
  uint64_t bits = 0x00;
  if (mode == CASTLIKE_ROUND_UP) bits = 0x01;
  if (mode == CASTLIKE_ROUND_NEAREST && compare_magnitude(x, two_m127) > 0) bits = 0x01;
  return make(bits, OutcomeClass::kExact, RuleId::kE8M0Float32Subnormal);
}

Result positive(const ExactValue& x, const Attributes& a, const Variants& var) {
  const auto overflow = [&] {
    return a.saturate ? make(0xFE, OutcomeClass::kExact, RuleId::kE8M0SaturateOverflow)
                      : make(kNan, OutcomeClass::kNan, RuleId::kE8M0NoSaturateOverflow);
  };
  const auto underflow = [&] {
    return a.saturate ? make(0x00, OutcomeClass::kExact, RuleId::kE8M0SaturateUnderflow)
                      : make(kNan, OutcomeClass::kNan, RuleId::kE8M0NoSaturateUnderflow);
  };
  if (var.a4 == Variants::E8M0Subnormal::kOnnxReferenceBits &&
      compare_magnitude(x, ExactValue::dyadic(false, 1, -126)) < 0)
    return onnx_reference_subnormal(x, a.round_mode);

  if (var.a11 == Variants::E8M0Range::kUnrounded) {
    // The Cast table states the range on x itself: x > 2^127 and x < 2^-127 are out of range.
    if (compare_magnitude(x, ExactValue::dyadic(false, 1, kMaxExponent)) > 0) return overflow();
    if (compare_magnitude(x, ExactValue::dyadic(false, 1, kMinExponent)) < 0) return underflow();
  }
  const int64_t k = rounded_exponent(x, a.round_mode);
  if (k > kMaxExponent) return overflow();
  if (k < kMinExponent) return underflow();
  return make(static_cast<uint64_t>(k - kMinExponent), OutcomeClass::kExact, RuleId::kE8M0Round);
}

}  // namespace

Result to_e8m0(const ExactValue& v, const Attributes& a, const Variants& var) {
  if (v.is_nan()) return make(kNan, OutcomeClass::kNan, RuleId::kE8M0Nan);
  if (v.negative) {
    // Undefined by the specification. Our deterministic choice: the result for |x| (what a
    // sign-blind bit implementation gives), so the bits are reproducible on every path.
    ExactValue magnitude = v;
    magnitude.negative = false;
    Result r = to_e8m0(magnitude, a, var);
    r.outcome = OutcomeClass::kUnspecified;
    r.rule = v.is_zero() ? RuleId::kE8M0NegativeZero : RuleId::kE8M0Negative;
    return r;
  }
  if (v.is_infinity()) {
    if (a.saturate && var.a3 == Variants::E8M0Infinity::kSaturate)
      return make(0xFE, OutcomeClass::kExact, RuleId::kE8M0SaturateInfinity);
    return make(kNan, OutcomeClass::kNan, RuleId::kE8M0InfinityToNan);
  }
  if (v.is_zero()) {
    if (var.a6 == Variants::E8M0Zero::kMin) return make(0x00, OutcomeClass::kExact, RuleId::kE8M0ZeroToMin);
    return a.saturate ? make(0x00, OutcomeClass::kExact, RuleId::kE8M0SaturateZero)
                      : make(kNan, OutcomeClass::kNan, RuleId::kE8M0NoSaturateZero);
  }
  return positive(v, a, var);
}

}  // namespace castlike::ref::policy
