// AVX-512 (F, BW, VL, VBMI, BF16 + F16C, FMA) vector operations for ../../simd/generic.hpp.
// One V holds 16 lanes of 32 bits; masks are __mmask16. Same contracts as x86/avx2/ops.hpp.
// Float arithmetic uses embedded rounding (nearest even) so that it does not depend on MXCSR.
#pragma once

#if defined(CASTLIKE_AVX512_EMULATION_HEADER)
// Test builds on CPUs without AVX-512 only (conformance/avx512_emulation.hpp, SIMDe).
#include CASTLIKE_AVX512_EMULATION_HEADER
#else
#include <immintrin.h>
#endif

#include <array>
#include <cstdint>
#include <cstring>

namespace castlike::opt::avx512 {
namespace {  // NOLINT(cert-dcl59-cpp): internal linkage, see simd/driver.hpp

struct Ops {
  using V = __m512i;
  using M = __mmask16;
  static constexpr size_t kLanes = 16;
  static constexpr int kNearest = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;

  static V Set(uint32_t x) { return _mm512_set1_epi32(static_cast<int>(x)); }
  static V And(V a, V b) { return _mm512_and_si512(a, b); }
  static V Or(V a, V b) { return _mm512_or_si512(a, b); }
  static V AndNot(M m, V a) { return _mm512_maskz_mov_epi32(static_cast<M>(~m), a); }
  static V Xor(V a, V b) { return _mm512_xor_si512(a, b); }
  static V Add(V a, V b) { return _mm512_add_epi32(a, b); }
  static V Sub(V a, V b) { return _mm512_sub_epi32(a, b); }
  template <int k> static V Shl(V a) { return _mm512_slli_epi32(a, k); }
  template <int k> static V Shr(V a) { return _mm512_srli_epi32(a, k); }
  template <int k> static V Sar(V a) { return _mm512_srai_epi32(a, k); }
  static V MinI(V a, V b) { return _mm512_min_epi32(a, b); }
  static M Eq(V a, V b) { return _mm512_cmpeq_epi32_mask(a, b); }
  static M GtI(V a, V b) { return _mm512_cmpgt_epi32_mask(a, b); }
  static M MOr(M a, M b) { return static_cast<M>(a | b); }
  static V Select(M m, V yes, V no) { return _mm512_mask_blend_epi32(m, no, yes); }

  static __m512 F(V a) { return _mm512_castsi512_ps(a); }
  static V I(__m512 a) { return _mm512_castps_si512(a); }
  static V AddF(V a, V b) { return I(_mm512_add_round_ps(F(a), F(b), kNearest)); }
  static V SubF(V a, V b) { return I(_mm512_sub_round_ps(F(a), F(b), kNearest)); }
  static V MinF(V a, V b) { return I(_mm512_min_ps(F(a), F(b))); }
  static V MaxF(V a, V b) { return I(_mm512_max_ps(F(a), F(b))); }
  static V RoundEvenF(V a) { return I(_mm512_roundscale_ps(F(a), kNearest)); }
  static V CvtTruncF2I(V a) { return _mm512_cvttps_epi32(F(a)); }
  static V CvtI2F(V a) { return I(_mm512_cvt_roundepi32_ps(a, kNearest)); }

