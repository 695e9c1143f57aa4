// Scalar element conversions, the general route: decode any numeric source into a Num, round it
// once to any numeric destination. Bit-exact, on integers only (element.hpp adds the fast paths).
//
// Everything here is driven by the FloatFormat rows of castlike/type_table.hpp: a float source is
// decoded into sign + integer significand + binary exponent (Num), and a float destination rounds
// that to its grid once, round to nearest even, with integer shifts and a sticky remainder. No float
// or double arithmetic is used, so the results do not depend on the FPU environment (rounding mode,
// FTZ/DAZ) and no conversion can hit C++ undefined behaviour.
//
// The default-profile decisions (docs/semantics.md) this implements:
//  * IEEE destinations: overflow of the rounded value gives +-inf; NaN stays NaN, sign kept.
//  * float8: saturate=1 gives +-max for [x] beyond max and for +-inf; saturate=0 gives NaN (sign kept
//    where the format has signed NaNs; FNUZ has only 0x80) or +-inf for E5M2. FNUZ has no -0.
//  * finite-only formats: [x] beyond max and +-inf give +-max; NaN gives +0 (A2); +-0 keep their sign.
//  * FLOAT8E8M0: range judged on the unrounded x (x > 2^127 overflow, x < 2^-127 underflow),
//    round_mode up / down / nearest (ties up); saturate picks 0xFE / 0x00 or NaN 0xFF; +inf with
//    saturate 0xFE; zero with saturate 0x00 else NaN; negative values (unspecified) give the result
//    of |x|. Decoding 0x00 gives zero (A12 default).
//  * float to 8..64-bit integers: truncate; out of range and +-inf clamp, NaN gives 0 (unspecified).
//  * float to 4-/2-bit integers: round to nearest even, keep the low bits; NaN 0, +-inf clamp.
//  * integer to integer: keep the low bits; anything to BOOL: zero false, else (NaN too) true.
//
// This header is internal to optimized/.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "castlike/type_table.hpp"
#include "castlike/types.h"
#include "formats.hpp"

#if defined(__GNUC__) || defined(__clang__)
#define CASTLIKE_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define CASTLIKE_ALWAYS_INLINE inline
#endif

namespace castlike::opt::scalar {

// Compile-time format parameters: the constants of castlike/type_table.hpp's rows (formats.hpp).

template <ElementType T>
using Fmt = Format<T>;

// A decoded value: sig * 2^exp with sig != 0 for kFinite; neg is meaningful for every kind.
struct Num {
  enum Kind : uint8_t { kFinite, kZero, kInf, kNan };
  Kind kind = kZero;
  bool neg = false;
  int32_t exp = 0;
  uint64_t sig = 0;
};

constexpr Num make_finite(bool neg, uint64_t sig, int32_t exp) { return Num{Num::kFinite, neg, exp, sig}; }

// ------------------------------------------------------------------------------------------------
// Decoding.

template <ElementType T>
CASTLIKE_ALWAYS_INLINE Num decode_float(uint64_t b) {
  using F = Fmt<T>;
  const bool neg = F::has_sign && (b & F::sign_bit) != 0;
  const uint64_t e = (b >> F::mb) & F::emask;
  const uint64_t m = b & F::mmask;
  if constexpr (F::special == SpecialEncoding::kExponentOnly) {
    if (e == F::emask) return Num{Num::kNan, false, 0, 0};
    if (e == 0) return Num{Num::kZero, false, 0, 0};  // A12 default: 0x00 reads as zero
    return make_finite(false, 1, static_cast<int32_t>(e) - F::bias);
  } else {
    if constexpr (F::special == SpecialEncoding::kIeee) {
      if (e == F::emask) return Num{m != 0 ? Num::kNan : Num::kInf, neg, 0, 0};
    } else if constexpr (F::special == SpecialEncoding::kFiniteNanOnes) {
      if (e == F::emask && m == F::mmask) return Num{Num::kNan, neg, 0, 0};
    } else if constexpr (F::special == SpecialEncoding::kFnuz) {
      // The lone NaN is written with the sign bit but has no sign: it reads as a plain NaN.
      if ((b & ((F::sign_bit << 1) - 1u)) == F::sign_bit) return Num{Num::kNan, false, 0, 0};
    }
    if (e == 0) {
      if (m == 0) return Num{Num::kZero, neg, 0, 0};
      return make_finite(neg, m, F::emin - F::mb);
    }
    return make_finite(neg, m | (uint64_t{1} << F::mb), static_cast<int32_t>(e) - F::bias - F::mb);
  }
}

template <ElementType T>
constexpr uint64_t int_mask() {
  return info(T).bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << info(T).bits) - 1u;
}

