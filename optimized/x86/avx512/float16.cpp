// AVX-512: float32 <-> float16 (F16C, 16 lanes), float32 -> bfloat16 with AVX512_BF16
// vcvtneps2bf16 (round to nearest even, NaN quieted with its sign kept), float16 <-> bfloat16,
// double -> float32 / float16 / bfloat16 (round to odd with embedded rounding, then once more).
#include "../../simd/generic.hpp"
#include "ops.hpp"

namespace castlike::opt::avx512 {
namespace {

__m256i bf16_bits(__m512 f) {
  const __m256bh h = _mm512_cvtneps_pbh(f);
  __m256i r;
  std::memcpy(&r, &h, sizeof r);
  return r;
}

// vcvtneps2bf16 reads float32 subnormals as zero; they round to bfloat16 subnormals, so those
// lanes (rare: a branch that is almost never taken) are redone with the integer rounding.
void f32_to_bf16(const void* src, void* dst, size_t n, const castlike_attributes&) {
  run_blocks<32, 16, Ops::kLanes>(src, dst, n, [](const uint8_t* in, uint8_t* out) {
    const __m512i u = Ops::LoadU32(in);
    __m256i r = bf16_bits(_mm512_castsi512_ps(u));
    const __mmask16 subnormal = static_cast<__mmask16>(_mm512_testn_epi32_mask(u, Ops::Set(0x7F800000u)) &
                                                       _mm512_test_epi32_mask(u, Ops::Set(0x007FFFFFu)));
    if (subnormal) r = _mm256_mask_mov_epi16(r, subnormal, _mm512_cvtepi32_epi16(encode_bf16<Ops>(u)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), r);
  });
}

// float16 values are float32 normals (or zero): the hardware convert is exact here.
void f16_to_bf16(const void* src, void* dst, size_t n, const castlike_attributes&) {
  run_blocks<16, 16, Ops::kLanes>(src, dst, n, [](const uint8_t* in, uint8_t* out) {
    const __m512 f = _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(in)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), bf16_bits(f));
  });
}

}  // namespace

KernelFn lookup_float16(ElementType from, ElementType to) {
  if (from == ElementType::kFloat && to == ElementType::kBfloat16) return &f32_to_bf16;
  if (from == ElementType::kFloat16 && to == ElementType::kBfloat16) return &f16_to_bf16;
  return generic_float16_lookup<Ops>(from, to);
}

}  // namespace castlike::opt::avx512
