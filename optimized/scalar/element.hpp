// Scalar element conversions: the bit-exact definition of every numeric pair, on integers only.
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
//  * FLOAT4E2M1: [x] beyond 6 and +-inf give +-6; NaN gives +0 (A2); +-0 keep their sign.
//  * FLOAT8E8M0: range judged on the unrounded x (x > 2^127 overflow, x < 2^-127 underflow),
//    round_mode up / down / nearest (ties up); saturate picks 0xFE / 0x00 or NaN 0xFF; +inf with
//    saturate 0xFE; zero with saturate 0x00 else NaN; negative values (unspecified) give the result
//    of |x|. Decoding 0x00 gives zero (A12 default).
//  * float to 8..64-bit integers: truncate; out of range and +-inf clamp, NaN gives 0 (unspecified).
//  * float to 4-/2-bit integers: round to nearest even, keep the low bits; NaN 0, +-inf clamp.
//  * integer to integer: keep the low bits; anything to BOOL: zero false, else (NaN too) true.
//
// This header is internal to optimized/ and may be used by the SIMD folders for their tails.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "castlike/type_table.hpp"
#include "castlike/types.h"
#include "../seeded_faults.hpp"

#if defined(__GNUC__) || defined(__clang__)
#define CASTLIKE_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define CASTLIKE_ALWAYS_INLINE inline
#endif

namespace castlike::opt::scalar {

// ------------------------------------------------------------------------------------------------
// Compile-time format parameters.

template <ElementType T>
struct Fmt {
  static constexpr FloatFormat f = info(T).format;
  static constexpr int eb = f.exponent_bits;
  static constexpr int mb = f.mantissa_bits;
  static constexpr int bias = f.bias;
  static constexpr bool has_sign = f.has_sign;
  static constexpr SpecialEncoding special = f.special;
  static constexpr uint64_t sign_bit = has_sign ? uint64_t{1} << (eb + mb) : 0;
  static constexpr uint64_t emask = (uint64_t{1} << eb) - 1u;
  static constexpr uint64_t mmask = (uint64_t{1} << mb) - 1u;
  static constexpr int emin = 1 - bias;  // exponent of the smallest normal
  static constexpr int max_field = static_cast<int>(f.max_finite_exponent_field());
  static constexpr int emax = max_field - bias;  // exponent of the largest finite value
  static constexpr uint64_t max_mag = (uint64_t(max_field) << mb) | f.max_finite_mantissa();
  static constexpr uint64_t inf_mag = emask << mb;  // IEEE formats only
  static constexpr uint64_t quiet_nan_mag =
      special == SpecialEncoding::kIeee ? (emask << mb) | (uint64_t{1} << (mb - 1))
                                        : (special == SpecialEncoding::kFiniteNanOnes ? (emask << mb) | mmask : 0);
};

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
#ifdef CASTLIKE_SEEDED_FAULTS
    constexpr bool f8 = T == ElementType::kFloat8E4M3FN || T == ElementType::kFloat8E4M3FNUZ ||
                        T == ElementType::kFloat8E5M2 || T == ElementType::kFloat8E5M2FNUZ;
    if (f8 && CASTLIKE_FAULT_IN(kTiesAway, kScalar) && shift < 64 &&
        (sig & ((uint64_t{1} << shift) - 1u)) == (uint64_t{1} << (shift - 1)))
      r = (sig >> shift) + 1u;  // a tie, rounded away from zero
#endif
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
#ifdef CASTLIKE_SEEDED_FAULTS
      if (CASTLIKE_FAULT_IN(kNanSignLost, kScalar)) return F::quiet_nan_mag;
#endif
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
#ifdef CASTLIKE_SEEDED_FAULTS
    if (!fnuz && CASTLIKE_FAULT_IN(kNanSignLost, kScalar)) return F::quiet_nan_mag;
#endif
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
#ifdef CASTLIKE_SEEDED_FAULTS
  if constexpr (Sat) {
    // The value max + ulp/2 = (2 * max_sig + 1) * 2^(emax - mb - 1), judged as with saturate=0.
    constexpr uint64_t max_sig = (F::max_mag & F::mmask) | (uint64_t{1} << F::mb);
    if (CASTLIKE_FAULT_IN(kSaturateOffAtThreshold, kScalar)) {
      const int tz = std::countr_zero(v.sig);
      if ((v.sig >> tz) == 2 * max_sig + 1 && v.exp + tz == F::emax - F::mb - 1) return encode_float8<T, false>(v);
    }
  }
#endif
  const Rounded r = round_to_grid<T>(v.sig, v.exp);
  if (r.overflow) return beyond();
  if constexpr (fnuz) {
#ifdef CASTLIKE_SEEDED_FAULTS
    if (T == ElementType::kFloat8E4M3FNUZ && r.mag == 0 && CASTLIKE_FAULT_IN(kFnuzNegativeZero, kScalar))
      return sign;
#endif
    if (r.mag == 0) return 0;  // no -0
  }
  return sign | r.mag;
}

