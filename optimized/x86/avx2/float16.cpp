// AVX2: float32 <-> float16 (F16C vcvtps2ph / vcvtph2ps), float32 <-> bfloat16 (integer RNE,
// no hardware help before AVX512_BF16), float16 <-> bfloat16 (through float32, one rounding),
// double -> float32 (vcvtpd2ps) and double -> float16 / bfloat16 (round to odd, then once more).
#include "../../simd/generic.hpp"
#include "ops.hpp"

namespace castlike::opt::avx2 {

KernelFn lookup_float16(ElementType from, ElementType to) { return generic_float16_lookup<Ops>(from, to); }

}  // namespace castlike::opt::avx2
