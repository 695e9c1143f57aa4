// Element access in ONNX's storage layout for the scalar kernels (internal to optimized/).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "castlike/type_table.hpp"

namespace castlike::opt::scalar {

template <unsigned Bytes>
struct WordOf;
template <>
struct WordOf<1> {
  using type = uint8_t;
};
template <>
struct WordOf<2> {
  using type = uint16_t;
};
template <>
struct WordOf<4> {
  using type = uint32_t;
};
template <>
struct WordOf<8> {
  using type = uint64_t;
};

template <ElementType T>
struct Storage {
  static constexpr unsigned bits = info(T).bits;
  static constexpr bool packed = bits < 8;
  // Packed elements come in groups of whole bytes (castlike/type_table.hpp, packing_group): 4
  // 2-bit or 2 4-bit elements in a byte, 4 6-bit elements in 3 bytes.
  static constexpr unsigned per_group = packing_group(bits).elements;
  static constexpr unsigned group_bytes = packing_group(bits).bytes;
  static constexpr unsigned code_mask = packed ? (1u << bits) - 1u : 0xFFu;
  // One element's bits in the narrowest unsigned type that holds them.
  using word = typename WordOf<(packed ? 1 : bits / 8)>::type;

  // Bytes that hold n packed elements from the start of a group.
  static constexpr size_t packed_bytes(size_t n) { return n / per_group * group_bytes + ((n % per_group) * bits + 7) / 8; }

  [[gnu::always_inline]] static word load(const uint8_t* p, size_t i) {
    if constexpr (packed) {
      const unsigned bit = static_cast<unsigned>(i % per_group) * bits;
      const uint8_t* b = p + i / per_group * group_bytes + bit / 8;
      unsigned window = b[0];
      if ((bit % 8) + bits > 8) window |= unsigned{b[1]} << 8;  // a 6-bit element across two bytes
      return static_cast<word>((window >> (bit % 8)) & code_mask);
    } else {
      word w;
      std::memcpy(&w, p + i * sizeof(word), sizeof(word));  // little-endian hosts only (x86-64, AArch64)
      return w;
    }
  }
  [[gnu::always_inline]] static void store(uint8_t* p, size_t i, word w) {
    static_assert(!packed, "packed destinations are written a byte at a time");
    std::memcpy(p + i * sizeof(word), &w, sizeof(word));
  }
};

}  // namespace castlike::opt::scalar
