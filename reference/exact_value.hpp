// Exact values: what every element of every type *is*, before any destination rounds it.
//
// A finite value is sign * num / den * 2^exp2 with num >= 0 and den > 0 held as arbitrary-precision
// integers. Values decoded from binary formats are dyadic (den == 1); decimal strings bring a
// general denominator. Keeping the power of two apart keeps 2^-1074 or 1e-300 cheap: no huge
// numerators are built for a single shift. Nothing here is a float or a double (principle 1).
#pragma once

#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <string>

namespace castlike::ref {

using BigInt = boost::multiprecision::cpp_int;

struct ExactValue {
  enum class Kind : uint8_t { kFinite, kInfinity, kNaN };

  Kind kind = Kind::kFinite;
  bool negative = false;  // sign of zeros, infinities and NaNs too
  BigInt num = 0;         // magnitude numerator, >= 0
  BigInt den = 1;         // magnitude denominator, > 0
  int64_t exp2 = 0;       // magnitude = num / den * 2^exp2

  static ExactValue nan(bool negative = false) { return {Kind::kNaN, negative, 0, 1, 0}; }
  static ExactValue infinity(bool negative) { return {Kind::kInfinity, negative, 0, 1, 0}; }
  static ExactValue zero(bool negative = false) { return {Kind::kFinite, negative, 0, 1, 0}; }
  static ExactValue integer(const BigInt& v) {
    return {Kind::kFinite, v < 0, v < 0 ? BigInt(-v) : v, 1, 0};
  }
  static ExactValue dyadic(bool negative, const BigInt& mantissa, int64_t exponent) {
    return {Kind::kFinite, negative, mantissa, 1, exponent};
  }

  bool is_nan() const { return kind == Kind::kNaN; }
  bool is_infinity() const { return kind == Kind::kInfinity; }
  bool is_finite() const { return kind == Kind::kFinite; }
  bool is_zero() const { return kind == Kind::kFinite && num == 0; }
};

// Compares magnitudes |a| <=> |b| of two finite values: -1, 0, +1.
int compare_magnitude(const ExactValue& a, const ExactValue& b);

// floor(log2 |v|) for a finite non-zero value.
int64_t floor_log2(const ExactValue& v);

// True when the finite value is an integer.
bool is_integral(const ExactValue& v);

// Exact decimal text of a finite value ("0.1000000014901161193847656250" style, full expansion for
// dyadics; a rational with other prime factors is shown as "num/den * 2^e"). For messages.
std::string to_exact_string(const ExactValue& v);

}  // namespace castlike::ref
