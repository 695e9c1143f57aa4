// NEON: int4 / uint4 / int2 / uint2 <-> int8 / uint8 / float32 (packed), float32 <-> int8 /
// uint8 / int32 with the deterministic results of the undefined cases (NaN -> 0, clamp).
#include "../../simd/generic.hpp"
#include "ops.hpp"

namespace castlike::opt::neon {

KernelFn lookup_integer(ElementType from, ElementType to) { return generic_integer_lookup<Ops>(from, to); }

}  // namespace castlike::opt::neon
