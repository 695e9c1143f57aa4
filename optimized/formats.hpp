// Compile-time constants of a float format, derived from its row of kTypeTable: every bit pattern
// and threshold the scalar and SIMD kernels use comes from here, so a new format is one row in
// castlike/type_table.hpp (conformance/kernels_formats_test.cpp walks the table and checks each
// constant against the row's definition).
#pragma once

#include <cstdint>

#include "castlike/type_table.hpp"

namespace castlike::opt {

template <ElementType T>
struct Format {
  static constexpr FloatFormat f = info(T).format;
  static constexpr int eb = f.exponent_bits;
  static constexpr int mb = f.mantissa_bits;
  static constexpr int bias = f.bias;
  static constexpr bool has_sign = f.has_sign;
  static constexpr SpecialEncoding special = f.special;
  static constexpr int sign_shift = eb + mb;  // position of the sign bit (when has_sign)
  static constexpr uint64_t sign_bit = has_sign ? uint64_t{1} << sign_shift : 0;
  static constexpr uint64_t emask = (uint64_t{1} << eb) - 1u;
  static constexpr uint64_t mmask = (uint64_t{1} << mb) - 1u;
  static constexpr int emin = 1 - bias;  // exponent of the smallest normal
  static constexpr int max_field = static_cast<int>(f.max_finite_exponent_field());
  static constexpr int emax = max_field - bias;  // exponent of the largest finite value
  // Magnitude bits (sign cleared) of the largest finite value, of infinity (IEEE formats only) and
  // of the quiet NaN an encoder writes (FNUZ: the lone NaN is the sign bit alone).
  static constexpr uint64_t max_mag = (uint64_t(max_field) << mb) | f.max_finite_mantissa();
  static constexpr uint64_t inf_mag = emask << mb;
  static constexpr uint64_t quiet_nan_mag =
      special == SpecialEncoding::kIeee ? (emask << mb) | (mb > 0 ? uint64_t{1} << (mb - 1) : 0)
      : special == SpecialEncoding::kFiniteNanOnes ? (emask << mb) | mmask
      : special == SpecialEncoding::kExponentOnly  ? emask
                                                   : 0;
  static constexpr uint64_t nan_code = special == SpecialEncoding::kFnuz ? sign_bit : quiet_nan_mag;
  // What a value beyond the largest finite becomes when it does not saturate: infinity where the
  // format has one, else its NaN.
  static constexpr uint64_t overflow_code = special == SpecialEncoding::kIeee ? inf_mag : nan_code;
};

}  // namespace castlike::opt
