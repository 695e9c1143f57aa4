// Test builds only: lets the AVX-512 kernels (optimized/x86/avx512) run on a CPU without AVX-512,
// so that their logic is checked against the reference on every machine (this project's
// machines are AVX2-only). SIMDe (Debian libsimde-dev) supplies portable implementations of
// most intrinsics; the few it lacks (0.7.x) are written here, lane by lane, with the hardware's
// documented behaviour, including what matters for bit-exactness:
//  - vcvtneps2bf16 treats float32 denormal inputs as zero (so the kernel's fix-up path runs);
//  - vcvttps2dq gives 0x80000000 for NaN and out-of-range lanes;
//  - embedded-rounding float ops round to nearest even; vcvtpd2ps {rz} truncates.
// The production build never includes this file (ops.hpp includes it only when
// CASTLIKE_AVX512_EMULATION_HEADER names it).
#pragma once

#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>
#include <simde/x86/f16c.h>

#include <cmath>
#include <cstdint>
#include <cstring>

namespace castlike_avx512_emulation {

template <class T, size_t N, class V>
inline void lanes(T (&out)[N], const V& v) {
  static_assert(sizeof out == sizeof v);
  std::memcpy(out, &v, sizeof v);
}
template <class V, class T, size_t N>
inline V vec(const T (&in)[N]) {
  static_assert(sizeof in == sizeof(V));
  V v;
  std::memcpy(&v, in, sizeof v);
  return v;
}
inline uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float from_bits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

}  // namespace castlike_avx512_emulation

#define CASTLIKE_EMU castlike_avx512_emulation

inline __m256i castlike_emu_mm256_mask_or_epi32(__m256i src, __mmask8 k, __m256i a, __m256i b) {
  uint32_t s[8], x[8], y[8];
  CASTLIKE_EMU::lanes(s, src), CASTLIKE_EMU::lanes(x, a), CASTLIKE_EMU::lanes(y, b);
  for (int i = 0; i < 8; ++i)
    if ((k >> i) & 1) s[i] = x[i] | y[i];
  return CASTLIKE_EMU::vec<__m256i>(s);
}

inline __m512 castlike_emu_binary(__m512 a, __m512 b, bool subtract) {
  float x[16], y[16];
  CASTLIKE_EMU::lanes(x, a), CASTLIKE_EMU::lanes(y, b);
  for (int i = 0; i < 16; ++i) x[i] = subtract ? x[i] - y[i] : x[i] + y[i];  // default rounding: nearest even
  return CASTLIKE_EMU::vec<__m512>(x);
}
inline __m512 castlike_emu_mm512_add_round_ps(__m512 a, __m512 b, int) { return castlike_emu_binary(a, b, false); }
inline __m512 castlike_emu_mm512_sub_round_ps(__m512 a, __m512 b, int) { return castlike_emu_binary(a, b, true); }

// Only the truncating mode is used by the kernels.
inline __m256 castlike_emu_mm512_cvt_roundpd_ps(__m512d a, int mode) {
  double x[8];
  float y[8];
  CASTLIKE_EMU::lanes(x, a);
  for (int i = 0; i < 8; ++i) {
    y[i] = static_cast<float>(x[i]);
    if ((mode & 3) == _MM_FROUND_TO_ZERO && std::fabs(static_cast<double>(y[i])) > std::fabs(x[i]))
      y[i] = std::nextafter(y[i], 0.0f);
  }
  return CASTLIKE_EMU::vec<__m256>(y);
}

// The lane-wise conversions: every lane of From converted to To as C++ converts it (widening is
// exact; integer narrowing keeps the low bits; int / double -> float rounds to nearest even, the
// default rounding the embedded-rounding forms ask for), N = the lanes of In.
template <class From, class To, class Out, class In>
inline Out castlike_emu_convert_lanes(In a) {
  constexpr size_t n = sizeof(In) / sizeof(From);
  From x[n];
  To y[n];
  CASTLIKE_EMU::lanes(x, a);
  for (size_t i = 0; i < n; ++i) y[i] = static_cast<To>(x[i]);
  return CASTLIKE_EMU::vec<Out>(y);
}
template <class From>
inline __m512 castlike_emu_mm512_cvt_round32_ps(__m512i a, int) {  // nearest even only
  return castlike_emu_convert_lanes<From, float, __m512>(a);
}
inline __m512i castlike_emu_mm512_cvttps_epi32(__m512 a) {
  float x[16];
  int32_t y[16];
  CASTLIKE_EMU::lanes(x, a);
  for (int i = 0; i < 16; ++i)
    y[i] = (std::isnan(x[i]) || x[i] >= 2147483648.0f || x[i] < -2147483648.0f) ? INT32_MIN : static_cast<int32_t>(x[i]);
  return CASTLIKE_EMU::vec<__m512i>(y);
}