  static V LoadU32(const void* p) { return _mm512_loadu_si512(p); }
  static V LoadU16(const void* p) { return _mm512_cvtepu16_epi32(_mm256_loadu_si256(static_cast<const __m256i*>(p))); }
  static V LoadU8(const void* p) { return _mm512_cvtepu8_epi32(_mm_loadu_si128(static_cast<const __m128i*>(p))); }
  static V LoadI8(const void* p) { return _mm512_cvtepi8_epi32(_mm_loadu_si128(static_cast<const __m128i*>(p))); }
  static V LoadF16(const void* p) { return I(_mm512_cvtph_ps(_mm256_loadu_si256(static_cast<const __m256i*>(p)))); }
  static V LoadNibbles(const void* p) {
    uint32_t w[2];
    std::memcpy(w, p, 8);
    const __m512i x = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_set1_epi32(static_cast<int>(w[0]))),
                                         _mm256_set1_epi32(static_cast<int>(w[1])), 1);
    const __m512i shifts = _mm512_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28, 0, 4, 8, 12, 16, 20, 24, 28);
    return And(_mm512_srlv_epi32(x, shifts), Set(0xF));
  }
  static V LoadCrumbs(const void* p) {
    uint32_t w;
    std::memcpy(&w, p, 4);
    const __m512i shifts = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    return And(_mm512_srlv_epi32(Set(w), shifts), Set(0x3));
  }
  // 6-bit codes: lane i starts at bit 6i, so vpermb gathers bytes 6i/8 and 6i/8 + 1 of the
  // group into its low half, then a shift by 6i % 8 and a mask. `at`: the first byte in x.
  static constexpr auto kSextetPairs = [] {
    std::array<uint8_t, 64> idx{};
    for (int i = 0; i < 16; ++i) {
      idx[4 * i] = static_cast<uint8_t>(6 * i / 8);
      idx[4 * i + 1] = static_cast<uint8_t>(6 * i / 8 + 1);
    }
    return idx;
  }();
  static V Sextets(__m512i x, int at) {
    const __m512i idx = _mm512_add_epi8(_mm512_loadu_si512(kSextetPairs.data()), _mm512_set1_epi8(static_cast<char>(at)));
    const __m512i shifts = _mm512_setr_epi32(0, 6, 4, 2, 0, 6, 4, 2, 0, 6, 4, 2, 0, 6, 4, 2);
    const __m512i pair = _mm512_permutexvar_epi8(idx, x);
    return And(_mm512_srlv_epi32(pair, shifts), Set(0x3F));
  }
  static V LoadSextets(const void* p) {
    alignas(16) uint8_t b[16] = {};
    std::memcpy(b, p, 12);
    return Sextets(_mm512_castsi128_si512(_mm_load_si128(reinterpret_cast<const __m128i*>(b))), 0);
  }
  // 48 bytes in two loads (32 + 16: none past them); vector i's twelve bytes start at byte 12i.
  static void LoadSextets4(const void* p, V (&v)[4]) {
    const uint8_t* b = static_cast<const uint8_t*>(p);
    const __m512i x = _mm512_inserti32x4(_mm512_castsi256_si512(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(b))),
                                         _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + 32)), 2);
    for (int i = 0; i < 4; ++i) v[i] = Sextets(x, 12 * i);
  }
  static V LoadF64(const void* p) {
    const double* d = static_cast<const double*>(p);
    const __m256 lo = _mm512_cvtpd_ps(_mm512_loadu_pd(d)), hi = _mm512_cvtpd_ps(_mm512_loadu_pd(d + 8));
    return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_castps_si256(lo)), _mm256_castps_si256(hi), 1);
  }
  static __m256i F64OddHalf(__m512d x) {  // truncate, then the sticky bit
    const __m256 r = _mm512_cvt_roundpd_ps(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    const __mmask8 inexact = _mm512_cmp_pd_mask(_mm512_cvtps_pd(r), x, _CMP_NEQ_UQ);
    const __m256i ri = _mm256_castps_si256(r);
    return _mm256_mask_or_epi32(ri, inexact, ri, _mm256_set1_epi32(1));
  }
  static V Halves(__m256i lo, __m256i hi) { return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1); }
  static V LoadF64Odd(const void* p) {
    const double* d = static_cast<const double*>(p);
    return Halves(F64OddHalf(_mm512_loadu_pd(d)), F64OddHalf(_mm512_loadu_pd(d + 8)));
  }
  // Eight int32 / uint32 widened to double (exact), then as LoadF64Odd; uint32 nearest: vcvtudq2ps.
  static __m256i Eight(const void* p, int i) { return _mm256_loadu_si256(static_cast<const __m256i*>(p) + i); }
  static V LoadI32Odd(const void* p) {
    return Halves(F64OddHalf(_mm512_cvtepi32_pd(Eight(p, 0))), F64OddHalf(_mm512_cvtepi32_pd(Eight(p, 1))));
  }
  static V LoadU32Odd(const void* p) {
    return Halves(F64OddHalf(_mm512_cvtepu32_pd(Eight(p, 0))), F64OddHalf(_mm512_cvtepu32_pd(Eight(p, 1))));
  }
  static V LoadU32Near(const void* p) {
    return I(_mm512_cvt_roundepu32_ps(LoadU32(p), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
  }

  static void StoreU32(void* p, V v) { _mm512_storeu_si512(p, v); }
  static void StoreU16(void* p, V v) { _mm256_storeu_si256(static_cast<__m256i*>(p), _mm512_cvtepi32_epi16(v)); }
  static void StoreU8(void* p, V v) { _mm_storeu_si128(static_cast<__m128i*>(p), _mm512_cvtepi32_epi8(v)); }
  static void StoreI32AsF64(void* p, V v) {  // exact
    double* d = static_cast<double*>(p);
    _mm512_storeu_pd(d, _mm512_cvtepi32_pd(_mm512_castsi512_si256(v)));
    _mm512_storeu_pd(d + 8, _mm512_cvtepi32_pd(_mm512_extracti64x4_epi64(v, 1)));
  }
  static void StoreU32AsF64(void* p, V v) {
    double* d = static_cast<double*>(p);
    _mm512_storeu_pd(d, _mm512_cvtepu32_pd(_mm512_castsi512_si256(v)));
    _mm512_storeu_pd(d + 8, _mm512_cvtepu32_pd(_mm512_extracti64x4_epi64(v, 1)));
  }
  static void StoreF16(void* p, V v) {
    _mm256_storeu_si256(static_cast<__m256i*>(p), _mm512_cvtps_ph(F(v), _MM_FROUND_TO_NEAREST_INT));
  }
  static void StoreNibbles(void* p, V v) {
    const __m128i b = _mm_maddubs_epi16(_mm512_cvtepi32_epi8(v), _mm_set1_epi16(0x1001));  // c0 + 16 c1
    _mm_storel_epi64(static_cast<__m128i*>(p), _mm_packus_epi16(b, b));
  }
  // Codes < 64: c0 + 64 c1 per byte pair (maddubs), then + 4096 (c2 + 64 c3) per word pair
  // (madd): each dword holds four codes in its low three bytes.
  static void StoreSextets(void* p, V v) {
    const __m128i g = _mm_madd_epi16(_mm_maddubs_epi16(_mm512_cvtepi32_epi8(v), _mm_set1_epi16(0x4001)), _mm_set1_epi32(0x10000001));
    const __m128i packed = _mm_shuffle_epi8(g, _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1));
    uint8_t* b = static_cast<uint8_t*>(p);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(b), packed);
    const uint32_t w = static_cast<uint32_t>(_mm_extract_epi32(packed, 2));
    std::memcpy(b + 8, &w, 4);
  }
  static constexpr auto kSextetBytes = [] {  // output byte j: byte j % 3 of group j / 3
    std::array<uint8_t, 64> idx{};
    for (int j = 0; j < 48; ++j) idx[j] = static_cast<uint8_t>(4 * (j / 3) + j % 3);
    return idx;
  }();
  // Four vectors: 64 codes in element order in one register, sixteen groups of three bytes, which
  // one vpermb closes up: 48 bytes in two stores.
  static void StoreSextets4(void* p, const V (&v)[4]) {
    __m512i bytes = _mm512_castsi128_si512(_mm512_cvtepi32_epi8(v[0]));
    bytes = _mm512_inserti32x4(bytes, _mm512_cvtepi32_epi8(v[1]), 1);
    bytes = _mm512_inserti32x4(bytes, _mm512_cvtepi32_epi8(v[2]), 2);
    bytes = _mm512_inserti32x4(bytes, _mm512_cvtepi32_epi8(v[3]), 3);
    // c0 + 64 c1 per word (maddubs), then w0 | w1 << 12 per dword as a bit select of the dword
    // and itself shifted right by 4 (vpternlogd). Not vpmaddwd: the SIMDe the emulated tests build
    // against defines _mm512_madd_epi16 with the masked form's four arguments, and the code tested
    // must be the code shipped.
    const __m512i words = _mm512_maddubs_epi16(bytes, _mm512_set1_epi16(0x4001));
    const __m512i groups = _mm512_ternarylogic_epi32(Set(0xFFF), words, _mm512_srli_epi32(words, 4), 0xCA);
    const __m512i out = _mm512_permutexvar_epi8(_mm512_loadu_si512(kSextetBytes.data()), groups);
    uint8_t* b = static_cast<uint8_t*>(p);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(b), _mm512_castsi512_si256(out));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(b + 32), _mm512_extracti32x4_epi32(out, 2));
  }
  static void StoreCrumbs(void* p, V v) {
    const __m128i b = _mm_maddubs_epi16(_mm512_cvtepi32_epi8(v), _mm_set1_epi16(0x0401));  // c0 + 4 c1
    const __m128i q = _mm_madd_epi16(b, _mm_set1_epi32(0x00100001));                        // + 16 (c2 + 4 c3)
    const uint32_t w = static_cast<uint32_t>(_mm_cvtsi128_si32(_mm_packus_epi16(_mm_packs_epi32(q, q), q)));
    std::memcpy(p, &w, 4);
  }
};

}  // namespace
}  // namespace castlike::opt::avx512
