// AVX-512 kernel table: the KernelFn for each pair this level vectorises, nullptr for the others
// (the dispatcher then uses the scalar kernel). The level needs AVX-512 F, BW, VL, VBMI and BF16
// (plus F16C and FMA): the dispatcher must select it only when the CPU has all of them.
#include "../../kernel.hpp"

namespace castlike::opt {
namespace avx512 {
KernelFn lookup_float16(ElementType from, ElementType to);
KernelFn lookup_float8(ElementType from, ElementType to);
KernelFn lookup_integer(ElementType from, ElementType to);
}  // namespace avx512

KernelFn avx512_lookup(ElementType from, ElementType to) {
  if (from == to) return nullptr;
  if (KernelFn k = avx512::lookup_float16(from, to)) return k;
  if (KernelFn k = avx512::lookup_float8(from, to)) return k;
  return avx512::lookup_integer(from, to);
}

}  // namespace castlike::opt
