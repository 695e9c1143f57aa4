// The numeric path of the C API (api_convert.hpp): the arguments checked, an overlapping source
// read first, then the kernel on whole buffers or, for packed slices that start or end inside a
// byte, through small aligned blocks.
#include "api_convert.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>

#include "api_checks.hpp"
#include "castlike/packing.hpp"
#include "dispatch.hpp"

namespace castlike::opt {
namespace {

// Copies nbits bits from src (starting at bit sbit) to dst (starting at bit dbit), leaving every
// other bit of dst unchanged. Reads only bytes that hold source bits.
void copy_bits(uint8_t* dst, size_t dbit, const uint8_t* src, size_t sbit, size_t nbits) {
  size_t k = 0;
  while (k < nbits) {
    const size_t d = dbit + k, s = sbit + k;
    const unsigned doff = static_cast<unsigned>(d % 8), soff = static_cast<unsigned>(s % 8);
    const unsigned take = static_cast<unsigned>(std::min<size_t>(8 - doff, nbits - k));
    unsigned v = src[s / 8] >> soff;
    if (soff + take > 8) v |= static_cast<unsigned>(src[s / 8 + 1]) << (8 - soff);
    const unsigned low = (1u << take) - 1u;
    const unsigned mask = low << doff;
    dst[d / 8] = static_cast<uint8_t>((dst[d / 8] & ~mask) | ((v & low) << doff));
    k += take;
  }
}

// Kernels take packed buffers from the start of a packing group (castlike/type_table.hpp) and
// write whole groups. Slices that start inside a group, or end inside bytes shared with other
// elements, go through small aligned blocks. `src` points at the byte that holds element
// `src_offset`'s first bit, so a copy of the source's byte range can stand in for the source.
void convert_packed(KernelFn k, ElementType from, const uint8_t* src, size_t src_offset, ElementType to, uint8_t* dst,
                    size_t dst_offset, size_t n, const castlike_attributes& attrs) {
  constexpr size_t kChunk = 2048;         // elements per block, a multiple of every group (4)
  alignas(64) uint8_t block_in[kChunk];   // a packed source block (at most 6 bits per element)
  alignas(64) uint8_t block_out[kChunk];  // a packed destination block
  const unsigned sbits = info(from).bits, dbits = info(to).bits;
  const bool spacked = sbits < 8, dpacked = dbits < 8;
  const size_t src_origin = bit_position(from, src_offset).byte;
  const unsigned dgroup = packing_group(to).elements;
  for (size_t done = 0; done < n;) {
    const size_t c = std::min(kChunk, n - done);
    const size_t se = src_offset + done, de = dst_offset + done;
    const uint8_t* s;
    if (!spacked) {
      s = src + done * (sbits / 8);
    } else {
      const BitPosition at = bit_position(from, se);
      if (at.shift == 0) {  // a byte-aligned packed element starts a group
        s = src + (at.byte - src_origin);
      } else {
        copy_bits(block_in, 0, src + (at.byte - src_origin), at.shift, c * sbits);
        s = block_in;
      }
    }
    const BitPosition out = bit_position(to, de);
    if (!dpacked) {
      k(s, dst + de * (dbits / 8), c, attrs);
    } else if (out.shift == 0 && c % dgroup == 0) {
      k(s, dst + out.byte, c, attrs);
    } else {
      k(s, block_out, c, attrs);
      copy_bits(dst + out.byte, out.shift, block_out, 0, c * dbits);
    }
    done += c;
  }
}

// The kernel over `src` (the byte of element src_offset's first bit) to `d`: on whole buffers
// when neither type is packed, else through convert_packed.
void run_kernel(KernelFn k, ElementType from, const uint8_t* src, size_t src_offset, ElementType to, uint8_t* d,
                size_t dst_offset, const ByteRange& dr, size_t n, const castlike_attributes& attrs) {
  if (!is_packed(from) && !is_packed(to)) {
    k(src, d + dr.first, n, attrs);
    return;
  }
  convert_packed(k, from, src, src_offset, to, d, dst_offset, n, attrs);
}

}  // namespace

castlike_status convert_types(ElementType from, const void* src, size_t src_offset, ElementType to, void* dst,
                              size_t dst_offset, size_t n, const castlike_attributes* attributes) {
  if (from == ElementType::kString || to == ElementType::kString) return CASTLIKE_ERROR_STRING_TYPE;
  castlike_attributes attrs;
  if (const castlike_status s = resolve_attributes(attributes, attrs); s != CASTLIKE_OK) return s;
  ByteRange sr, dr;
  if (const castlike_status s = byte_range(from, src_offset, n, sr); s != CASTLIKE_OK) return s;
  if (const castlike_status s = byte_range(to, dst_offset, n, dr); s != CASTLIKE_OK) return s;
  if (n == 0) return CASTLIKE_OK;
  if (src == nullptr || dst == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  if (const castlike_status s = check_pointer(src, sr); s != CASTLIKE_OK) return s;
  if (const castlike_status s = check_pointer(dst, dr); s != CASTLIKE_OK) return s;

  const KernelFn k = active_kernel(from, to);
  if (k == nullptr) return CASTLIKE_ERROR_INTERNAL;

  const uint8_t* s = static_cast<const uint8_t*>(src);
  uint8_t* d = static_cast<uint8_t*>(dst);
  // Overlapping ranges: read the whole source first.
  const uintptr_t s0 = reinterpret_cast<uintptr_t>(s) + sr.first, d0 = reinterpret_cast<uintptr_t>(d) + dr.first;
  if (s0 < d0 + dr.count && d0 < s0 + sr.count) {
    std::unique_ptr<uint8_t[]> copy(new (std::nothrow) uint8_t[sr.count]);
    if (!copy) return CASTLIKE_ERROR_OUT_OF_MEMORY;
    std::memcpy(copy.get(), s + sr.first, sr.count);
    // The copy starts at the byte of element src_offset, as convert_packed's source does.
    run_kernel(k, from, copy.get(), src_offset, to, d, dst_offset, dr, n, attrs);
    return CASTLIKE_OK;
  }
  run_kernel(k, from, s + sr.first, src_offset, to, d, dst_offset, dr, n, attrs);
  return CASTLIKE_OK;
}

}  // namespace castlike::opt