// The two's complement value of an integer (or bool) pattern, as uint64 (sign-extended).
template <ElementType T>
CASTLIKE_ALWAYS_INLINE uint64_t int_value(uint64_t b) {
  constexpr unsigned B = info(T).bits;
  if constexpr (T == ElementType::kBool) {
    return (b & 0xFFu) != 0 ? 1u : 0u;  // any non-zero byte is true
  } else if constexpr (is_signed_integer(T) && B < 64) {
    constexpr uint64_t sign = uint64_t{1} << (B - 1);
    const uint64_t v = b & int_mask<T>();
    return (v ^ sign) - sign;
  } else {
    return b & int_mask<T>();
  }
}

template <ElementType T>
CASTLIKE_ALWAYS_INLINE Num decode_int(uint64_t b) {
  const uint64_t v = int_value<T>(b);
  if (v == 0) return Num{Num::kZero, false, 0, 0};
  if constexpr (is_signed_integer(T)) {
    const uint64_t s = 0 - (v >> 63);  // all ones for negative values
    return make_finite(s != 0, (v ^ s) - s, 0);
  } else {
    return make_finite(false, v, 0);
  }
}

// ------------------------------------------------------------------------------------------------
// Rounding to a float grid (round to nearest, ties to even), for IEEE, float8 and float4 formats.
// Returns the magnitude bits; `overflow` when the rounded value lies beyond the largest finite.

struct Rounded {
  uint64_t mag;
  bool overflow;
};

// Rounds sig * 2^-shift (shift >= 1) to an integer, ties to even, for any shift.
CASTLIKE_ALWAYS_INLINE uint64_t rne_shift_right(uint64_t sig, int shift) {
  if (shift >= 64) {
    if (shift > 64) return 0;                    // below a quarter: the value is < 1/2
    return sig > (uint64_t{1} << 63) ? 1u : 0u;  // exactly 1/2 ties to the even 0
  }
  const uint64_t r = sig >> shift;
  const uint64_t rem = sig & ((uint64_t{1} << shift) - 1u);
  const uint64_t half = uint64_t{1} << (shift - 1);
  // Up when rem > half, or rem == half with r odd: both are rem + lsb(r) > half (no branch).
  return r + static_cast<uint64_t>(rem + (r & 1u) > half);
}

template <ElementType T>
CASTLIKE_ALWAYS_INLINE Rounded round_to_grid(uint64_t sig, int32_t exp) {
  using F = Fmt<T>;
  const int top = 63 - std::countl_zero(sig);
  const int e = exp + top;  // floor(log2 |x|)
  if (e > F::emax) return {0, true};
  const int q = (e < F::emin ? F::emin : e) - F::mb;  // exponent of the last kept bit
  const int shift = q - exp;
  uint64_t r;
  if (shift <= 0) {
    r = sig << (-shift);  // exact: fits in mb + 1 bits
  } else {
    r = rne_shift_right(sig, shift);
  }
  // r carries the hidden bit for normal values, so adding it to (field - 1) << mb lets a rounding
  // carry step into the next binade (and a subnormal round up into the smallest normal).
  const uint64_t mag = e >= F::emin ? (uint64_t(e + F::bias - 1) << F::mb) + r : r;
  return {mag, mag > F::max_mag};
}

// ------------------------------------------------------------------------------------------------
// Encoders, one per destination family.

