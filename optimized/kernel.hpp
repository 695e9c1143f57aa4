// Internal contract between the dispatch layer and the per-ISA kernel folders.
//
// A kernel converts `n` contiguous elements of one type to another. Sub-byte (packed) buffers are
// passed starting at element 0 of a byte: the API layer (api_convert.cpp) realigns slices that start
// mid-byte, or end inside a byte shared with other elements, through small aligned blocks, so a
// kernel never sees an element offset. Kernels accept any
// alignment and any n (including tails of 0..vector width - 1), and write exactly the bytes that
// hold the n elements (for packed destinations, bits past element n in the last byte are zeroed).
//
// Each ISA folder exports one lookup function; it returns nullptr for pairs it does not vectorise,
// and the dispatcher then falls back to the scalar kernel, which exists for every pair
// (strings take a separate path: see strings.hpp).
#pragma once

#include <cstddef>

#include "castlike/type_table.hpp"
#include "castlike/types.h"

namespace castlike::opt {

using KernelFn = void (*)(const void* src, void* dst, size_t n, const castlike_attributes& attrs);

// castlike_isa's levels (castlike/isa_levels.hpp: kIsaLevels), by the same values.
enum class Isa : int { kScalar = 0, kAvx2 = 1, kAvx512 = 2, kNeon = 3 };

KernelFn scalar_lookup(ElementType from, ElementType to);  // never nullptr for numeric pairs
KernelFn avx2_lookup(ElementType from, ElementType to);    // x86 builds only
KernelFn avx512_lookup(ElementType from, ElementType to);  // x86 builds only
KernelFn neon_lookup(ElementType from, ElementType to);    // AArch64 builds only

}  // namespace castlike::opt
