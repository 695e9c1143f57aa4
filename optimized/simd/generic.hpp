// Vector algorithms written once against an ISA "ops" class D (Highway style): D::V is a vector
// of D::kLanes 32-bit lanes, D::M a lane mask, and D provides integer, float-bit and memory
// operations (see x86/avx2/ops.hpp for the full list with their exact contracts). Each ISA folder
// instantiates these templates with its own ops and adds what only its hardware can do (F16C and
// AVX512_BF16 converts, vpermb / tbl table lookups, round-to-odd converts).
//
// The semantics are the project's default profile (docs/semantics.md), bit for bit the same as the
// scalar kernels and the reference, including the deterministic bits of undefined cases:
//  - float8: RNE on the exact value; [x] beyond max -> max (saturate=1) or NaN / E5M2 inf
//    (saturate=0); inf like overflow; NaN -> NaN with its sign where the format has signed NaNs;
//    FNUZ has no -0 (anything that rounds to zero is +0); FNUZ 0x80 decodes to -NaN.
//  - FLOAT4E2M1: RNE, beyond 6 and inf -> +-6, NaN -> +0 (A2), -0 kept.
//  - FLOAT8E8M0: the power of two of |x| (negative input is undefined: we give |x|'s result),
//    x > 2^127 (inf included) -> 0xFE / NaN, x < 2^-127 and 0 -> 0x00 / NaN, NaN -> 0xFF;
//    0x00 decodes to 0 (A12, the examples).
//  - float -> int8/uint8/int32: truncate; NaN -> 0; out of range and inf clamp.
//  - float -> 4-/2-bit integers: RNE, keep the low bits; NaN -> 0; +-inf -> max / min of the type.
// Rounding by float addition ("magic number") assumes the default rounding mode (nearest even);
// it never meets a denormal operand whose treatment (DAZ) could change the result.
#pragma once

#include <cstddef>
#include <cstdint>

#include "../kernel.hpp"
#include "driver.hpp"

