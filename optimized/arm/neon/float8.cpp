// NEON: float32 / float16 / bfloat16 -> the four float8 types (both saturate values), the
// finite-only formats, and FLOAT8E8M0 (each round mode): the integer
// RNE trick of simd/generic.hpp.
// The float8 types and FLOAT8E8M0 -> float32 / float16 / bfloat16: 256-entry table lookups, one
// tbl and three tbx (64 entries each) per result byte, 16 elements at a time. The
// finite-only formats (packed codes) decode arithmetically.
#include "../../simd/byte_table_decode.hpp"
#include "ops.hpp"

namespace castlike::opt::neon {
namespace {

// tbl / tbx: one tbl and three tbx (64 entries each) per result byte, 16 codes at a time.
struct Decode {
  static constexpr size_t kBlock = 16;

  struct Table {
    uint8x16x4_t q[4];
    explicit Table(const std::array<uint8_t, 256>& t) {
      for (int i = 0; i < 4; ++i) q[i] = vld1q_u8_x4(t.data() + 64 * i);
    }
    uint8x16_t lookup(uint8x16_t idx) const {
      const uint8x16_t step = vdupq_n_u8(64);
      uint8x16_t r = vqtbl4q_u8(q[0], idx);  // out-of-range indexes give 0, then tbx fills them
      idx = vsubq_u8(idx, step);
      r = vqtbx4q_u8(r, q[1], idx);
      idx = vsubq_u8(idx, step);
      r = vqtbx4q_u8(r, q[2], idx);
      idx = vsubq_u8(idx, step);
      return vqtbx4q_u8(r, q[3], idx);
    }
  };

  template <DecodeOut kOut>
  static void block(const Table& lo, const Table& hi, const uint8_t* in, uint8_t* out) {
    const uint8x16_t idx = vld1q_u8(in);
    const uint8x16_t l = lo.lookup(idx), h = hi.lookup(idx);
    const uint16x8_t w0 = vreinterpretq_u16_u8(vzip1q_u8(l, h)), w1 = vreinterpretq_u16_u8(vzip2q_u8(l, h));
    if constexpr (kOut == DecodeOut::kF32) {  // byte-pointer stores: any alignment
      vst1q_u8(out, vreinterpretq_u8_u32(vshll_n_u16(vget_low_u16(w0), 16)));
      vst1q_u8(out + 16, vreinterpretq_u8_u32(vshll_high_n_u16(w0, 16)));
      vst1q_u8(out + 32, vreinterpretq_u8_u32(vshll_n_u16(vget_low_u16(w1), 16)));
      vst1q_u8(out + 48, vreinterpretq_u8_u32(vshll_high_n_u16(w1, 16)));
    } else {
      vst1q_u8(out, vreinterpretq_u8_u16(w0));
      vst1q_u8(out + 16, vreinterpretq_u8_u16(w1));
    }
  }
};

}  // namespace

KernelFn lookup_float8(ElementType from, ElementType to) {
  return is_byte_float(from) ? byte_table_decoder<Decode>(from, to) : generic_float8_lookup<Ops>(from, to);
}

}  // namespace castlike::opt::neon
