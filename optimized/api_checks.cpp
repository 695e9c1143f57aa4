// The C API's argument checks (api_checks.hpp).
#include "api_checks.hpp"

#include <type_traits>

#include "castlike/packing.hpp"

namespace castlike::opt {

std::optional<ElementType> type_of(int32_t t) {
  const TypeInfo* i = find_type(t);
  if (i == nullptr) return std::nullopt;
  return i->type;
}

castlike_status resolve_attributes(const castlike_attributes* in, castlike_attributes& out) {
  out = castlike_default_attributes();
  if (in == nullptr) return CASTLIKE_OK;
  if (in->saturate != 0 && in->saturate != 1) return CASTLIKE_ERROR_INVALID_ATTRIBUTE;
  // A C caller may store any int in the enum: read its bytes, not the enum (a C++ load of an
  // out-of-range enum value is undefined; found by fuzz_convert under UBSan).
  std::underlying_type_t<castlike_round_mode> mode;
  static_assert(sizeof mode == sizeof in->round_mode);
  std::memcpy(&mode, &in->round_mode, sizeof mode);
  if (mode != CASTLIKE_ROUND_UP && mode != CASTLIKE_ROUND_DOWN && mode != CASTLIKE_ROUND_NEAREST)
    return CASTLIKE_ERROR_INVALID_ATTRIBUTE;
  out = *in;
  return CASTLIKE_OK;
}

castlike_status byte_range(ElementType t, size_t offset, size_t n, ByteRange& r) {
  const unsigned bits = info(t).bits;
  if (bits >= 8) {
    const size_t width = bits / 8;
    if (offset > SIZE_MAX / width || n > SIZE_MAX / width) return CASTLIKE_ERROR_SIZE_OVERFLOW;
    r.first = offset * width;
    r.count = n * width;
  } else {
    const auto bytes = storage_bytes(t, n, offset);
    if (!bytes) return CASTLIKE_ERROR_SIZE_OVERFLOW;
    r.first = bit_position(t, offset).byte;
    r.count = *bytes;
  }
  if (r.first > SIZE_MAX - r.count) return CASTLIKE_ERROR_SIZE_OVERFLOW;
  return CASTLIKE_OK;
}

castlike_status check_pointer(const void* p, const ByteRange& r) {
  const uintptr_t base = reinterpret_cast<uintptr_t>(p);
  if (base > UINTPTR_MAX - r.first || base + r.first > UINTPTR_MAX - r.count) return CASTLIKE_ERROR_SIZE_OVERFLOW;
  return CASTLIKE_OK;
}

castlike_status text_at(const char* const* texts, const size_t* lengths, size_t i, std::string_view& out) {
  const char* t = texts[i];
  if (lengths == nullptr) {
    if (t == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
    out = std::string_view(t);
    return CASTLIKE_OK;
  }
  if (t == nullptr && lengths[i] != 0) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  out = t == nullptr ? std::string_view() : std::string_view(t, lengths[i]);
  return CASTLIKE_OK;
}

}  // namespace castlike::opt
