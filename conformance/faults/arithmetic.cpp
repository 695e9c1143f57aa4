// Element access, exact values and rounding for the faults (arithmetic.hpp).
#include "faults/arithmetic.hpp"

#include <algorithm>
#include <bit>

namespace castlike::opt::faults {

// ---- Exact values -------------------------------------------------------------------------------

Exact normalised(bool neg, uint64_t sig, int exp) {
  if (sig == 0) return Exact{false, false, neg, 0, 0};
  const int tz = std::countr_zero(sig);
  return Exact{false, false, neg, sig >> tz, exp + tz};
}

Exact grid_value(const FloatFormat& f, uint64_t code) {
  const uint64_t field = code >> f.mantissa_bits, mant = code & f.mantissa_mask();
  if (field == 0) return normalised(false, mant, f.min_normal_exponent() - f.mantissa_bits);
  return normalised(false, mant | (uint64_t{1} << f.mantissa_bits),
                    static_cast<int>(field) - f.bias - f.mantissa_bits);
}

uint64_t sign_bit(const FloatFormat& f) {
  return f.has_sign ? uint64_t{1} << (f.exponent_bits + f.mantissa_bits) : 0;
}

bool is_nan_bits(const FloatFormat& f, uint64_t bits) {
  const uint64_t mag = bits & ~sign_bit(f);
  const uint64_t field = mag >> f.mantissa_bits, mant = mag & f.mantissa_mask();
  switch (f.special) {
    case SpecialEncoding::kIeee: return field == f.max_exponent_field() && mant != 0;
    case SpecialEncoding::kFiniteNanOnes: return field == f.max_exponent_field() && mant == f.mantissa_mask();
    case SpecialEncoding::kFnuz: return bits == sign_bit(f);
    case SpecialEncoding::kExponentOnly: return field == f.max_exponent_field();
    case SpecialEncoding::kFiniteOnly: return false;
  }
  return false;
}

Exact exact_value(ElementType t, uint64_t bits) {
  const TypeInfo& ti = info(t);
  if (ti.type_class == TypeClass::kBool) return normalised(false, (bits & 0xFF) != 0 ? 1 : 0, 0);
  if (ti.type_class == TypeClass::kSignedInt) {
    const unsigned b = ti.bits;
    const uint64_t sign = uint64_t{1} << (b - 1);
    const uint64_t v = ((bits & bit_mask(t)) ^ sign) - sign;  // sign-extended
    const bool neg = (v >> 63) != 0;
    return normalised(neg, neg ? 0 - v : v, 0);
  }
  if (ti.type_class != TypeClass::kFloat) return normalised(false, bits & bit_mask(t), 0);
  const FloatFormat& f = ti.format;
  if (is_nan_bits(f, bits)) return Exact{true, false, (bits & sign_bit(f)) != 0, 0, 0};
  const bool neg = (bits & sign_bit(f)) != 0;
  const uint64_t mag = bits & ~sign_bit(f) & bit_mask(t);
  if (f.special == SpecialEncoding::kIeee && mag == f.max_exponent_field() << f.mantissa_bits)
    return Exact{false, true, neg, 0, 0};
  if (f.special == SpecialEncoding::kExponentOnly) {
    if (mag == 0) return normalised(false, 0, 0);  // A12: 0x00 reads as zero
    return normalised(false, 1, static_cast<int>(mag) - f.bias);
  }
  Exact e = grid_value(f, mag);
  e.neg = neg;
  return e;
}

bool finite_nonzero(const Exact& x) { return !x.nan && !x.inf && x.sig != 0; }

int top_exponent(const Exact& x) { return x.exp + 63 - std::countl_zero(x.sig); }

int compare_magnitude(const Exact& a, const Exact& b) {
  if (a.sig == 0 || b.sig == 0) return (a.sig != 0) - (b.sig != 0);
  const int ta = top_exponent(a), tb = top_exponent(b);
  if (ta != tb) return ta < tb ? -1 : 1;
  // Same leading bit: the one with the larger exponent has the shorter significand, so shifting it
  // left by the difference stays within 64 bits.
  const uint64_t sa = a.exp > b.exp ? a.sig << (a.exp - b.exp) : a.sig;
  const uint64_t sb = b.exp > a.exp ? b.sig << (b.exp - a.exp) : b.sig;
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

bool same_magnitude(const Exact& a, const Exact& b) { return a.sig == b.sig && (a.sig == 0 || a.exp == b.exp); }

bool is_midpoint_above(const FloatFormat& f, uint64_t code, const Exact& x) {
  const Exact lo = grid_value(f, code), hi = grid_value(f, code + 1);
  // lo + hi = sum * 2^m; the midpoint is sum * 2^(m - 1). Grid values are a few bits wide.
  const int m = lo.sig == 0 ? hi.exp : std::min(lo.exp, hi.exp);
  const uint64_t sum = (lo.sig << (lo.sig == 0 ? 0 : lo.exp - m)) + (hi.sig << (hi.exp - m));
  return same_magnitude(normalised(false, sum, m - 1), x);
}

uint64_t max_finite(const FloatFormat& f) {
  return (uint64_t{f.max_finite_exponent_field()} << f.mantissa_bits) | f.max_finite_mantissa();
}

uint64_t overflow_bits(const FloatFormat& f, bool neg) {
  const uint64_t s = neg ? sign_bit(f) : 0, ones = uint64_t{f.max_exponent_field()} << f.mantissa_bits;
  if (f.special == SpecialEncoding::kFnuz) return sign_bit(f);
  return f.special == SpecialEncoding::kIeee ? s | ones : s | ones | f.mantissa_mask();
}

uint64_t with_sign(const FloatFormat& f, bool neg, uint64_t code) {
  if (code == 0 && f.special == SpecialEncoding::kFnuz) return 0;
  return (neg ? sign_bit(f) : 0) | code;
}

uint64_t rounded_code(const FloatFormat& f, const Exact& x, Rounding r) {
  if (x.sig == 0) return 0;
  const int emin = f.min_normal_exponent();
  const int e = std::max(top_exponent(x), emin);
  // Two binades above the largest exponent field is beyond every code the callers compare with max.
  if (e > static_cast<int>(f.max_exponent_field()) - f.bias + 1) return kHugeCode;
  const int quantum = e - f.mantissa_bits;  // the grid spacing at |x| is 2^quantum
  uint64_t n = 0;
  if (x.exp >= quantum) {
    n = x.sig << (x.exp - quantum);  // at most mantissa_bits + 1 bits
  } else {
    const int s = quantum - x.exp;
    if (s > 64) return 0;  // below a quarter of the smallest spacing: x.sig < 2^64
    const uint64_t whole = s == 64 ? 0 : x.sig >> s;
    const uint64_t rest = s == 64 ? x.sig : x.sig & ((uint64_t{1} << s) - 1u);
    const uint64_t half = uint64_t{1} << (s - 1);
    bool up = false;
    switch (r) {
      case Rounding::kNearestEven: up = rest > half || (rest == half && (whole & 1u) != 0); break;
      case Rounding::kNearestAway: up = rest >= half; break;
      case Rounding::kNearestOdd: up = rest > half || (rest == half && (whole & 1u) == 0); break;
      case Rounding::kTowardZero: up = false; break;
    }
    n = whole + (up ? 1 : 0);
  }
  // Subnormals (e == emin, n <= 2^mantissa_bits) and normals share this form; a carry out of the
  // mantissa lands on the next exponent's first code by itself.
  return (static_cast<uint64_t>(e - emin) << f.mantissa_bits) + n;
}

// ---- Integers -----------------------------------------------------------------------------------

IntegerPart integer_part(const Exact& x) {
  IntegerPart p;
  if (x.sig == 0) return p;
  if (x.exp >= 0) {
    if (top_exponent(x) >= 62) p.big = true;
    else p.whole = x.sig << x.exp;
    return p;
  }
  const int s = -x.exp;  // x.sig is odd: a fraction is left
  p.fraction = true;
  p.whole = s >= 64 ? 0 : x.sig >> s;
  const uint64_t rest = s >= 64 ? x.sig : x.sig & ((uint64_t{1} << s) - 1u);
  if (s > 64) p.half = -1;  // below 2^64 * 2^-65
  else {
    const uint64_t half = uint64_t{1} << (s - 1);
    p.half = rest < half ? -1 : rest == half ? 0 : 1;
  }
  return p;
}

uint64_t wrapped_bits(ElementType t, bool neg, uint64_t magnitude) {
  return (neg ? 0 - magnitude : magnitude) & bit_mask(t);
}

uint64_t integer_max(ElementType t) { return is_signed_integer(t) ? bit_mask(t) >> 1 : bit_mask(t); }

uint64_t integer_min_magnitude(ElementType t) { return is_signed_integer(t) ? (bit_mask(t) >> 1) + 1 : 0; }

uint64_t clamped_bits(ElementType t, bool neg, uint64_t magnitude, bool big) {
  if (neg) return wrapped_bits(t, true, big ? integer_min_magnitude(t) : std::min(magnitude, integer_min_magnitude(t)));
  return big ? integer_max(t) : std::min(magnitude, integer_max(t));
}

}  // namespace castlike::opt::faults
