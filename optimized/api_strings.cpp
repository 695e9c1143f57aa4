// The STRING path of the C API (api_strings.hpp): the texts are read and written by the scalar
// parser and formatter of strings.hpp on every ISA.
#include "api_strings.hpp"

#include <cstdint>
#include <cstring>
#include <string_view>

#include "api_checks.hpp"
#include "castlike/packing.hpp"
#include "strings.hpp"

namespace castlike::opt {
namespace {

void store_element(ElementType to, uint8_t* dst, size_t index, uint64_t bits) {
  const unsigned width = info(to).bits;
  if (width < 8) {
    store_bits(to, dst, index, bits);
  } else {
    std::memcpy(dst + index * (width / 8), &bits, width / 8);  // little-endian host
  }
}

uint64_t load_element(ElementType from, const uint8_t* src, size_t index) {
  const unsigned width = info(from).bits;
  if (width < 8) return load_bits(from, src, index);
  uint64_t v = 0;
  std::memcpy(&v, src + index * (width / 8), width / 8);
  return v;
}

// The source slice of a numeric-to-text call: its bytes fit, and it is there when it has elements.
castlike_status check_string_source(ElementType from, const void* src, size_t src_offset, size_t n) {
  ByteRange sr;
  if (const castlike_status s = byte_range(from, src_offset, n, sr); s != CASTLIKE_OK) return s;
  if (n == 0) return CASTLIKE_OK;
  if (src == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  return check_pointer(src, sr);
}

}  // namespace

castlike_status from_strings(const char* const* texts, const size_t* lengths, size_t n, ElementType to, void* dst,
                             size_t dst_offset, const castlike_attributes* attributes) {
  castlike_attributes attrs;
  if (const castlike_status s = resolve_attributes(attributes, attrs); s != CASTLIKE_OK) return s;
  ByteRange dr;
  if (const castlike_status s = byte_range(to, dst_offset, n, dr); s != CASTLIKE_OK) return s;
  if (n == 0) return CASTLIKE_OK;
  if (texts == nullptr || dst == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  if (const castlike_status s = check_pointer(dst, dr); s != CASTLIKE_OK) return s;
  std::string_view text;
  for (size_t i = 0; i < n; ++i)  // every argument checked before anything is written
    if (const castlike_status s = text_at(texts, lengths, i, text); s != CASTLIKE_OK) return s;
  uint8_t* d = static_cast<uint8_t*>(dst);
  for (size_t i = 0; i < n; ++i) {
    text_at(texts, lengths, i, text);
    store_element(to, d, dst_offset + i, parse_text(text, to, attrs));
  }
  return CASTLIKE_OK;
}

castlike_status to_strings(ElementType from, const void* src, size_t src_offset, size_t n, castlike_string_sink sink,
                           void* user_data) {
  if (const castlike_status s = check_string_source(from, src, src_offset, n); s != CASTLIKE_OK) return s;
  if (n == 0) return CASTLIKE_OK;
  if (sink == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  const uint8_t* s = static_cast<const uint8_t*>(src);
  char text[CASTLIKE_MAX_TEXT_SIZE];
  for (size_t i = 0; i < n; ++i) {
    const size_t len = format_element(from, load_element(from, s, src_offset + i), text);
    text[len] = '\0';
    if (sink(user_data, i, text, len) != 0) return CASTLIKE_ERROR_CALLBACK_ABORTED;
  }
  return CASTLIKE_OK;
}

castlike_status to_string_buffer(ElementType from, const void* src, size_t src_offset, size_t n, char* buffer,
                                 size_t capacity, size_t* offsets, size_t* required) {
  if (const castlike_status s = check_string_source(from, src, src_offset, n); s != CASTLIKE_OK) return s;
  const uint8_t* s = static_cast<const uint8_t*>(src);
  char text[CASTLIKE_MAX_TEXT_SIZE];
  // First the size of every text with its NUL, then the texts when they fit.
  size_t total = 0;
  for (size_t i = 0; i < n; ++i) {
    const size_t len = format_element(from, load_element(from, s, src_offset + i), text) + 1;
    if (total > SIZE_MAX - len) return CASTLIKE_ERROR_SIZE_OVERFLOW;
    total += len;
  }
  if (required != nullptr) *required = total;
  if (buffer == nullptr || capacity < total) {
    if (n == 0 && offsets != nullptr) offsets[0] = 0;
    return n == 0 ? CASTLIKE_OK : CASTLIKE_ERROR_BUFFER_TOO_SMALL;
  }
  size_t at = 0;
  for (size_t i = 0; i < n; ++i) {
    const size_t len = format_element(from, load_element(from, s, src_offset + i), text);
    if (offsets != nullptr) offsets[i] = at;
    std::memcpy(buffer + at, text, len);
    buffer[at + len] = '\0';
    at += len + 1;
  }
  if (offsets != nullptr) offsets[n] = at;
  return CASTLIKE_OK;
}

}  // namespace castlike::opt
