// The numeric path of the C API: a slice of elements (any offsets, packed or not, overlapping or
// not) through the kernel of the dispatched level. Internal to optimized/.
#pragma once

#include <cstddef>

#include "castlike/castlike.h"
#include "castlike/type_table.hpp"

namespace castlike::opt {

// castlike_convert for types already looked up (also a node's data): every argument checked
// before the kernel runs; STRING types are refused (the string path has its own entry points).
castlike_status convert_types(ElementType from, const void* src, size_t src_offset, ElementType to, void* dst,
                              size_t dst_offset, size_t n, const castlike_attributes* attributes);

}  // namespace castlike::opt
