// AVX2 kernel table: the KernelFn for each pair this level vectorises, nullptr for the others
// (the dispatcher then uses the scalar kernel).
#include "../../kernel.hpp"

namespace castlike::opt {
namespace avx2 {
KernelFn lookup_float16(ElementType from, ElementType to);
KernelFn lookup_float8(ElementType from, ElementType to);
KernelFn lookup_integer(ElementType from, ElementType to);
}  // namespace avx2

KernelFn avx2_lookup(ElementType from, ElementType to) {
  if (from == to) return nullptr;
  if (KernelFn k = avx2::lookup_float16(from, to)) return k;
  if (KernelFn k = avx2::lookup_float8(from, to)) return k;
  return avx2::lookup_integer(from, to);
}

}  // namespace castlike::opt