inline __m512i castlike_emu_mm512_srai_epi32(__m512i a, unsigned imm) {
  int32_t x[16];
  CASTLIKE_EMU::lanes(x, a);
  for (int i = 0; i < 16; ++i) x[i] = x[i] >> (imm > 31 ? 31 : imm);
  return CASTLIKE_EMU::vec<__m512i>(x);
}

inline __mmask16 castlike_emu_mm512_testn_epi32_mask(__m512i a, __m512i b) {
  uint32_t x[16], y[16];
  CASTLIKE_EMU::lanes(x, a), CASTLIKE_EMU::lanes(y, b);
  unsigned m = 0;
  for (int i = 0; i < 16; ++i) m |= unsigned((x[i] & y[i]) == 0) << i;
  return static_cast<__mmask16>(m);
}

// vcvtneps2bf16: nearest even, NaN -> quiet NaN with its sign, denormal inputs read as (signed) zero.
inline __m256bh castlike_emu_mm512_cvtneps_pbh(__m512 a) {
  uint32_t x[16];
  uint16_t y[16];
  CASTLIKE_EMU::lanes(x, a);
  for (int i = 0; i < 16; ++i) {
    const uint32_t u = x[i];
    if ((u & 0x7FFFFFFFu) > 0x7F800000u) y[i] = static_cast<uint16_t>((u >> 16) | 0x40u);
    else if ((u & 0x7F800000u) == 0) y[i] = static_cast<uint16_t>((u >> 16) & 0x8000u);
    else y[i] = static_cast<uint16_t>((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
  }
  __m256bh r;
  std::memcpy(&r, y, sizeof r);
  return r;
}

inline __m512 castlike_emu_mm512_cvtph_ps(__m256i a) {
  __m128i h[2];
  std::memcpy(h, &a, sizeof h);
  __m256 f[2] = {_mm256_cvtph_ps(h[0]), _mm256_cvtph_ps(h[1])};
  __m512 r;
  std::memcpy(&r, f, sizeof r);
  return r;
}
#undef _mm512_cvtps_ph
#define _mm512_cvtps_ph(a, imm)                                                     \
  ([](__m512 v) {                                                                   \
    __m256 f[2];                                                                    \
    std::memcpy(f, &v, sizeof f);                                                   \
    __m128i h[2] = {_mm256_cvtps_ph(f[0], (imm)), _mm256_cvtps_ph(f[1], (imm))};    \
    __m256i r;                                                                      \
    std::memcpy(&r, h, sizeof r);                                                   \
    return r;                                                                       \
  }(a))

// Route the kernels' calls to the definitions above (the compiler's own declarations stay).
#define _mm256_mask_or_epi32 castlike_emu_mm256_mask_or_epi32
#define _mm512_add_round_ps castlike_emu_mm512_add_round_ps
#define _mm512_cvt_roundepi32_ps castlike_emu_mm512_cvt_round32_ps<int32_t>
#define _mm512_cvt_roundpd_ps castlike_emu_mm512_cvt_roundpd_ps
#define _mm512_cvt_roundepu32_ps castlike_emu_mm512_cvt_round32_ps<uint32_t>
#define _mm512_cvtepi32_pd castlike_emu_convert_lanes<int32_t, double, __m512d>
#define _mm512_cvtepu32_pd castlike_emu_convert_lanes<uint32_t, double, __m512d>
#define _mm512_cvtepi32_epi16 castlike_emu_convert_lanes<uint32_t, uint16_t, __m256i>
#define _mm512_cvtepi32_epi8 castlike_emu_convert_lanes<uint32_t, uint8_t, __m128i>
#define _mm512_cvtepi8_epi32 castlike_emu_convert_lanes<int8_t, int32_t, __m512i>
#define _mm512_cvtepu16_epi32 castlike_emu_convert_lanes<uint16_t, uint32_t, __m512i>
#define _mm512_cvtepu8_epi32 castlike_emu_convert_lanes<uint8_t, uint32_t, __m512i>
#define _mm512_cvtneps_pbh castlike_emu_mm512_cvtneps_pbh
#define _mm512_cvtpd_ps castlike_emu_convert_lanes<double, float, __m256>
#define _mm512_cvtph_ps castlike_emu_mm512_cvtph_ps
#define _mm512_cvtps_pd castlike_emu_convert_lanes<float, double, __m512d>
#define _mm512_cvttps_epi32 castlike_emu_mm512_cvttps_epi32
#define _mm512_srai_epi32 castlike_emu_mm512_srai_epi32
#define _mm512_sub_round_ps castlike_emu_mm512_sub_round_ps
#define _mm512_testn_epi32_mask castlike_emu_mm512_testn_epi32_mask

#undef CASTLIKE_EMU
