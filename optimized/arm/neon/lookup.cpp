// NEON kernel table: the KernelFn for each pair this level vectorises, nullptr for the others (the
// dispatcher then uses the scalar kernel). Advanced SIMD is part of every AArch64 CPU.
#include "../../kernel.hpp"

namespace castlike::opt {
namespace neon {
KernelFn lookup_float16(ElementType from, ElementType to);
KernelFn lookup_float8(ElementType from, ElementType to);
KernelFn lookup_integer(ElementType from, ElementType to);
}  // namespace neon

KernelFn neon_lookup(ElementType from, ElementType to) {
  if (from == to) return nullptr;
  if (KernelFn k = neon::lookup_float16(from, to)) return k;
  if (KernelFn k = neon::lookup_float8(from, to)) return k;
  return neon::lookup_integer(from, to);
}

}  // namespace castlike::opt
