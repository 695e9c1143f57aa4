// AVX2: int4 / uint4 / int2 / uint2 <-> int8 / uint8 / float32 (packed), float32 <-> int8 /
// uint8 / int32 with the deterministic results of the undefined cases (NaN -> 0, clamp), and
// int64 / uint64 -> double (AVX2 has no 64-bit integer convert: the two halves are placed in the
// significands of two doubles, whose difference is exact, so the one add rounds once, to nearest
// even, as the scalar conversion does).
#include <immintrin.h>

#include <cstring>

#include "../../simd/generic.hpp"
#include "ops.hpp"

namespace castlike::opt::avx2 {
namespace {

// uint64 -> double: high half as 2^84 + hi * 2^32, low half as 2^52 + lo (both exact);
// (high - (2^84 + 2^52)) is exact, and adding the low half is the only rounding.
inline __m256d u64_to_f64(__m256i x) {
  const __m256d k84_52 = _mm256_set1_pd(19342813118337666422669312.);  // 2^84 + 2^52
  __m256i hi = _mm256_or_si256(_mm256_srli_epi64(x, 32), _mm256_castpd_si256(_mm256_set1_pd(19342813113834066795298816.)));
  __m256i lo = _mm256_blend_epi32(x, _mm256_castpd_si256(_mm256_set1_pd(4503599627370496.)), 0xAA);  // 2^52
  return _mm256_add_pd(_mm256_sub_pd(_mm256_castsi256_pd(hi), k84_52), _mm256_castsi256_pd(lo));
}

// int64 -> double: the signed high half (arithmetic shift) as 3*2^67 + hi * 2^32, the low half as
// 2^52 + lo; (high - (3*2^67 + 2^52)) is exact, the add the only rounding.
inline __m256d i64_to_f64(__m256i x) {
  __m256i hi = _mm256_srai_epi32(x, 16);
  hi = _mm256_blend_epi16(hi, _mm256_setzero_si256(), 0x33);
  hi = _mm256_add_epi64(hi, _mm256_castpd_si256(_mm256_set1_pd(442721857769029238784.)));  // 3*2^67
  __m256i lo = _mm256_blend_epi16(x, _mm256_castpd_si256(_mm256_set1_pd(4503599627370496.)), 0x88);  // 2^52
  const __m256d f = _mm256_sub_pd(_mm256_castsi256_pd(hi), _mm256_set1_pd(442726361368656609280.));  // 3*2^67 + 2^52
  return _mm256_add_pd(f, _mm256_castsi256_pd(lo));
}

template <bool kSigned>
void int64_to_double(const void* src, void* dst, size_t n, const castlike_attributes&) {
  const auto* s = static_cast<const uint8_t*>(src);
  auto* d = static_cast<uint8_t*>(dst);
  const auto convert = [](__m256i x) { return kSigned ? i64_to_f64(x) : u64_to_f64(x); };
  size_t i = 0;
  for (; i + 4 <= n; i += 4)
    _mm256_storeu_pd(reinterpret_cast<double*>(d + 8 * i),
                     convert(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + 8 * i))));
  if (i < n) {  // the tail through a whole vector, writing only its elements
    alignas(32) uint8_t in[32] = {}, out[32];
    std::memcpy(in, s + 8 * i, 8 * (n - i));
    _mm256_store_pd(reinterpret_cast<double*>(out), convert(_mm256_load_si256(reinterpret_cast<const __m256i*>(in))));
    std::memcpy(d + 8 * i, out, 8 * (n - i));
  }
}

}  // namespace

KernelFn lookup_integer(ElementType from, ElementType to) {
  if (to == ElementType::kDouble && from == ElementType::kInt64) return &int64_to_double<true>;
  if (to == ElementType::kDouble && from == ElementType::kUint64) return &int64_to_double<false>;
  return generic_integer_lookup<Ops>(from, to);
}

}  // namespace castlike::opt::avx2
