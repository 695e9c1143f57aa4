// SIMD kernels built from the vector algorithms of codecs.hpp: loads and stores of every storage
// layout, the element-wise map kernel with its operation functors, the float8 encoder blocks, and
// the attribute-dependent kernels (one instantiation per variant, kernel_variant.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "../kernel.hpp"
#include "../kernel_variant.hpp"
#include "codecs.hpp"
#include "driver.hpp"

namespace castlike::opt {
namespace {  // NOLINT(cert-dcl59-cpp): internal linkage per ISA translation unit, see driver.hpp

// Load / store of a whole vector of kLanes elements in each storage layout:
//   U32, U16 (zero-extended), U8, I8 (sign-extended), F16 (hardware convert to float32 bits),
//   Nibbles (4-bit, kLanes/2 bytes), Sextets (6-bit, kLanes*3/4 bytes: kLanes/4 groups of four
//   codes in three bytes), Crumbs (2-bit, kLanes/4 bytes);
// stores keep the low 16 / 8 / 6 / 4 / 2 bits of each lane (StoreF16 rounds float32 bits to nearest).

enum class Layout {
  kU32, kU16, kF16, kU8, kI8, kSextet, kNibble, kCrumb,
  kF64,     // load only: double -> float32 bits, rounded to nearest (hardware convert)
  kF64Odd,  // load only: double -> float32 bits, rounded to odd (sticky), for one later rounding
  kI32Odd,  // load only: int32 -> float32 bits, rounded to odd, for one later rounding
  kU32Odd,  // load only: uint32 -> float32 bits, rounded to odd, for one later rounding
  kU32Near, // load only: uint32 -> float32 bits, rounded to nearest even
  kF64FromI32,  // store only: int32 lanes as double (exact: 32 bits fit a 53-bit significand)
  kF64FromU32,  // store only: uint32 lanes as double (exact)
};

constexpr unsigned layout_bits(Layout l) {
  switch (l) {
    case Layout::kF64:
    case Layout::kF64Odd:
    case Layout::kF64FromI32:
    case Layout::kF64FromU32: return 64;
    case Layout::kU32:
    case Layout::kI32Odd:
    case Layout::kU32Odd:
    case Layout::kU32Near: return 32;
    case Layout::kU16:
    case Layout::kF16: return 16;
    case Layout::kU8:
    case Layout::kI8: return 8;
    case Layout::kSextet: return 6;
    case Layout::kNibble: return 4;
    case Layout::kCrumb: return 2;
  }
  return 0;
}

template <class D, Layout kL>
inline typename D::V load_lanes(const uint8_t* p) {
  if constexpr (kL == Layout::kU32) return D::LoadU32(p);
  else if constexpr (kL == Layout::kU16) return D::LoadU16(p);
  else if constexpr (kL == Layout::kF16) return D::LoadF16(p);
  else if constexpr (kL == Layout::kU8) return D::LoadU8(p);
  else if constexpr (kL == Layout::kI8) return D::LoadI8(p);
  else if constexpr (kL == Layout::kNibble) return D::LoadNibbles(p);
  else if constexpr (kL == Layout::kSextet) return D::LoadSextets(p);
  else if constexpr (kL == Layout::kF64) return D::LoadF64(p);
  else if constexpr (kL == Layout::kF64Odd) return D::LoadF64Odd(p);
  else if constexpr (kL == Layout::kI32Odd) return D::LoadI32Odd(p);
  else if constexpr (kL == Layout::kU32Odd) return D::LoadU32Odd(p);
  else if constexpr (kL == Layout::kU32Near) return D::LoadU32Near(p);
  else return D::LoadCrumbs(p);
}

template <class D, Layout kL>
inline void store_lanes(uint8_t* p, typename D::V v) {
  if constexpr (kL == Layout::kU32) D::StoreU32(p, v);
  else if constexpr (kL == Layout::kU16) D::StoreU16(p, v);
  else if constexpr (kL == Layout::kF16) D::StoreF16(p, v);
  else if constexpr (kL == Layout::kU8 || kL == Layout::kI8) D::StoreU8(p, v);
  else if constexpr (kL == Layout::kNibble) D::StoreNibbles(p, v);
  else if constexpr (kL == Layout::kSextet) D::StoreSextets(p, v);
  else if constexpr (kL == Layout::kF64FromI32) D::StoreI32AsF64(p, v);
  else if constexpr (kL == Layout::kF64FromU32) D::StoreU32AsF64(p, v);
  else D::StoreCrumbs(p, v);
}

// The storage layout of a packed or byte-wide code of `bits` bits (the small float formats).
constexpr Layout code_layout(unsigned bits) {
  return bits == 8 ? Layout::kU8 : bits == 6 ? Layout::kSextet : bits == 4 ? Layout::kNibble : Layout::kCrumb;
}

// Four vectors from one layout: an ISA may unpack them together from one wider load
// (LoadSextets4: same results as four single loads, reading no byte more), else one by one.
template <class D, Layout kL>
inline void load_lanes4(const uint8_t* p, typename D::V (&v)[4]) {
  if constexpr (kL == Layout::kSextet && requires { D::LoadSextets4(p, v); }) {
    D::LoadSextets4(p, v);
  } else {
    for (int i = 0; i < 4; ++i) v[i] = load_lanes<D, kL>(p + i * D::kLanes * layout_bits(kL) / 8);
  }
}

// Four vectors to one layout: an ISA may narrow them together (StoreBytes4 / StoreU16x4 /
// StoreNibbles4 / StoreSextets4: same results as four single stores), else one by one.
template <class D, Layout kL>
inline void store_lanes4(uint8_t* p, const typename D::V (&v)[4]) {
  if constexpr ((kL == Layout::kU8 || kL == Layout::kI8) && requires { D::StoreBytes4(p, v); }) {
    D::StoreBytes4(p, v);
  } else if constexpr (kL == Layout::kU16 && requires { D::StoreU16x4(p, v); }) {
    D::StoreU16x4(p, v);
  } else if constexpr (kL == Layout::kNibble && requires { D::StoreNibbles4(p, v); }) {
    D::StoreNibbles4(p, v);
  } else if constexpr (kL == Layout::kSextet && requires { D::StoreSextets4(p, v); }) {
    D::StoreSextets4(p, v);
  } else {
    for (int i = 0; i < 4; ++i) store_lanes<D, kL>(p + i * D::kLanes * layout_bits(kL) / 8, v[i]);
  }
}

// One element-wise kernel: load in layout kIn, apply Op::apply<D>(V) (a static template),
// store in layout kOut; four vectors per step.
template <class D, Layout kIn, Layout kOut, class Op>
void map_kernel(const void* src, void* dst, size_t n, const castlike_attributes&) {
  constexpr unsigned kInBits = layout_bits(kIn);
  run_blocks<kInBits, layout_bits(kOut), 4 * D::kLanes>(src, dst, n, [](const uint8_t* in, uint8_t* out) {
    typename D::V v[4];
    load_lanes4<D, kIn>(in, v);
    for (int i = 0; i < 4; ++i) v[i] = Op::template apply<D>(v[i]);
    store_lanes4<D, kOut>(out, v);
  });
}

// Ops (stateless functors over vectors).
struct Identity {
  template <class D> static typename D::V apply(typename D::V v) { return v; }
};
struct Bf16ToF32 {  // bfloat16 bits -> float32 bits
  template <class D> static typename D::V apply(typename D::V v) { return D::template Shl<16>(v); }
};
struct F32ToBf16 {
  template <class D> static typename D::V apply(typename D::V v) { return encode_bf16<D>(v); }
};
template <ElementType kFmt>
struct F32ToFinite {  // to a finite-only format (no NaN, no infinity)
  template <class D> static typename D::V apply(typename D::V v) { return encode_finite<D, kFmt>(v); }
};
template <ElementType kFmt>
struct Bf16ToFinite {
  template <class D> static typename D::V apply(typename D::V v) {
    return encode_finite<D, kFmt>(D::template Shl<16>(v));
  }
};
template <int kMode, bool kSat>
struct F32ToE8M0 {
  template <class D> static typename D::V apply(typename D::V v) { return encode_e8m0<D, kMode, kSat>(v); }
};
template <int kMode, bool kSat>
struct Bf16ToE8M0 {
  template <class D> static typename D::V apply(typename D::V v) {
    return encode_e8m0<D, kMode, kSat>(D::template Shl<16>(v));
  }
};
template <ElementType kFmt>
struct F8ToF32 {
  template <class D> static typename D::V apply(typename D::V v) { return decode_f8<D, kFmt>(v); }
};
template <ElementType kFmt>
struct F8ToBf16 {  // exact: every float8 / float6 / float4 value is a bfloat16
  template <class D> static typename D::V apply(typename D::V v) {
    return D::template Shr<16>(decode_f8<D, kFmt>(v));
  }
};
struct E8M0ToF32 {
  template <class D> static typename D::V apply(typename D::V v) { return decode_e8m0<D>(v); }
};
struct E8M0ToBf16 {
  template <class D> static typename D::V apply(typename D::V v) { return D::template Shr<16>(decode_e8m0<D>(v)); }
};
struct F32ToI32 {
  template <class D> static typename D::V apply(typename D::V v) { return float_to_i32<D>(v); }
};
template <bool kSigned>
struct F32ToI8 {
  template <class D> static typename D::V apply(typename D::V v) { return float_to_i8<D, kSigned>(v); }
};
struct I32ToF32 {
  template <class D> static typename D::V apply(typename D::V v) { return D::CvtI2F(v); }
};
template <unsigned kBits, bool kSigned>
struct F32ToSubByte {
  template <class D> static typename D::V apply(typename D::V v) { return float_to_sub_byte<D, kBits, kSigned>(v); }
};
template <unsigned kBits, bool kSigned>
struct SubByteToInt {  // to int8 / uint8 (the low byte of the sign-extended value)
  template <class D> static typename D::V apply(typename D::V v) { return sub_byte_value<D, kBits, kSigned>(v); }
};
template <unsigned kBits, bool kSigned>
struct SubByteToF32 {
  template <class D> static typename D::V apply(typename D::V v) {
    return D::CvtI2F(sub_byte_value<D, kBits, kSigned>(v));
  }
};
template <unsigned kBits>
struct LowBits {  // int8 / uint8 -> 4-/2-bit: keep the low bits
  template <class D> static typename D::V apply(typename D::V v) { return D::And(v, D::Set((1u << kBits) - 1u)); }
};

// Stores 4 vectors of float8 codes (o) with the signs of their float32 sources (u): 4 * kLanes
// bytes. An ISA may narrow and sign all four at once (StoreSignedBytes4); otherwise per vector.
template <class D, bool kFnuz>
inline void store_signed_bytes4(uint8_t* out, const typename D::V (&o)[4], const typename D::V (&u)[4]) {
  if constexpr (requires { D::template StoreSignedBytes4<kFnuz>(out, o, u); }) {
    D::template StoreSignedBytes4<kFnuz>(out, o, u);
  } else {
    for (int i = 0; i < 4; ++i) D::StoreU8(out + i * D::kLanes, add_f8_sign<D, kFnuz>(o[i], u[i]));
  }
}

// float32 / float16 / bfloat16 -> float8, four vectors per step.
template <class D, Layout kIn, bool kBf16, ElementType kFmt, bool kSat>
void f8_encode_blocks(const void* src, void* dst, size_t n, const castlike_attributes&) {
  constexpr unsigned kInBits = layout_bits(kIn);
  run_blocks<kInBits, 8, 4 * D::kLanes>(src, dst, n, [](const uint8_t* in, uint8_t* out) {
    typename D::V u[4], o[4];
    for (int i = 0; i < 4; ++i) {
      u[i] = load_lanes<D, kIn>(in + i * D::kLanes * kInBits / 8);
      if constexpr (kBf16) u[i] = D::template Shl<16>(u[i]);
      o[i] = encode_f8_unsigned<D, kFmt, kSat>(u[i]);
    }
    store_signed_bytes4<D, SmallFloat<kFmt>::fnuz>(out, o, u);
  });
}

// Kernels whose behaviour depends on the attributes: pick the instantiation per call.
template <class D, Layout kIn, bool kBf16, ElementType kFmt>
void f8_encode_kernel(const void* src, void* dst, size_t n, const castlike_attributes& attrs) {
  with_variant<kFmt>(attrs, [&]<int V>() {
    f8_encode_blocks<D, kIn, kBf16, kFmt, variant_of(kFmt, V).saturate>(src, dst, n, attrs);
  });
}

template <class D, Layout kIn, template <int, bool> class Op>
void e8m0_encode_kernel(const void* src, void* dst, size_t n, const castlike_attributes& attrs) {
  constexpr ElementType kFmt = ElementType::kFloat8E8M0;
  with_variant<kFmt>(attrs, [&]<int V>() {
    constexpr Variant v = variant_of(kFmt, V);
    map_kernel<D, kIn, Layout::kU8, Op<v.round_mode, v.saturate>>(src, dst, n, attrs);
  });
}

}  // namespace
}  // namespace castlike::opt
