// Vector element algorithms written once against an ISA "ops" class D (Highway style): D::V is a
// vector of D::kLanes 32-bit lanes, D::M a lane mask, and D provides integer, float-bit and memory
// operations (see x86/avx2/ops.hpp for the full list with their exact contracts). Each ISA folder
// instantiates these templates with its own ops and adds what only its hardware can do (F16C and
// AVX512_BF16 converts, vpermb / tbl table lookups, round-to-odd converts).
//
// The semantics are the project's default profile (docs/semantics.md), bit for bit the same as the
// scalar kernels and the reference, including the deterministic bits of undefined cases:
//  - float8: RNE on the exact value; [x] beyond max -> max (saturate=1) or NaN / E5M2 inf
//    (saturate=0); inf like overflow; NaN -> NaN with its sign where the format has signed NaNs;
//    FNUZ has no -0 (anything that rounds to zero is +0); FNUZ 0x80 decodes to -NaN.
//  - the finite-only formats: RNE, beyond max and inf -> +-max, NaN -> +0 (A2), -0 kept.
//  - FLOAT8E8M0: the power of two of |x| (negative input is undefined: we give |x|'s result),
//    x > 2^127 (inf included) -> 0xFE / NaN, x < 2^-127 and 0 -> 0x00 / NaN, NaN -> 0xFF;
//    0x00 decodes to 0 (A12, the examples).
//  - float -> int8/uint8/int32: truncate; NaN -> 0; out of range and inf clamp.
//  - float -> 4-/2-bit integers: RNE, keep the low bits; NaN -> 0; +-inf -> max / min of the type.
// Rounding by float addition ("magic number") assumes the default rounding mode (nearest even);
// it never meets a denormal operand whose treatment (DAZ) could change the result.
#pragma once

#include <cstdint>

#include "../formats.hpp"
#include "castlike/types.h"

