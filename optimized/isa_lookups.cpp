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

// A level with kernels: its folder's three family lookups, chained. A level without: nothing.
#define CASTLIKE_ISA_LOOKUP(isa)                                                                  \
  namespace isa {                                                                                 \
  KernelFn lookup_float16(ElementType from, ElementType to);                                      \
  KernelFn lookup_float8(ElementType from, ElementType to);                                       \
  KernelFn lookup_integer(ElementType from, ElementType to);                                      \
  }                                                                                               \
  KernelFn isa##_lookup(ElementType from, ElementType to) {                                       \
    return chain<isa::lookup_float16, isa::lookup_float8, isa::lookup_integer>(from, to);         \
  }
#define CASTLIKE_NO_ISA_LOOKUP(isa) \
  KernelFn isa##_lookup(ElementType, ElementType) { return nullptr; }

#if CASTLIKE_HAVE_AVX2_KERNELS
CASTLIKE_ISA_LOOKUP(avx2)
#else
CASTLIKE_NO_ISA_LOOKUP(avx2)
#endif

// The level needs AVX-512 F, BW, VL, VBMI and BF16 (plus F16C and FMA): the dispatcher selects it
// only when the CPU has all of them (cpu_features.cpp).
#if CASTLIKE_HAVE_AVX512_KERNELS
CASTLIKE_ISA_LOOKUP(avx512)
#else
CASTLIKE_NO_ISA_LOOKUP(avx512)
#endif

// Advanced SIMD is part of every AArch64 CPU.
#if CASTLIKE_HAVE_NEON_KERNELS
CASTLIKE_ISA_LOOKUP(neon)
#else
CASTLIKE_NO_ISA_LOOKUP(neon)
#endif

#undef CASTLIKE_ISA_LOOKUP
#undef CASTLIKE_NO_ISA_LOOKUP

}  // namespace castlike::opt