CASTLIKE_ALWAYS_INLINE uint64_t encode_float4(const Num& v) {
  constexpr ElementType T = ElementType::kFloat4E2M1;
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
  constexpr uint64_t kNan = 0xFF;
  switch (v.kind) {
    case Num::kNan:
      return kNan;
    case Num::kInf:
      return Sat ? 0xFE : kNan;
    case Num::kZero:
      return Sat ? 0x00 : kNan;
    case Num::kFinite:
      break;
  }
  // The sign is ignored: negative values are unspecified and give the result of |x|.
  const int top = 63 - std::countl_zero(v.sig);
  const int e = v.exp + top;
  const bool exact = v.sig == (uint64_t{1} << top);
  if (e > 127 || (e == 127 && !exact)) return Sat ? 0xFE : kNan;  // x > 2^127
  if (e < -127) return Sat ? 0x00 : kNan;                         // x < 2^-127
  int k = e;
  if constexpr (Mode == CASTLIKE_ROUND_UP) {
    k += exact ? 0 : 1;
  } else if constexpr (Mode == CASTLIKE_ROUND_NEAREST) {
    k += (top >= 1 && ((v.sig >> (top - 1)) & 1u)) ? 1 : 0;  // >= 1.5 * 2^e: ties up
  }
  return static_cast<uint64_t>(k + 127);
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
// The element conversion of every numeric pair.

constexpr bool is_ieee_dest(ElementType t) {
  return t == ElementType::kFloat || t == ElementType::kDouble || t == ElementType::kFloat16 ||
         t == ElementType::kBfloat16;
}
constexpr bool is_float8(ElementType t) {
  return t == ElementType::kFloat8E4M3FN || t == ElementType::kFloat8E4M3FNUZ || t == ElementType::kFloat8E5M2 ||
         t == ElementType::kFloat8E5M2FNUZ;
}
// How many attribute variants a destination distinguishes (saturate for float8, saturate x
// round_mode for FLOAT8E8M0), and the index of a given attribute set among them.
constexpr int attribute_variants(ElementType to) {
  return is_float8(to) ? 2 : (to == ElementType::kFloat8E8M0 ? 6 : 1);
}
constexpr int attribute_index(ElementType to, const castlike_attributes& a) {
  if (is_float8(to)) return a.saturate ? 1 : 0;
  if (to == ElementType::kFloat8E8M0) return (a.saturate ? 3 : 0) + static_cast<int>(a.round_mode);
  return 0;
}
constexpr bool index_saturate(ElementType to, int index) {
  if (is_float8(to)) return index == 1;
  if (to == ElementType::kFloat8E8M0) return index >= 3;
  return true;
}
constexpr castlike_round_mode index_mode(ElementType to, int index) {
  return to == ElementType::kFloat8E8M0 ? static_cast<castlike_round_mode>(index % 3) : CASTLIKE_ROUND_UP;
}

template <ElementType To, bool Sat, castlike_round_mode Mode>
CASTLIKE_ALWAYS_INLINE uint64_t encode(const Num& v) {
  if constexpr (is_ieee_dest(To))
    return encode_ieee<To>(v);
  else if constexpr (is_float8(To))
    return encode_float8<To, Sat>(v);
  else if constexpr (To == ElementType::kFloat4E2M1)
    return encode_float4(v);
  else if constexpr (To == ElementType::kFloat8E8M0)
    return encode_e8m0<Sat, Mode>(v);
  else if constexpr (To == ElementType::kBool)
    return encode_bool(v);
  else if constexpr (is_packed(To))
    return encode_int_round_wrap<To>(v);
  else
    return encode_int_truncate<To>(v);
}

// Fast paths for the common case of normal values, on the integer encodings directly; anything
// else (zeros, subnormals, NaN, infinities, overflow) takes the general decode / encode route.
//
// Narrowing float -> float (fewer mantissa bits): a normal result is the source magnitude with its
// exponent re-biased, rounded to nearest even at k = mb_s - mb_d bits by adding (half - 1) plus
// the kept lsb; a carry steps into the exponent by itself.
template <ElementType From, ElementType To>
constexpr bool narrowing_fast_path() {
  if constexpr (!is_float(From) || !is_float(To) || From == To)
    return false;
  else {
    using S = Fmt<From>;
    using D = Fmt<To>;
    return S::special == SpecialEncoding::kIeee && D::special != SpecialEncoding::kExponentOnly && S::mb > D::mb &&
           S::emin <= D::emin && S::emax >= D::emax;
  }
}
// Widening float -> float (no fewer mantissa bits, a range that covers the source's normals):
// a normal source is exact, a shift and a re-bias.
template <ElementType From, ElementType To>
constexpr bool widening_fast_path() {
  if constexpr (!is_float(From) || !is_float(To) || From == To)
    return false;
  else {
    using S = Fmt<From>;
    using D = Fmt<To>;
    return S::special == SpecialEncoding::kIeee && D::special == SpecialEncoding::kIeee && D::mb >= S::mb &&
           D::emin <= S::emin && D::emax >= S::emax;
  }
}
// IEEE float -> 8..64-bit integer: |x| in [1, 2^(bits-1)) truncates with one shift.
template <ElementType From, ElementType To>
constexpr bool truncation_fast_path() {
  if constexpr (!is_float(From) || is_float(To) || To == ElementType::kBool || is_packed(To))
    return false;
  else
    return Fmt<From>::special == SpecialEncoding::kIeee;
}

template <ElementType From, ElementType To, bool Sat = true, castlike_round_mode Mode = CASTLIKE_ROUND_UP>
CASTLIKE_ALWAYS_INLINE uint64_t convert_element(uint64_t b);

template <ElementType From, ElementType To, bool Sat, castlike_round_mode Mode>
CASTLIKE_ALWAYS_INLINE uint64_t convert_general(uint64_t b) {
  if constexpr (is_float(From))
    return encode<To, Sat, Mode>(decode_float<From>(b));
  else
    return encode<To, Sat, Mode>(decode_int<From>(b));
}

template <ElementType From, ElementType To, bool Sat, castlike_round_mode Mode>
CASTLIKE_ALWAYS_INLINE uint64_t convert_fast(uint64_t b) {
  using S = Fmt<From>;
  const uint64_t sign = b & S::sign_bit;
  const uint64_t a = b & (S::sign_bit - 1u);  // magnitude bits
  if constexpr (narrowing_fast_path<From, To>()) {
    using D = Fmt<To>;
    constexpr int k = S::mb - D::mb;
    constexpr uint64_t lo = uint64_t(D::emin + S::bias) << S::mb;  // 2^emin_d: smallest normal result
    // 2^(emax_d + 1), where overflow is certain (or the source's infinity, whichever is lower).
    constexpr uint64_t hi = std::min(uint64_t(D::emax + 1 + S::bias) << S::mb, S::inf_mag);
    if (a >= lo && a < hi) [[likely]] {
      // Re-bias: field_d = field_s - bias_s + bias_d, i.e. subtract (bias_s - bias_d) << mb_s.
      const uint64_t rebiased = a - (uint64_t(S::bias - D::bias) << S::mb);
#ifdef CASTLIKE_SEEDED_FAULTS
      if constexpr (is_float8(To)) {
        if (CASTLIKE_FAULT_IN(kTiesAway, kScalar)) {  // a tie rounded away from zero
          const uint64_t away = (rebiased + (uint64_t{1} << (k - 1))) >> k;
          if (away <= D::max_mag) return (sign != 0 ? D::sign_bit : 0) | away;
        }
        if (Sat && CASTLIKE_FAULT_IN(kSaturateOffAtThreshold, kScalar) &&
            rebiased == (D::max_mag << k) + (uint64_t{1} << (k - 1)))
          return encode_float8<To, false>(decode_float<From>(b));
      }
#endif
      const uint64_t m = (rebiased + ((uint64_t{1} << (k - 1)) - 1u) + ((rebiased >> k) & 1u)) >> k;
      if (m <= D::max_mag) [[likely]]
        return (sign != 0 ? D::sign_bit : 0) | m;
    }
  } else if constexpr (widening_fast_path<From, To>()) {
    using D = Fmt<To>;
    if (a >= (uint64_t{1} << S::mb) && a < S::inf_mag) [[likely]]
      return (sign != 0 ? D::sign_bit : 0) | ((a << (D::mb - S::mb)) + (uint64_t(D::bias - S::bias) << D::mb));
  } else if constexpr (truncation_fast_path<From, To>()) {
    constexpr unsigned B = info(To).bits;
    constexpr uint64_t one = uint64_t(S::bias) << S::mb;
    // 2^(B-1), or the source's infinity when that is lower (FLOAT16 -> INT32: NaN and inf stay out).
    constexpr uint64_t limit = std::min(uint64_t(S::bias + static_cast<int>(B) - 1) << S::mb, S::inf_mag);
    if (a < one) return 0;  // |x| < 1 (zeros and subnormals too) truncates to 0
    if (a < limit) [[likely]] {
      const int e = static_cast<int>(a >> S::mb) - S::bias;  // 0 .. B-2
      const uint64_t sig = (a & S::mmask) | (uint64_t{1} << S::mb);
      const uint64_t mag = e <= S::mb ? sig >> (S::mb - e) : sig << (e - S::mb);
      if constexpr (is_signed_integer(To))
        return (sign != 0 ? 0 - mag : mag) & int_mask<To>();
      else if (sign == 0)
        return mag;  // negative values below -1 clamp to 0: general path
    }
  }
  return convert_general<From, To, Sat, Mode>(b);
}

// Branch-free common paths for pairs the fast paths above do not cover, and for the kernels' block
// loop (kernels.cpp), which the compiler vectorizes for float -> float. convert_common returns the
// result, or `slow` for the rare elements that take the general route (subnormals, NaN, infinities,
// overflow). Per element, the branchy fast paths above measured faster where both apply.

template <class W>
struct Common {
  W bits;
  W slow;  // 0 or 1; a word rather than a bool, or GCC 12 keeps the struct in memory and does not vectorize
};

// IEEE float -> FLOAT, DOUBLE, FLOAT16, BFLOAT16 with any ranges (e.g. FLOAT16 <-> BFLOAT16): a
// value normal in both formats is the narrowing / widening fast path above, without branches.
// (float8 destinations keep the general route, where their seeded-fault hooks are.)
template <ElementType From, ElementType To>
constexpr bool rebias_path() {
  if constexpr (!is_float(From) || !is_ieee_dest(To) || From == To)
    return false;
  else
    return Fmt<From>::special == SpecialEncoding::kIeee;
}
// IEEE float -> 4-/2-bit integer: round to nearest even with one shift, keep the low bits.
template <ElementType From, ElementType To>
constexpr bool round_wrap_path() {
  if constexpr (!is_float(From) || is_float(To) || To == ElementType::kBool || !is_packed(To))
    return false;
  else
    return Fmt<From>::special == SpecialEncoding::kIeee;
}
// Integer -> FLOAT, DOUBLE, FLOAT16, BFLOAT16: normalise, round to nearest even, no slow case.
template <ElementType From, ElementType To>
constexpr bool int_to_float_path() {
  return !is_float(From) && From != ElementType::kBool && is_ieee_dest(To);
}
template <ElementType From, ElementType To>
constexpr bool has_common_path() {
  return rebias_path<From, To>() || round_wrap_path<From, To>() || int_to_float_path<From, To>();
}
// 32-bit arithmetic where both sides fit: twice the lanes when the compiler vectorizes.
template <ElementType From, ElementType To>
using CommonWord = std::conditional_t<(info(From).bits <= 32 && info(To).bits <= 32), uint32_t, uint64_t>;
// The pairs whose common path the kernels vectorize (kernels.cpp): float -> float on 32-bit words.
// SSE2 has no per-lane variable shift, count of leading zeros or 64-bit unsigned compare, so the
// other pairs run faster element by element; BFLOAT16 <-> FLOAT have shorter code of their own.
template <ElementType From, ElementType To>
constexpr bool vectorizable_common_path() {
  constexpr bool bfloat16_float = (From == ElementType::kBfloat16 && To == ElementType::kFloat) ||
                                  (From == ElementType::kFloat && To == ElementType::kBfloat16);
  return rebias_path<From, To>() && std::is_same_v<CommonWord<From, To>, uint32_t> && !bfloat16_float;
}

template <class W>
constexpr W kMaxShift = std::numeric_limits<W>::digits - 1;  // sig fits in fewer bits: shifts it out

// sig * 2^-s rounded to nearest even, for 1 <= s <= kMaxShift.
template <class W>
CASTLIKE_ALWAYS_INLINE W rne_shift(W sig, W s) {
  const W q = sig >> s, rem = sig & ((W{1} << s) - 1u), half = W{1} << (s - 1u);
  return q + static_cast<W>(rem + (q & 1u) > half);
}

template <ElementType From, ElementType To>
CASTLIKE_ALWAYS_INLINE Common<CommonWord<From, To>> convert_common(uint64_t b) {
  using W = CommonWord<From, To>;
  using D = Fmt<To>;
  if constexpr (int_to_float_path<From, To>()) {
    constexpr int kTop = std::numeric_limits<W>::digits - 1;
    const W v = static_cast<W>(int_value<From>(b));  // two's complement in W
    const W neg = is_signed_integer(From) ? v >> kTop : 0;
    const W mag = (v ^ (0 - neg)) + neg;
    const int lz = std::countl_zero(static_cast<W>(mag | 1u));
    // With the leading one at the top bit the rounding point is at a constant bit: one sticky compare.
    const W r = rne_shift<W>(static_cast<W>(mag << lz), kTop - D::mb);
    const W m = (static_cast<W>(kTop - lz + D::bias - 1) << D::mb) + r;  // r's hidden bit (or carry) adds 1
    const W bits = mag == 0 ? W{0} : (m > D::max_mag ? static_cast<W>(D::inf_mag) : m);
    return {static_cast<W>((neg << (D::eb + D::mb)) | bits), 0};
  } else {
    using S = Fmt<From>;
    const W x = static_cast<W>(b);
    const W a = x & static_cast<W>(S::sign_bit - 1u);  // magnitude bits
    const W neg = (x >> (S::eb + S::mb)) & 1u;
    if constexpr (rebias_path<From, To>()) {
      // [lo, hi): normal in both formats and below 2^(emax_d + 1) (or the source's infinity).
      constexpr W lo = static_cast<W>(uint64_t(std::max(S::emin, D::emin) + S::bias) << S::mb);
      constexpr W hi = static_cast<W>(std::min(uint64_t(D::emax + 1 + S::bias) << S::mb, S::inf_mag));
      W m;
      if constexpr (S::mb > D::mb) {
        constexpr int k = S::mb - D::mb;
        const W r = a - static_cast<W>((S::bias - D::bias) * (int64_t{1} << S::mb));  // wraps: modular
        m = (r + ((W{1} << (k - 1)) - 1u) + ((r >> k) & 1u)) >> k;
      } else {
        m = (a << (D::mb - S::mb)) + static_cast<W>((D::bias - S::bias) * (int64_t{1} << D::mb));
      }
      const bool zero = a == 0;
      // & and | rather than && and ||: no branches, which would stop the vectorizer.
      const bool ok = zero | ((a >= lo) & (a < hi) & (m <= static_cast<W>(D::max_mag)));
      return {static_cast<W>((neg << (D::eb + D::mb)) | (zero ? W{0} : m)), static_cast<W>(!ok)};
    } else {
      // Below 2^mb the rounding point is inside sig (a shift of at least 1); |x| < 1/2 (zeros and
      // subnormals too) shifts sig out entirely.
      constexpr W point = S::bias + S::mb;  // exponent field of 2^mb
      constexpr W big = static_cast<W>(std::min(uint64_t(point) << S::mb, S::inf_mag));
      const W e = std::min<W>(a >> S::mb, point - 1);
      const W sig = (a & static_cast<W>(S::mmask)) | (W{1} << S::mb);
      const W r = rne_shift<W>(sig, std::min<W>(point - e, kMaxShift<W>));
      return {static_cast<W>(((r ^ (0 - neg)) + neg) & int_mask<To>()), static_cast<W>(a >= big)};
    }
  }
}

template <ElementType From, ElementType To, bool Sat, castlike_round_mode Mode>
CASTLIKE_ALWAYS_INLINE uint64_t convert_element(uint64_t b) {
  static_assert(From != ElementType::kString && To != ElementType::kString, "strings take the string path");
#ifdef CASTLIKE_SEEDED_FAULTS
  if constexpr (From == ElementType::kDouble && To == ElementType::kBfloat16) {
    if (CASTLIKE_FAULT_IN(kDoubleRounding, kScalar))  // rounded twice: to FLOAT, then to BFLOAT16
      return convert_element<ElementType::kFloat, ElementType::kBfloat16>(
          convert_element<ElementType::kDouble, ElementType::kFloat>(b));
  }
#endif
  if constexpr (From == To) {
    return b & int_mask<From>();
  } else if constexpr (From == ElementType::kBfloat16 && To == ElementType::kFloat) {
    return (b & 0xFFFFu) << 16;  // exact; NaNs stay NaNs with their sign
  } else if constexpr (From == ElementType::kFloat && To == ElementType::kBfloat16) {
    const uint32_t x = static_cast<uint32_t>(b);
    if ((x & 0x7FFFFFFFu) > 0x7F800000u) {
#ifdef CASTLIKE_SEEDED_FAULTS
      if (CASTLIKE_FAULT_IN(kNanSignLost, kScalar)) return ((x >> 16) | 0x40u) & 0x7FFFu;
#endif
      return ((x >> 16) | 0x40u) & 0xFFFFu;  // quiet NaN, sign kept
    }
    return (x + 0x7FFFu + ((x >> 16) & 1u)) >> 16;  // RNE; a carry into the exponent is correct
  } else if constexpr (narrowing_fast_path<From, To>() || widening_fast_path<From, To>() ||
                       truncation_fast_path<From, To>()) {
    return convert_fast<From, To, Sat, Mode>(b);
  } else if constexpr (has_common_path<From, To>()) {
    const auto c = convert_common<From, To>(b);
    if (c.slow == 0) [[likely]]
      return c.bits;
    return convert_general<From, To, Sat, Mode>(b);
  } else if constexpr (is_float(From)) {
    return encode<To, Sat, Mode>(decode_float<From>(b));
  } else if constexpr (!is_float(To) && To != ElementType::kBool) {
    return int_value<From>(b) & int_mask<To>();  // integers wrap
  } else {
    return encode<To, Sat, Mode>(decode_int<From>(b));
  }
}

// Runtime entry for one element of any numeric pair (slow: a switch per call). For heads, tails
// and tests; the kernels use the templates directly.
uint64_t convert_bits(ElementType from, ElementType to, uint64_t bits, const castlike_attributes& attrs);

// Converts a Num (e.g. from a parsed string) to any numeric destination.
uint64_t encode_num(ElementType to, const Num& v, const castlike_attributes& attrs);

}  // namespace castlike::opt::scalar
