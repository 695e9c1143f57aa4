// Storage of element bit patterns in ONNX's layout, with every size checked.
//
// Sub-byte types are packed into one little-endian bit string: element i holds bits [i*bits,
// (i+1)*bits). So 4-bit types go two per byte, element 0 in the low nibble; 2-bit types four per
// byte, element 0 in the lowest two bits; 6-bit types four in three bytes, element 1 straddling
// bytes 0 and 1. Wider types are little-endian. An element index may start mid-byte, so a caller
// can address a slice of a packed tensor.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "castlike/type_table.hpp"

namespace castlike {

// Bytes needed for `count` elements starting at element `offset` (the byte holding element
// `offset` counts from its first bit). nullopt when the arithmetic would overflow size_t, or for
// STRING, which has no fixed storage.
std::optional<size_t> storage_bytes(ElementType type, size_t count, size_t offset = 0);

// Where element `index` of a packed type starts: the byte holding its first bit and that bit's
// position in the byte (0 for a type of 8 bits or more). Computed per group, so it cannot overflow
// where the byte offset itself fits.
struct BitPosition {
  size_t byte;
  unsigned shift;
};
BitPosition bit_position(ElementType type, size_t index);

// Reads / writes the bit pattern of element `index` (low `bits` bits of the result). The caller
// has checked the buffer size with storage_bytes. Writing touches only that element's bits.
uint64_t load_bits(ElementType type, const uint8_t* data, size_t index);
void store_bits(ElementType type, uint8_t* data, size_t index, uint64_t bits);

// Bulk forms for the packed types, a group at a time (whole groups without a branch per element):
// unpack_elements writes the `count` elements starting at element `offset` of `data` to `out`, one
// byte each; pack_elements writes values[0..count) (masked to the type's bits) to elements
// offset, offset + 1, ... of `data`, touching only their bits. Wider types go element by element.
void unpack_elements(ElementType type, const uint8_t* data, size_t offset, size_t count, uint8_t* out);
void pack_elements(ElementType type, const uint8_t* values, size_t count, uint8_t* data, size_t offset);

// Sign-extends a signed-integer bit pattern of `type` to int64 (INT4 0xF -> -1).
int64_t sign_extend(ElementType type, uint64_t bits);

}  // namespace castlike
