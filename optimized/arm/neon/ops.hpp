// AArch64 NEON (Advanced SIMD, baseline ARMv8-A) vector operations for ../../simd/generic.hpp.
// One V is two 128-bit registers: 8 lanes of 32 bits, the same block as AVX2, so that narrowing
// to bytes fills whole 64-bit halves. Masks are all-ones / all-zero lanes. Same contracts as
// x86/avx2/ops.hpp. FPCR is assumed to hold the default rounding mode (nearest even).
#pragma once

#include <arm_neon.h>

#include <cstdint>
#include <cstring>

namespace castlike::opt::neon {
namespace {  // NOLINT(cert-dcl59-cpp): internal linkage, see simd/driver.hpp

struct Ops {
  struct V {
    uint32x4_t lo, hi;
  };
  using M = V;
  static constexpr size_t kLanes = 8;

  template <class F>
  static V Map(V a, F f) {
    return {f(a.lo), f(a.hi)};
  }
  template <class F>
  static V Map2(V a, V b, F f) {
    return {f(a.lo, b.lo), f(a.hi, b.hi)};
  }
  static float32x4_t F(uint32x4_t a) { return vreinterpretq_f32_u32(a); }
  static uint32x4_t U(float32x4_t a) { return vreinterpretq_u32_f32(a); }
  static int32x4_t S(uint32x4_t a) { return vreinterpretq_s32_u32(a); }
  static uint32x4_t U(int32x4_t a) { return vreinterpretq_u32_s32(a); }

  static V Set(uint32_t x) { return {vdupq_n_u32(x), vdupq_n_u32(x)}; }
  static V And(V a, V b) { return Map2(a, b, [](uint32x4_t x, uint32x4_t y) { return vandq_u32(x, y); }); }
  static V Or(V a, V b) { return Map2(a, b, [](uint32x4_t x, uint32x4_t y) { return vorrq_u32(x, y); }); }
  static V AndNot(M m, V a) { return Map2(m, a, [](uint32x4_t x, uint32x4_t y) { return vbicq_u32(y, x); }); }
  static V Xor(V a, V b) { return Map2(a, b, [](uint32x4_t x, uint32x4_t y) { return veorq_u32(x, y); }); }
  static V Add(V a, V b) { return Map2(a, b, [](uint32x4_t x, uint32x4_t y) { return vaddq_u32(x, y); }); }
  static V Sub(V a, V b) { return Map2(a, b, [](uint32x4_t x, uint32x4_t y) { return vsubq_u32(x, y); }); }
  template <int k> static V Shl(V a) { return Map(a, [](uint32x4_t x) { return vshlq_n_u32(x, k); }); }
  template <int k> static V Shr(V a) { return Map(a, [](uint32x4_t x) { return vshrq_n_u32(x, k); }); }
  template <int k> static V Sar(V a) { return Map(a, [](uint32x4_t x) { return U(vshrq_n_s32(S(x), k)); }); }
  static V MinI(V a, V b) { return Map2(a, b, [](uint32x4_t x, uint32x4_t y) { return U(vminq_s32(S(x), S(y))); }); }
  static M Eq(V a, V b) { return Map2(a, b, [](uint32x4_t x, uint32x4_t y) { return vceqq_u32(x, y); }); }
  static M GtI(V a, V b) { return Map2(a, b, [](uint32x4_t x, uint32x4_t y) { return vcgtq_s32(S(x), S(y)); }); }
  static M MOr(M a, M b) { return Or(a, b); }
  static V Select(M m, V yes, V no) { return {vbslq_u32(m.lo, yes.lo, no.lo), vbslq_u32(m.hi, yes.hi, no.hi)}; }

  static V AddF(V a, V b) { return Map2(a, b, [](uint32x4_t x, uint32x4_t y) { return U(vaddq_f32(F(x), F(y))); }); }
  static V SubF(V a, V b) { return Map2(a, b, [](uint32x4_t x, uint32x4_t y) { return U(vsubq_f32(F(x), F(y))); }); }
  static V MinF(V a, V b) { return Map2(a, b, [](uint32x4_t x, uint32x4_t y) { return U(vminq_f32(F(x), F(y))); }); }
  static V MaxF(V a, V b) { return Map2(a, b, [](uint32x4_t x, uint32x4_t y) { return U(vmaxq_f32(F(x), F(y))); }); }
  static V RoundEvenF(V a) { return Map(a, [](uint32x4_t x) { return U(vrndnq_f32(F(x))); }); }
  static V CvtTruncF2I(V a) { return Map(a, [](uint32x4_t x) { return U(vcvtq_s32_f32(F(x))); }); }
  static V CvtI2F(V a) { return Map(a, [](uint32x4_t x) { return U(vcvtq_f32_s32(S(x))); }); }

  // Memory is reached through byte pointers only (vld1q_u8 / vst1q_u8): buffers may have any
  // alignment, and a misaligned uint32_t* or double* would be undefined behaviour in C++.
  static const uint8_t* B(const void* p) { return static_cast<const uint8_t*>(p); }
  static uint8_t* B(void* p) { return static_cast<uint8_t*>(p); }

