// The C API (castlike/castlike.h): argument checks, offsets and overlap, then the dispatched kernels
// and the string path. Nothing here throws out of a C entry point.
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <type_traits>

#include "castlike/castlike.h"
#include "castlike/isa_levels.hpp"
#include "castlike/packing.hpp"
#include "castlike/type_table.hpp"
#include "dispatch.hpp"
#include "strings.hpp"

namespace castlike::opt {
namespace {

// Runs f, turning any escaping exception into a status (there should be none but bad_alloc).
template <class F>
castlike_status guarded(F&& f) noexcept {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    return CASTLIKE_ERROR_OUT_OF_MEMORY;
  } catch (...) {
    return CASTLIKE_ERROR_INTERNAL;
  }
}

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

// The bytes [first, first + count) that n elements from element `offset` occupy.
struct ByteRange {
  size_t first = 0, count = 0;
};

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

// Copies nbits bits from src (starting at bit sbit) to dst (starting at bit dbit), leaving every
// other bit of dst unchanged. Reads only bytes that hold source bits.
void copy_bits(uint8_t* dst, size_t dbit, const uint8_t* src, size_t sbit, size_t nbits) {
  size_t k = 0;
  while (k < nbits) {
    const size_t d = dbit + k, s = sbit + k;
    const unsigned doff = static_cast<unsigned>(d % 8), soff = static_cast<unsigned>(s % 8);
    const unsigned take = static_cast<unsigned>(std::min<size_t>(8 - doff, nbits - k));
    unsigned v = src[s / 8] >> soff;
    if (soff + take > 8) v |= static_cast<unsigned>(src[s / 8 + 1]) << (8 - soff);
    const unsigned low = (1u << take) - 1u;
    const unsigned mask = low << doff;
    dst[d / 8] = static_cast<uint8_t>((dst[d / 8] & ~mask) | ((v & low) << doff));
    k += take;
  }
}

// Kernels take packed buffers from the start of a packing group (castlike/type_table.hpp) and
// write whole groups. Slices that start inside a group, or end inside bytes shared with other
// elements, go through small aligned blocks. `src` points at the byte that holds element
// `src_offset`'s first bit, so a copy of the source's byte range can stand in for the source.
void convert_packed(KernelFn k, ElementType from, const uint8_t* src, size_t src_offset, ElementType to, uint8_t* dst,
                    size_t dst_offset, size_t n, const castlike_attributes& attrs) {
  constexpr size_t kChunk = 2048;         // elements per block, a multiple of every group (4)
  alignas(64) uint8_t block_in[kChunk];   // a packed source block (at most 6 bits per element)
  alignas(64) uint8_t block_out[kChunk];  // a packed destination block
  const unsigned sbits = info(from).bits, dbits = info(to).bits;
  const bool spacked = sbits < 8, dpacked = dbits < 8;
  const size_t src_origin = bit_position(from, src_offset).byte;
  const unsigned dgroup = packing_group(to).elements;
  for (size_t done = 0; done < n;) {
    const size_t c = std::min(kChunk, n - done);
    const size_t se = src_offset + done, de = dst_offset + done;
    const uint8_t* s;
    if (!spacked) {
      s = src + done * (sbits / 8);
    } else {
      const BitPosition at = bit_position(from, se);
      if (at.shift == 0) {  // a byte-aligned packed element starts a group
        s = src + (at.byte - src_origin);
      } else {
        copy_bits(block_in, 0, src + (at.byte - src_origin), at.shift, c * sbits);
        s = block_in;
      }
    }
    const BitPosition out = bit_position(to, de);
    if (!dpacked) {
      k(s, dst + de * (dbits / 8), c, attrs);
    } else if (out.shift == 0 && c % dgroup == 0) {
      k(s, dst + out.byte, c, attrs);
    } else {
      k(s, block_out, c, attrs);
      copy_bits(dst + out.byte, out.shift, block_out, 0, c * dbits);
    }
    done += c;
  }
}

// The conversion of types already looked up (castlike_convert after type_of, and a node's data).
castlike_status convert_types(ElementType from, const void* src, size_t src_offset, ElementType to, void* dst,
                              size_t dst_offset, size_t n, const castlike_attributes* attributes) {
  if (from == ElementType::kString || to == ElementType::kString) return CASTLIKE_ERROR_STRING_TYPE;
  castlike_attributes attrs;
  if (const castlike_status s = resolve_attributes(attributes, attrs); s != CASTLIKE_OK) return s;
  ByteRange sr, dr;
  if (const castlike_status s = byte_range(from, src_offset, n, sr); s != CASTLIKE_OK) return s;
  if (const castlike_status s = byte_range(to, dst_offset, n, dr); s != CASTLIKE_OK) return s;
  if (n == 0) return CASTLIKE_OK;
  if (src == nullptr || dst == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  if (const castlike_status s = check_pointer(src, sr); s != CASTLIKE_OK) return s;
  if (const castlike_status s = check_pointer(dst, dr); s != CASTLIKE_OK) return s;

  const KernelFn k = active_kernel(from, to);
  if (k == nullptr) return CASTLIKE_ERROR_INTERNAL;

  const uint8_t* s = static_cast<const uint8_t*>(src);
  uint8_t* d = static_cast<uint8_t*>(dst);
  // Overlapping ranges: read the whole source first.
  std::unique_ptr<uint8_t[]> copy;
  const uintptr_t s0 = reinterpret_cast<uintptr_t>(s) + sr.first, d0 = reinterpret_cast<uintptr_t>(d) + dr.first;
  if (s0 < d0 + dr.count && d0 < s0 + sr.count) {
    copy.reset(new (std::nothrow) uint8_t[sr.count]);
    if (!copy) return CASTLIKE_ERROR_OUT_OF_MEMORY;
    std::memcpy(copy.get(), s + sr.first, sr.count);
    // The copy starts at the byte of element src_offset, as convert_packed's source does.
    if (!is_packed(from) && !is_packed(to)) {
      k(copy.get(), d + dr.first, n, attrs);
      return CASTLIKE_OK;
    }
    convert_packed(k, from, copy.get(), src_offset, to, d, dst_offset, n, attrs);
    return CASTLIKE_OK;
  }
  if (!is_packed(from) && !is_packed(to)) {
    k(s + sr.first, d + dr.first, n, attrs);
    return CASTLIKE_OK;
  }
  convert_packed(k, from, s + sr.first, src_offset, to, d, dst_offset, n, attrs);
  return CASTLIKE_OK;
}

castlike_status convert_impl(int32_t from_id, const void* src, size_t src_offset, int32_t to_id, void* dst,
                             size_t dst_offset, size_t n, const castlike_attributes* attributes) {
  const auto from = type_of(from_id), to = type_of(to_id);
  if (!from || !to) return CASTLIKE_ERROR_UNKNOWN_TYPE;
  return convert_types(*from, src, src_offset, *to, dst, dst_offset, n, attributes);
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

castlike_status from_strings_impl(const char* const* texts, const size_t* lengths, size_t n, int32_t to_id,
                                  void* dst, size_t dst_offset, const castlike_attributes* attributes) {
  const auto to = type_of(to_id);
  if (!to) return CASTLIKE_ERROR_UNKNOWN_TYPE;
  if (*to == ElementType::kString) return CASTLIKE_ERROR_STRING_TYPE;
  castlike_attributes attrs;
  if (const castlike_status s = resolve_attributes(attributes, attrs); s != CASTLIKE_OK) return s;
  ByteRange dr;
  if (const castlike_status s = byte_range(*to, dst_offset, n, dr); s != CASTLIKE_OK) return s;
  if (n == 0) return CASTLIKE_OK;
  if (texts == nullptr || dst == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  if (const castlike_status s = check_pointer(dst, dr); s != CASTLIKE_OK) return s;
  std::string_view text;
  for (size_t i = 0; i < n; ++i)  // every argument checked before anything is written
    if (const castlike_status s = text_at(texts, lengths, i, text); s != CASTLIKE_OK) return s;
  uint8_t* d = static_cast<uint8_t*>(dst);
  for (size_t i = 0; i < n; ++i) {
    text_at(texts, lengths, i, text);
    store_element(*to, d, dst_offset + i, parse_text(text, *to, attrs));
  }
  return CASTLIKE_OK;
}

castlike_status check_string_source(int32_t from_id, const void* src, size_t src_offset, size_t n,
                                    ElementType& from) {
  const auto t = type_of(from_id);
  if (!t) return CASTLIKE_ERROR_UNKNOWN_TYPE;
  if (*t == ElementType::kString) return CASTLIKE_ERROR_STRING_TYPE;
  from = *t;
  ByteRange sr;
  if (const castlike_status s = byte_range(from, src_offset, n, sr); s != CASTLIKE_OK) return s;
  if (n == 0) return CASTLIKE_OK;
  if (src == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  return check_pointer(src, sr);
}

castlike_status to_strings_impl(int32_t from_id, const void* src, size_t src_offset, size_t n,
                                castlike_string_sink sink, void* user_data) {
  ElementType from;
  if (const castlike_status s = check_string_source(from_id, src, src_offset, n, from); s != CASTLIKE_OK) return s;
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

castlike_status to_string_buffer_impl(int32_t from_id, const void* src, size_t src_offset, size_t n, char* buffer,
                                      size_t capacity, size_t* offsets, size_t* required) {
  ElementType from;
  if (const castlike_status s = check_string_source(from_id, src, src_offset, n, from); s != CASTLIKE_OK) return s;
  const uint8_t* s = static_cast<const uint8_t*>(src);
  char text[CASTLIKE_MAX_TEXT_SIZE];
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

// Zeroes the bits after element `count` in the last byte of a packed tensor.
void clear_padding(ElementType t, uint8_t* data, size_t count) {
  const unsigned bits = info(t).bits;
  if (bits >= 8 || count == 0) return;
  const BitPosition end = bit_position(t, count);  // the first bit after the last element
  if (end.shift != 0) data[end.byte] &= static_cast<uint8_t>((1u << end.shift) - 1u);
}

// Built from the type table, so that the message and the check agree.
const std::string kUnknownOpsetMessage =
    "no such operator at this opset (CastLike exists from opset " + std::to_string(kCastLikeVersions.front()) +
    ", Cast from opset " + std::to_string(kCastVersions.front()) + ", to opset " + std::to_string(kNewestKnownOpset) +
    ", the newest this library knows: castlike_newest_opset())";
const std::string kAttributeNotInOpsetMessage =
    "the attribute does not exist at this operator version (saturate needs opset >= " + std::to_string(kSaturateSince) +
    ", round_mode >= " + std::to_string(kRoundModeSince) + ")";

// One node of `op` (Cast or CastLike: the same conversion, their own versions' checks).
castlike_status cast_impl(Operator op, const castlike_tensor* input, int32_t target_id, int64_t opset,
                          const castlike_node_attributes* na, castlike_output* output) {
  if (input == nullptr || output == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  output->bytes_written = 0;
  if (opset < 0 || opset > 1000000) return CASTLIKE_ERROR_UNKNOWN_OPSET;
  const auto version = version_for_opset(op, static_cast<int>(opset));
  if (!version) return CASTLIKE_ERROR_UNKNOWN_OPSET;
  const auto from = type_of(raw(input->type)), to = type_of(target_id);
  if (!from || !to) return CASTLIKE_ERROR_UNKNOWN_TYPE;
  if (!type_in_version(*from, *version) || !type_in_version(*to, *version)) return CASTLIKE_ERROR_TYPE_NOT_IN_OPSET;
  castlike_attributes attrs = castlike_default_attributes();
  if (na != nullptr && na->has_saturate) {
    if (!saturate_in_version(*version)) return CASTLIKE_ERROR_ATTRIBUTE_NOT_IN_OPSET;
    if (na->saturate != 0 && na->saturate != 1) return CASTLIKE_ERROR_INVALID_ATTRIBUTE;
    attrs.saturate = static_cast<int32_t>(na->saturate);
  }
  if (na != nullptr && na->has_round_mode) {
    if (!round_mode_in_version(*version)) return CASTLIKE_ERROR_ATTRIBUTE_NOT_IN_OPSET;
    if (na->round_mode == nullptr) return CASTLIKE_ERROR_INVALID_ATTRIBUTE;
    const auto mode = round_mode_from_name(na->round_mode);
    if (!mode) return CASTLIKE_ERROR_INVALID_ATTRIBUTE;
    attrs.round_mode = *mode;
  }
  // Shape and element count.
  if (input->rank > 0 && input->shape == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  size_t count = 1;
  for (size_t i = 0; i < input->rank; ++i) {
    const int64_t dim = input->shape[i];
    if (dim < 0) return CASTLIKE_ERROR_INVALID_ARGUMENT;
    if (static_cast<uint64_t>(dim) > SIZE_MAX) return CASTLIKE_ERROR_SIZE_OVERFLOW;
    if (dim != 0 && count > SIZE_MAX / static_cast<size_t>(dim)) return CASTLIKE_ERROR_SIZE_OVERFLOW;
    count *= static_cast<size_t>(dim);
  }
  // The input matches its shape.
  if (*from == ElementType::kString) {
    if (count > 0 && input->strings == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  } else {
    const auto bytes = storage_bytes(*from, count);
    if (!bytes) return CASTLIKE_ERROR_SIZE_OVERFLOW;
    if (input->data_bytes != *bytes) return CASTLIKE_ERROR_INVALID_ARGUMENT;
    if (*bytes > 0 && input->data == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  }
  // The output fits.
  if (*to == ElementType::kString) {
    if (count > 0 && output->sink == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  } else {
    const auto bytes = storage_bytes(*to, count);
    if (!bytes) return CASTLIKE_ERROR_SIZE_OVERFLOW;
    output->bytes_written = *bytes;
    if (output->capacity < *bytes) return CASTLIKE_ERROR_BUFFER_TOO_SMALL;
    if (*bytes > 0 && output->data == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  }
  if (count == 0) return CASTLIKE_OK;

  if (*from == ElementType::kString && *to == ElementType::kString) {
    std::string_view text;
    for (size_t i = 0; i < count; ++i)
      if (const castlike_status s = text_at(input->strings, input->string_lengths, i, text); s != CASTLIKE_OK) return s;
    for (size_t i = 0; i < count; ++i) {
      text_at(input->strings, input->string_lengths, i, text);
      // The sink promises a NUL-terminated text: copy when the input is not terminated.
      std::string copy(text);
      if (output->sink(output->sink_user_data, i, copy.c_str(), copy.size()) != 0)
        return CASTLIKE_ERROR_CALLBACK_ABORTED;
    }
    return CASTLIKE_OK;
  }
  if (*from == ElementType::kString) {
    const castlike_status s =
        from_strings_impl(input->strings, input->string_lengths, count, target_id, output->data, 0, &attrs);
    if (s == CASTLIKE_OK) clear_padding(*to, static_cast<uint8_t*>(output->data), count);
    return s;
  }
  if (*to == ElementType::kString)
    return to_strings_impl(raw(input->type), input->data, 0, count, output->sink, output->sink_user_data);
  const castlike_status s = convert_types(*from, input->data, 0, *to, output->data, 0, count, &attrs);
  if (s == CASTLIKE_OK) clear_padding(*to, static_cast<uint8_t*>(output->data), count);
  return s;
}

}  // namespace
}  // namespace castlike::opt

using namespace castlike::opt;  // NOLINT: the C entry points below

extern "C" {

castlike_attributes castlike_default_attributes(void) {
  castlike_attributes a;
  a.saturate = 1;
  a.round_mode = CASTLIKE_ROUND_UP;
  return a;
}

castlike_status castlike_convert(castlike_type from, const void* src, size_t src_offset, castlike_type to, void* dst,
                                 size_t dst_offset, size_t n, const castlike_attributes* attributes) {
  return guarded([&] { return convert_impl(raw(from), src, src_offset, raw(to), dst, dst_offset, n, attributes); });
}

castlike_status castlike_storage_bytes(castlike_type type, size_t offset, size_t n, size_t* bytes) {
  return guarded([&] {
    const auto t = type_of(raw(type));
    if (!t) return CASTLIKE_ERROR_UNKNOWN_TYPE;
    if (*t == castlike::ElementType::kString) return CASTLIKE_ERROR_STRING_TYPE;
    if (bytes == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
    ByteRange r;
    if (const castlike_status s = byte_range(*t, offset, n, r); s != CASTLIKE_OK) return s;
    *bytes = r.count;
    return CASTLIKE_OK;
  });
}

castlike_status castlike_convert_from_strings(const char* const* texts, const size_t* lengths, size_t n,
                                              castlike_type to, void* dst, size_t dst_offset,
                                              const castlike_attributes* attributes) {
  return guarded([&] { return from_strings_impl(texts, lengths, n, raw(to), dst, dst_offset, attributes); });
}

castlike_status castlike_convert_to_strings(castlike_type from, const void* src, size_t src_offset, size_t n,
                                            castlike_string_sink sink, void* user_data) {
  return guarded([&] { return to_strings_impl(raw(from), src, src_offset, n, sink, user_data); });
}

castlike_status castlike_convert_to_string_buffer(castlike_type from, const void* src, size_t src_offset, size_t n,
                                                  char* buffer, size_t capacity, size_t* offsets, size_t* required) {
  return guarded(
      [&] { return to_string_buffer_impl(raw(from), src, src_offset, n, buffer, capacity, offsets, required); });
}

castlike_status castlike_cast_like(const castlike_tensor* input, castlike_type target, int64_t opset,
                                   const castlike_node_attributes* attributes, castlike_output* output) {
  return guarded([&] { return cast_impl(castlike::Operator::kCastLike, input, raw(target), opset, attributes, output); });
}

castlike_status castlike_cast(const castlike_tensor* input, castlike_type to, int64_t opset,
                              const castlike_node_attributes* attributes, castlike_output* output) {
  return guarded([&] { return cast_impl(castlike::Operator::kCast, input, raw(to), opset, attributes, output); });
}

int64_t castlike_newest_opset(void) { return castlike::kNewestKnownOpset; }

const char* castlike_status_message(castlike_status status) {
  switch (raw(status)) {
    case CASTLIKE_OK:
      return "success";
    case CASTLIKE_ERROR_INVALID_ARGUMENT:
      return "invalid argument (a NULL pointer with elements to convert, a negative dimension, or data whose size "
             "does not match its shape)";
    case CASTLIKE_ERROR_UNKNOWN_TYPE:
      return "unknown element type (not one of the ONNX element types Cast and CastLike support)";
    case CASTLIKE_ERROR_TYPE_NOT_IN_OPSET:
      return "the element type does not exist at this operator version (opset)";
    case CASTLIKE_ERROR_ATTRIBUTE_NOT_IN_OPSET:
      return kAttributeNotInOpsetMessage.c_str();
    case CASTLIKE_ERROR_UNKNOWN_OPSET:
      return kUnknownOpsetMessage.c_str();
    case CASTLIKE_ERROR_SIZE_OVERFLOW:
      return "the element count or byte size overflows the address space";
    case CASTLIKE_ERROR_BUFFER_TOO_SMALL:
      return "the output buffer is too small";
    case CASTLIKE_ERROR_UNSUPPORTED_ISA:
      return "this CPU or this build does not support the requested ISA level";
    case CASTLIKE_ERROR_INVALID_ATTRIBUTE:
      return "invalid attribute value (saturate must be 0 or 1; round_mode up, down or nearest)";
    case CASTLIKE_ERROR_STRING_TYPE:
      return "STRING elements need the string calls (castlike_convert_*_strings)";
    case CASTLIKE_ERROR_CALLBACK_ABORTED:
      return "the string sink asked to stop";
    case CASTLIKE_ERROR_OUT_OF_MEMORY:
      return "out of memory";
    case CASTLIKE_ERROR_INTERNAL:
      return "internal error in castlike (please report it)";
  }
  return "unknown status code";
}

castlike_isa castlike_active_isa(void) { return static_cast<castlike_isa>(active_isa()); }

castlike_status castlike_force_isa(castlike_isa isa) {
  const int32_t l = raw(isa);
  if (!castlike::is_isa_level(l)) return CASTLIKE_ERROR_UNSUPPORTED_ISA;
  return force_isa(static_cast<Isa>(l)) ? CASTLIKE_OK : CASTLIKE_ERROR_UNSUPPORTED_ISA;
}

int castlike_isa_available(castlike_isa isa) {
  const int32_t l = raw(isa);
  return castlike::is_isa_level(l) && isa_available(static_cast<Isa>(l)) ? 1 : 0;
}

const char* castlike_isa_name(castlike_isa isa) {
  const int32_t l = raw(isa);
  if (!castlike::is_isa_level(l)) return "unknown";
  return isa_name(static_cast<Isa>(l));
}

}  // extern "C"
