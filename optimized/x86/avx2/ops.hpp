// AVX2 (+F16C, FMA) vector operations for the generic algorithms in ../../simd/generic.hpp.
// One V holds 8 lanes of 32 bits; masks are vectors of all-ones / all-zero lanes.
//
// Contracts every ops class (avx2, avx512, neon) keeps:
//  - Shl / Shr / Sar: logical left, logical right, arithmetic right by a constant.
//  - GtI / MinI: signed 32-bit compare / minimum. Eq: bitwise equality.
//  - SubSatU16 (optional; generic.hpp's encode_clamped): unsigned saturating subtract of 16-bit lanes.
//  - Select(m, yes, no): yes where m is set. AndNot(m, a): 0 where m is set, else a.
//  - AddF / SubF: float32 arithmetic on bit patterns, rounding to nearest even.
//  - MinF / MaxF: float32 min / max; the lane of a NaN operand is unspecified (callers mask NaN).
//  - RoundEvenF: float32 rounded to an integral float32, ties to even.
//  - CvtTruncF2I: float32 -> int32 toward zero; lanes outside int32 (and NaN) unspecified.
//  - CvtI2F: int32 -> float32, rounding to nearest even.
//  - LoadU16 / LoadU8: zero-extend; LoadI8: sign-extend; LoadF16: float16 -> float32 bits.
//  - LoadNibbles / LoadCrumbs: kLanes 4-bit / 2-bit codes from kLanes/2 / kLanes/4 bytes, element 0
//    in the lowest bits of the first byte. LoadSextets: kLanes 6-bit codes from kLanes*3/4 bytes read
//    as one little-endian bit string (four codes in three bytes). LoadSextets4 (optional): four
//    vectors of those from 3*kLanes bytes, as four LoadSextets (AVX-512).
//  - LoadF64: kLanes doubles -> float32 bits, rounded to nearest even (overflow -> inf).
//  - LoadF64Odd: kLanes doubles -> float32 bits rounded to odd: truncated toward zero, with the
//    lowest bit set if that lost anything (NaN stays NaN, inf stays inf, finite never becomes inf).
//  - LoadI32Odd / LoadU32Odd: kLanes int32 / uint32 -> float32 bits rounded to odd (as LoadF64Odd).
//    LoadU32Near: uint32 -> float32 bits, rounded to nearest even.
//  - StoreU16 / StoreU8: the low 16 / 8 bits of each lane. StoreF16: float32 bits -> float16 (RNE).
//  - StoreNibbles / StoreSextets / StoreCrumbs: lane values below 16 / 64 / 4, packed low bits first
//    (StoreSextets: kLanes*3/4 bytes, no byte beyond them).
#pragma once

#include <immintrin.h>

#include <cstdint>
#include <cstring>

namespace castlike::opt::avx2 {
namespace {  // NOLINT(cert-dcl59-cpp): internal linkage, see simd/driver.hpp

struct Ops {
  using V = __m256i;
  using M = __m256i;
  static constexpr size_t kLanes = 8;

  static V Set(uint32_t x) { return _mm256_set1_epi32(static_cast<int>(x)); }
  static V And(V a, V b) { return _mm256_and_si256(a, b); }
  static V Or(V a, V b) { return _mm256_or_si256(a, b); }
  static V AndNot(M m, V a) { return _mm256_andnot_si256(m, a); }
  static V Xor(V a, V b) { return _mm256_xor_si256(a, b); }
  static V Add(V a, V b) { return _mm256_add_epi32(a, b); }
  static V Sub(V a, V b) { return _mm256_sub_epi32(a, b); }
  template <int k> static V Shl(V a) { return _mm256_slli_epi32(a, k); }
  template <int k> static V Shr(V a) { return _mm256_srli_epi32(a, k); }
  template <int k> static V Sar(V a) { return _mm256_srai_epi32(a, k); }
  static V MinI(V a, V b) { return _mm256_min_epi32(a, b); }
  static V SubSatU16(V a, V b) { return _mm256_subs_epu16(a, b); }
  static M Eq(V a, V b) { return _mm256_cmpeq_epi32(a, b); }
  static M GtI(V a, V b) { return _mm256_cmpgt_epi32(a, b); }
  static M MOr(M a, M b) { return _mm256_or_si256(a, b); }
  static V Select(M m, V yes, V no) { return _mm256_blendv_epi8(no, yes, m); }