  static V LoadU32(const void* p) {
    return {vreinterpretq_u32_u8(vld1q_u8(B(p))), vreinterpretq_u32_u8(vld1q_u8(B(p) + 16))};
  }
  static V LoadU16(const void* p) {
    const uint16x8_t x = vreinterpretq_u16_u8(vld1q_u8(B(p)));
    return {vmovl_u16(vget_low_u16(x)), vmovl_high_u16(x)};
  }
  static V LoadU8(const void* p) {
    const uint16x8_t x = vmovl_u8(vld1_u8(B(p)));
    return {vmovl_u16(vget_low_u16(x)), vmovl_high_u16(x)};
  }
  static V LoadI8(const void* p) {
    const int16x8_t x = vmovl_s8(vreinterpret_s8_u8(vld1_u8(B(p))));
    return {U(vmovl_s16(vget_low_s16(x))), U(vmovl_high_s16(x))};
  }
  static V LoadF16(const void* p) {
    const float16x8_t h = vreinterpretq_f16_u8(vld1q_u8(B(p)));
    return {U(vcvt_f32_f16(vget_low_f16(h))), U(vcvt_high_f32_f16(h))};
  }
  static V LoadNibbles(const void* p) {
    uint32_t w;
    std::memcpy(&w, p, 4);
    const uint32x4_t x = vdupq_n_u32(w), mask = vdupq_n_u32(0xF);
    const int32_t lo[4] = {0, -4, -8, -12}, hi[4] = {-16, -20, -24, -28};
    return {vandq_u32(vshlq_u32(x, vld1q_s32(lo)), mask), vandq_u32(vshlq_u32(x, vld1q_s32(hi)), mask)};
  }
  static V LoadCrumbs(const void* p) {
    uint16_t w;
    std::memcpy(&w, p, 2);
    const uint32x4_t x = vdupq_n_u32(w), mask = vdupq_n_u32(0x3);
    const int32_t lo[4] = {0, -2, -4, -6}, hi[4] = {-8, -10, -12, -14};
    return {vandq_u32(vshlq_u32(x, vld1q_s32(lo)), mask), vandq_u32(vshlq_u32(x, vld1q_s32(hi)), mask)};
  }
  // 6-bit codes from 6 bytes: each 16-bit lane takes the byte where code i starts (bit 6i) and,
  // when the code straddles, the next one (tbl; index 0xFF gives 0), then a shift right by 6i % 8
  // and a mask.
  static V LoadSextets(const void* p) {
    uint64_t w = 0;
    std::memcpy(&w, p, 6);
    static constexpr uint8_t kPick[16] = {0, 0xFF, 0, 1, 1, 2, 2, 0xFF, 3, 0xFF, 3, 4, 4, 5, 5, 0xFF};
    static constexpr int16_t kShift[8] = {0, -6, -4, -2, 0, -6, -4, -2};
    const uint8x16_t bytes = vcombine_u8(vcreate_u8(w), vdup_n_u8(0));
    const uint16x8_t pairs = vreinterpretq_u16_u8(vqtbl1q_u8(bytes, vld1q_u8(kPick)));
    const uint16x8_t codes = vandq_u16(vshlq_u16(pairs, vld1q_s16(kShift)), vdupq_n_u16(0x3F));
    return {vmovl_u16(vget_low_u16(codes)), vmovl_high_u16(codes)};
  }
  static float64x2_t D2(const void* p, int i) { return vreinterpretq_f64_u8(vld1q_u8(B(p) + 16 * i)); }
  static V LoadF64(const void* p) {
    return {U(vcvt_high_f32_f64(vcvt_f32_f64(D2(p, 0)), D2(p, 1))),
            U(vcvt_high_f32_f64(vcvt_f32_f64(D2(p, 2)), D2(p, 3)))};
  }
  // FCVTXN: double -> float rounding to odd, made for exactly this (one later rounding).
  static V LoadF64Odd(const void* p) {
    return {U(vcvtx_high_f32_f64(vcvtx_f32_f64(D2(p, 0)), D2(p, 1))),
            U(vcvtx_high_f32_f64(vcvtx_f32_f64(D2(p, 2)), D2(p, 3)))};
  }

  // Int32 / uint32 widened to 64 bits and converted to double (exact), then FCVTXN as above; uint32
  // to the nearest float32: UCVTF.
  static float64x2_t I2(const void* p, int i, bool high) {
    const int32x4_t x = vreinterpretq_s32_u8(vld1q_u8(B(p) + 16 * i));
    return vcvtq_f64_s64(high ? vmovl_high_s32(x) : vmovl_s32(vget_low_s32(x)));
  }
  static float64x2_t U2(const void* p, int i, bool high) {
    const uint32x4_t x = vreinterpretq_u32_u8(vld1q_u8(B(p) + 16 * i));
    return vcvtq_f64_u64(high ? vmovl_high_u32(x) : vmovl_u32(vget_low_u32(x)));
  }
  static V LoadI32Odd(const void* p) {
    return {U(vcvtx_high_f32_f64(vcvtx_f32_f64(I2(p, 0, false)), I2(p, 0, true))),
            U(vcvtx_high_f32_f64(vcvtx_f32_f64(I2(p, 1, false)), I2(p, 1, true)))};
  }
  static V LoadU32Odd(const void* p) {
    return {U(vcvtx_high_f32_f64(vcvtx_f32_f64(U2(p, 0, false)), U2(p, 0, true))),
            U(vcvtx_high_f32_f64(vcvtx_f32_f64(U2(p, 1, false)), U2(p, 1, true)))};
  }
  static V LoadU32Near(const void* p) {
    return {U(vcvtq_f32_u32(vreinterpretq_u32_u8(vld1q_u8(B(p))))),
            U(vcvtq_f32_u32(vreinterpretq_u32_u8(vld1q_u8(B(p) + 16))))};
  }

