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

namespace {

// Whole bytes of a packed type of `Bits` bits: element s of a byte sits at bit s * Bits. A 2-bit
// byte unpacks through a table of its 4 element bytes (one load and one store per byte).
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
void unpack_bytes(const uint8_t* data, size_t bytes, uint8_t* out) {
  static constexpr UnpackTable<Bits> kTable;
  constexpr unsigned kPer = UnpackTable<Bits>::kPer;
  if constexpr (Bits == 4) {  // two shifts per byte vectorise; faster than the table here
    for (size_t i = 0; i < bytes; ++i) out[2 * i] = data[i] & 0xF, out[2 * i + 1] = data[i] >> 4;
  } else {
    for (size_t i = 0; i < bytes; ++i) std::memcpy(out + i * kPer, kTable.bytes[data[i]], kPer);
  }
}

template <unsigned Bits>
void pack_bytes(const uint8_t* values, size_t bytes, uint8_t* data) {
  constexpr unsigned kPer = 8 / Bits;
  constexpr uint8_t kMask = (1u << Bits) - 1u;
  for (size_t i = 0; i < bytes; ++i) {
    unsigned byte = 0;
    for (unsigned s = 0; s < kPer; ++s) byte |= static_cast<unsigned>(values[i * kPer + s] & kMask) << (s * Bits);
    data[i] = static_cast<uint8_t>(byte);
  }
}

}  // namespace

void unpack_elements(ElementType type, const uint8_t* data, size_t offset, size_t count, uint8_t* out) {
  const unsigned bits = info(type).bits;
  const size_t per_byte = bits < 8 ? 8 / bits : 1;
  size_t i = 0;
  // Elements before the first byte boundary, then whole bytes, then the rest.
  for (; i < count && (bits >= 8 || (offset + i) % per_byte != 0); ++i)
    out[i] = static_cast<uint8_t>(load_bits(type, data, offset + i));
  const size_t bytes = bits < 8 ? (count - i) / per_byte : 0;
  if (bits == 4) unpack_bytes<4>(data + (offset + i) / per_byte, bytes, out + i);
  if (bits == 2) unpack_bytes<2>(data + (offset + i) / per_byte, bytes, out + i);
  for (i += bytes * per_byte; i < count; ++i) out[i] = static_cast<uint8_t>(load_bits(type, data, offset + i));
}

void pack_elements(ElementType type, const uint8_t* values, size_t count, uint8_t* data, size_t offset) {
  const unsigned bits = info(type).bits;
  const size_t per_byte = bits < 8 ? 8 / bits : 1;
  size_t i = 0;
  for (; i < count && (bits >= 8 || (offset + i) % per_byte != 0); ++i) store_bits(type, data, offset + i, values[i]);
  const size_t bytes = bits < 8 ? (count - i) / per_byte : 0;
  if (bits == 4) pack_bytes<4>(values + i, bytes, data + (offset + i) / per_byte);
  if (bits == 2) pack_bytes<2>(values + i, bytes, data + (offset + i) / per_byte);
  for (i += bytes * per_byte; i < count; ++i) store_bits(type, data, offset + i, values[i]);
}

int64_t sign_extend(ElementType type, uint64_t bits_value) {
  const unsigned bits = info(type).bits;
  if (bits >= 64) return static_cast<int64_t>(bits_value);
  const uint64_t sign = uint64_t{1} << (bits - 1);
  const uint64_t v = bits_value & ((uint64_t{1} << bits) - 1u);
  return static_cast<int64_t>((v ^ sign) - sign);  // two's complement sign extension, no UB
}

}  // namespace castlike
