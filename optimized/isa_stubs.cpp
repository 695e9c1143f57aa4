// Lookups of the ISA levels this build has no kernels for (CMake defines CASTLIKE_STUB_* for each
// folder that is empty or belongs to another architecture): every pair falls back to the level
// below. Separate definitions rather than weak symbols, because a weak definition in a static
// library stops the linker from pulling in the real one.
#include "kernel.hpp"

namespace castlike::opt {

#if CASTLIKE_STUB_AVX2
KernelFn avx2_lookup(ElementType, ElementType) { return nullptr; }
#endif
#if CASTLIKE_STUB_AVX512
KernelFn avx512_lookup(ElementType, ElementType) { return nullptr; }
#endif
#if CASTLIKE_STUB_NEON
KernelFn neon_lookup(ElementType, ElementType) { return nullptr; }
#endif

}  // namespace castlike::opt
