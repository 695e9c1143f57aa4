// AVX-512: float32 / float16 / bfloat16 -> the four float8 types (both saturate values), the
// finite-only formats, and FLOAT8E8M0 (each round mode): the integer
// RNE trick of simd/generic.hpp on 16 lanes.
// The float8 types and FLOAT8E8M0 -> float32 / float16 / bfloat16: 256-entry table lookups with
// VBMI vpermi2b (two per result byte, 64 elements at a time). The finite-only formats
// (packed codes) decode arithmetically.
#include "../../simd/byte_table_decode.hpp"
#include "ops.hpp"

namespace castlike::opt::avx512 {
namespace {

// vpermi2b: two lookups (the lower and upper 128 entries) and a blend per result byte, 64 codes
// at a time.
struct Decode {
  static constexpr size_t kBlock = 64;

  struct Table {
    __m512i q[4];
    explicit Table(const std::array<uint8_t, 256>& t) {
      for (int i = 0; i < 4; ++i) q[i] = _mm512_loadu_si512(t.data() + 64 * i);
    }
    __m512i lookup(__m512i idx, __mmask64 upper) const {
      return _mm512_mask_blend_epi8(upper, _mm512_permutex2var_epi8(q[0], idx, q[1]),
                                    _mm512_permutex2var_epi8(q[2], idx, q[3]));
    }
  };

  template <DecodeOut kOut>
  static void block(const Table& lo, const Table& hi, const uint8_t* in, uint8_t* out) {
    // Qword order 0,4,1,5,.. so that the in-lane byte interleave below yields elements in order.
    const __m512i idx = _mm512_permutexvar_epi64(_mm512_setr_epi64(0, 4, 1, 5, 2, 6, 3, 7), _mm512_loadu_si512(in));
    const __mmask64 upper = _mm512_movepi8_mask(idx);
    const __m512i l = lo.lookup(idx, upper), h = hi.lookup(idx, upper);
    const __m512i w0 = _mm512_unpacklo_epi8(l, h), w1 = _mm512_unpackhi_epi8(l, h);  // elements 0..31, 32..63
    if constexpr (kOut == DecodeOut::kF32) {
      const __m512i words[2] = {w0, w1};
      for (int i = 0; i < 2; ++i) {
        _mm512_storeu_si512(out + 128 * i, _mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm512_castsi512_si256(words[i])), 16));
        _mm512_storeu_si512(out + 128 * i + 64,
                            _mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(words[i], 1)), 16));
      }
    } else {
      _mm512_storeu_si512(out, w0);
      _mm512_storeu_si512(out + 64, w1);
    }
  }
};

}  // namespace

KernelFn lookup_float8(ElementType from, ElementType to) {
  return is_byte_float(from) ? byte_table_decoder<Decode>(from, to) : generic_float8_lookup<Ops>(from, to);
}

}  // namespace castlike::opt::avx512
