// castlike: the C++ layer over castlike.h. Header-only and noexcept: every function returns the C
// API's castlike_status (allocation failures become CASTLIKE_ERROR_OUT_OF_MEMORY).
//
//   std::vector<float> in = ...;
//   std::vector<uint8_t> out(in.size());
//   castlike_status s = castlike::convert<castlike::dtype::Float, castlike::dtype::Float8E4M3FN>(
//       in, out, castlike::Attributes{.saturate = false});
//
// Each ONNX type has a tag in castlike::dtype with its C id and its storage type: the
// C++ type one element is stored in (float, double, bool, the integers; uint16_t for FLOAT16 and
// BFLOAT16; uint8_t for the float8 types; for the packed 6-/4-/2-bit types uint8_t bytes of one
// little-endian bit string: four 6-bit elements in three bytes, two 4-bit or four 2-bit in one).
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "castlike/castlike.h"

namespace castlike {

struct Attributes {
  bool saturate = true;
  castlike_round_mode round_mode = CASTLIKE_ROUND_UP;

  castlike_attributes c() const noexcept {
    castlike_attributes a;
    a.saturate = saturate ? 1 : 0;
    a.round_mode = round_mode;
    return a;
  }
};

namespace dtype {

template <castlike_type Id, class Storage, unsigned Bits>
struct Tag {
  static constexpr castlike_type id = Id;
  using storage = Storage;
  static constexpr unsigned bits = Bits;  // per element (0 for STRING)
  static constexpr bool packed = Bits > 0 && Bits < 8;
};

// Float, Double, ..., String: one tag per row of type_list.h.
#define CASTLIKE_DTYPE_TAG(NAME, Name, number, numpy, bits, storage, ...) using Name = Tag<CASTLIKE_##NAME, storage, bits>;
CASTLIKE_TYPE_LIST(CASTLIKE_DTYPE_TAG)
#undef CASTLIKE_DTYPE_TAG

static_assert(sizeof(bool) == 1, "BOOL elements are one byte");

}  // namespace dtype

template <class T>
concept NumericTag = T::bits >
0;

// Elements a span of storage units can hold.
template <NumericTag T>
constexpr size_t capacity_in_elements(size_t storage_units) noexcept {
  if constexpr (!T::packed) return storage_units;
  // Packed types are one bit string: whole elements in storage_units bytes (6-bit: 4 in 3 bytes).
  else return storage_units > SIZE_MAX / 8 ? SIZE_MAX / T::bits : storage_units * 8 / T::bits;
}

// n elements from element src_offset of src to element dst_offset of dst (offsets and n count
// elements; the spans count storage units). Every type, packed ones included.
template <NumericTag From, NumericTag To>
castlike_status convert(std::span<const typename From::storage> src, size_t src_offset,
                        std::span<typename To::storage> dst, size_t dst_offset, size_t n,
                        const Attributes& attributes = {}) noexcept {
  const size_t src_cap = capacity_in_elements<From>(src.size()), dst_cap = capacity_in_elements<To>(dst.size());
  if (src_offset > src_cap || n > src_cap - src_offset) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  if (dst_offset > dst_cap || n > dst_cap - dst_offset) return CASTLIKE_ERROR_BUFFER_TOO_SMALL;
  const castlike_attributes a = attributes.c();
  return castlike_convert(From::id, src.data(), src_offset, To::id, dst.data(), dst_offset, n, &a);
}

// All of src into the start of dst (types of 8 bits or more; packed types take the overload above).
template <NumericTag From, NumericTag To>
requires(!From::packed && !To::packed) castlike_status
    convert(std::span<const typename From::storage> src, std::span<typename To::storage> dst,
            const Attributes& attributes = {})
noexcept { return convert<From, To>(src, 0, dst, 0, src.size(), attributes); }

// Texts to elements of To.
template <NumericTag To>
castlike_status from_strings(std::span<const std::string_view> texts, std::span<typename To::storage> dst,
                             size_t dst_offset = 0, const Attributes& attributes = {}) noexcept {
  if (dst_offset > capacity_in_elements<To>(dst.size()) ||
      texts.size() > capacity_in_elements<To>(dst.size()) - dst_offset)
    return CASTLIKE_ERROR_BUFFER_TOO_SMALL;
  try {
    std::vector<const char*> pointers(texts.size());
    std::vector<size_t> lengths(texts.size());
    for (size_t i = 0; i < texts.size(); ++i) {
      pointers[i] = texts[i].data();
      lengths[i] = texts[i].size();
    }
    const castlike_attributes a = attributes.c();
    return castlike_convert_from_strings(pointers.data(), lengths.data(), texts.size(), To::id, dst.data(), dst_offset,
                                         &a);
  } catch (const std::bad_alloc&) {
    return CASTLIKE_ERROR_OUT_OF_MEMORY;
  }
}

template <NumericTag To>
castlike_status from_strings(std::span<const std::string> texts, std::span<typename To::storage> dst,
                             size_t dst_offset = 0, const Attributes& attributes = {}) noexcept {
  try {
    std::vector<std::string_view> views(texts.begin(), texts.end());
    return from_strings<To>(std::span<const std::string_view>(views), dst, dst_offset, attributes);
  } catch (const std::bad_alloc&) {
    return CASTLIKE_ERROR_OUT_OF_MEMORY;
  }
}

namespace detail {
// The castlike_string_sink that appends each text to the std::vector<std::string> at `user`
// (a failed allocation stops the call: CASTLIKE_ERROR_CALLBACK_ABORTED).
struct StringSink {
  static int put(void* user, size_t, const char* text, size_t length) {
    try {
      static_cast<std::vector<std::string>*>(user)->emplace_back(text, length);
      return 0;
    } catch (...) {
      return 1;
    }
  }
};
}  // namespace detail

// n elements of From (from element src_offset) to texts, replacing the contents of `out`.
template <NumericTag From>
castlike_status to_strings(std::span<const typename From::storage> src, size_t src_offset, size_t n,
                           std::vector<std::string>& out) noexcept {
  const size_t cap = capacity_in_elements<From>(src.size());
  if (src_offset > cap || n > cap - src_offset) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  try {
    out.clear();
    out.reserve(n);
    const castlike_status s =
        castlike_convert_to_strings(From::id, src.data(), src_offset, n, &detail::StringSink::put, &out);
    if (s == CASTLIKE_ERROR_CALLBACK_ABORTED) return CASTLIKE_ERROR_OUT_OF_MEMORY;
    return s;
  } catch (const std::bad_alloc&) {
    return CASTLIKE_ERROR_OUT_OF_MEMORY;
  }
}

template <NumericTag From>
requires(!From::packed) castlike_status
    to_strings(std::span<const typename From::storage> src, std::vector<std::string>& out)
noexcept { return to_strings<From>(src, 0, src.size(), out); }

// ---- The CastLike operator ----------------------------------------------------------------------

// An owning tensor in ONNX's layout: `data` for numeric types (raw, packed for 6-/4-/2-bit types),
// `strings` for STRING.
struct Tensor {
  castlike_type type = CASTLIKE_FLOAT;
  std::vector<int64_t> shape;
  std::vector<uint8_t> data;
  std::vector<std::string> strings;
};

// The attributes as the node states them (absent = not stated).
struct NodeAttributes {
  std::optional<int64_t> saturate;
  std::optional<std::string> round_mode;
};

namespace detail {
using NodeCall = castlike_status (*)(const castlike_tensor*, castlike_type, int64_t, const castlike_node_attributes*,
                                     castlike_output*);

// One node through `call` (castlike_cast_like or castlike_cast): every check, then the output.
inline castlike_status run_node(NodeCall call, const Tensor& input, castlike_type target, int64_t opset,
                                const NodeAttributes& attributes, Tensor& output) noexcept {
  try {
    castlike_tensor in{};
    in.type = input.type;
    in.shape = input.shape.data();
    in.rank = input.shape.size();
    std::vector<const char*> pointers;
    std::vector<size_t> lengths;
    bool text_count_ok = true;
    if (input.type == CASTLIKE_STRING) {
      // The C call reads as many texts as the shape has elements: when they differ, it is given no
      // texts at all, so that it reports the first problem in its usual order and reads nothing.
      size_t count = 1;
      for (int64_t d : input.shape) {
        if (d < 0 || (d != 0 && count > SIZE_MAX / static_cast<uint64_t>(d))) {
          text_count_ok = false;
          break;
        }
        count *= static_cast<size_t>(d);
      }
      text_count_ok = text_count_ok && count == input.strings.size();
      if (text_count_ok) {
        pointers.resize(input.strings.size());
        lengths.resize(input.strings.size());
        for (size_t i = 0; i < input.strings.size(); ++i) {
          pointers[i] = input.strings[i].data();
          lengths[i] = input.strings[i].size();
        }
        in.strings = pointers.data();
        in.string_lengths = lengths.data();
      }
    } else {
      in.data = input.data.data();
      in.data_bytes = input.data.size();
    }
    castlike_node_attributes na{};
    if (attributes.saturate) {
      na.has_saturate = 1;
      na.saturate = *attributes.saturate;
    }
    if (attributes.round_mode) {
      na.has_round_mode = 1;
      na.round_mode = attributes.round_mode->c_str();
    }
    Tensor result;
    result.type = target;
    result.shape = input.shape;
    castlike_output out{};
    if (target == CASTLIKE_STRING) {
      out.sink = &StringSink::put;
      out.sink_user_data = &result.strings;
    }
    if (!text_count_ok) {
      const castlike_status s = call(&in, target, opset, &na, &out);
      return s != CASTLIKE_OK ? s : CASTLIKE_ERROR_INVALID_ARGUMENT;
    }
    if (target != CASTLIKE_STRING) {
      // First call with no buffer: every check, and the output size.
      const castlike_status probe = call(&in, target, opset, &na, &out);
      if (probe != CASTLIKE_ERROR_BUFFER_TOO_SMALL && probe != CASTLIKE_OK) return probe;
      result.data.assign(out.bytes_written, 0);
      out.data = result.data.data();
      out.capacity = result.data.size();
    }
    const castlike_status s = call(&in, target, opset, &na, &out);
    if (s == CASTLIKE_ERROR_CALLBACK_ABORTED) return CASTLIKE_ERROR_OUT_OF_MEMORY;
    if (s != CASTLIKE_OK) return s;
    output = std::move(result);
    return CASTLIKE_OK;
  } catch (const std::bad_alloc&) {
    return CASTLIKE_ERROR_OUT_OF_MEMORY;
  }
}

}  // namespace detail

// CastLike(input, a tensor of type `target`) at `opset`; on success `output` holds the result.
inline castlike_status cast_like(const Tensor& input, castlike_type target, int64_t opset,
                                 const NodeAttributes& attributes, Tensor& output) noexcept {
  return detail::run_node(&castlike_cast_like, input, target, opset, attributes, output);
}

// Cast(input, to=`to`) at `opset`: the same conversion, Cast's versions (opsets 13..28).
inline castlike_status cast(const Tensor& input, castlike_type to, int64_t opset, const NodeAttributes& attributes,
                            Tensor& output) noexcept {
  return detail::run_node(&castlike_cast, input, to, opset, attributes, output);
}

inline const char* status_message(castlike_status s) noexcept { return castlike_status_message(s); }
inline castlike_isa active_isa() noexcept { return castlike_active_isa(); }
inline castlike_status force_isa(castlike_isa isa) noexcept { return castlike_force_isa(isa); }

}  // namespace castlike