template <ElementType T>
CASTLIKE_ALWAYS_INLINE uint64_t encode_ieee(const Num& v) {
  using F = Fmt<T>;
  const uint64_t sign = v.neg ? F::sign_bit : 0;
  switch (v.kind) {
    case Num::kNan:
      return sign | F::quiet_nan_mag;
    case Num::kInf:
      return sign | F::inf_mag;
    case Num::kZero:
      return sign;
    case Num::kFinite:
      break;
  }
  const Rounded r = round_to_grid<T>(v.sig, v.exp);
  return sign | (r.overflow ? F::inf_mag : r.mag);
}

template <ElementType T, bool Sat>
CASTLIKE_ALWAYS_INLINE uint64_t encode_float8(const Num& v) {
  using F = Fmt<T>;
  constexpr bool fnuz = F::special == SpecialEncoding::kFnuz;
  constexpr bool ieee = F::special == SpecialEncoding::kIeee;  // E5M2
  const uint64_t sign = v.neg ? F::sign_bit : 0;
  const auto nan = [&]() -> uint64_t {
    return fnuz ? F::sign_bit : (sign | F::quiet_nan_mag);
  };
  const auto beyond = [&]() -> uint64_t {
    if constexpr (Sat)
      return sign | F::max_mag;
    else if constexpr (ieee)
      return sign | F::inf_mag;
    else
      return nan();
  };
  switch (v.kind) {
    case Num::kNan:
      return nan();
    case Num::kInf:
      return beyond();
    case Num::kZero:
      return fnuz ? 0 : sign;
    case Num::kFinite:
      break;
  }
  const Rounded r = round_to_grid<T>(v.sig, v.exp);
  if (r.overflow) return beyond();
  if constexpr (fnuz) {
    if (r.mag == 0) return 0;  // no -0
  }
  return sign | r.mag;
}

// Finite-only formats: beyond the largest finite and +-inf saturate, NaN gives +0 (A2).
template <ElementType T>
CASTLIKE_ALWAYS_INLINE uint64_t encode_finite_only(const Num& v) {
  using F = Fmt<T>;
  const uint64_t sign = v.neg ? F::sign_bit : 0;
  switch (v.kind) {
    case Num::kNan:
      return 0;  // A2 default: +0
    case Num::kInf:
      return sign | F::max_mag;
    case Num::kZero:
      return sign;
    case Num::kFinite:
      break;
  }
  const Rounded r = round_to_grid<T>(v.sig, v.exp);
  return sign | (r.overflow ? F::max_mag : r.mag);
}

template <bool Sat, castlike_round_mode Mode>
CASTLIKE_ALWAYS_INLINE uint64_t encode_e8m0(const Num& v) {
  using F = Fmt<ElementType::kFloat8E8M0>;
  constexpr uint64_t kNan = F::nan_code, kMax = F::max_mag;  // 0xFF, 0xFE
  constexpr int kMinExp = -F::bias;                          // code 0x00: 2^-127
  switch (v.kind) {
    case Num::kNan:
      return kNan;
    case Num::kInf:
      return Sat ? kMax : kNan;
    case Num::kZero:
      return Sat ? 0x00 : kNan;
    case Num::kFinite:
      break;
  }
  // The sign is ignored: negative values are unspecified and give the result of |x|.
  const int top = 63 - std::countl_zero(v.sig);
  const int e = v.exp + top;
  const bool exact = v.sig == (uint64_t{1} << top);
  if (e > F::emax || (e == F::emax && !exact)) return Sat ? kMax : kNan;  // x > 2^127
  if (e < kMinExp) return Sat ? 0x00 : kNan;                              // x < 2^-127
  int k = e;
  if constexpr (Mode == CASTLIKE_ROUND_UP) {
    k += exact ? 0 : 1;
  } else if constexpr (Mode == CASTLIKE_ROUND_NEAREST) {
    k += (top >= 1 && ((v.sig >> (top - 1)) & 1u)) ? 1 : 0;  // >= 1.5 * 2^e: ties up
  }
  return static_cast<uint64_t>(k + F::bias);
}