  static __m256 F(V a) { return _mm256_castsi256_ps(a); }
  static V I(__m256 a) { return _mm256_castps_si256(a); }
  static V AddF(V a, V b) { return I(_mm256_add_ps(F(a), F(b))); }
  static V SubF(V a, V b) { return I(_mm256_sub_ps(F(a), F(b))); }
  static V MinF(V a, V b) { return I(_mm256_min_ps(F(a), F(b))); }
  static V MaxF(V a, V b) { return I(_mm256_max_ps(F(a), F(b))); }
  static V RoundEvenF(V a) { return I(_mm256_round_ps(F(a), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)); }
  static V CvtTruncF2I(V a) { return _mm256_cvttps_epi32(F(a)); }
  static V CvtI2F(V a) { return I(_mm256_cvtepi32_ps(a)); }

  static V LoadU32(const void* p) { return _mm256_loadu_si256(static_cast<const __m256i*>(p)); }
  static V LoadU16(const void* p) { return _mm256_cvtepu16_epi32(_mm_loadu_si128(static_cast<const __m128i*>(p))); }
  static V LoadU8(const void* p) { return _mm256_cvtepu8_epi32(_mm_loadl_epi64(static_cast<const __m128i*>(p))); }
  static V LoadI8(const void* p) { return _mm256_cvtepi8_epi32(_mm_loadl_epi64(static_cast<const __m128i*>(p))); }
  static V LoadF16(const void* p) { return I(_mm256_cvtph_ps(_mm_loadu_si128(static_cast<const __m128i*>(p)))); }
  static V LoadNibbles(const void* p) {
    uint32_t w;
    std::memcpy(&w, p, 4);
    return And(_mm256_srlv_epi32(Set(w), _mm256_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28)), Set(0xF));
  }
  static V LoadCrumbs(const void* p) {
    uint16_t w;
    std::memcpy(&w, p, 2);
    return And(_mm256_srlv_epi32(Set(w), _mm256_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14)), Set(0x3));
  }
  // 6-bit codes: lanes 0..3 are bits 0..23 of the dword at byte 0, lanes 4..7 bits 24..47, that
  // is bits 8..31 of the dword at byte 2 (not byte 3: that dword would end past the six bytes).
  // Two broadcast loads, a dword blend and a variable shift: no shuffle, which is what bounds the
  // decoders on this ISA (the mask folds into the decoder's own masks).
  static V LoadSextets(const void* p) {
    uint32_t lo, hi;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, static_cast<const uint8_t*>(p) + 2, 4);
    const __m256i x = _mm256_blend_epi32(Set(lo), Set(hi), 0xF0);
    return And(_mm256_srlv_epi32(x, _mm256_setr_epi32(0, 6, 12, 18, 8, 14, 20, 26)), Set(0x3F));
  }
  static __m128 F64Half(const double* p) { return _mm256_cvtpd_ps(_mm256_loadu_pd(p)); }
  static V LoadF64(const void* p) {
    const double* d = static_cast<const double*>(p);
    return I(_mm256_set_m128(F64Half(d + 4), F64Half(d)));
  }
  // Nearest conversion, then step back toward zero where it rounded away, then make it sticky.
  static __m128i F64OddHalf(__m256d x) {
    const __m128 r = _mm256_cvtpd_ps(x);
    const __m256d back = _mm256_cvtps_pd(r);
    const __m256d abs_mask = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FFFFFFFFFFFFFFFll));
    const __m256d inexact = _mm256_cmp_pd(back, x, _CMP_NEQ_UQ);  // NaN: set (harmless: |1)
    const __m256d away = _mm256_cmp_pd(_mm256_and_pd(back, abs_mask), _mm256_and_pd(x, abs_mask), _CMP_GT_OQ);
    // 64-bit lane masks -> 32-bit lane masks (take the low half of each).
    const __m256i pick = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    const __m128i inexact32 = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(inexact), pick));
    const __m128i away32 = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(away), pick));
    const __m128i truncated = _mm_add_epi32(_mm_castps_si128(r), away32);  // all-ones = -1
    return _mm_or_si128(truncated, _mm_and_si128(inexact32, _mm_set1_epi32(1)));
  }
  static V LoadF64Odd(const void* p) {
    const double* d = static_cast<const double*>(p);
    return _mm256_set_m128i(F64OddHalf(_mm256_loadu_pd(d + 4)), F64OddHalf(_mm256_loadu_pd(d)));
  }
  // Unsigned magnitudes a (32 bits) -> float32 bits rounded to odd. From bit 31 up, one bit is
  // first rounded to odd (a >> 1, sticky in bit 0: rounding to odd twice is rounding to odd once)
  // and the exponent raised by one at the end. Below 2^31 as LoadF64Odd: the nearest conversion,
  // converted back (exact; 2^31 comes back as 0x80000000, its unsigned value), one step toward zero
  // where it rounded away, and the lowest bit set where it was inexact.
  static V MagnitudeToF32Odd(V a) {
    const V big = _mm256_srai_epi32(a, 31);
    const V m = _mm256_blendv_epi8(a, _mm256_or_si256(_mm256_srli_epi32(a, 1), _mm256_and_si256(a, Set(1))), big);
    const V c = _mm256_castps_si256(_mm256_cvtepi32_ps(m));
    const V diff = _mm256_sub_epi32(_mm256_cvttps_epi32(_mm256_castsi256_ps(c)), m);
    const V away = _mm256_cmpgt_epi32(diff, _mm256_setzero_si256());
    const V inexact = _mm256_andnot_si256(_mm256_cmpeq_epi32(diff, _mm256_setzero_si256()), Set(1));
    const V odd = _mm256_or_si256(_mm256_add_epi32(c, away), inexact);
    return _mm256_add_epi32(odd, _mm256_and_si256(big, Set(1u << 23)));
  }
  static V LoadI32Odd(const void* p) {
    const V x = LoadU32(p);
    const V sign = _mm256_and_si256(x, Set(0x80000000u));
    return _mm256_or_si256(MagnitudeToF32Odd(_mm256_abs_epi32(x)), sign);  // abs(INT32_MIN) = 2^31 unsigned
  }
  static V LoadU32Odd(const void* p) { return MagnitudeToF32Odd(LoadU32(p)); }
  // From bit 31 up: one bit rounded to odd (31 bits >= 24 + 2), converted, doubled (exact).
  static V LoadU32Near(const void* p) {
    const V a = LoadU32(p);
    const V halved = _mm256_or_si256(_mm256_srli_epi32(a, 1), _mm256_and_si256(a, Set(1)));
    const V high = _mm256_add_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(halved)), Set(1u << 23));
    return _mm256_blendv_epi8(_mm256_castps_si256(_mm256_cvtepi32_ps(a)), high, _mm256_srai_epi32(a, 31));
  }

  static void StoreU32(void* p, V v) { _mm256_storeu_si256(static_cast<__m256i*>(p), v); }
  static void StoreU16(void* p, V v) {
    const __m256i pick = _mm256_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, -1, -1, -1, -1, -1, -1, -1, -1,  //
                                          0, 1, 4, 5, 8, 9, 12, 13, -1, -1, -1, -1, -1, -1, -1, -1);
    const __m256i x = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(v, pick), 0x08);
    _mm_storeu_si128(static_cast<__m128i*>(p), _mm256_castsi256_si128(x));
  }
  static __m128i Bytes(V v) {  // the low byte of each lane, in the low 8 bytes
    const __m256i pick = _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,  //
                                          0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    const __m256i x = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(v, pick), _mm256_setr_epi32(0, 4, 1, 1, 1, 1, 1, 1));
    return _mm256_castsi256_si128(x);
  }
  static void StoreU8(void* p, V v) { _mm_storel_epi64(static_cast<__m128i*>(p), Bytes(v)); }
  // Eight int32 lanes as doubles; uint32 through int32 with the top bit flipped, plus 2^31 (both
  // steps exact in double).
  static void StoreI32AsF64(void* p, V v) {
    double* d = static_cast<double*>(p);
    _mm256_storeu_pd(d, _mm256_cvtepi32_pd(_mm256_castsi256_si128(v)));
    _mm256_storeu_pd(d + 4, _mm256_cvtepi32_pd(_mm256_extracti128_si256(v, 1)));
  }
  static void StoreU32AsF64(void* p, V v) {
    const V flipped = _mm256_xor_si256(v, Set(0x80000000u));
    const __m256d two31 = _mm256_set1_pd(2147483648.0);
    double* d = static_cast<double*>(p);
    _mm256_storeu_pd(d, _mm256_add_pd(_mm256_cvtepi32_pd(_mm256_castsi256_si128(flipped)), two31));
    _mm256_storeu_pd(d + 4, _mm256_add_pd(_mm256_cvtepi32_pd(_mm256_extracti128_si256(flipped, 1)), two31));
  }
  static void StoreF16(void* p, V v) {
    _mm_storeu_si128(static_cast<__m128i*>(p), _mm256_cvtps_ph(F(v), _MM_FROUND_TO_NEAREST_INT));
  }
  // 4 vectors of codes (<= 0x80) -> 32 bytes, each or-ed with the sign of its float32 source
  // (FNUZ: not onto a zero code). Signed-saturating packs keep the sign bit of u; the packs work
  // within 128-bit lanes, so one dword permutation restores element order at the end.
  template <bool kFnuz>
  static void StoreSignedBytes4(void* p, const V (&o)[4], const V (&u)[4]) {
    const __m256i codes = _mm256_packus_epi16(_mm256_packus_epi32(o[0], o[1]), _mm256_packus_epi32(o[2], o[3]));
    __m256i signs = _mm256_and_si256(_mm256_packs_epi16(_mm256_packs_epi32(u[0], u[1]), _mm256_packs_epi32(u[2], u[3])),
                                     _mm256_set1_epi8(static_cast<char>(0x80)));
    if constexpr (kFnuz) signs = _mm256_andnot_si256(_mm256_cmpeq_epi8(codes, _mm256_setzero_si256()), signs);
    const __m256i bytes = _mm256_permutevar8x32_epi32(_mm256_or_si256(codes, signs), _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
    _mm256_storeu_si256(static_cast<__m256i*>(p), bytes);
  }
  // Four vectors at once: the low byte / low 16 bits of every lane (truncating, like the single
  // stores), or 4-bit codes packed two per byte. Packs work within 128-bit lanes; one permutation
  // restores element order.
  static __m256i Bytes4(const V (&v)[4]) {
    const __m256i m = Set(0xFF);
    const __m256i b = _mm256_packus_epi16(_mm256_packus_epi32(And(v[0], m), And(v[1], m)),
                                          _mm256_packus_epi32(And(v[2], m), And(v[3], m)));
    return _mm256_permutevar8x32_epi32(b, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
  }
  static void StoreBytes4(void* p, const V (&v)[4]) { _mm256_storeu_si256(static_cast<__m256i*>(p), Bytes4(v)); }
  static void StoreU16x4(void* p, const V (&v)[4]) {
    const __m256i m = Set(0xFFFF);
    __m256i* q = static_cast<__m256i*>(p);
    _mm256_storeu_si256(q, _mm256_permute4x64_epi64(_mm256_packus_epi32(And(v[0], m), And(v[1], m)), 0xD8));
    _mm256_storeu_si256(q + 1, _mm256_permute4x64_epi64(_mm256_packus_epi32(And(v[2], m), And(v[3], m)), 0xD8));
  }
  // Codes < 16: the packs need no masking, and no lane permutation before the pairing (adjacent
  // bytes are adjacent elements in any lane order). Each 32-bit group of bytes is 4 elements of
  // one vector, giving one 16-bit word of output: lane 0 holds the words of elements 0..3 of
  // v0..v3, lane 1 those of 4..7, interleaved at the end.
  static void StoreNibbles4(void* p, const V (&v)[4]) {
    const __m256i bytes = _mm256_packus_epi16(_mm256_packus_epi32(v[0], v[1]), _mm256_packus_epi32(v[2], v[3]));
    const __m256i pairs = _mm256_maddubs_epi16(bytes, _mm256_set1_epi16(0x1001));  // c0 + 16 c1
    const __m256i words = _mm256_packus_epi16(pairs, pairs);
    const __m128i out = _mm_unpacklo_epi16(_mm256_castsi256_si128(words), _mm256_extracti128_si256(words, 1));
    _mm_storeu_si128(static_cast<__m128i*>(p), out);
  }
  static void StoreNibbles(void* p, V v) {
    // byte pairs -> one byte: c0 + 16 * c1 (maddubs), then pack the four 16-bit sums.
    const __m128i b = _mm_maddubs_epi16(Bytes(v), _mm_set1_epi16(0x1001));
    const uint32_t w = static_cast<uint32_t>(_mm_cvtsi128_si32(_mm_packus_epi16(b, b)));
    std::memcpy(p, &w, 4);
  }
  // Codes < 64: c0 + 64 c1 per byte pair (maddubs), then + 4096 (c2 + 64 c3) per word pair
  // (madd): each dword holds four codes in its low three bytes, which one pshufb gathers.
  static __m256i SextetGroups(__m256i bytes) {
    return _mm256_madd_epi16(_mm256_maddubs_epi16(bytes, _mm256_set1_epi16(0x4001)), _mm256_set1_epi32(0x10000001));
  }
  static void StoreSextets(void* p, V v) {
    const __m128i g = _mm_madd_epi16(_mm_maddubs_epi16(Bytes(v), _mm_set1_epi16(0x4001)), _mm_set1_epi32(0x10000001));
    const __m128i packed = _mm_shuffle_epi8(g, _mm_setr_epi8(0, 1, 2, 4, 5, 6, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1));
    const uint64_t w = static_cast<uint64_t>(_mm_cvtsi128_si64(packed));
    std::memcpy(p, &w, 6);
  }
  // Four vectors: the in-lane packs leave each dword four consecutive codes of one vector, so the
  // groups need one dword permutation into element order, the in-lane gather of three bytes of
  // each, and one more permutation to close the gap between the halves: 24 bytes in two stores.
  static void StoreSextets4(void* p, const V (&v)[4]) {
    const __m256i bytes = _mm256_packus_epi16(_mm256_packus_epi32(v[0], v[1]), _mm256_packus_epi32(v[2], v[3]));
    const __m256i groups = _mm256_permutevar8x32_epi32(SextetGroups(bytes), _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
    const __m256i gather = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,  //
                                            0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    const __m256i out = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(groups, gather), _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 7, 7));
    uint8_t* b = static_cast<uint8_t*>(p);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(b), _mm256_castsi256_si128(out));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(b + 16), _mm256_extracti128_si256(out, 1));
  }
  static void StoreCrumbs(void* p, V v) {
    const __m128i b = _mm_maddubs_epi16(Bytes(v), _mm_set1_epi16(0x0401));  // c0 + 4 c1 < 16
    const __m128i q = _mm_madd_epi16(b, _mm_set1_epi32(0x00100001));        // + 16 (c2 + 4 c3)
    const __m128i w8 = _mm_packus_epi16(_mm_packs_epi32(q, q), _mm_setzero_si128());
    const uint16_t w = static_cast<uint16_t>(_mm_cvtsi128_si32(w8));
    std::memcpy(p, &w, 2);
  }
};

}  // namespace
}  // namespace castlike::opt::avx2
