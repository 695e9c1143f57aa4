// Rounding exact values: the one place where a value meets a finite grid. Every policy rounds
// through these routines, once.
#pragma once

#include "castlike/type_table.hpp"
#include "exact_value.hpp"

namespace castlike::ref {

enum class Direction : uint8_t {
  kNearestEven,   // IEEE default
  kNearestAway,   // nearest, ties away from zero ("ties up" for the non-negative FLOAT8E8M0)
  kTowardZero,    // truncation
  kAwayFromZero,  // "up" for FLOAT8E8M0
};

// |v| rounded to a whole number of quanta 2^quantum_exp. v must be finite.
struct Quantized {
  BigInt count;
  bool inexact = false;
};
Quantized round_magnitude(const ExactValue& v, int64_t quantum_exp, Direction dir);

// |v| rounded to a float grid with `mantissa_bits` stored bits, subnormals below
// `min_normal_exponent`, and no upper exponent limit (overflow is the caller's policy, applied to
// the rounded value: that is the spec's "[x]"). The result is significand * 2^exponent with the
// significand below 2^(mantissa_bits+1); a zero significand means the value rounded to zero.
struct FloatRounding {
  BigInt significand;
  int64_t exponent = 0;
  bool inexact = false;
};
FloatRounding round_to_precision(const ExactValue& v, int mantissa_bits, int32_t min_normal_exponent,
                                 Direction dir);
FloatRounding round_to_format(const ExactValue& v, const FloatFormat& f, Direction dir);

// Bits of a rounded magnitude in format f, with the sign applied where the format has one; nullopt
// when the value lies beyond the largest finite value (the caller decides: inf, max or NaN).
// Not for FLOAT8E8M0 (see policy_e8m0.cpp).
std::optional<uint64_t> encode_rounded(const FloatFormat& f, bool negative, const FloatRounding& r);

// Bit patterns of special values of a format.
uint64_t sign_bit(const FloatFormat& f);
uint64_t infinity_bits(const FloatFormat& f, bool negative);  // kIeee only
uint64_t max_finite_bits(const FloatFormat& f, bool negative);
uint64_t canonical_nan_bits(const FloatFormat& f, bool negative);  // the sign is dropped where NaN has none
uint64_t zero_bits(const FloatFormat& f, bool negative);           // -0 only where the format has it

// Decodes one bit pattern of a float format to its exact value (FLOAT8E8M0 0x00 as 2^-127).
ExactValue decode_float(const FloatFormat& f, uint64_t bits);
bool is_nan_bits(const FloatFormat& f, uint64_t bits);

}  // namespace castlike::ref
