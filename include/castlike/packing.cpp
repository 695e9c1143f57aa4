#include "castlike/packing.hpp"

#include <cstring>

namespace castlike {

std::optional<size_t> storage_bytes(ElementType type, size_t count, size_t offset) {
  const unsigned bits = info(type).bits;
  if (bits == 0) return std::nullopt;
  if (bits >= 8) {
    const size_t width = bits / 8;
    if (count > SIZE_MAX / width) return std::nullopt;
    return count * width;
  }
  // Packed: the bit range [offset*bits, (offset+count)*bits) rounded out to whole bytes. Bit
  // positions are counted in groups so that no product can overflow before it is checked.
  if (count == 0) return size_t{0};
  if (offset > SIZE_MAX - count) return std::nullopt;
  const PackingGroup g = packing_group(bits);
  const size_t last = offset + count - 1;
  if (last / g.elements > (SIZE_MAX - g.bytes) / g.bytes) return std::nullopt;
  const BitPosition first_bit = bit_position(type, offset), last_bit = bit_position(type, last);
  const size_t last_byte = last_bit.byte + (last_bit.shift + bits - 1) / 8;
  return last_byte - first_bit.byte + 1;
}

BitPosition bit_position(ElementType type, size_t index) {
  const unsigned bits = info(type).bits;
  const PackingGroup g = packing_group(bits);
  const size_t bit_in_group = (index % g.elements) * bits;
  return {index / g.elements * g.bytes + bit_in_group / 8, static_cast<unsigned>(bit_in_group % 8)};
}

uint64_t load_bits(ElementType type, const uint8_t* data, size_t index) {
  const unsigned bits = info(type).bits;
  if (bits < 8) {
    const BitPosition at = bit_position(type, index);
    unsigned window = data[at.byte];
    if (at.shift + bits > 8) window |= unsigned{data[at.byte + 1]} << 8;  // straddles two bytes
    return (window >> at.shift) & ((1u << bits) - 1u);
  }
  const size_t width = bits / 8;
  uint64_t value = 0;
  const uint8_t* p = data + index * width;
  for (size_t i = 0; i < width; ++i) value |= uint64_t{p[i]} << (8 * i);  // little-endian
  return value;
}

void store_bits(ElementType type, uint8_t* data, size_t index, uint64_t bits_value) {
  const unsigned bits = info(type).bits;
  if (bits < 8) {
    const BitPosition at = bit_position(type, index);
    const unsigned mask = ((1u << bits) - 1u) << at.shift;
    const unsigned shifted = static_cast<unsigned>(bits_value << at.shift) & mask;
    data[at.byte] = static_cast<uint8_t>((data[at.byte] & ~mask) | shifted);
    if (at.shift + bits > 8)
      data[at.byte + 1] = static_cast<uint8_t>((data[at.byte + 1] & ~(mask >> 8)) | (shifted >> 8));
    return;
  }
  const size_t width = bits / 8;
  uint8_t* p = data + index * width;
  for (size_t i = 0; i < width; ++i) p[i] = static_cast<uint8_t>(bits_value >> (8 * i));
}

namespace {

// Whole groups of a packed type of `Bits` bits. A group is at most 4 elements in at most 3
// bytes, read as one little-endian word. A 2-bit byte unpacks through a table of its 4 element
// bytes (one load and one store per byte); 4-bit bytes through two shifts, which vectorise.
template <unsigned Bits>
struct UnpackTable {
  static constexpr unsigned kPer = 8 / Bits;
  uint8_t bytes[256][kPer] = {};
  constexpr UnpackTable() {
    for (unsigned v = 0; v < 256; ++v)
      for (unsigned s = 0; s < kPer; ++s) bytes[v][s] = static_cast<uint8_t>((v >> (s * Bits)) & ((1u << Bits) - 1u));
  }
};

template <unsigned Bits>
void unpack_groups(const uint8_t* data, size_t groups, uint8_t* out) {
  constexpr PackingGroup kGroup = packing_group(Bits);
  constexpr unsigned kMask = (1u << Bits) - 1u;
  if constexpr (Bits == 4) {
    for (size_t i = 0; i < groups; ++i) out[2 * i] = data[i] & 0xF, out[2 * i + 1] = data[i] >> 4;
  } else if constexpr (Bits == 2) {
    static constexpr UnpackTable<2> kTable;
    for (size_t i = 0; i < groups; ++i) std::memcpy(out + i * 4, kTable.bytes[data[i]], 4);
  } else {
    for (size_t i = 0; i < groups; ++i) {
      const uint8_t* p = data + i * kGroup.bytes;
      uint32_t word = 0;
      for (unsigned b = 0; b < kGroup.bytes; ++b) word |= uint32_t{p[b]} << (8 * b);
      for (unsigned s = 0; s < kGroup.elements; ++s) out[i * kGroup.elements + s] = static_cast<uint8_t>((word >> (s * Bits)) & kMask);
    }
  }
}

template <unsigned Bits>
void pack_groups(const uint8_t* values, size_t groups, uint8_t* data) {
  constexpr PackingGroup kGroup = packing_group(Bits);
  constexpr unsigned kMask = (1u << Bits) - 1u;
  for (size_t i = 0; i < groups; ++i) {
    uint32_t word = 0;
    for (unsigned s = 0; s < kGroup.elements; ++s)
      word |= static_cast<uint32_t>(values[i * kGroup.elements + s] & kMask) << (s * Bits);
    for (unsigned b = 0; b < kGroup.bytes; ++b) data[i * kGroup.bytes + b] = static_cast<uint8_t>(word >> (8 * b));
  }
}

}  // namespace

void unpack_elements(ElementType type, const uint8_t* data, size_t offset, size_t count, uint8_t* out) {
  const unsigned bits = info(type).bits;
  const PackingGroup g = packing_group(bits);
  size_t i = 0;
  // Elements before the first group boundary, then whole groups, then the rest.
  for (; i < count && (bits >= 8 || (offset + i) % g.elements != 0); ++i)
    out[i] = static_cast<uint8_t>(load_bits(type, data, offset + i));
  const size_t groups = bits < 8 ? (count - i) / g.elements : 0;
  const uint8_t* first = data + (offset + i) / g.elements * g.bytes;
  if (bits == 6) unpack_groups<6>(first, groups, out + i);
  if (bits == 4) unpack_groups<4>(first, groups, out + i);
  if (bits == 2) unpack_groups<2>(first, groups, out + i);
  for (i += groups * g.elements; i < count; ++i) out[i] = static_cast<uint8_t>(load_bits(type, data, offset + i));
}

void pack_elements(ElementType type, const uint8_t* values, size_t count, uint8_t* data, size_t offset) {
  const unsigned bits = info(type).bits;
  const PackingGroup g = packing_group(bits);
  size_t i = 0;
  for (; i < count && (bits >= 8 || (offset + i) % g.elements != 0); ++i) store_bits(type, data, offset + i, values[i]);
  const size_t groups = bits < 8 ? (count - i) / g.elements : 0;
  uint8_t* first = data + (offset + i) / g.elements * g.bytes;
  if (bits == 6) pack_groups<6>(values + i, groups, first);
  if (bits == 4) pack_groups<4>(values + i, groups, first);
  if (bits == 2) pack_groups<2>(values + i, groups, first);
  for (i += groups * g.elements; i < count; ++i) store_bits(type, data, offset + i, values[i]);
}

int64_t sign_extend(ElementType type, uint64_t bits_value) {
  const unsigned bits = info(type).bits;
  if (bits >= 64) return static_cast<int64_t>(bits_value);
  const uint64_t sign = uint64_t{1} << (bits - 1);
  const uint64_t v = bits_value & ((uint64_t{1} << bits) - 1u);
  return static_cast<int64_t>((v ^ sign) - sign);  // two's complement sign extension, no UB
}

}  // namespace castlike
