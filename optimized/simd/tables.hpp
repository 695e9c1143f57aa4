// Decode tables for the 8-bit float types, built at compile time: for each of the 256 codes of a
// float8 type or FLOAT8E8M0, its bfloat16 bits (exact: every value is a bfloat16, and the upper
// half of its float32 bits) and its float16 bits (exact for the float8 types; FLOAT8E8M0 rounds
// to nearest even, overflowing to inf). Tables are split into low and high bytes, the form byte
// lookups (vpermi2b, tbl) want. Same semantics as the decode_* functions of codecs.hpp.
#pragma once

#include <array>
#include <cstdint>

#include "generic.hpp"

namespace castlike::opt {
namespace {  // NOLINT(cert-dcl59-cpp): see driver.hpp

// The 8-bit float types that decode through these tables: the float8 family and FLOAT8E8M0.
constexpr bool is_byte_float(ElementType t) { return is_float8_family(t) || t == ElementType::kFloat8E8M0; }

// float32 bits of a code (NaN: quiet, with the sign the reference gives it).
template <ElementType T>
constexpr uint32_t byte_float_to_f32(uint32_t b) {
  using S = SmallFloat<T>;
  constexpr SpecialEncoding kSpecial = Format<T>::special;
  if constexpr (kSpecial == SpecialEncoding::kExponentOnly) {
    static_assert(S::bias == 127, "codes are float32 exponent fields");
    return b == S::nan_code ? 0x7FC00000u : b << 23;  // 0x00 -> 0 (A12)
  } else {
    const uint32_t sign = (b & 0x80u) << 24, c = b & 0x7Fu;
    const uint32_t nan = 0x7FC00000u | sign;
    if (kSpecial == SpecialEncoding::kFiniteNanOnes && c == S::nan_code) return nan;
    if (kSpecial == SpecialEncoding::kFnuz && b == S::nan_code) return nan;  // -NaN
    if (kSpecial == SpecialEncoding::kIeee && c >= S::inf_code) return c == S::inf_code ? (0x7F800000u | sign) : nan;
    const unsigned m = S::mantissa_bits;
    const uint32_t e = c >> m, mant = c & ((1u << m) - 1u);
    if (e == 0) {
      if (mant == 0) return sign;
      // mant * 2^(1-bias-m): normalise.
      int exp = 1 - S::bias - int(m);
      uint32_t sig = mant;
      while (sig < (1u << m)) {
        sig <<= 1;
        --exp;
      }
      // sig in [2^m, 2^(m+1)): value = sig * 2^exp = 1.x * 2^(exp + m)
      return sign | uint32_t(exp + int(m) + 127) << 23 | (sig - (1u << m)) << (23 - m);
    }
    return sign | (e - uint32_t(S::bias) + 127u) << 23 | mant << (23 - m);
  }
}

// float32 bits -> float16 bits, round to nearest even (a reference-free scalar for the tables).
constexpr uint16_t f32_to_f16_bits(uint32_t u) {
  const uint32_t sign = (u >> 16) & 0x8000u, a = u & 0x7FFFFFFFu;
  if (a > 0x7F800000u) return uint16_t(sign | 0x7E00u);
  if (a >= 0x47800000u) return uint16_t(sign | 0x7C00u);  // >= 65536 (and inf): inf
  const int e = int(a >> 23) - 127;
  const uint64_t sig = (a & 0x7FFFFFu) | (a >= 0x00800000u ? 0x800000u : 0u);
  // Quantum of the result: 2^-24 for subnormals, 2^(e-10) otherwise.
  const int q = e < -14 ? -24 : e - 10;
  const int shift = (e < -126 ? -126 : e) - 23 - q;  // value = sig * 2^(e-23); count = sig * 2^(e-23-q)
  uint64_t count;
  if (shift >= 0) {
    count = sig << shift;
  } else if (-shift >= 64) {
    count = 0;
  } else {
    const uint64_t lost = sig & ((uint64_t{1} << -shift) - 1u), half = uint64_t{1} << (-shift - 1);
    count = sig >> -shift;
    if (lost > half || (lost == half && (count & 1u))) ++count;
  }
  // count counts quanta 2^q; encode (a carry into the next binade is handled by the addition).
  if (q == -24) return uint16_t(sign | count);  // 0x400 = smallest normal: the encoding works out
  return uint16_t(sign | ((uint32_t(e + 15) << 10) + (uint32_t(count) - 0x400u)));
}

struct ByteTable {
  std::array<uint8_t, 256> lo{}, hi{};
};

template <ElementType T>
constexpr ByteTable make_table(bool to_f16) {
  ByteTable table;
  for (uint32_t b = 0; b < 256; ++b) {
    const uint32_t f = byte_float_to_f32<T>(b);
    const uint16_t v = to_f16 ? f32_to_f16_bits(f) : uint16_t(f >> 16);
    table.lo[b] = uint8_t(v & 0xFF);
    table.hi[b] = uint8_t(v >> 8);
  }
  return table;
}

template <ElementType kT, bool kToF16>
inline constexpr ByteTable kByteTable = make_table<kT>(kToF16);

static_assert(f32_to_f16_bits(0x3F800000u) == 0x3C00);  // 1
static_assert(f32_to_f16_bits(0x477FE000u) == 0x7BFF);  // 65504
static_assert(f32_to_f16_bits(0x477FF000u) == 0x7C00);  // 65520 rounds to inf
static_assert(f32_to_f16_bits(0x33800000u) == 0x0001);  // 2^-24
static_assert(f32_to_f16_bits(0x33000000u) == 0x0000);  // 2^-25: tie to even
static_assert(f32_to_f16_bits(0x38800000u) == 0x0400);  // 2^-14
static_assert(byte_float_to_f32<ElementType::kFloat8E4M3FN>(0x01) == 0x3B000000u);  // 2^-9
static_assert(byte_float_to_f32<ElementType::kFloat8E4M3FN>(0x7E) == 0x43E00000u);  // 448
static_assert(byte_float_to_f32<ElementType::kFloat8E5M2FNUZ>(0x7F) == 0x47600000u);  // 57344

}  // namespace
}  // namespace castlike::opt