namespace castlike::opt {
namespace {  // NOLINT(cert-dcl59-cpp): internal linkage per ISA translation unit, see driver.hpp

enum class F8 { kE4M3FN, kE4M3FNUZ, kE5M2, kE5M2FNUZ, kE2M1 /* FLOAT4E2M1 */ };

struct SmallFloat {
  unsigned mantissa_bits;
  int bias;
  uint32_t max_code;  // magnitude code of the largest finite value
};

constexpr SmallFloat small_float(F8 f) {
  switch (f) {
    case F8::kE4M3FN: return {3, 7, 0x7E};
    case F8::kE4M3FNUZ: return {3, 8, 0x7F};
    case F8::kE5M2: return {2, 15, 0x7B};
    case F8::kE5M2FNUZ: return {2, 16, 0x7F};
    case F8::kE2M1: return {1, 1, 0x7};
  }
  return {};
}
constexpr bool is_fnuz(F8 f) { return f == F8::kE4M3FNUZ || f == F8::kE5M2FNUZ; }

// ---------------------------------------------------------------------------------------------
// Encoding float32 bits to the small float formats.

// Magnitude code of |x| (a = float32 bits without sign) rounded to nearest even, with the exponent
// unbounded above (so values beyond the largest finite give codes above max_code, inf and NaN
// included). Normal results: integer RNE on the re-biased bits. Subnormal results: adding a
// power of two whose ulp is the destination's smallest subnormal lets the FPU round once.
template <class D, F8 kFmt>
inline typename D::V encode_magnitude(typename D::V a) {
  constexpr SmallFloat f = small_float(kFmt);
  constexpr unsigned kShift = 23 - f.mantissa_bits;
  constexpr uint32_t kMinNormal = uint32_t(128 - f.bias) << 23;                    // 2^(1-bias)
  constexpr uint32_t kMagic = uint32_t(151 - f.bias - int(f.mantissa_bits)) << 23;  // ulp = 2^(1-bias-M)
  constexpr uint32_t kRebias = uint32_t(f.bias - 127) << 23;                       // wraps: fine
  constexpr uint32_t kHalfMinusOne = (1u << (kShift - 1)) - 1u;
  auto odd = D::And(D::template Shr<kShift>(a), D::Set(1));
#ifdef CASTLIKE_SEEDED_FAULTS
  if (kFmt != F8::kE2M1 && CASTLIKE_FAULT_IN(kTiesAway, kSimd)) odd = D::Set(1);  // ties rounded away from zero
#endif
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
template <class D, F8 kFmt, bool kSaturate>
inline typename D::V encode_clamped(typename D::V a) {
  constexpr SmallFloat f = small_float(kFmt);
  constexpr unsigned kShift = 23 - f.mantissa_bits;
  constexpr uint32_t kMinNormal = uint32_t(128 - f.bias) << 23;  // 2^(1-bias)
  constexpr uint32_t kMaxBits = (((f.max_code >> f.mantissa_bits) + 127u - uint32_t(f.bias)) << 23) |
                                ((f.max_code & ((1u << f.mantissa_bits) - 1u)) << kShift);
  // max + ulp/2 rounds to max_code + 1 when max_code is odd (ties to even); else one bit more.
  constexpr uint32_t kClamp = kSaturate ? kMaxBits : kMaxBits + (1u << (kShift - 1)) + (f.max_code & 1u ? 0u : 1u);
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
template <class D, F8 kFmt, bool kSaturate>
inline typename D::V encode_f8_rne(typename D::V a) {
  constexpr SmallFloat f = small_float(kFmt);
  const auto o = encode_magnitude<D, kFmt>(a);
  if constexpr (kSaturate) {
    const uint32_t nan = kFmt == F8::kE4M3FN ? 0x7F : (kFmt == F8::kE5M2 ? 0x7E : 0x80);
    return D::Select(D::GtI(a, D::Set(0x7F800000u)), D::Set(nan), D::MinI(o, D::Set(f.max_code)));
  } else if constexpr (kFmt == F8::kE5M2) {
    // overflow and inf -> inf, NaN -> 0x7E
    return D::Select(D::GtI(a, D::Set(0x7F800000u)), D::Set(0x7E), D::MinI(o, D::Set(0x7C)));
  } else {
    // FN: overflow, inf and NaN all give the NaN 0x7F (sign added later);
    // FNUZ: they all give the lone NaN 0x80 (or-ing the sign keeps it 0x80).
    return D::MinI(o, D::Set(kFmt == F8::kE4M3FN ? 0x7F : 0x80));
  }
}

// The same through encode_clamped: the clamp has done the overflow (and, with saturate=0 for FN
// and FNUZ, NaN); NaN is left where its code differs from the overflow code.
template <class D, F8 kFmt, bool kSaturate>
inline typename D::V encode_f8_clamped(typename D::V a) {
  const auto o = encode_clamped<D, kFmt, kSaturate>(a);
  if constexpr (!kSaturate && kFmt != F8::kE5M2) {
    return o;
  } else {
    const uint32_t nan = kFmt == F8::kE4M3FN ? 0x7F : (kFmt == F8::kE5M2 ? 0x7E : 0x80);
    return D::Select(D::GtI(a, D::Set(0x7F800000u)), D::Set(nan), o);
  }
}

// float32 bits -> float8 magnitude code with the specials applied, sign not yet added (it is
// added by add_f8_sign, or by an ISA's StoreSignedBytes4 while narrowing).
template <class D, F8 kFmt, bool kSaturate>
inline typename D::V encode_f8_unsigned(typename D::V u) {
  [[maybe_unused]] constexpr SmallFloat f = small_float(kFmt);
  const auto a = D::And(u, D::Set(0x7FFFFFFFu));
  typename D::V o;
  if constexpr (kClampedRounding<D>) {
    bool clamped = true;
#ifdef CASTLIKE_SEEDED_FAULTS
    clamped = !CASTLIKE_FAULT_IN(kTiesAway, kSimd);  // that fault is planted in encode_magnitude
#endif
    o = clamped ? encode_f8_clamped<D, kFmt, kSaturate>(a) : encode_f8_rne<D, kFmt, kSaturate>(a);
  } else {
    o = encode_f8_rne<D, kFmt, kSaturate>(a);
  }
#ifdef CASTLIKE_SEEDED_FAULTS
  if (kSaturate && CASTLIKE_FAULT_IN(kSaturateOffAtThreshold, kSimd)) {
    // max + ulp/2 in float32 bits, judged as with saturate=0.
    const uint32_t e = f.max_code >> f.mantissa_bits, m = f.max_code & ((1u << f.mantissa_bits) - 1u);
    const uint32_t threshold = ((e - uint32_t(f.bias) + 127u) << 23 | m << (23 - f.mantissa_bits)) +
                               (1u << (22 - f.mantissa_bits));
    const uint32_t nosat = kFmt == F8::kE5M2 ? 0x7C : (kFmt == F8::kE4M3FN ? 0x7F : 0x80);
    o = D::Select(D::Eq(a, D::Set(threshold)), D::Set(nosat), o);
  }
  if (kFmt == F8::kE4M3FNUZ && CASTLIKE_FAULT_IN(kFnuzNegativeZero, kSimd)) {
    // A negative value that rounds to zero gets the code 0x80 (the sign, later or-ed, keeps it).
    const auto to_0x80 = D::Select(D::GtI(a, D::Set(0)), D::Set(0x80), o);  // not for -0 itself
    o = D::Select(D::Eq(o, D::Set(0)), D::Select(D::GtI(D::Set(0), u), to_0x80, o), o);
  }
#endif
  return o;
}

// The sign of float32 bits u onto a float8 code (FNUZ: not onto 0, which has no negative).
template <class D, bool kFnuz>
inline typename D::V add_f8_sign(typename D::V o, typename D::V u) {
  const auto sign = D::And(D::template Shr<24>(u), D::Set(0x80));
  if constexpr (kFnuz) return D::Select(D::Eq(o, D::Set(0)), o, D::Or(o, sign));
  return D::Or(o, sign);
}

// float32 bits -> float8 code (in the low byte of each lane).
template <class D, F8 kFmt, bool kSaturate>
inline typename D::V encode_f8(typename D::V u) {
  return add_f8_sign<D, is_fnuz(kFmt)>(encode_f8_unsigned<D, kFmt, kSaturate>(u), u);
}

// float32 bits -> FLOAT4E2M1 code (low nibble of each lane).
template <class D>
inline typename D::V encode_f4(typename D::V u) {
  const auto a = D::And(u, D::Set(0x7FFFFFFFu));
  typename D::V o;  // beyond 6 and inf -> 6
  if constexpr (kClampedRounding<D>) o = encode_clamped<D, F8::kE2M1, true>(a);
  else o = D::MinI(encode_magnitude<D, F8::kE2M1>(a), D::Set(0x7));
  o = D::Or(o, D::And(D::template Shr<28>(u), D::Set(0x8)));
  return D::Select(D::GtI(a, D::Set(0x7F800000u)), D::Set(0), o);    // NaN -> +0 (A2)
}

// float32 bits -> FLOAT8E8M0 code. kMode: 0 up, 1 down, 2 nearest (castlike_round_mode).
template <class D, int kMode, bool kSaturate>
inline typename D::V encode_e8m0(typename D::V u) {
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
    o = D::Select(overflow, D::Set(0xFE), o);
    o = D::Select(D::GtI(a, D::Set(0x7F800000u)), D::Set(0xFF), o);
    o = D::Select(underflow, D::Set(0x00), o);
  } else {
    o = D::Select(D::MOr(overflow, underflow), D::Set(0xFF), o);
  }
  return o;
}

// float32 bits -> bfloat16 bits (low 16 bits of each lane): RNE, NaN kept quiet with its sign.
template <class D>
inline typename D::V encode_bf16(typename D::V u) {
  const auto odd = D::And(D::template Shr<16>(u), D::Set(1));
  const auto r = D::template Shr<16>(D::Add(D::Add(u, D::Set(0x7FFF)), odd));
  const auto nan = D::GtI(D::And(u, D::Set(0x7FFFFFFFu)), D::Set(0x7F800000u));
#ifdef CASTLIKE_SEEDED_FAULTS
  if (CASTLIKE_FAULT_IN(kNanSignLost, kSimd))
    return D::Select(nan, D::And(D::Or(D::template Shr<16>(u), D::Set(0x40)), D::Set(0x7FFF)), r);
#endif
  return D::Select(nan, D::Or(D::template Shr<16>(u), D::Set(0x40)), r);
}

// ---------------------------------------------------------------------------------------------
// Decoding the small float formats to float32 bits (exact: every value is a float32).

template <class D, F8 kFmt>
inline typename D::V decode_f8(typename D::V b) {
  constexpr SmallFloat f = small_float(kFmt);
  constexpr unsigned kSignBit = kFmt == F8::kE2M1 ? 3 : 7;
  const auto c = D::And(b, D::Set((1u << kSignBit) - 1u));
  const auto normal = D::Add(D::template Shl<23 - f.mantissa_bits>(c), D::Set(uint32_t(127 - f.bias) << 23));
  // c * 2^(1-bias-M) = (2^(1-bias) with mantissa c) - 2^(1-bias): exact, no denormal operand.
  const auto subnormal = D::SubF(D::Add(normal, D::Set(1u << 23)), D::Set(uint32_t(128 - f.bias) << 23));
  auto o = D::Select(D::GtI(D::Set(1u << f.mantissa_bits), c), subnormal, normal);
  if constexpr (kFmt == F8::kE4M3FN) {
    o = D::Select(D::Eq(c, D::Set(0x7F)), D::Set(0x7FC00000u), o);
  } else if constexpr (kFmt == F8::kE5M2) {
    o = D::Select(D::GtI(c, D::Set(0x7B)), D::Or(normal, D::Set(0x7F800000u)), o);  // inf, NaN payload
    o = D::Select(D::GtI(c, D::Set(0x7C)), D::Set(0x7FC00000u), o);                 // quiet NaN
  } else if constexpr (is_fnuz(kFmt)) {
    o = D::Select(D::Eq(b, D::Set(0x80)), D::Set(0x7FC00000u), o);  // the lone NaN, negative (sign below)
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

// ---------------------------------------------------------------------------------------------
// Kernels. Load / store of a whole vector of kLanes elements in each storage layout:
//   U32, U16 (zero-extended), U8, I8 (sign-extended), F16 (hardware convert to float32 bits),
//   Nibbles (4-bit, kLanes/2 bytes), Crumbs (2-bit, kLanes/4 bytes);
// stores keep the low 16 / 8 / 4 / 2 bits of each lane (StoreF16 rounds float32 bits to nearest).

enum class Layout {
  kU32, kU16, kF16, kU8, kI8, kNibble, kCrumb,
  kF64,     // load only: double -> float32 bits, rounded to nearest (hardware convert)
  kF64Odd,  // load only: double -> float32 bits, rounded to odd (sticky), for one later rounding
};

constexpr unsigned layout_bits(Layout l) {
  switch (l) {
    case Layout::kF64:
    case Layout::kF64Odd: return 64;
    case Layout::kU32: return 32;
    case Layout::kU16:
    case Layout::kF16: return 16;
    case Layout::kU8:
    case Layout::kI8: return 8;
    case Layout::kNibble: return 4;
    case Layout::kCrumb: return 2;
  }
  return 0;
}

template <class D, Layout kL>
inline typename D::V load_lanes(const uint8_t* p) {
  if constexpr (kL == Layout::kU32) return D::LoadU32(p);
  else if constexpr (kL == Layout::kU16) return D::LoadU16(p);
  else if constexpr (kL == Layout::kF16) return D::LoadF16(p);
  else if constexpr (kL == Layout::kU8) return D::LoadU8(p);
  else if constexpr (kL == Layout::kI8) return D::LoadI8(p);
  else if constexpr (kL == Layout::kNibble) return D::LoadNibbles(p);
  else if constexpr (kL == Layout::kF64) return D::LoadF64(p);
  else if constexpr (kL == Layout::kF64Odd) return D::LoadF64Odd(p);
  else return D::LoadCrumbs(p);
}

template <class D, Layout kL>
inline void store_lanes(uint8_t* p, typename D::V v) {
  if constexpr (kL == Layout::kU32) D::StoreU32(p, v);
  else if constexpr (kL == Layout::kU16) D::StoreU16(p, v);
  else if constexpr (kL == Layout::kF16) D::StoreF16(p, v);
  else if constexpr (kL == Layout::kU8 || kL == Layout::kI8) D::StoreU8(p, v);
  else if constexpr (kL == Layout::kNibble) D::StoreNibbles(p, v);
  else D::StoreCrumbs(p, v);
}

// Four vectors to one layout: an ISA may narrow them together (StoreBytes4 / StoreU16x4 /
// StoreNibbles4: same results as four single stores), else one by one.
template <class D, Layout kL>
inline void store_lanes4(uint8_t* p, const typename D::V (&v)[4]) {
  if constexpr ((kL == Layout::kU8 || kL == Layout::kI8) && requires { D::StoreBytes4(p, v); }) {
    D::StoreBytes4(p, v);
  } else if constexpr (kL == Layout::kU16 && requires { D::StoreU16x4(p, v); }) {
    D::StoreU16x4(p, v);
  } else if constexpr (kL == Layout::kNibble && requires { D::StoreNibbles4(p, v); }) {
    D::StoreNibbles4(p, v);
  } else {
    for (int i = 0; i < 4; ++i) store_lanes<D, kL>(p + i * D::kLanes * layout_bits(kL) / 8, v[i]);
  }
}

// One element-wise kernel: load in layout kIn, apply Op::apply<D>(V) (a static template),
// store in layout kOut; four vectors per step.
template <class D, Layout kIn, Layout kOut, class Op>
void map_kernel(const void* src, void* dst, size_t n, const castlike_attributes&) {
  constexpr unsigned kInBits = layout_bits(kIn);
  run_blocks<kInBits, layout_bits(kOut), 4 * D::kLanes>(src, dst, n, [](const uint8_t* in, uint8_t* out) {
    typename D::V v[4];
    for (int i = 0; i < 4; ++i) v[i] = Op::template apply<D>(load_lanes<D, kIn>(in + i * D::kLanes * kInBits / 8));
    store_lanes4<D, kOut>(out, v);
  });
}

// Ops (stateless functors over vectors).
struct Identity {
  template <class D> static typename D::V apply(typename D::V v) { return v; }
};
struct Bf16ToF32 {  // bfloat16 bits -> float32 bits
  template <class D> static typename D::V apply(typename D::V v) { return D::template Shl<16>(v); }
};
struct F32ToBf16 {
  template <class D> static typename D::V apply(typename D::V v) { return encode_bf16<D>(v); }
};
struct F32ToF4 {
  template <class D> static typename D::V apply(typename D::V v) { return encode_f4<D>(v); }
};
struct Bf16ToF4 {
  template <class D> static typename D::V apply(typename D::V v) { return encode_f4<D>(D::template Shl<16>(v)); }
};
template <int kMode, bool kSat>
struct F32ToE8M0 {
  template <class D> static typename D::V apply(typename D::V v) { return encode_e8m0<D, kMode, kSat>(v); }
};
template <int kMode, bool kSat>
struct Bf16ToE8M0 {
  template <class D> static typename D::V apply(typename D::V v) {
    return encode_e8m0<D, kMode, kSat>(D::template Shl<16>(v));
  }
};
template <F8 kFmt>
struct F8ToF32 {
  template <class D> static typename D::V apply(typename D::V v) { return decode_f8<D, kFmt>(v); }
};
template <F8 kFmt>
struct F8ToBf16 {  // exact: every float8 / float4 value is a bfloat16
  template <class D> static typename D::V apply(typename D::V v) {
    return D::template Shr<16>(decode_f8<D, kFmt>(v));
  }
};
struct E8M0ToF32 {
  template <class D> static typename D::V apply(typename D::V v) { return decode_e8m0<D>(v); }
};
struct E8M0ToBf16 {
  template <class D> static typename D::V apply(typename D::V v) { return D::template Shr<16>(decode_e8m0<D>(v)); }
};
struct F32ToI32 {
  template <class D> static typename D::V apply(typename D::V v) { return float_to_i32<D>(v); }
};
template <bool kSigned>
struct F32ToI8 {
  template <class D> static typename D::V apply(typename D::V v) { return float_to_i8<D, kSigned>(v); }
};
struct I32ToF32 {
  template <class D> static typename D::V apply(typename D::V v) { return D::CvtI2F(v); }
};
template <unsigned kBits, bool kSigned>
struct F32ToSubByte {
  template <class D> static typename D::V apply(typename D::V v) { return float_to_sub_byte<D, kBits, kSigned>(v); }
};
template <unsigned kBits, bool kSigned>
struct SubByteToInt {  // to int8 / uint8 (the low byte of the sign-extended value)
  template <class D> static typename D::V apply(typename D::V v) { return sub_byte_value<D, kBits, kSigned>(v); }
};
template <unsigned kBits, bool kSigned>
struct SubByteToF32 {
  template <class D> static typename D::V apply(typename D::V v) {
    return D::CvtI2F(sub_byte_value<D, kBits, kSigned>(v));
  }
};
template <unsigned kBits>
struct LowBits {  // int8 / uint8 -> 4-/2-bit: keep the low bits
  template <class D> static typename D::V apply(typename D::V v) { return D::And(v, D::Set((1u << kBits) - 1u)); }
};

// Stores 4 vectors of float8 codes (o) with the signs of their float32 sources (u): 4 * kLanes
// bytes. An ISA may narrow and sign all four at once (StoreSignedBytes4); otherwise per vector.
template <class D, bool kFnuz>
inline void store_signed_bytes4(uint8_t* out, const typename D::V (&o)[4], const typename D::V (&u)[4]) {
  if constexpr (requires { D::template StoreSignedBytes4<kFnuz>(out, o, u); }) {
    D::template StoreSignedBytes4<kFnuz>(out, o, u);
  } else {
    for (int i = 0; i < 4; ++i) D::StoreU8(out + i * D::kLanes, add_f8_sign<D, kFnuz>(o[i], u[i]));
  }
}

// float32 / float16 / bfloat16 -> float8, four vectors per step.
template <class D, Layout kIn, bool kBf16, F8 kFmt, bool kSat>
void f8_encode_blocks(const void* src, void* dst, size_t n, const castlike_attributes&) {
  constexpr unsigned kInBits = layout_bits(kIn);
  run_blocks<kInBits, 8, 4 * D::kLanes>(src, dst, n, [](const uint8_t* in, uint8_t* out) {
    typename D::V u[4], o[4];
    for (int i = 0; i < 4; ++i) {
      u[i] = load_lanes<D, kIn>(in + i * D::kLanes * kInBits / 8);
      if constexpr (kBf16) u[i] = D::template Shl<16>(u[i]);
      o[i] = encode_f8_unsigned<D, kFmt, kSat>(u[i]);
    }
    store_signed_bytes4<D, is_fnuz(kFmt)>(out, o, u);
  });
}

// Kernels whose behaviour depends on the attributes: pick the instantiation per call.
template <class D, Layout kIn, bool kBf16, F8 kFmt>
void f8_encode_kernel(const void* src, void* dst, size_t n, const castlike_attributes& attrs) {
  if (attrs.saturate) f8_encode_blocks<D, kIn, kBf16, kFmt, true>(src, dst, n, attrs);
  else f8_encode_blocks<D, kIn, kBf16, kFmt, false>(src, dst, n, attrs);
}

template <class D, Layout kIn, template <int, bool> class Op>
void e8m0_encode_kernel(const void* src, void* dst, size_t n, const castlike_attributes& attrs) {
  const bool sat = attrs.saturate != 0;
  switch (attrs.round_mode) {
    case CASTLIKE_ROUND_DOWN:
      return sat ? map_kernel<D, kIn, Layout::kU8, Op<CASTLIKE_ROUND_DOWN, true>>(src, dst, n, attrs)
                 : map_kernel<D, kIn, Layout::kU8, Op<CASTLIKE_ROUND_DOWN, false>>(src, dst, n, attrs);
    case CASTLIKE_ROUND_NEAREST:
      return sat ? map_kernel<D, kIn, Layout::kU8, Op<CASTLIKE_ROUND_NEAREST, true>>(src, dst, n, attrs)
                 : map_kernel<D, kIn, Layout::kU8, Op<CASTLIKE_ROUND_NEAREST, false>>(src, dst, n, attrs);
    default:
      return sat ? map_kernel<D, kIn, Layout::kU8, Op<CASTLIKE_ROUND_UP, true>>(src, dst, n, attrs)
                 : map_kernel<D, kIn, Layout::kU8, Op<CASTLIKE_ROUND_UP, false>>(src, dst, n, attrs);
  }
}

constexpr bool f8_of(ElementType t, F8* out) {
  switch (t) {
    case ElementType::kFloat8E4M3FN: *out = F8::kE4M3FN; return true;
    case ElementType::kFloat8E4M3FNUZ: *out = F8::kE4M3FNUZ; return true;
    case ElementType::kFloat8E5M2: *out = F8::kE5M2; return true;
    case ElementType::kFloat8E5M2FNUZ: *out = F8::kE5M2FNUZ; return true;
    default: return false;
  }
}

// Encoders from a float source layout (float32 bits: kU32; float16: kF16; bfloat16: kU16 shifted).
template <class D, Layout kIn, bool kBf16>
KernelFn f8_encoder(F8 fmt) {
  switch (fmt) {
    case F8::kE4M3FN: return &f8_encode_kernel<D, kIn, kBf16, F8::kE4M3FN>;
    case F8::kE4M3FNUZ: return &f8_encode_kernel<D, kIn, kBf16, F8::kE4M3FNUZ>;
    case F8::kE5M2: return &f8_encode_kernel<D, kIn, kBf16, F8::kE5M2>;
    case F8::kE5M2FNUZ: return &f8_encode_kernel<D, kIn, kBf16, F8::kE5M2FNUZ>;
    default: return nullptr;
  }
}

// The float8 / float4 / e8m0 family: every pair the generic code vectorises.
template <class D>
KernelFn generic_float8_lookup(ElementType from, ElementType to) {
  using T = ElementType;
  F8 fmt{};
  if (f8_of(to, &fmt)) {
    if (from == T::kFloat) return f8_encoder<D, Layout::kU32, false>(fmt);
    if (from == T::kFloat16) return f8_encoder<D, Layout::kF16, false>(fmt);
    if (from == T::kBfloat16) return f8_encoder<D, Layout::kU16, true>(fmt);
    return nullptr;
  }
  if (to == T::kFloat4E2M1) {
    if (from == T::kFloat) return &map_kernel<D, Layout::kU32, Layout::kNibble, F32ToF4>;
    if (from == T::kFloat16) return &map_kernel<D, Layout::kF16, Layout::kNibble, F32ToF4>;
    if (from == T::kBfloat16) return &map_kernel<D, Layout::kU16, Layout::kNibble, Bf16ToF4>;
    return nullptr;
  }
  if (to == T::kFloat8E8M0) {
    if (from == T::kFloat) return &e8m0_encode_kernel<D, Layout::kU32, F32ToE8M0>;
    if (from == T::kFloat16) return &e8m0_encode_kernel<D, Layout::kF16, F32ToE8M0>;
    if (from == T::kBfloat16) return &e8m0_encode_kernel<D, Layout::kU16, Bf16ToE8M0>;
    return nullptr;
  }
  // Decoding: to float32 bits, bfloat16 (exact, the top half) or float16 (exact for float8 and
  // float4; E8M0 rounds once, in the hardware convert).
  if (to != T::kFloat && to != T::kFloat16 && to != T::kBfloat16) return nullptr;
#define CASTLIKE_DECODE_CASES(SRC, LAYOUT, TO32, TO16)                                   \
  if (from == SRC) {                                                                     \
    if (to == T::kFloat) return &map_kernel<D, LAYOUT, Layout::kU32, TO32>;              \
    if (to == T::kFloat16) return &map_kernel<D, LAYOUT, Layout::kF16, TO32>;            \
    return &map_kernel<D, LAYOUT, Layout::kU16, TO16>;                                   \
  }
  CASTLIKE_DECODE_CASES(T::kFloat8E4M3FN, Layout::kU8, F8ToF32<F8::kE4M3FN>, F8ToBf16<F8::kE4M3FN>)
  CASTLIKE_DECODE_CASES(T::kFloat8E4M3FNUZ, Layout::kU8, F8ToF32<F8::kE4M3FNUZ>, F8ToBf16<F8::kE4M3FNUZ>)
  CASTLIKE_DECODE_CASES(T::kFloat8E5M2, Layout::kU8, F8ToF32<F8::kE5M2>, F8ToBf16<F8::kE5M2>)
  CASTLIKE_DECODE_CASES(T::kFloat8E5M2FNUZ, Layout::kU8, F8ToF32<F8::kE5M2FNUZ>, F8ToBf16<F8::kE5M2FNUZ>)
  CASTLIKE_DECODE_CASES(T::kFloat4E2M1, Layout::kNibble, F8ToF32<F8::kE2M1>, F8ToBf16<F8::kE2M1>)
  CASTLIKE_DECODE_CASES(T::kFloat8E8M0, Layout::kU8, E8M0ToF32, E8M0ToBf16)
#undef CASTLIKE_DECODE_CASES
  return nullptr;
}

// float32 / float16 / bfloat16 among themselves, and from double. Double is rounded once: to
// float32 by the hardware convert; to float16 / bfloat16 through float32 rounded to odd (24 bits
// >= 11 + 2 and 8 + 2, so the final nearest-even rounding is the one a direct rounding gives).
template <class D>
KernelFn generic_float16_lookup(ElementType from, ElementType to) {
  using T = ElementType;
  if (from == T::kDouble) {
    if (to == T::kFloat) return &map_kernel<D, Layout::kF64, Layout::kU32, Identity>;
    if (to == T::kFloat16) return &map_kernel<D, Layout::kF64Odd, Layout::kF16, Identity>;
#ifdef CASTLIKE_SEEDED_FAULTS
    if (to == T::kBfloat16 && CASTLIKE_FAULT_IN(kDoubleRounding, kSimd))  // rounded to nearest twice
      return &map_kernel<D, Layout::kF64, Layout::kU16, F32ToBf16>;
#endif
    if (to == T::kBfloat16) return &map_kernel<D, Layout::kF64Odd, Layout::kU16, F32ToBf16>;
    return nullptr;
  }
  if (from == T::kFloat && to == T::kFloat16) return &map_kernel<D, Layout::kU32, Layout::kF16, Identity>;
  if (from == T::kFloat16 && to == T::kFloat) return &map_kernel<D, Layout::kF16, Layout::kU32, Identity>;
  if (from == T::kFloat && to == T::kBfloat16) return &map_kernel<D, Layout::kU32, Layout::kU16, F32ToBf16>;
  if (from == T::kBfloat16 && to == T::kFloat) return &map_kernel<D, Layout::kU16, Layout::kU32, Bf16ToF32>;
  if (from == T::kFloat16 && to == T::kBfloat16) return &map_kernel<D, Layout::kF16, Layout::kU16, F32ToBf16>;
  if (from == T::kBfloat16 && to == T::kFloat16) return &map_kernel<D, Layout::kU16, Layout::kF16, Bf16ToF32>;
  return nullptr;
}

template <class D>
KernelFn generic_integer_lookup(ElementType from, ElementType to) {
  using T = ElementType;
  if (from == T::kFloat) {
    switch (to) {
      case T::kInt32: return &map_kernel<D, Layout::kU32, Layout::kU32, F32ToI32>;
      case T::kInt8: return &map_kernel<D, Layout::kU32, Layout::kU8, F32ToI8<true>>;
      case T::kUint8: return &map_kernel<D, Layout::kU32, Layout::kU8, F32ToI8<false>>;
      case T::kInt4: return &map_kernel<D, Layout::kU32, Layout::kNibble, F32ToSubByte<4, true>>;
      case T::kUint4: return &map_kernel<D, Layout::kU32, Layout::kNibble, F32ToSubByte<4, false>>;
      case T::kInt2: return &map_kernel<D, Layout::kU32, Layout::kCrumb, F32ToSubByte<2, true>>;
      case T::kUint2: return &map_kernel<D, Layout::kU32, Layout::kCrumb, F32ToSubByte<2, false>>;
      default: return nullptr;
    }
  }
  if (to == T::kFloat) {
    switch (from) {
      case T::kInt32: return &map_kernel<D, Layout::kU32, Layout::kU32, I32ToF32>;
      case T::kInt8: return &map_kernel<D, Layout::kI8, Layout::kU32, I32ToF32>;
      case T::kUint8: return &map_kernel<D, Layout::kU8, Layout::kU32, I32ToF32>;
      case T::kInt4: return &map_kernel<D, Layout::kNibble, Layout::kU32, SubByteToF32<4, true>>;
      case T::kUint4: return &map_kernel<D, Layout::kNibble, Layout::kU32, SubByteToF32<4, false>>;
      case T::kInt2: return &map_kernel<D, Layout::kCrumb, Layout::kU32, SubByteToF32<2, true>>;
      case T::kUint2: return &map_kernel<D, Layout::kCrumb, Layout::kU32, SubByteToF32<2, false>>;
      default: return nullptr;
    }
  }
  const bool to_byte = to == T::kInt8 || to == T::kUint8;
  const bool from_byte = from == T::kInt8 || from == T::kUint8;
  if (to_byte) {
    switch (from) {
      case T::kInt4: return &map_kernel<D, Layout::kNibble, Layout::kU8, SubByteToInt<4, true>>;
      case T::kUint4: return &map_kernel<D, Layout::kNibble, Layout::kU8, SubByteToInt<4, false>>;
      case T::kInt2: return &map_kernel<D, Layout::kCrumb, Layout::kU8, SubByteToInt<2, true>>;
      case T::kUint2: return &map_kernel<D, Layout::kCrumb, Layout::kU8, SubByteToInt<2, false>>;
      default: return nullptr;
    }
  }
  if (from_byte) {
    switch (to) {
      case T::kInt4:
      case T::kUint4: return &map_kernel<D, Layout::kU8, Layout::kNibble, LowBits<4>>;
      case T::kInt2:
      case T::kUint2: return &map_kernel<D, Layout::kU8, Layout::kCrumb, LowBits<2>>;
      default: return nullptr;
    }
  }
  return nullptr;
}

}  // namespace
}  // namespace castlike::opt
