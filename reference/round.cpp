#include "round.hpp"

#include <algorithm>

namespace castlike::ref {

Quantized round_magnitude(const ExactValue& v, int64_t quantum_exp, Direction dir) {
  // |v| / 2^q = n / d exactly; split into quotient and remainder, then let the direction decide.
  const int64_t shift = v.exp2 - quantum_exp;
  BigInt n = v.num, d = v.den;
  if (shift >= 0) n <<= static_cast<unsigned>(shift);
  else d <<= static_cast<unsigned>(-shift);
  Quantized out;
  BigInt r;
  boost::multiprecision::divide_qr(n, d, out.count, r);
  if (r == 0) return out;
  out.inexact = true;
  const BigInt twice = r << 1;
  const int half = twice < d ? -1 : (twice > d ? 1 : 0);  // remainder vs one half quantum
  bool up = false;
  switch (dir) {
    case Direction::kTowardZero: up = false; break;
    case Direction::kAwayFromZero: up = true; break;
    case Direction::kNearestAway: up = half >= 0; break;
    case Direction::kNearestEven: up = half > 0 || (half == 0 && bit_test(out.count, 0)); break;
  }
  if (up) ++out.count;
  return out;
}

FloatRounding round_to_precision(const ExactValue& v, int mantissa_bits, int32_t min_normal_exponent,
                                 Direction dir) {
  FloatRounding out;
  if (v.num == 0) return out;
  const int64_t e = std::max<int64_t>(floor_log2(v), min_normal_exponent);
  int64_t quantum = e - mantissa_bits;
  Quantized q = round_magnitude(v, quantum, dir);
  // Rounding up may carry into the next binade: 1.111b -> 10.000b. Renormalise (exact).
  if (q.count == (BigInt(1) << (mantissa_bits + 1))) {
    q.count >>= 1;
    ++quantum;
  }
  out.significand = std::move(q.count);
  out.exponent = quantum;
  out.inexact = q.inexact;
  return out;
}

FloatRounding round_to_format(const ExactValue& v, const FloatFormat& f, Direction dir) {
  return round_to_precision(v, f.mantissa_bits, f.min_normal_exponent(), dir);
}

uint64_t sign_bit(const FloatFormat& f) {
  return f.has_sign ? uint64_t{1} << (f.exponent_bits + f.mantissa_bits) : 0;
}

uint64_t zero_bits(const FloatFormat& f, bool negative) {
  return negative && f.has_negative_zero() ? sign_bit(f) : 0;
}

uint64_t infinity_bits(const FloatFormat& f, bool negative) {
  return (negative ? sign_bit(f) : 0) | (uint64_t{f.max_exponent_field()} << f.mantissa_bits);
}

uint64_t max_finite_bits(const FloatFormat& f, bool negative) {
  return (negative ? sign_bit(f) : 0) | (uint64_t{f.max_finite_exponent_field()} << f.mantissa_bits) |
         f.max_finite_mantissa();
}

uint64_t canonical_nan_bits(const FloatFormat& f, bool negative) {
  const uint64_t sign = negative ? sign_bit(f) : 0;
  switch (f.special) {
    case SpecialEncoding::kIeee:  // quiet NaN: top mantissa bit set
      return sign | (uint64_t{f.max_exponent_field()} << f.mantissa_bits) |
             (uint64_t{1} << (f.mantissa_bits - 1));
    case SpecialEncoding::kFiniteNanOnes:
      return sign | (uint64_t{f.max_exponent_field()} << f.mantissa_bits) | f.mantissa_mask();
    case SpecialEncoding::kFnuz: return sign_bit(f);
    case SpecialEncoding::kExponentOnly: return f.max_exponent_field();
    case SpecialEncoding::kFiniteOnly: break;
  }
  return 0;  // unreachable for formats without NaN; callers check has_nan()
}

bool is_nan_bits(const FloatFormat& f, uint64_t bits) {
  const uint64_t exponent = (bits >> f.mantissa_bits) & f.max_exponent_field();
  const uint64_t mantissa = bits & f.mantissa_mask();
  switch (f.special) {
    case SpecialEncoding::kIeee: return exponent == f.max_exponent_field() && mantissa != 0;
    case SpecialEncoding::kFiniteNanOnes:
      return exponent == f.max_exponent_field() && mantissa == f.mantissa_mask();
    case SpecialEncoding::kFnuz: return bits == sign_bit(f);
    case SpecialEncoding::kExponentOnly: return exponent == f.max_exponent_field();
    case SpecialEncoding::kFiniteOnly: return false;
  }
  return false;
}

std::optional<uint64_t> encode_rounded(const FloatFormat& f, bool negative, const FloatRounding& r) {
  if (r.significand == 0) return zero_bits(f, negative);
  const BigInt hidden = BigInt(1) << f.mantissa_bits;
  uint64_t exponent_field = 0;
  uint64_t mantissa = 0;
  if (r.significand < hidden) {
    // Subnormal: round_to_precision pinned the exponent at the bottom of the range.
    mantissa = static_cast<uint64_t>(r.significand);
  } else {
    const int64_t field = r.exponent + f.mantissa_bits + f.bias;
    if (field > static_cast<int64_t>(f.max_finite_exponent_field())) return std::nullopt;
    exponent_field = static_cast<uint64_t>(field);
    mantissa = static_cast<uint64_t>(r.significand - hidden);
    if (exponent_field == f.max_finite_exponent_field() && mantissa > f.max_finite_mantissa())
      return std::nullopt;
  }
  return (negative ? sign_bit(f) : 0) | (exponent_field << f.mantissa_bits) | mantissa;
}

ExactValue decode_float(const FloatFormat& f, uint64_t bits) {
  const bool negative = f.has_sign && (bits & sign_bit(f)) != 0;
  // FNUZ's lone NaN is written with the sign bit, but it has no sign: it decodes as a plain NaN.
  if (is_nan_bits(f, bits)) return ExactValue::nan(negative && f.special != SpecialEncoding::kFnuz);
  const uint64_t exponent = (bits >> f.mantissa_bits) & f.max_exponent_field();
  const uint64_t mantissa = bits & f.mantissa_mask();
  if (f.special == SpecialEncoding::kIeee && exponent == f.max_exponent_field())
    return ExactValue::infinity(negative);
  if (f.special == SpecialEncoding::kExponentOnly)  // no hidden bit, no subnormals: 2^(e - bias)
    return ExactValue::dyadic(false, 1, static_cast<int64_t>(exponent) - f.bias);
  if (exponent == 0)  // subnormal or zero: 0.m * 2^emin
    return ExactValue::dyadic(negative, mantissa, int64_t{f.min_normal_exponent()} - f.mantissa_bits);
  return ExactValue::dyadic(negative, mantissa | (uint64_t{1} << f.mantissa_bits),
                            static_cast<int64_t>(exponent) - f.bias - f.mantissa_bits);
}

}  // namespace castlike::ref