  static void StoreU32(void* p, V v) {
    vst1q_u8(B(p), vreinterpretq_u8_u32(v.lo));
    vst1q_u8(B(p) + 16, vreinterpretq_u8_u32(v.hi));
  }
  static uint16x8_t Halves(V v) { return vmovn_high_u32(vmovn_u32(v.lo), v.hi); }
  static void StoreU16(void* p, V v) { vst1q_u8(B(p), vreinterpretq_u8_u16(Halves(v))); }
  static void StoreU8(void* p, V v) { vst1_u8(B(p), vmovn_u16(Halves(v))); }
  // Each half widened to 64 bits and converted (exact).
  static void StoreI32AsF64(void* p, V v) {
    double* d = static_cast<double*>(p);
    const int32x4_t lo = vreinterpretq_s32_u32(v.lo), hi = vreinterpretq_s32_u32(v.hi);
    vst1q_f64(d, vcvtq_f64_s64(vmovl_s32(vget_low_s32(lo))));
    vst1q_f64(d + 2, vcvtq_f64_s64(vmovl_high_s32(lo)));
    vst1q_f64(d + 4, vcvtq_f64_s64(vmovl_s32(vget_low_s32(hi))));
    vst1q_f64(d + 6, vcvtq_f64_s64(vmovl_high_s32(hi)));
  }
  static void StoreU32AsF64(void* p, V v) {
    double* d = static_cast<double*>(p);
    vst1q_f64(d, vcvtq_f64_u64(vmovl_u32(vget_low_u32(v.lo))));
    vst1q_f64(d + 2, vcvtq_f64_u64(vmovl_high_u32(v.lo)));
    vst1q_f64(d + 4, vcvtq_f64_u64(vmovl_u32(vget_low_u32(v.hi))));
    vst1q_f64(d + 6, vcvtq_f64_u64(vmovl_high_u32(v.hi)));
  }
  static void StoreF16(void* p, V v) {
    const float16x8_t h = vcvt_high_f16_f32(vcvt_f16_f32(F(v.lo)), F(v.hi));
    vst1q_u8(B(p), vreinterpretq_u8_f16(h));
  }
  static void StoreNibbles(void* p, V v) {
    const uint16x4_t x = vreinterpret_u16_u8(vmovn_u16(Halves(v)));  // c0 | c1 << 8 per 16 bits
    const uint8x8_t packed = vmovn_u16(vcombine_u16(vorr_u16(x, vshr_n_u16(x, 4)), vdup_n_u16(0)));
    const uint32_t w = vget_lane_u32(vreinterpret_u32_u8(packed), 0);
    std::memcpy(p, &w, 4);
  }
  // Codes < 64: c0 | c1 << 6 per 16 bits, then (c0 | c1 << 6) | (c2 | c3 << 6) << 12 per 32 bits
  // (shift and bit select), and the low three bytes of each of the two words.
  static void StoreSextets(void* p, V v) {
    const uint16x4_t x = vreinterpret_u16_u8(vmovn_u16(Halves(v)));                  // c0 | c1 << 8
    const uint16x4_t y = vbsl_u16(vdup_n_u16(0x3F), x, vshr_n_u16(x, 2));              // c0 | c1 << 6
    const uint32x2_t z = vreinterpret_u32_u16(y);
    const uint32x2_t g = vbsl_u32(vdup_n_u32(0xFFF), z, vshr_n_u32(z, 4));             // 24 bits each
    const uint64_t w = vget_lane_u64(vreinterpret_u64_u32(g), 0);
    const uint64_t out = (w & 0xFFFFFFu) | ((w >> 32) << 24);
    std::memcpy(p, &out, 6);
  }
  static void StoreCrumbs(void* p, V v) {
    const uint16x4_t x = vreinterpret_u16_u8(vmovn_u16(Halves(v)));
    const uint32x2_t y = vreinterpret_u32_u16(vorr_u16(x, vshr_n_u16(x, 6)));  // c0 | c1 << 2 per 16 bits
    const uint32x2_t z = vorr_u32(y, vshr_n_u32(y, 12));                       // | (c2 | c3 << 2) << 4
    const uint8_t b[2] = {static_cast<uint8_t>(vget_lane_u32(z, 0)), static_cast<uint8_t>(vget_lane_u32(z, 1))};
    std::memcpy(p, b, 2);
  }
};

}  // namespace
}  // namespace castlike::opt::neon
