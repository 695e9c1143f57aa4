// The C API's argument checks (castlike/castlike.h), shared by its entry points: the raw value of a
// C enum, a type number, the attributes, and the bytes a slice of elements occupies. Each answers
// a status; none throws. Internal to optimized/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

#include "castlike/castlike.h"
#include "castlike/type_table.hpp"

namespace castlike::opt {

// A C caller may pass any int where the API says castlike_type / castlike_isa / castlike_status:
// the entry points read the bytes of such parameters (an out-of-range value loaded as a C++ enum
// is undefined behaviour) and work on the int from then on.
template <class E>
int32_t raw(const E& e) {
  static_assert(sizeof(E) == sizeof(int32_t), "C enums are int-sized on the supported ABIs");
  int32_t v;
  std::memcpy(&v, &e, sizeof v);
  return v;
}

// The row of an ONNX type number (nullopt: no such type).
std::optional<ElementType> type_of(int32_t t);

// The attributes of an element-level call: the defaults when `in` is NULL, else `in` checked.
castlike_status resolve_attributes(const castlike_attributes* in, castlike_attributes& out);

// The bytes [first, first + count) that n elements from element `offset` occupy.
struct ByteRange {
  size_t first = 0, count = 0;
};
castlike_status byte_range(ElementType t, size_t offset, size_t n, ByteRange& r);

// Whether the range `r` from `p` fits in the address space.
castlike_status check_pointer(const void* p, const ByteRange& r);

// Text i of a caller's texts: NUL-terminated when `lengths` is NULL, else of lengths[i] bytes.
castlike_status text_at(const char* const* texts, const size_t* lengths, size_t i, std::string_view& out);

}  // namespace castlike::opt