namespace castlike::opt {
namespace {  // NOLINT(cert-dcl59-cpp): internal linkage per ISA translation unit, see driver.hpp

// The constants of a small float format (formats.hpp, from its kTypeTable row) as the 32-bit lane
// values the vector code uses.
template <ElementType T>
struct SmallFloat {
  using F = Format<T>;
  static constexpr unsigned mantissa_bits = F::mb;
  static constexpr int bias = F::bias;
  static constexpr unsigned sign_shift = F::sign_shift;  // bits - 1
  static constexpr uint32_t max_code = uint32_t(F::max_mag);  // magnitude code of the largest finite
  static constexpr uint32_t inf_code = uint32_t(F::inf_mag);  // IEEE formats (E5M2) only
  static constexpr uint32_t nan_code = uint32_t(F::nan_code);  // the code written for NaN (FNUZ: 0x80)
  static constexpr uint32_t overflow_code = uint32_t(F::overflow_code);  // beyond max with saturate=0
  static constexpr bool fnuz = F::special == SpecialEncoding::kFnuz;
};

// ---------------------------------------------------------------------------------------------
// Encoding float32 bits to the small float formats.

// Magnitude code of |x| (a = float32 bits without sign) rounded to nearest even, with the exponent
// unbounded above (so values beyond the largest finite give codes above max_code, inf and NaN
// included). Normal results: integer RNE on the re-biased bits. Subnormal results: adding a
// power of two whose ulp is the destination's smallest subnormal lets the FPU round once.
template <class D, ElementType kFmt>
inline typename D::V encode_magnitude(typename D::V a) {
  using S = SmallFloat<kFmt>;
  constexpr unsigned kShift = 23 - S::mantissa_bits;
  constexpr uint32_t kMinNormal = uint32_t(128 - S::bias) << 23;                    // 2^(1-bias)
  constexpr uint32_t kMagic = uint32_t(151 - S::bias - int(S::mantissa_bits)) << 23;  // ulp = 2^(1-bias-M)
  constexpr uint32_t kRebias = uint32_t(S::bias - 127) << 23;                       // wraps: fine
  constexpr uint32_t kHalfMinusOne = (1u << (kShift - 1)) - 1u;
  auto odd = D::And(D::template Shr<kShift>(a), D::Set(1));
  const auto normal = D::template Shr<kShift>(D::Add(D::Add(a, D::Set(kRebias + kHalfMinusOne)), odd));
  const auto subnormal = D::Sub(D::AddF(a, D::Set(kMagic)), D::Set(kMagic));
  return D::Select(D::GtI(D::Set(kMinNormal), a), subnormal, normal);
}

// The same rounding with the overflow folded in, in 8 operations per vector instead of 10 (the
// AVX2 float8 encoders are bound by their operation count, docs/performance.md), for ISAs whose
// ops have SubSatU16 (a saturating subtract of 16-bit lanes). |x| is first clamped, to
// the largest finite value (saturate) or to the smallest value that rounds to max_code + 1 (which
// is the overflow code of every format with saturate=0: FN NaN, E5M2 inf, FNUZ NaN); inf and NaN
// clamp too. Then one float addition rounds every value at its destination ulp: with E the
// exponent of |x|, raised to the minimum normal one, B = 2^(E + 23 - M) has ulp 2^(E - M), so the
// sum |x| + B is B + m ulps (m the significand rounded to nearest even, implicit bit included;
// for E at the minimum, the subnormal code), and code = m + ((E - Emin) << M). No denormal is
// produced; a denormal |x| is far below half the smallest subnormal, so DAZ changes nothing.
template <class D, ElementType kFmt, bool kSaturate>
inline typename D::V encode_clamped(typename D::V a) {
  using S = SmallFloat<kFmt>;
  constexpr unsigned kShift = 23 - S::mantissa_bits;
  constexpr uint32_t kMinNormal = uint32_t(128 - S::bias) << 23;  // 2^(1-bias)
  constexpr uint32_t kMaxBits = (((S::max_code >> S::mantissa_bits) + 127u - uint32_t(S::bias)) << 23) |
                                ((S::max_code & ((1u << S::mantissa_bits) - 1u)) << kShift);
  // max + ulp/2 rounds to max_code + 1 when max_code is odd (ties to even); else one bit more.
  constexpr uint32_t kClamp = kSaturate ? kMaxBits : kMaxBits + (1u << (kShift - 1)) + (S::max_code & 1u ? 0u : 1u);
  const auto c = D::MinI(a, D::Set(kClamp));
  // (E - Emin) << 23, 0 below the minimum: the exponent sits in the upper 16 bits, the lower are 0.
  const auto d = D::SubSatU16(D::And(c, D::Set(0x7F800000u)), D::Set(kMinNormal));
  const auto b = D::Add(d, D::Set(kMinNormal + (kShift << 23)));
  return D::Add(D::Sub(D::AddF(c, b), b), D::template Shr<kShift>(d));
}

template <class D>
constexpr bool kClampedRounding = requires(typename D::V v) { D::SubSatU16(v, v); };

// float32 magnitude bits -> float8 code through encode_magnitude, then the specials (values beyond
// the largest finite, inf, NaN).
template <class D, ElementType kFmt, bool kSaturate>
inline typename D::V encode_f8_rne(typename D::V a) {
  using S = SmallFloat<kFmt>;
  const auto o = encode_magnitude<D, kFmt>(a);
  if constexpr (kSaturate) {
    return D::Select(D::GtI(a, D::Set(0x7F800000u)), D::Set(S::nan_code), D::MinI(o, D::Set(S::max_code)));
  } else if constexpr (S::nan_code != S::overflow_code) {
    // E5M2: overflow and inf -> inf, NaN -> its quiet NaN
    return D::Select(D::GtI(a, D::Set(0x7F800000u)), D::Set(S::nan_code), D::MinI(o, D::Set(S::overflow_code)));
  } else {
    // FN: overflow, inf and NaN all give the NaN 0x7F (sign added later);
    // FNUZ: they all give the lone NaN 0x80 (or-ing the sign keeps it 0x80).
    return D::MinI(o, D::Set(S::overflow_code));
  }
}

// The same through encode_clamped: the clamp has done the overflow (and, with saturate=0 for FN
// and FNUZ, NaN); NaN is left where its code differs from the overflow code.
template <class D, ElementType kFmt, bool kSaturate>
inline typename D::V encode_f8_clamped(typename D::V a) {
  using S = SmallFloat<kFmt>;
  const auto o = encode_clamped<D, kFmt, kSaturate>(a);
  if constexpr (!kSaturate && S::nan_code == S::overflow_code) {
    return o;
  } else {
    return D::Select(D::GtI(a, D::Set(0x7F800000u)), D::Set(S::nan_code), o);
  }
}

// float32 bits -> float8 magnitude code with the specials applied, sign not yet added (it is
// added by add_f8_sign, or by an ISA's StoreSignedBytes4 while narrowing).
template <class D, ElementType kFmt, bool kSaturate>
inline typename D::V encode_f8_unsigned(typename D::V u) {
  const auto a = D::And(u, D::Set(0x7FFFFFFFu));
  if constexpr (kClampedRounding<D>)
    return encode_f8_clamped<D, kFmt, kSaturate>(a);
  else
    return encode_f8_rne<D, kFmt, kSaturate>(a);
}

// The sign of float32 bits u onto a float8 code (FNUZ: not onto 0, which has no negative).
template <class D, bool kFnuz>
inline typename D::V add_f8_sign(typename D::V o, typename D::V u) {
  const auto sign = D::And(D::template Shr<24>(u), D::Set(0x80));
  if constexpr (kFnuz) return D::Select(D::Eq(o, D::Set(0)), o, D::Or(o, sign));
  return D::Or(o, sign);
}

// float32 bits -> float8 code (in the low byte of each lane).
template <class D, ElementType kFmt, bool kSaturate>
inline typename D::V encode_f8(typename D::V u) {
  return add_f8_sign<D, SmallFloat<kFmt>::fnuz>(encode_f8_unsigned<D, kFmt, kSaturate>(u), u);
}

// float32 bits -> the code of a finite-only format (no infinity, no NaN) in the low bits of each lane, everything read off the format's row: RNE,
// beyond the largest finite and inf -> +-max, NaN -> +0 (A2), -0 kept. The saturating rounding is
// the float8 one with saturate=1, the clamp standing in for the missing overflow codes.
template <class D, ElementType kFmt>
inline typename D::V encode_finite(typename D::V u) {
  using S = SmallFloat<kFmt>;
  static_assert(Format<kFmt>::special == SpecialEncoding::kFiniteOnly && Format<kFmt>::has_sign,
                "a signed format without infinity and NaN");
  const auto a = D::And(u, D::Set(0x7FFFFFFFu));
  typename D::V o;
  if constexpr (kClampedRounding<D>) o = encode_clamped<D, kFmt, true>(a);
  else o = D::MinI(encode_magnitude<D, kFmt>(a), D::Set(S::max_code));
  o = D::Or(o, D::And(D::template Shr<31 - S::sign_shift>(u), D::Set(1u << S::sign_shift)));
  return D::AndNot(D::GtI(a, D::Set(0x7F800000u)), o);    // NaN -> +0 (A2)
}

// float32 bits -> FLOAT8E8M0 code. kMode: 0 up, 1 down, 2 nearest (castlike_round_mode).
template <class D, int kMode, bool kSaturate>
inline typename D::V encode_e8m0(typename D::V u) {
  using S = SmallFloat<ElementType::kFloat8E8M0>;
  static_assert(S::bias == 127 && S::mantissa_bits == 0, "codes are float32 exponent fields");
  const auto a = D::And(u, D::Set(0x7FFFFFFFu));
  // Float32 subnormals in [2^-127, 2^-126) are written like normals with a zero exponent field:
  // 2^-127 * (1 + f)  ->  f in the mantissa bits.
  const auto denormal = D::GtI(D::Set(0x00800000u), a);
  const auto norm = D::Select(denormal, D::Sub(D::Add(a, a), D::Set(0x00800000u)), a);
  constexpr uint32_t kAdd = kMode == CASTLIKE_ROUND_UP ? 0x7FFFFFu : (kMode == CASTLIKE_ROUND_NEAREST ? 0x400000u : 0u);
  auto o = D::template Shr<23>(D::Add(norm, D::Set(kAdd)));
  const auto overflow = D::GtI(a, D::Set(0x7F000000u));    // x > 2^127, inf and NaN included
  const auto underflow = D::GtI(D::Set(0x00400000u), a);   // x < 2^-127, zero included
  if constexpr (kSaturate) {
    o = D::Select(overflow, D::Set(S::max_code), o);
    o = D::Select(D::GtI(a, D::Set(0x7F800000u)), D::Set(S::nan_code), o);
    o = D::Select(underflow, D::Set(0x00), o);
  } else {
    o = D::Select(D::MOr(overflow, underflow), D::Set(S::nan_code), o);
  }
  return o;
}

// float32 bits -> bfloat16 bits (low 16 bits of each lane): RNE, NaN kept quiet with its sign.
template <class D>
inline typename D::V encode_bf16(typename D::V u) {
  const auto odd = D::And(D::template Shr<16>(u), D::Set(1));
  const auto r = D::template Shr<16>(D::Add(D::Add(u, D::Set(0x7FFF)), odd));
  const auto nan = D::GtI(D::And(u, D::Set(0x7FFFFFFFu)), D::Set(0x7F800000u));
  return D::Select(nan, D::Or(D::template Shr<16>(u), D::Set(0x40)), r);
}

// ---------------------------------------------------------------------------------------------
// Decoding the small float formats to float32 bits (exact: every value is a float32).

template <class D, ElementType kFmt>
inline typename D::V decode_f8(typename D::V b) {
  using S = SmallFloat<kFmt>;
  constexpr SpecialEncoding kSpecial = Format<kFmt>::special;
  constexpr unsigned kSignBit = S::sign_shift;
  const auto c = D::And(b, D::Set((1u << kSignBit) - 1u));
  const auto normal = D::Add(D::template Shl<23 - S::mantissa_bits>(c), D::Set(uint32_t(127 - S::bias) << 23));
  // c * 2^(1-bias-M) = (2^(1-bias) with mantissa c) - 2^(1-bias): exact, no denormal operand.
  const auto subnormal = D::SubF(D::Add(normal, D::Set(1u << 23)), D::Set(uint32_t(128 - S::bias) << 23));
  auto o = D::Select(D::GtI(D::Set(1u << S::mantissa_bits), c), subnormal, normal);
  if constexpr (kSpecial == SpecialEncoding::kFiniteNanOnes) {
    o = D::Select(D::Eq(c, D::Set(S::nan_code)), D::Set(0x7FC00000u), o);
  } else if constexpr (kSpecial == SpecialEncoding::kIeee) {
    o = D::Select(D::GtI(c, D::Set(S::max_code)), D::Or(normal, D::Set(0x7F800000u)), o);  // inf, NaN payload
    o = D::Select(D::GtI(c, D::Set(S::inf_code)), D::Set(0x7FC00000u), o);                 // quiet NaN
  } else if constexpr (kSpecial == SpecialEncoding::kFnuz) {
    o = D::Select(D::Eq(b, D::Set(S::nan_code)), D::Set(0x7FC00000u), o);  // the lone NaN, negative (sign below)
  }
  return D::Or(o, D::template Shl<31 - kSignBit>(D::And(b, D::Set(1u << kSignBit))));
}

// FLOAT8E8M0 code -> float32 bits: 2^(b-127); 0x00 -> 0 (A12); 0xFF -> NaN.
template <class D>
inline typename D::V decode_e8m0(typename D::V b) {
  return D::Select(D::Eq(b, D::Set(0xFF)), D::Set(0x7FC00000u), D::template Shl<23>(b));
}

// ---------------------------------------------------------------------------------------------
// Integers.

// float32 -> int32: truncate; NaN -> 0; >= 2^31 -> INT32_MAX; < -2^31 -> INT32_MIN.
template <class D>
inline typename D::V float_to_i32(typename D::V u) {
  auto t = D::CvtTruncF2I(D::MaxF(u, D::Set(0xCF000000u)));                 // -2^31 floor
  t = D::Select(D::GtI(u, D::Set(0x4EFFFFFFu)), D::Set(0x7FFFFFFFu), t);   // +x >= 2^31 (signed view)
  return D::Select(D::GtI(D::And(u, D::Set(0x7FFFFFFFu)), D::Set(0x7F800000u)), D::Set(0), t);
}

// float32 -> int8 / uint8 (truncate, clamp, NaN -> 0); result in the low byte.
template <class D, bool kSigned>
inline typename D::V float_to_i8(typename D::V u) {
  const uint32_t lo = kSigned ? 0xC3000000u /* -128 */ : 0x00000000u;
  const uint32_t hi = kSigned ? 0x42FE0000u /* 127 */ : 0x437F0000u /* 255 */;
  const auto t = D::CvtTruncF2I(D::MinF(D::MaxF(u, D::Set(lo)), D::Set(hi)));
  return D::Select(D::GtI(D::And(u, D::Set(0x7FFFFFFFu)), D::Set(0x7F800000u)), D::Set(0), t);
}

// float32 -> 4-/2-bit integer code: round to nearest even, keep the low bits (A8 default).
template <class D, unsigned kBits, bool kSigned>
inline typename D::V float_to_sub_byte(typename D::V u) {
  constexpr uint32_t kMask = (1u << kBits) - 1u;
  constexpr uint32_t kMax = kSigned ? (kMask >> 1) : kMask;
  constexpr uint32_t kMin = kSigned ? (1u << (kBits - 1)) : 0u;  // bits of the minimum
  const auto a = D::And(u, D::Set(0x7FFFFFFFu));
  // |x| >= 2^30 is an integer with (at least) 7 zero low bits: its low bits are 0. Below, the
  // rounded value fits int32, so the truncating convert is exact.
  auto t = D::CvtTruncF2I(D::RoundEvenF(D::Select(D::GtI(a, D::Set(0x4E7FFFFFu)), D::Set(0), u)));
  t = D::And(t, D::Set(kMask));  // NaN -> 0 (lanes replaced by 0 above)
  t = D::Select(D::Eq(u, D::Set(0x7F800000u)), D::Set(kMax), t);
  return D::Select(D::Eq(u, D::Set(0xFF800000u)), D::Set(kMin), t);
}

// 4-/2-bit code -> its value as int32 (sign-extended for the signed types).
template <class D, unsigned kBits, bool kSigned>
inline typename D::V sub_byte_value(typename D::V c) {
  if constexpr (kSigned) return D::template Sar<32 - kBits>(D::template Shl<32 - kBits>(c));
  return c;
}

}  // namespace
}  // namespace castlike::opt
