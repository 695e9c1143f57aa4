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
  // Packed: the bit range [offset*bits, (offset+count)*bits) rounded out to whole bytes.
  if (count == 0) return size_t{0};
  const size_t per_byte = 8 / bits;
  if (offset > SIZE_MAX - count) return std::nullopt;
  const size_t end = offset + count;  // one past the last element
  const size_t first_byte = offset / per_byte;
  const size_t last_byte = (end - 1) / per_byte;
  return last_byte - first_byte + 1;
}

uint64_t load_bits(ElementType type, const uint8_t* data, size_t index) {
  const unsigned bits = info(type).bits;
  if (bits < 8) {
    const size_t per_byte = 8 / bits;
    const unsigned shift = static_cast<unsigned>(index % per_byte) * bits;
    return (data[index / per_byte] >> shift) & ((1u << bits) - 1u);
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
    const size_t per_byte = 8 / bits;
    const unsigned shift = static_cast<unsigned>(index % per_byte) * bits;
    const uint8_t mask = static_cast<uint8_t>(((1u << bits) - 1u) << shift);
    uint8_t& byte = data[index / per_byte];
    byte = static_cast<uint8_t>((byte & ~mask) | ((bits_value << shift) & mask));
    return;
  }
  const size_t width = bits / 8;
  uint8_t* p = data + index * width;
  for (size_t i = 0; i < width; ++i) p[i] = static_cast<uint8_t>(bits_value >> (8 * i));
}

int64_t sign_extend(ElementType type, uint64_t bits_value) {
  const unsigned bits = info(type).bits;
  if (bits >= 64) return static_cast<int64_t>(bits_value);
  const uint64_t sign = uint64_t{1} << (bits - 1);
  const uint64_t v = bits_value & ((uint64_t{1} << bits) - 1u);
  return static_cast<int64_t>((v ^ sign) - sign);  // two's complement sign extension, no UB
}

}  // namespace castlike
