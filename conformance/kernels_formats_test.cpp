// The kernels' format facts against the type table: every constant the scalar and SIMD kernels
// derive from a kTypeTable row (optimized/formats.hpp, the SIMD lane constants, the byte decode
// tables, the attribute variants) is checked here against what the row says, for every row. A new
// type is one row of castlike/type_table.hpp; this test then tells whether the kernels' view of it
// is right before any conversion is compared.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>

#include "castlike/type_table.hpp"
#include "formats.hpp"
#include "kernel_variant.hpp"
#include "simd/tables.hpp"

namespace {

using castlike::ElementType;
using castlike::FloatFormat;
using castlike::SpecialEncoding;
using castlike::TypeInfo;
using castlike::kTypeTable;
namespace opt = castlike::opt;

// ---- What a row says, computed here from its fields alone ------------------------------------------

enum class Kind { kFinite, kInf, kNan };

// The class of a magnitude pattern (sign bit clear) under the row's special encoding.
Kind classify_magnitude(const FloatFormat& f, uint64_t mag) {
  const uint64_t field = mag >> f.mantissa_bits, mant = mag & ((uint64_t{1} << f.mantissa_bits) - 1u);
  const uint64_t ones = (uint64_t{1} << f.exponent_bits) - 1u, all_mant = (uint64_t{1} << f.mantissa_bits) - 1u;
  switch (f.special) {
    case SpecialEncoding::kIeee: return field != ones ? Kind::kFinite : (mant == 0 ? Kind::kInf : Kind::kNan);
    case SpecialEncoding::kFiniteNanOnes: return field == ones && mant == all_mant ? Kind::kNan : Kind::kFinite;
    case SpecialEncoding::kExponentOnly: return field == ones ? Kind::kNan : Kind::kFinite;
    case SpecialEncoding::kFnuz:  // the lone NaN is the sign bit alone: no magnitude pattern is special
    case SpecialEncoding::kFiniteOnly: return Kind::kFinite;
  }
  return Kind::kFinite;
}

// The largest magnitude pattern that is finite, counted down from the top (IEEE: below the all-ones
// exponent; the others: one pattern at a time).
uint64_t largest_finite(const FloatFormat& f) {
  uint64_t mag = (uint64_t{1} << (f.exponent_bits + f.mantissa_bits)) - 1u;
  while (classify_magnitude(f, mag) != Kind::kFinite) {
    if (f.special == SpecialEncoding::kIeee) mag = (mag >> f.mantissa_bits << f.mantissa_bits) - 1u;  // below inf / NaN
    else --mag;
  }
  return mag;
}

// The exact float32 bits of a finite magnitude pattern's value (sig * 2^exp), for formats narrow
// enough that every value is a normal float32 or zero.
uint32_t float32_bits_of(const FloatFormat& f, uint64_t mag) {
  const uint64_t field = mag >> f.mantissa_bits, mant = mag & ((uint64_t{1} << f.mantissa_bits) - 1u);
  uint64_t sig;
  int exp;
  if (f.special == SpecialEncoding::kExponentOnly) {
    if (mag == 0) return 0;  // A12: 0x00 reads as zero
    sig = 1;
    exp = static_cast<int>(mag) - f.bias;
  } else if (field == 0) {
    if (mant == 0) return 0;
    sig = mant;
    exp = 1 - f.bias - f.mantissa_bits;
  } else {
    sig = mant | (uint64_t{1} << f.mantissa_bits);
    exp = static_cast<int>(field) - f.bias - f.mantissa_bits;
  }
  const int top = 63 - __builtin_clzll(sig);
  const int e = exp + top;  // value = 1.f * 2^e
  EXPECT_GE(e, -126);
  const uint64_t frac = (sig - (uint64_t{1} << top)) << (23 - top);
  return static_cast<uint32_t>((uint64_t(e + 127) << 23) | frac);
}

// ---- Format<T> and the SIMD lane constants -----------------------------------------------------

template <ElementType T>
void check_format(const TypeInfo& row) {
  using F = opt::Format<T>;
  const FloatFormat& f = row.format;
  const std::string name(row.name);
  SCOPED_TRACE(name);
  EXPECT_EQ(f.exponent_bits + f.mantissa_bits + (f.has_sign ? 1 : 0), row.bits) << "fields fill the storage";
  EXPECT_EQ(F::sign_bit, f.has_sign ? uint64_t{1} << (row.bits - 1) : 0) << "the sign is the top bit";
  EXPECT_EQ(F::emask, (uint64_t{1} << f.exponent_bits) - 1u);
  EXPECT_EQ(F::mmask, (uint64_t{1} << f.mantissa_bits) - 1u);
  EXPECT_EQ(F::emin, 1 - f.bias) << "exponent of the smallest normal";
  const uint64_t max = largest_finite(f);
  EXPECT_EQ(F::max_mag, max) << "the largest finite magnitude";
  EXPECT_EQ(F::emax, static_cast<int>(max >> f.mantissa_bits) - f.bias) << "exponent of the largest finite";
  if (f.special == SpecialEncoding::kIeee) {
    EXPECT_EQ(classify_magnitude(f, F::inf_mag), Kind::kInf);
    EXPECT_EQ(F::inf_mag & F::mmask, 0u);
    EXPECT_EQ(F::overflow_code, F::inf_mag) << "overflow without saturation is infinity";
  } else if (f.has_nan()) {
    EXPECT_EQ(F::overflow_code, F::nan_code) << "overflow without saturation is NaN";
  }
  if (f.special == SpecialEncoding::kFnuz) {
    EXPECT_EQ(F::nan_code, F::sign_bit) << "FNUZ's lone NaN is the sign bit alone";
  } else if (f.has_nan()) {
    EXPECT_EQ(classify_magnitude(f, F::nan_code), Kind::kNan) << "the NaN an encoder writes is a NaN";
    if (f.special == SpecialEncoding::kIeee)  // quiet: the top mantissa bit
      EXPECT_NE(F::nan_code & (uint64_t{1} << (f.mantissa_bits - 1)), 0u);
  }
  if constexpr (castlike::info(T).bits <= 8) {  // the SIMD lane constants of the small formats
    using S = opt::SmallFloat<T>;
    EXPECT_EQ(S::mantissa_bits, f.mantissa_bits);
    EXPECT_EQ(S::bias, f.bias);
    EXPECT_EQ(S::max_code, max);
    EXPECT_EQ(S::nan_code, F::nan_code);
    EXPECT_EQ(S::overflow_code, F::overflow_code);
    if (f.has_sign) EXPECT_EQ(S::sign_shift, row.bits - 1u);
    EXPECT_EQ(S::fnuz, f.special == SpecialEncoding::kFnuz);
  }
  if constexpr (opt::is_byte_float(T)) {  // the AVX-512 / NEON decode tables: every code
    for (uint32_t b = 0; b < 256; ++b) {
      const uint32_t got = opt::byte_float_to_f32<T>(b);
      const uint64_t mag = b & ~F::sign_bit;
      const bool neg = (b & F::sign_bit) != 0;
      if (f.special == SpecialEncoding::kFnuz && b == F::sign_bit) {
        EXPECT_EQ(got, 0xFFC00000u) << "code " << b << ": FNUZ's NaN reads as -NaN";
        continue;
      }
      switch (classify_magnitude(f, mag)) {
        case Kind::kNan: EXPECT_EQ(got & 0x7FFFFFFFu, 0x7FC00000u) << "code " << b; break;
        case Kind::kInf: EXPECT_EQ(got & 0x7FFFFFFFu, 0x7F800000u) << "code " << b; break;
        case Kind::kFinite:
          EXPECT_EQ(got, (neg ? 0x80000000u : 0u) | float32_bits_of(f, mag)) << "code " << b;
          break;
      }
    }
  }
}

template <size_t... I>
void check_every_float_row(std::index_sequence<I...>) {
  (([] {
     constexpr ElementType t = kTypeTable[I].type;
     if constexpr (castlike::is_float(t)) check_format<t>(kTypeTable[I]);
   }()),
   ...);
}

TEST(KernelFormats, EveryFloatRowsConstantsMatchTheRow) {
  check_every_float_row(std::make_index_sequence<kTypeTable.size()>());
}

// ---- Shared type facts ---------------------------------------------------------------------------

TEST(KernelFormats, TypeIndexIsTheRowNumber) {
  for (size_t i = 0; i < kTypeTable.size(); ++i) EXPECT_EQ(castlike::type_index(kTypeTable[i].type), i);
  EXPECT_EQ(castlike::type_index(static_cast<ElementType>(-1)), kTypeTable.size());
}

TEST(KernelFormats, Float8FamilyIsTheEightBitFloatsWithSignAndMantissa) {
  for (const TypeInfo& row : kTypeTable) {
    const bool expected = row.type_class == castlike::TypeClass::kFloat && row.bits == 8 &&
                          row.format.mantissa_bits > 0 && row.format.has_sign;
    EXPECT_EQ(castlike::is_float8_family(row.type), expected) << row.name;
  }
  EXPECT_TRUE(castlike::is_float8_family(ElementType::kFloat8E4M3FN));
  EXPECT_FALSE(castlike::is_float8_family(ElementType::kFloat8E8M0));
  EXPECT_FALSE(castlike::is_float8_family(ElementType::kFloat4E2M1));
}

// Every attribute set maps to a variant of its destination, and the variant stands for the
// attributes the destination reads: saturate for the float8 family, saturate and round_mode for
// FLOAT8E8M0, nothing for the others.
TEST(KernelFormats, AttributeVariantsRoundTrip) {
  for (const TypeInfo& row : kTypeTable) {
    const ElementType to = row.type;
    const bool reads_saturate = castlike::is_float8_family(to) || to == ElementType::kFloat8E8M0;
    const bool reads_round_mode = to == ElementType::kFloat8E8M0;
    EXPECT_EQ(opt::variant_count(to), reads_round_mode ? 6 : (reads_saturate ? 2 : 1)) << row.name;
    for (int sat = 0; sat <= 1; ++sat) {
      for (castlike_round_mode mode : {CASTLIKE_ROUND_UP, CASTLIKE_ROUND_DOWN, CASTLIKE_ROUND_NEAREST}) {
        castlike_attributes a{};
        a.saturate = sat;
        a.round_mode = mode;
        const int index = opt::variant_index(to, a);
        ASSERT_GE(index, 0) << row.name;
        ASSERT_LT(index, opt::variant_count(to)) << row.name;
        const opt::Variant v = opt::variant_of(to, index);
        if (reads_saturate) {
          EXPECT_EQ(v.saturate, sat != 0) << row.name;
        }
        if (reads_round_mode) {
          EXPECT_EQ(v.round_mode, mode) << row.name;
        }
      }
    }
  }
}

}  // namespace
