// Integer and bool destinations.
//
// Integers from integers wrap (two's complement, keep the low bits). Integers from floats and
// text truncate toward zero; out of range, NaN and infinity are undefined by the specification and
// get our documented deterministic choice (clamp, NaN -> 0), marked kUnspecified. The 4- and
// 2-bit types follow their technical note instead: round to nearest even, then keep the low bits.
#include "policies.hpp"
#include "round.hpp"

namespace castlike::ref::policy {
namespace {

struct Range {
  BigInt min, max;
};

Range range_of(ElementType t) {
  const unsigned bits = info(t).bits;
  if (is_signed_integer(t)) return {-(BigInt(1) << (bits - 1)), (BigInt(1) << (bits - 1)) - 1};
  return {0, (BigInt(1) << bits) - 1};
}

uint64_t low_bits(ElementType t, const BigInt& n) {
  // Two's complement reduction modulo 2^bits, valid for negative n too.
  const BigInt modulus = BigInt(1) << info(t).bits;
  BigInt r = n % modulus;
  if (r < 0) r += modulus;
  return static_cast<uint64_t>(r);
}

Result make(ElementType t, const BigInt& n, OutcomeClass outcome, RuleId rule) {
  return {Element::of_bits(low_bits(t, n)), outcome, rule};
}

BigInt signed_integer_of(const ExactValue& v, Direction dir) {
  const BigInt magnitude = round_magnitude(v, 0, dir).count;
  return v.negative ? BigInt(-magnitude) : magnitude;
}

BigInt clamp(const BigInt& n, const Range& r) { return n < r.min ? r.min : (n > r.max ? r.max : n); }

Result sub_byte_from_real(ElementType to, const ExactValue& v, const Variants& var) {
  switch (var.a8) {
    case Variants::SubByteFromFloat::kRoundWrap:
      return make(to, signed_integer_of(v, Direction::kNearestEven), OutcomeClass::kExact, RuleId::kSubByteRoundWrap);
    case Variants::SubByteFromFloat::kTruncateWrap:
      return make(to, signed_integer_of(v, Direction::kTowardZero), OutcomeClass::kExact,
                  RuleId::kSubByteTruncateWrap);
    case Variants::SubByteFromFloat::kRoundClamp:
      return make(to, clamp(signed_integer_of(v, Direction::kNearestEven), range_of(to)), OutcomeClass::kExact,
                  RuleId::kSubByteClamp);
  }
  return {};
}

}  // namespace

Result to_integer(ElementType to, const ExactValue& v, SourceKind kind, const Variants& var) {
  const Range range = range_of(to);
  if (v.is_nan()) return make(to, 0, OutcomeClass::kUnspecified, RuleId::kIntNan);
  if (v.is_infinity())
    return make(to, v.negative ? range.min : range.max, OutcomeClass::kUnspecified, RuleId::kIntInfinity);
  if (kind == SourceKind::kInteger)  // exact integer in, low bits out
    return make(to, signed_integer_of(v, Direction::kTowardZero), OutcomeClass::kExact, RuleId::kIntWrap);

  if (kind == SourceKind::kString && !is_integral(v)) {
    // "100.5" to an integer "may yield 100": undefined; we truncate (sub-byte types: their rule).
    Result r = is_packed(to) ? sub_byte_from_real(to, v, var)
                             : make(to, clamp(signed_integer_of(v, Direction::kTowardZero), range),
                                    OutcomeClass::kUnspecified, RuleId::kStringFractionToInt);
    r.outcome = OutcomeClass::kUnspecified;
    r.rule = RuleId::kStringFractionToInt;
    return r;
  }
  if (is_packed(to)) return sub_byte_from_real(to, v, var);

  const BigInt n = signed_integer_of(v, Direction::kTowardZero);
  if (n < range.min || n > range.max)
    return make(to, clamp(n, range), OutcomeClass::kUnspecified,
                kind == SourceKind::kString ? RuleId::kStringOutOfRange : RuleId::kIntOutOfRange);
  return make(to, n, OutcomeClass::kExact, RuleId::kIntTruncate);
}

Result to_bool(const ExactValue& v) {
  if (v.is_zero()) return {Element::of_bits(0), OutcomeClass::kExact, RuleId::kBoolFromZero};
  return {Element::of_bits(1), OutcomeClass::kExact, RuleId::kBoolFromNonZero};
}

}  // namespace castlike::ref::policy
