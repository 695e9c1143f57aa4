// The float8 family and FLOAT8E8M0 -> float32 / bfloat16 / float16 through 256-entry byte tables
// (tables.hpp), for ISAs with wide byte lookups (AVX-512 VBMI vpermi2b, NEON tbl / tbx). The ISA
// supplies only its lookup; the tables, the block loop and the choice of kernel are shared:
//
//   struct Decode {
//     static constexpr size_t kBlock;   // codes per step
//     struct Table { explicit Table(const std::array<uint8_t, 256>&); };  // one byte of each result
//     template <DecodeOut kOut>
//     static void block(const Table& lo, const Table& hi, const uint8_t* in, uint8_t* out);
//   };
#pragma once

#include <cstddef>
#include <cstdint>

#include "generic.hpp"
#include "tables.hpp"

namespace castlike::opt {
namespace {  // NOLINT(cert-dcl59-cpp): see driver.hpp

enum class DecodeOut { kF32, kBf16, kF16 };

template <class Decode, ElementType kFrom, DecodeOut kOut>
void byte_table_kernel(const void* src, void* dst, size_t n, const castlike_attributes&) {
  const ByteTable& table = kByteTable<kFrom, kOut == DecodeOut::kF16>;
  const typename Decode::Table lo(table.lo), hi(table.hi);
  constexpr unsigned kOutBits = kOut == DecodeOut::kF32 ? 32 : 16;
  run_blocks<8, kOutBits, Decode::kBlock>(src, dst, n, [&lo, &hi](const uint8_t* in, uint8_t* out) {
    Decode::template block<kOut>(lo, hi, in, out);
  });
}

// The decoder of a pair whose source is a byte float (nullptr for destinations other than FLOAT,
// BFLOAT16 and FLOAT16).
template <class Decode>
KernelFn byte_table_decoder(ElementType from, ElementType to) {
  return kernel_for_type(from, [to]<ElementType T>() -> KernelFn {
    if constexpr (is_byte_float(T)) {
      switch (to) {
        case ElementType::kFloat: return &byte_table_kernel<Decode, T, DecodeOut::kF32>;
        case ElementType::kBfloat16: return &byte_table_kernel<Decode, T, DecodeOut::kBf16>;
        case ElementType::kFloat16: return &byte_table_kernel<Decode, T, DecodeOut::kF16>;
        default: return nullptr;
      }
    } else {
      return nullptr;
    }
  });
}

}  // namespace
}  // namespace castlike::opt
