// NEON: float32 <-> float16 (fcvtn / fcvtl), float32 <-> bfloat16 (integer RNE: BFCVT is not in
// baseline ARMv8-A), float16 <-> bfloat16 (through float32, one rounding), double -> float32
// (fcvtn) and double -> float16 / bfloat16 (fcvtxn, round to odd, then once more).
#include "../../simd/generic.hpp"
#include "ops.hpp"

namespace castlike::opt::neon {

KernelFn lookup_float16(ElementType from, ElementType to) { return generic_float16_lookup<Ops>(from, to); }

}  // namespace castlike::opt::neon
