// The generic SIMD lookups: which kernel of kernels.hpp serves each pair an ISA vectorises with
// nothing but its ops class D (x86/avx2/ops.hpp lists the operations with their contracts). Each
// ISA folder calls these from its float16.cpp, float8.cpp and integer.cpp and adds what only its
// hardware can do (F16C and AVX512_BF16 converts, vpermb / tbl table lookups, round-to-odd converts).
#pragma once

#include <utility>

#include "kernels.hpp"

namespace castlike::opt {
namespace {  // NOLINT(cert-dcl59-cpp): internal linkage per ISA translation unit, see driver.hpp

// The kernel f.template operator()<T>() gives for the type t, walking kTypeTable: the lookups below
// cover every row of a family without naming its types.
template <class F, size_t... I>
KernelFn kernel_for_type(ElementType t, F&& f, std::index_sequence<I...>) {
  KernelFn k = nullptr;
  ((kTypeTable[I].type == t ? (void)(k = f.template operator()<kTypeTable[I].type>()) : void()), ...);
  return k;
}
template <class F>
KernelFn kernel_for_type(ElementType t, F&& f) {
  return kernel_for_type(t, std::forward<F>(f), std::make_index_sequence<kTypeTable.size()>());
}

// Encoders from a float source layout (float32 bits: kU32; float16: kF16; bfloat16: kU16 shifted).
template <class D, Layout kIn, bool kBf16>
KernelFn f8_encoder(ElementType to) {
  return kernel_for_type(to, []<ElementType T>() -> KernelFn {
    if constexpr (is_float8_family(T)) return &f8_encode_kernel<D, kIn, kBf16, T>;
    else return nullptr;
  });
}

// Encoders to a finite-only format from a float source layout,
// or from INT32 / UINT32 rounded to odd: the codec and the packed layout come from its row.
template <class D, Layout kIn, bool kBf16>
KernelFn finite_encoder(ElementType to) {
  return kernel_for_type(to, []<ElementType T>() -> KernelFn {
    if constexpr (is_float(T) && info(T).format.special == SpecialEncoding::kFiniteOnly) {
      constexpr Layout kOut = code_layout(info(T).bits);
      if constexpr (kBf16) return &map_kernel<D, kIn, kOut, Bf16ToFinite<T>>;
      else return &map_kernel<D, kIn, kOut, F32ToFinite<T>>;
    } else {
      return nullptr;
    }
  });
}

// Decoders of a small float type (the float8 family, the finite-only formats, FLOAT8E8M0) to
// float32 bits, float16 or bfloat16.
template <class D, ElementType kFrom>
KernelFn small_float_decoder(ElementType to) {
  using T = ElementType;
  if constexpr (kFrom == T::kFloat8E8M0) {
    if (to == T::kFloat) return &map_kernel<D, Layout::kU8, Layout::kU32, E8M0ToF32>;
    if (to == T::kFloat16) return &map_kernel<D, Layout::kU8, Layout::kF16, E8M0ToF32>;
    if (to == T::kBfloat16) return &map_kernel<D, Layout::kU8, Layout::kU16, E8M0ToBf16>;
  } else {
    constexpr Layout kIn = code_layout(info(kFrom).bits);
    if (to == T::kFloat) return &map_kernel<D, kIn, Layout::kU32, F8ToF32<kFrom>>;
    if (to == T::kFloat16) return &map_kernel<D, kIn, Layout::kF16, F8ToF32<kFrom>>;
    if (to == T::kBfloat16) return &map_kernel<D, kIn, Layout::kU16, F8ToBf16<kFrom>>;
  }
  return nullptr;
}

// The float8 / float6 / float4 / e8m0 family: every pair the generic code vectorises. INT32 and UINT32
// come in as float32 bits rounded to odd (exact below 2^24; 24 bits >= the destination's
// significand + 2, so the one rounding that follows gives the direct rounding of the integer, in
// every round mode, and the overflow decisions see the same rounded value).
template <class D>
KernelFn generic_float8_lookup(ElementType from, ElementType to) {
  using T = ElementType;
  if (is_float8_family(to)) {
    if (from == T::kFloat) return f8_encoder<D, Layout::kU32, false>(to);
    if (from == T::kInt32) return f8_encoder<D, Layout::kI32Odd, false>(to);
    if (from == T::kUint32) return f8_encoder<D, Layout::kU32Odd, false>(to);
    if (from == T::kFloat16) return f8_encoder<D, Layout::kF16, false>(to);
    if (from == T::kBfloat16) return f8_encoder<D, Layout::kU16, true>(to);
    return nullptr;
  }
  if (is_float(to) && info(to).format.special == SpecialEncoding::kFiniteOnly) {
    if (from == T::kFloat) return finite_encoder<D, Layout::kU32, false>(to);
    if (from == T::kInt32) return finite_encoder<D, Layout::kI32Odd, false>(to);
    if (from == T::kUint32) return finite_encoder<D, Layout::kU32Odd, false>(to);
    if (from == T::kFloat16) return finite_encoder<D, Layout::kF16, false>(to);
    if (from == T::kBfloat16) return finite_encoder<D, Layout::kU16, true>(to);
    return nullptr;
  }
  if (to == T::kFloat8E8M0) {
    if (from == T::kFloat) return &e8m0_encode_kernel<D, Layout::kU32, F32ToE8M0>;
    if (from == T::kInt32) return &e8m0_encode_kernel<D, Layout::kI32Odd, F32ToE8M0>;
    if (from == T::kUint32) return &e8m0_encode_kernel<D, Layout::kU32Odd, F32ToE8M0>;
    if (from == T::kFloat16) return &e8m0_encode_kernel<D, Layout::kF16, F32ToE8M0>;
    if (from == T::kBfloat16) return &e8m0_encode_kernel<D, Layout::kU16, Bf16ToE8M0>;
    return nullptr;
  }
  // Decoding: to float32 bits, bfloat16 (exact, the top half) or float16 (exact for float8, float6
  // and float4; E8M0 rounds once, in the hardware convert).
  return kernel_for_type(from, [to]<ElementType S>() -> KernelFn {
    if constexpr (is_narrow_float(S))
      return small_float_decoder<D, S>(to);
    else
      return nullptr;
  });
}

// float32 / float16 / bfloat16 among themselves, and from double, INT32 and UINT32. Those are
// rounded once: to float32 by the hardware convert; to float16 / bfloat16 through float32 rounded
// to odd (24 bits >= 11 + 2 and 8 + 2, so the final nearest-even rounding is the one a direct
// rounding gives).
template <class D, Layout kOdd>
KernelFn to_half_through_odd(ElementType to) {
  if (to == ElementType::kFloat16) return &map_kernel<D, kOdd, Layout::kF16, Identity>;
  if (to == ElementType::kBfloat16) return &map_kernel<D, kOdd, Layout::kU16, F32ToBf16>;
  return nullptr;
}
template <class D>
KernelFn generic_float16_lookup(ElementType from, ElementType to) {
  using T = ElementType;
  if (from == T::kDouble) {
    if (to == T::kFloat) return &map_kernel<D, Layout::kF64, Layout::kU32, Identity>;
    return to_half_through_odd<D, Layout::kF64Odd>(to);
  }
  if (from == T::kInt32) return to_half_through_odd<D, Layout::kI32Odd>(to);
  if (from == T::kUint32) return to_half_through_odd<D, Layout::kU32Odd>(to);
  if (from == T::kFloat && to == T::kFloat16) return &map_kernel<D, Layout::kU32, Layout::kF16, Identity>;
  if (from == T::kFloat16 && to == T::kFloat) return &map_kernel<D, Layout::kF16, Layout::kU32, Identity>;
  if (from == T::kFloat && to == T::kBfloat16) return &map_kernel<D, Layout::kU32, Layout::kU16, F32ToBf16>;
  if (from == T::kBfloat16 && to == T::kFloat) return &map_kernel<D, Layout::kU16, Layout::kU32, Bf16ToF32>;
  if (from == T::kFloat16 && to == T::kBfloat16) return &map_kernel<D, Layout::kF16, Layout::kU16, F32ToBf16>;
  if (from == T::kBfloat16 && to == T::kFloat16) return &map_kernel<D, Layout::kU16, Layout::kF16, Bf16ToF32>;
  return nullptr;
}

template <class D>
KernelFn generic_integer_lookup(ElementType from, ElementType to) {
  using T = ElementType;
  // int32 / uint32 -> double is exact; the widening convert is the whole kernel.
  if (to == T::kDouble && from == T::kInt32) return &map_kernel<D, Layout::kU32, Layout::kF64FromI32, Identity>;
  if (to == T::kDouble && from == T::kUint32) return &map_kernel<D, Layout::kU32, Layout::kF64FromU32, Identity>;
  if (from == T::kFloat) {
    switch (to) {
      case T::kInt32: return &map_kernel<D, Layout::kU32, Layout::kU32, F32ToI32>;
      case T::kInt8: return &map_kernel<D, Layout::kU32, Layout::kU8, F32ToI8<true>>;
      case T::kUint8: return &map_kernel<D, Layout::kU32, Layout::kU8, F32ToI8<false>>;
      case T::kInt4: return &map_kernel<D, Layout::kU32, Layout::kNibble, F32ToSubByte<4, true>>;
      case T::kUint4: return &map_kernel<D, Layout::kU32, Layout::kNibble, F32ToSubByte<4, false>>;
      case T::kInt2: return &map_kernel<D, Layout::kU32, Layout::kCrumb, F32ToSubByte<2, true>>;
      case T::kUint2: return &map_kernel<D, Layout::kU32, Layout::kCrumb, F32ToSubByte<2, false>>;
      default: return nullptr;
    }
  }
  if (to == T::kFloat) {
    switch (from) {
      case T::kInt32: return &map_kernel<D, Layout::kU32, Layout::kU32, I32ToF32>;
      case T::kUint32: return &map_kernel<D, Layout::kU32Near, Layout::kU32, Identity>;
      case T::kInt8: return &map_kernel<D, Layout::kI8, Layout::kU32, I32ToF32>;
      case T::kUint8: return &map_kernel<D, Layout::kU8, Layout::kU32, I32ToF32>;
      case T::kInt4: return &map_kernel<D, Layout::kNibble, Layout::kU32, SubByteToF32<4, true>>;
      case T::kUint4: return &map_kernel<D, Layout::kNibble, Layout::kU32, SubByteToF32<4, false>>;
      case T::kInt2: return &map_kernel<D, Layout::kCrumb, Layout::kU32, SubByteToF32<2, true>>;
      case T::kUint2: return &map_kernel<D, Layout::kCrumb, Layout::kU32, SubByteToF32<2, false>>;
      default: return nullptr;
    }
  }
  const bool to_byte = to == T::kInt8 || to == T::kUint8;
  const bool from_byte = from == T::kInt8 || from == T::kUint8;
  if (to_byte) {
    switch (from) {
      case T::kInt4: return &map_kernel<D, Layout::kNibble, Layout::kU8, SubByteToInt<4, true>>;
      case T::kUint4: return &map_kernel<D, Layout::kNibble, Layout::kU8, SubByteToInt<4, false>>;
      case T::kInt2: return &map_kernel<D, Layout::kCrumb, Layout::kU8, SubByteToInt<2, true>>;
      case T::kUint2: return &map_kernel<D, Layout::kCrumb, Layout::kU8, SubByteToInt<2, false>>;
      default: return nullptr;
    }
  }
  if (from_byte) {
    switch (to) {
      case T::kInt4:
      case T::kUint4: return &map_kernel<D, Layout::kU8, Layout::kNibble, LowBits<4>>;
      case T::kInt2:
      case T::kUint2: return &map_kernel<D, Layout::kU8, Layout::kCrumb, LowBits<2>>;
      default: return nullptr;
    }
  }
  return nullptr;
}

}  // namespace
}  // namespace castlike::opt
