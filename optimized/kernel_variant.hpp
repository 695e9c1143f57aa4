// The one place where run-time attributes become a compile-time kernel variant. A destination's
// kernels distinguish 1 variant (the attributes change nothing), 2 (saturate: the float8 family)
// or 6 (saturate x round_mode: FLOAT8E8M0); every kernel family (scalar element loops and tables,
// string encoders, SIMD encoders) instantiates its code per variant through with_variant, so no
// loop branches on an attribute.
#pragma once

#include "castlike/type_table.hpp"
#include "castlike/types.h"

namespace castlike::opt {

struct Variant {
  bool saturate;
  castlike_round_mode round_mode;
};

// Variants are numbered saturate-major: (saturate ? 1 : 0) * (round modes read) + round_mode.
constexpr int variant_count(ElementType to) { return (reads_saturate(to) ? 2 : 1) * (reads_round_mode(to) ? 3 : 1); }
// The index of an attribute set among its destination's variants (round_mode already validated).
constexpr int variant_index(ElementType to, const castlike_attributes& a) {
  const int modes = reads_round_mode(to) ? 3 : 1;
  return (reads_saturate(to) && a.saturate ? modes : 0) + (reads_round_mode(to) ? static_cast<int>(a.round_mode) : 0);
}
// The attributes a variant stands for (those its destination ignores: saturate=1, round_mode=up).
constexpr Variant variant_of(ElementType to, int index) {
  const int modes = reads_round_mode(to) ? 3 : 1;
  return {!reads_saturate(to) || index >= modes,
          reads_round_mode(to) ? static_cast<castlike_round_mode>(index % 3) : CASTLIKE_ROUND_UP};
}

// Calls f.template operator()<V>() with V the variant index of `a` for destination To, and returns
// its result: [&]<int V>() { ... variant_of(To, V).saturate ... }.
template <ElementType To, class F>
inline decltype(auto) with_variant(const castlike_attributes& a, F&& f) {
  constexpr int kCount = variant_count(To);
  if constexpr (kCount == 1) {
    return f.template operator()<0>();
  } else if constexpr (kCount == 2) {
    return a.saturate ? f.template operator()<1>() : f.template operator()<0>();
  } else {
    static_assert(kCount == 6, "variant_count is 1, 2 or 6");
    switch (variant_index(To, a)) {
      case 0: return f.template operator()<0>();
      case 1: return f.template operator()<1>();
      case 2: return f.template operator()<2>();
      case 3: return f.template operator()<3>();
      case 4: return f.template operator()<4>();
      default: return f.template operator()<5>();
    }
  }
}

}  // namespace castlike::opt
