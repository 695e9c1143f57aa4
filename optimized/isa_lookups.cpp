// The lookup of each ISA level (kernel.hpp): the KernelFn for each pair the level vectorises,
// nullptr for the others (the dispatcher then uses the level below). Each ISA folder exports its
// three family lookups (float16.cpp, float8.cpp, integer.cpp, compiled with the folder's flags);
// the chain is the same for every level and needs no ISA flags, so it lives here once. A level
// this build has no kernels for (CMake defines CASTLIKE_HAVE_<ISA>_KERNELS for the folders it
// compiles) looks up nothing: real definitions rather than weak symbols, because a weak
// definition in a static library stops the linker from pulling in the real one.
#include "kernel.hpp"

namespace castlike::opt {
namespace {

using FamilyLookup = KernelFn (*)(ElementType, ElementType);

template <FamilyLookup kFloat16, FamilyLookup kFloat8, FamilyLookup kInteger>
KernelFn chain(ElementType from, ElementType to) {
  if (from == to) return nullptr;
  if (KernelFn k = kFloat16(from, to)) return k;
  if (KernelFn k = kFloat8(from, to)) return k;
  return kInteger(from, to);
}

}  // namespace

#define CASTLIKE_ISA_FAMILIES(isa)                         \
  namespace isa {                                          \
  KernelFn lookup_float16(ElementType from, ElementType to); \
  KernelFn lookup_float8(ElementType from, ElementType to);  \
  KernelFn lookup_integer(ElementType from, ElementType to); \
  }

#if CASTLIKE_HAVE_AVX2_KERNELS
CASTLIKE_ISA_FAMILIES(avx2)
KernelFn avx2_lookup(ElementType from, ElementType to) {
  return chain<avx2::lookup_float16, avx2::lookup_float8, avx2::lookup_integer>(from, to);
}
#else
KernelFn avx2_lookup(ElementType, ElementType) { return nullptr; }
#endif

// The level needs AVX-512 F, BW, VL, VBMI and BF16 (plus F16C and FMA): the dispatcher selects it
// only when the CPU has all of them (cpu_features.cpp).
#if CASTLIKE_HAVE_AVX512_KERNELS
CASTLIKE_ISA_FAMILIES(avx512)
KernelFn avx512_lookup(ElementType from, ElementType to) {
  return chain<avx512::lookup_float16, avx512::lookup_float8, avx512::lookup_integer>(from, to);
}
#else
KernelFn avx512_lookup(ElementType, ElementType) { return nullptr; }
#endif

// Advanced SIMD is part of every AArch64 CPU.
#if CASTLIKE_HAVE_NEON_KERNELS
CASTLIKE_ISA_FAMILIES(neon)
KernelFn neon_lookup(ElementType from, ElementType to) {
  return chain<neon::lookup_float16, neon::lookup_float8, neon::lookup_integer>(from, to);
}
#else
KernelFn neon_lookup(ElementType, ElementType) { return nullptr; }
#endif

#undef CASTLIKE_ISA_FAMILIES

}  // namespace castlike::opt
