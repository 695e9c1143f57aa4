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
  static constexpr unsigned per_byte = packed ? 8 / bits : 1;
  static constexpr unsigned code_mask = packed ? (1u << bits) - 1u : 0xFFu;
  // One element's bits in the narrowest unsigned type that holds them.
  using word = typename WordOf<(packed ? 1 : bits / 8)>::type;

  [[gnu::always_inline]] static word load(const uint8_t* p, size_t i) {
    if constexpr (packed) {
      return static_cast<word>((p[i / per_byte] >> ((i % per_byte) * bits)) & code_mask);
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
