// The loop every SIMD kernel runs: whole vectors straight from the caller's buffers, then the tail
// (0 .. lanes-1 elements) through a zero-padded stack block so that the vector body never reads or
// writes past the caller's bytes. Packed destinations get the bits past element n of their last
// byte cleared (kernel.hpp's contract).
//
// Included by the per-ISA translation units (each compiled with its own -m flags). Everything
// here has internal linkage (anonymous namespace), so no inline function compiled for one ISA can
// be picked by the linker for another (the usual ODR trap of multi-ISA builds).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>


namespace castlike::opt {
namespace {  // NOLINT(cert-dcl59-cpp): deliberate, see above

// Body(const uint8_t* in, uint8_t* out) converts exactly kLanes elements.
template <unsigned kInBits, unsigned kOutBits, size_t kLanes, class Body>
inline void run_blocks(const void* src, void* dst, size_t n, Body body) {
  static_assert((kLanes * kInBits) % 8 == 0 && (kLanes * kOutBits) % 8 == 0, "a block is whole bytes");
  constexpr size_t kInBytes = kLanes * kInBits / 8;
  constexpr size_t kOutBytes = kLanes * kOutBits / 8;
  const uint8_t* s = static_cast<const uint8_t*>(src);
  uint8_t* d = static_cast<uint8_t*>(dst);
  size_t left = n;
  for (; left >= kLanes; left -= kLanes) {
    body(s, d);
    s += kInBytes;
    d += kOutBytes;
  }
  if (left == 0) return;
  alignas(64) uint8_t in[kInBytes];
  alignas(64) uint8_t out[kOutBytes];
  std::memset(in, 0, kInBytes);
  const size_t in_bytes = (left * kInBits + 7) / 8;
  const size_t out_bits = left * kOutBits;
  const size_t out_bytes = (out_bits + 7) / 8;
  std::memcpy(in, s, in_bytes);
  body(static_cast<const uint8_t*>(in), static_cast<uint8_t*>(out));
  if (out_bits % 8 != 0) out[out_bytes - 1] &= static_cast<uint8_t>((1u << (out_bits % 8)) - 1u);
  std::memcpy(d, out, out_bytes);
}

}  // namespace
}  // namespace castlike::opt
