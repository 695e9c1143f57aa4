// The shape plan (shape_plan.hpp): lengths, offsets and in place calls of a pair.
#include "generation/shape_plan.hpp"

#include <algorithm>
#include <stdexcept>

#include "castlike/packing.hpp"

namespace castlike::harness {

namespace {

// The block widths whose boundaries the lengths straddle, in elements: the lanes of 128-, 256- and
// 512-bit registers over the element widths, and a cache line of bytes.
constexpr size_t kBlockWidths[] = {4, 8, 16, 32, 64};
constexpr size_t kBlocksPerWidth = 2;  // k = 1, 2

PositionKind aligned_kind(size_t length) {
  if (length >= kLongCallLength) return PositionKind::kLong;
  return length % widest_block_width() == 0 ? PositionKind::kMainLoop : PositionKind::kTail;
}

// The head offsets of `type` an implementation with `capabilities` is called at (1 .. n-1).
std::vector<size_t> head_offsets(ElementType type, const ShapeCapabilities& capabilities) {
  std::vector<size_t> offsets;
  for (size_t offset = 1; offset < element_offsets_in_alignment(type); ++offset)
    if (capabilities.element_offsets || starts_on_byte(type, offset)) offsets.push_back(offset);
  return offsets;
}

}  // namespace

const char* position_kind_name(PositionKind kind) {
  switch (kind) {
    case PositionKind::kMainLoop: return "main loop";
    case PositionKind::kTail: return "tail";
    case PositionKind::kHead: return "head";
    case PositionKind::kInPlace: return "in place";
    case PositionKind::kLong: return "long";
  }
  throw std::logic_error("position_kind_name: unknown kind");
}

const std::vector<PositionKind>& position_kinds() {
  static const std::vector<PositionKind> kinds = {PositionKind::kMainLoop, PositionKind::kTail, PositionKind::kHead,
                                                  PositionKind::kInPlace, PositionKind::kLong};
  return kinds;
}

std::string CallShape::description() const {
  std::string text = "length " + std::to_string(length);
  if (in_place) return text + ", in place, offset " + std::to_string(input_offset);
  return text + ", input offset " + std::to_string(input_offset) + ", output offset " + std::to_string(output_offset);
}

size_t narrowest_block_width() { return *std::min_element(std::begin(kBlockWidths), std::end(kBlockWidths)); }
size_t widest_block_width() { return *std::max_element(std::begin(kBlockWidths), std::end(kBlockWidths)); }

std::vector<size_t> boundary_lengths() {
  std::vector<size_t> lengths = {1, 2};
  for (size_t width : kBlockWidths)
    for (size_t k = 1; k <= kBlocksPerWidth; ++k)
      for (size_t length : {k * width - 1, k * width, k * width + 1}) lengths.push_back(length);
  std::sort(lengths.begin(), lengths.end());
  lengths.erase(std::unique(lengths.begin(), lengths.end()), lengths.end());
  return lengths;
}

std::vector<size_t> long_lengths() { return {kLongCallLength, kLongCallLength + 1}; }

size_t element_offsets_in_alignment(ElementType type) {
  const unsigned bits = info(type).bits;
  if (bits == 0) throw std::invalid_argument("element_offsets_in_alignment: STRING has no storage");
  return (kShapeAlignment * 8 + bits - 1) / bits;  // the elements whose first bit is inside the line
}

ElementStart element_start(ElementType type, size_t offset) {
  const PackingGroup g = packing_group(type);
  return {offset / g.elements * g.bytes, offset % g.elements};
}

bool starts_on_byte(ElementType type, size_t offset) { return offset % packing_group(type).elements == 0; }

size_t head_elements(ElementType type, size_t offset) {
  const size_t line = element_offsets_in_alignment(type);
  return offset % line == 0 ? 0 : line - offset % line;
}

size_t call_head(ElementType from, ElementType to, const CallShape& shape) {
  size_t head = 0;
  if (shape.input_offset != 0 && info(from).bits != 0) head = head_elements(from, shape.input_offset);
  if (shape.output_offset != 0 && info(to).bits != 0) head = std::max(head, head_elements(to, shape.output_offset));
  return head;
}

bool phases_left_out(ElementType from, ElementType to, const ShapeCapabilities& capabilities) {
  const auto packed = [](ElementType t) { return info(t).bits != 0 && packing_group(t).elements > 1; };
  return !capabilities.element_offsets && (packed(from) || packed(to));
}

bool in_place_fits(ElementType from, ElementType to) {
  return info(from).bits != 0 && info(to).bits != 0 && info(to).bits <= info(from).bits;
}

std::vector<CallShape> shape_plan(ElementType from, ElementType to, const ShapeCapabilities& capabilities) {
  std::vector<CallShape> plan;
  auto lengths = boundary_lengths();
  for (size_t length : long_lengths()) lengths.push_back(length);
  for (size_t length : lengths) plan.push_back({aligned_kind(length), length, 0, 0, false});
  if (info(from).bits != 0)
    for (size_t offset : head_offsets(from, capabilities))
      plan.push_back({PositionKind::kHead, kHeadShapeLength, offset, 0, false});
  if (info(to).bits != 0)
    for (size_t offset : head_offsets(to, capabilities))
      plan.push_back({PositionKind::kHead, kHeadShapeLength, 0, offset, false});
  // Both sides misaligned at once, by the first offset each side takes.
  if (info(from).bits != 0 && info(to).bits != 0) {
    auto in = head_offsets(from, capabilities), out = head_offsets(to, capabilities);
    if (!in.empty() && !out.empty()) plan.push_back({PositionKind::kHead, kHeadShapeLength, in[0], out[0], false});
  }
  if (capabilities.in_place && in_place_fits(from, to))
    for (size_t length : lengths) plan.push_back({PositionKind::kInPlace, length, 0, 0, true});
  return plan;
}

size_t shape_input_bytes(ElementType from, const CallShape& shape) {
  if (info(from).bits == 0) throw std::invalid_argument("shape_input_bytes: STRING has no storage");
  return bit_position(from, shape.input_offset).byte + *storage_bytes(from, shape.length, shape.input_offset);
}

size_t shape_output_bytes(ElementType from, ElementType to, const CallShape& shape) {
  if (shape.in_place) return shape_input_bytes(from, shape);
  if (info(to).bits == 0) throw std::invalid_argument("shape_output_bytes: STRING has no storage");
  return bit_position(to, shape.output_offset).byte + *storage_bytes(to, shape.length, shape.output_offset);
}

}  // namespace castlike::harness
