// The C API (castlike/castlike.h): its entry points, each a type looked up and a call of the part
// that does the job (api_checks: the argument checks; api_convert: the numeric path through the
// dispatched kernels; api_strings: the STRING path; api_node: one Cast or CastLike node), the
// status texts and the ISA level. Nothing here throws out of a C entry point.
#include <cstdint>
#include <new>
#include <string>

#include "api_checks.hpp"
#include "api_convert.hpp"
#include "api_node.hpp"
#include "api_strings.hpp"
#include "castlike/castlike.h"
#include "castlike/isa_levels.hpp"
#include "castlike/type_table.hpp"
#include "dispatch.hpp"

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

// The type of a STRING call's numeric side: a known type that is not STRING.
castlike_status numeric_type(int32_t id, ElementType& type) {
  const auto t = type_of(id);
  if (!t) return CASTLIKE_ERROR_UNKNOWN_TYPE;
  if (*t == ElementType::kString) return CASTLIKE_ERROR_STRING_TYPE;
  type = *t;
  return CASTLIKE_OK;
}

// Built from the type table, so that the message and the check agree.
const std::string kUnknownOpsetMessage =
    "no such operator at this opset (CastLike exists from opset " + std::to_string(kCastLikeVersions.front()) +
    ", Cast from opset " + std::to_string(kCastVersions.front()) + ", to opset " + std::to_string(kNewestKnownOpset) +
    ", the newest this library knows: castlike_newest_opset())";
const std::string kAttributeNotInOpsetMessage =
    "the attribute does not exist at this operator version (saturate needs opset >= " + std::to_string(kSaturateSince) +
    ", round_mode >= " + std::to_string(kRoundModeSince) + ")";

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
  return guarded([&] {
    const auto f = type_of(raw(from)), t = type_of(raw(to));
    if (!f || !t) return CASTLIKE_ERROR_UNKNOWN_TYPE;
    return convert_types(*f, src, src_offset, *t, dst, dst_offset, n, attributes);
  });
}

castlike_status castlike_storage_bytes(castlike_type type, size_t offset, size_t n, size_t* bytes) {
  return guarded([&] {
    castlike::ElementType t;
    if (const castlike_status s = numeric_type(raw(type), t); s != CASTLIKE_OK) return s;
    if (bytes == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
    ByteRange r;
    if (const castlike_status s = byte_range(t, offset, n, r); s != CASTLIKE_OK) return s;
    *bytes = r.count;
    return CASTLIKE_OK;
  });
}

castlike_status castlike_convert_from_strings(const char* const* texts, const size_t* lengths, size_t n,
                                              castlike_type to, void* dst, size_t dst_offset,
                                              const castlike_attributes* attributes) {
  return guarded([&] {
    castlike::ElementType t;
    if (const castlike_status s = numeric_type(raw(to), t); s != CASTLIKE_OK) return s;
    return from_strings(texts, lengths, n, t, dst, dst_offset, attributes);
  });
}

castlike_status castlike_convert_to_strings(castlike_type from, const void* src, size_t src_offset, size_t n,
                                            castlike_string_sink sink, void* user_data) {
  return guarded([&] {
    castlike::ElementType f;
    if (const castlike_status s = numeric_type(raw(from), f); s != CASTLIKE_OK) return s;
    return to_strings(f, src, src_offset, n, sink, user_data);
  });
}

castlike_status castlike_convert_to_string_buffer(castlike_type from, const void* src, size_t src_offset, size_t n,
                                                  char* buffer, size_t capacity, size_t* offsets, size_t* required) {
  return guarded([&] {
    castlike::ElementType f;
    if (const castlike_status s = numeric_type(raw(from), f); s != CASTLIKE_OK) return s;
    return to_string_buffer(f, src, src_offset, n, buffer, capacity, offsets, required);
  });
}

castlike_status castlike_cast_like(const castlike_tensor* input, castlike_type target, int64_t opset,
                                   const castlike_node_attributes* attributes, castlike_output* output) {
  return guarded([&] { return cast_node(castlike::Operator::kCastLike, input, raw(target), opset, attributes, output); });
}

castlike_status castlike_cast(const castlike_tensor* input, castlike_type to, int64_t opset,
                              const castlike_node_attributes* attributes, castlike_output* output) {
  return guarded([&] { return cast_node(castlike::Operator::kCast, input, raw(to), opset, attributes, output); });
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
