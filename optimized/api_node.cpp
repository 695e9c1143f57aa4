// One node of the C API (api_node.hpp), in the order its checks answer: operator version, types,
// attributes, shape, input, output; nothing is written before every check has passed.
#include "api_node.hpp"

#include <string>
#include <string_view>

#include "api_checks.hpp"
#include "api_convert.hpp"
#include "api_strings.hpp"
#include "castlike/packing.hpp"

namespace castlike::opt {
namespace {

// The node's attributes as the element-level calls take them: each one given must exist at the
// operator version and hold a valid value.
castlike_status node_attributes(int version, const castlike_node_attributes* na, castlike_attributes& attrs) {
  attrs = castlike_default_attributes();
  if (na != nullptr && na->has_saturate) {
    if (!saturate_in_version(version)) return CASTLIKE_ERROR_ATTRIBUTE_NOT_IN_OPSET;
    if (na->saturate != 0 && na->saturate != 1) return CASTLIKE_ERROR_INVALID_ATTRIBUTE;
    attrs.saturate = static_cast<int32_t>(na->saturate);
  }
  if (na != nullptr && na->has_round_mode) {
    if (!round_mode_in_version(version)) return CASTLIKE_ERROR_ATTRIBUTE_NOT_IN_OPSET;
    if (na->round_mode == nullptr) return CASTLIKE_ERROR_INVALID_ATTRIBUTE;
    const auto mode = round_mode_from_name(na->round_mode);
    if (!mode) return CASTLIKE_ERROR_INVALID_ATTRIBUTE;
    attrs.round_mode = *mode;
  }
  return CASTLIKE_OK;
}

// The element count of the input's shape, or why it has none.
castlike_status element_count(const castlike_tensor& input, size_t& count) {
  if (input.rank > 0 && input.shape == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  count = 1;
  for (size_t i = 0; i < input.rank; ++i) {
    const int64_t dim = input.shape[i];
    if (dim < 0) return CASTLIKE_ERROR_INVALID_ARGUMENT;
    if (static_cast<uint64_t>(dim) > SIZE_MAX) return CASTLIKE_ERROR_SIZE_OVERFLOW;
    if (dim != 0 && count > SIZE_MAX / static_cast<size_t>(dim)) return CASTLIKE_ERROR_SIZE_OVERFLOW;
    count *= static_cast<size_t>(dim);
  }
  return CASTLIKE_OK;
}

// The input matches its shape.
castlike_status check_input(ElementType from, const castlike_tensor& input, size_t count) {
  if (from == ElementType::kString) {
    if (count > 0 && input.strings == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
    return CASTLIKE_OK;
  }
  const auto bytes = storage_bytes(from, count);
  if (!bytes) return CASTLIKE_ERROR_SIZE_OVERFLOW;
  if (input.data_bytes != *bytes) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  if (*bytes > 0 && input.data == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  return CASTLIKE_OK;
}

// The output fits (bytes_written says how many bytes it needs, also when it does not).
castlike_status check_output(ElementType to, castlike_output& output, size_t count) {
  if (to == ElementType::kString) {
    if (count > 0 && output.sink == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
    return CASTLIKE_OK;
  }
  const auto bytes = storage_bytes(to, count);
  if (!bytes) return CASTLIKE_ERROR_SIZE_OVERFLOW;
  output.bytes_written = *bytes;
  if (output.capacity < *bytes) return CASTLIKE_ERROR_BUFFER_TOO_SMALL;
  if (*bytes > 0 && output.data == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  return CASTLIKE_OK;
}

// STRING to STRING: every text checked, then each handed to the sink as it is.
castlike_status copy_texts(const castlike_tensor& input, castlike_output& output, size_t count) {
  std::string_view text;
  for (size_t i = 0; i < count; ++i)
    if (const castlike_status s = text_at(input.strings, input.string_lengths, i, text); s != CASTLIKE_OK) return s;
  for (size_t i = 0; i < count; ++i) {
    text_at(input.strings, input.string_lengths, i, text);
    // The sink promises a NUL-terminated text: copy when the input is not terminated.
    std::string copy(text);
    if (output.sink(output.sink_user_data, i, copy.c_str(), copy.size()) != 0) return CASTLIKE_ERROR_CALLBACK_ABORTED;
  }
  return CASTLIKE_OK;
}

// Zeroes the bits after element `count` in the last byte of a packed tensor.
void clear_padding(ElementType t, uint8_t* data, size_t count) {
  const unsigned bits = info(t).bits;
  if (bits >= 8 || count == 0) return;
  const BitPosition end = bit_position(t, count);  // the first bit after the last element
  if (end.shift != 0) data[end.byte] &= static_cast<uint8_t>((1u << end.shift) - 1u);
}

// The checked node's elements, by the path its types take.
castlike_status convert_node(ElementType from, ElementType to, const castlike_tensor& input, castlike_output& output,
                             size_t count, const castlike_attributes& attrs) {
  if (from == ElementType::kString && to == ElementType::kString) return copy_texts(input, output, count);
  if (to == ElementType::kString)
    return to_strings(from, input.data, 0, count, output.sink, output.sink_user_data);
  const castlike_status s =
      from == ElementType::kString
          ? from_strings(input.strings, input.string_lengths, count, to, output.data, 0, &attrs)
          : convert_types(from, input.data, 0, to, output.data, 0, count, &attrs);
  if (s == CASTLIKE_OK) clear_padding(to, static_cast<uint8_t*>(output.data), count);
  return s;
}

}  // namespace

castlike_status cast_node(Operator op, const castlike_tensor* input, int32_t target_id, int64_t opset,
                          const castlike_node_attributes* na, castlike_output* output) {
  if (input == nullptr || output == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  output->bytes_written = 0;
  if (opset < 0 || opset > 1000000) return CASTLIKE_ERROR_UNKNOWN_OPSET;
  const auto version = version_for_opset(op, static_cast<int>(opset));
  if (!version) return CASTLIKE_ERROR_UNKNOWN_OPSET;
  const auto from = type_of(raw(input->type)), to = type_of(target_id);
  if (!from || !to) return CASTLIKE_ERROR_UNKNOWN_TYPE;
  if (!type_in_version(*from, *version) || !type_in_version(*to, *version)) return CASTLIKE_ERROR_TYPE_NOT_IN_OPSET;
  castlike_attributes attrs;
  if (const castlike_status s = node_attributes(*version, na, attrs); s != CASTLIKE_OK) return s;
  size_t count = 0;
  if (const castlike_status s = element_count(*input, count); s != CASTLIKE_OK) return s;
  if (const castlike_status s = check_input(*from, *input, count); s != CASTLIKE_OK) return s;
  if (const castlike_status s = check_output(*to, *output, count); s != CASTLIKE_OK) return s;
  if (count == 0) return CASTLIKE_OK;
  return convert_node(*from, *to, *input, *output, count, attrs);
}

}  // namespace castlike::opt