// Float source to an 8..64-bit integer: truncate; NaN 0; out of range and +-inf clamp.
template <ElementType T>
CASTLIKE_ALWAYS_INLINE uint64_t encode_int_truncate(const Num& v) {
  constexpr unsigned B = info(T).bits;
  constexpr bool is_signed = is_signed_integer(T);
  constexpr uint64_t mask = int_mask<T>();
  constexpr uint64_t max_pos = is_signed ? (uint64_t{1} << (B - 1)) - 1u : mask;
  constexpr uint64_t min_neg_mag = is_signed ? uint64_t{1} << (B - 1) : 0;  // |min|
  constexpr uint64_t min_bits = is_signed ? (0 - min_neg_mag) & mask : 0;
  switch (v.kind) {
    case Num::kNan:
    case Num::kZero:
      return 0;
    case Num::kInf:
      return v.neg ? min_bits : max_pos;
    case Num::kFinite:
      break;
  }
  uint64_t mag;
  bool huge = false;
  if (v.exp >= 0) {
    huge = v.exp >= 64 || (v.exp > 0 && (v.sig >> (64 - v.exp)) != 0);
    mag = huge ? 0 : v.sig << v.exp;
  } else {
    mag = -v.exp >= 64 ? 0 : v.sig >> (-v.exp);
  }
  if (!v.neg) return (huge || mag > max_pos) ? max_pos : mag;
  if (mag == 0 && !huge) return 0;
  if (huge || mag > min_neg_mag) return min_bits;
  return (0 - mag) & mask;
}

// Float source to a 4-/2-bit integer: round to nearest even, keep the low bits (A8 default).
template <ElementType T>
CASTLIKE_ALWAYS_INLINE uint64_t encode_int_round_wrap(const Num& v) {
  constexpr unsigned B = info(T).bits;
  constexpr uint64_t mask = int_mask<T>();
  constexpr bool is_signed = is_signed_integer(T);
  switch (v.kind) {
    case Num::kNan:
    case Num::kZero:
      return 0;
    case Num::kInf:
      if constexpr (is_signed)
        return v.neg ? uint64_t{1} << (B - 1) : (uint64_t{1} << (B - 1)) - 1u;
      else
        return v.neg ? 0 : mask;
    case Num::kFinite:
      break;
  }
  uint64_t r;  // RNE(|x|) modulo 2^64: only the low bits matter
  if (v.exp >= 0)
    r = v.exp >= 64 ? 0 : v.sig << v.exp;
  else
    r = rne_shift_right(v.sig, -v.exp);
  return (v.neg ? 0 - r : r) & mask;
}

CASTLIKE_ALWAYS_INLINE uint64_t encode_bool(const Num& v) { return v.kind == Num::kZero ? 0 : 1; }

// ------------------------------------------------------------------------------------------------
// The encoder of each destination family.

// FLOAT, DOUBLE, FLOAT16, BFLOAT16: IEEE specials, no attribute applies.
constexpr bool is_ieee_dest(ElementType t) {
  return is_float(t) && info(t).format.special == SpecialEncoding::kIeee && !is_float8_family(t);
}

template <ElementType To, bool Sat, castlike_round_mode Mode>
CASTLIKE_ALWAYS_INLINE uint64_t encode(const Num& v) {
  if constexpr (is_ieee_dest(To))
    return encode_ieee<To>(v);
  else if constexpr (is_float8_family(To))
    return encode_float8<To, Sat>(v);
  else if constexpr (is_float(To) && Fmt<To>::special == SpecialEncoding::kFiniteOnly)
    return encode_finite_only<To>(v);
  else if constexpr (To == ElementType::kFloat8E8M0)
    return encode_e8m0<Sat, Mode>(v);
  else if constexpr (To == ElementType::kBool)
    return encode_bool(v);
  else if constexpr (is_packed(To))
    return encode_int_round_wrap<To>(v);
  else
    return encode_int_truncate<To>(v);
}

}  // namespace castlike::opt::scalar
