// Scalar element conversions: convert_element, the bit-exact definition of every numeric pair.
//
// The general route (codec.hpp) decodes and rounds once, on integers only; for the common cases
// (normal values) the fast paths below work on the integer encodings directly, and the branch-free
// common paths let the compiler vectorize the kernels' block loop (kernels.cpp). Every path gives
// the general route's bits; no float or double arithmetic is used.
//
// This header is internal to optimized/.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "scalar/codec.hpp"

namespace castlike::opt::scalar {

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

template <class W>
constexpr W kMaxShift = std::numeric_limits<W>::digits - 1;  // sig fits in fewer bits: shifts it out

// sig * 2^-s rounded to nearest even, for 1 <= s <= kMaxShift.
template <class W>
CASTLIKE_ALWAYS_INLINE W rne_shift(W sig, W s) {
  const W q = sig >> s, rem = sig & ((W{1} << s) - 1u), half = W{1} << (s - 1u);
  return q + static_cast<W>(rem + (q & 1u) > half);
}

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
  if constexpr (narrowing_fast_path<From, To>() && Fmt<To>::special == SpecialEncoding::kFiniteOnly) {
    // Finite-only destinations saturate whatever `saturate` says,
    // and their range is small enough that saturation is common: beyond the largest finite value
    // and infinity give +-max here, as normal results do; subnormal results and NaN go on to the
    // general route.
    using D = Fmt<To>;
    constexpr int k = S::mb - D::mb;
    constexpr uint64_t lo = uint64_t(D::emin + S::bias) << S::mb;
    constexpr uint64_t hi = std::min(uint64_t(D::emax + 1 + S::bias) << S::mb, S::inf_mag);
    // One branch, on the rare side: normal and saturated results share it, selected without a
    // branch (on random data a second branch between them would be mispredicted often).
    if (a >= lo && a <= S::inf_mag) [[likely]] {
      const uint64_t rebiased = a - (uint64_t(S::bias - D::bias) << S::mb);
      const uint64_t m = (rebiased + ((uint64_t{1} << (k - 1)) - 1u) + ((rebiased >> k) & 1u)) >> k;
      return (sign != 0 ? D::sign_bit : 0) | (a >= hi ? D::max_mag : std::min<uint64_t>(m, D::max_mag));
    }
  } else if constexpr (narrowing_fast_path<From, To>()) {
    using D = Fmt<To>;
    constexpr int k = S::mb - D::mb;
    constexpr uint64_t lo = uint64_t(D::emin + S::bias) << S::mb;  // 2^emin_d: smallest normal result
    // 2^(emax_d + 1), where overflow is certain (or the source's infinity, whichever is lower).
    constexpr uint64_t hi = std::min(uint64_t(D::emax + 1 + S::bias) << S::mb, S::inf_mag);
    if (a >= lo && a < hi) [[likely]] {
      // Re-bias: field_d = field_s - bias_s + bias_d, i.e. subtract (bias_s - bias_d) << mb_s.
      const uint64_t rebiased = a - (uint64_t(S::bias - D::bias) << S::mb);
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
// (float8 destinations keep the general route.)
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
  if constexpr (From == To) {
    return b & int_mask<From>();
  } else if constexpr (From == ElementType::kBfloat16 && To == ElementType::kFloat) {
    return (b & 0xFFFFu) << 16;  // exact; NaNs stay NaNs with their sign
  } else if constexpr (From == ElementType::kFloat && To == ElementType::kBfloat16) {
    const uint32_t x = static_cast<uint32_t>(b);
    if ((x & 0x7FFFFFFFu) > 0x7F800000u) {
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
