// AVX2: float32 / float16 / bfloat16 -> the four float8 types (both saturate values), the
// finite-only formats, and FLOAT8E8M0 (each round mode); the float8 types, the finite-only formats
// and FLOAT8E8M0 -> float32 / float16 / bfloat16.
//
// Encoding is simd/generic.hpp's encode_clamped (clamp, then one float addition rounds at the
// destination's ulp: about nine operations per 8 lanes, plus the specials and the narrowing).
// Decoding is arithmetic too: AVX2 has no byte-table lookup wider than pshufb's 16 entries, and a
// 256-entry lookup built from pshufb costs more than the ten operations the decode takes.
#include "../../simd/generic.hpp"
#include "ops.hpp"

namespace castlike::opt::avx2 {

KernelFn lookup_float8(ElementType from, ElementType to) { return generic_float8_lookup<Ops>(from, to); }

}  // namespace castlike::opt::avx2
