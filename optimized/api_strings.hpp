// The STRING path of the C API: texts to a numeric slice, a numeric slice to texts through a sink
// or into one buffer. Each for a type already looked up and not STRING; every argument is checked
// before anything is written. Internal to optimized/.
#pragma once

#include <cstddef>

#include "castlike/castlike.h"
#include "castlike/type_table.hpp"

namespace castlike::opt {

castlike_status from_strings(const char* const* texts, const size_t* lengths, size_t n, ElementType to, void* dst,
                             size_t dst_offset, const castlike_attributes* attributes);
castlike_status to_strings(ElementType from, const void* src, size_t src_offset, size_t n, castlike_string_sink sink,
                           void* user_data);
castlike_status to_string_buffer(ElementType from, const void* src, size_t src_offset, size_t n, char* buffer,
                                 size_t capacity, size_t* offsets, size_t* required);

}  // namespace castlike::opt
