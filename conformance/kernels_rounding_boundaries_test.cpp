// The kernels where rounding is hard, for the formats without NaN or infinity (FLOAT4E2M1 and the
// FLOAT6 types, found in the type table by their special encoding): every FLOAT input within two
// ulps of a rounding boundary (the midpoint between two neighbouring values of the destination, and
// the saturation threshold half an ulp above the largest value), both signs, plus uniformly random
// float32 patterns (CASTLIKE_BOUNDARY_SAMPLES, default 10^6; label `slow` runs 10^7), through the
// public API on every ISA level this machine has, judged against the exact reference.
//
// The boundaries are computed from the row's FloatFormat in double, which holds every value of
// these formats and their midpoints exactly.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "test_support.hpp"

namespace castlike::kt {
namespace {

std::vector<ElementType> finite_only_types() {
  std::vector<ElementType> out;
  for (const TypeInfo& t : kTypeTable)
    if (t.type_class == TypeClass::kFloat && t.format.special == SpecialEncoding::kFiniteOnly) out.push_back(t.type);
  return out;
}

// The magnitude of a non-negative code of a sign-magnitude format with subnormals.
double magnitude(const FloatFormat& f, uint64_t code) {
  const uint64_t e = code >> f.mantissa_bits, m = code & f.mantissa_mask();
  if (e == 0) return std::ldexp(static_cast<double>(m), 1 - f.bias - f.mantissa_bits);
  return std::ldexp(static_cast<double>((uint64_t{1} << f.mantissa_bits) + m),
                    static_cast<int>(e) - f.bias - f.mantissa_bits);
}

uint32_t float_bits(double exact) {
  const float v = static_cast<float>(exact);
  EXPECT_EQ(static_cast<double>(v), exact) << "a boundary that float32 does not hold";
  uint32_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

// Every boundary of `t` as float32 bits, each with its two neighbours on either side, both signs.
std::vector<uint64_t> boundary_inputs(ElementType t) {
  const FloatFormat& f = info(t).format;
  const uint64_t max_code = (uint64_t{f.max_finite_exponent_field()} << f.mantissa_bits) | f.max_finite_mantissa();
  std::vector<double> boundaries;
  for (uint64_t c = 0; c < max_code; ++c) boundaries.push_back((magnitude(f, c) + magnitude(f, c + 1)) / 2);
  boundaries.push_back(magnitude(f, max_code) + (magnitude(f, max_code) - magnitude(f, max_code - 1)) / 2);
  std::vector<uint64_t> out;
  for (double b : boundaries) {
    const uint32_t bits = float_bits(b);
    for (uint32_t sign : {0u, 0x80000000u})
      for (int d = -2; d <= 2; ++d) out.push_back(sign | static_cast<uint32_t>(static_cast<int64_t>(bits) + d));
  }
  return out;
}

size_t random_samples() {
  const char* s = std::getenv("CASTLIKE_BOUNDARY_SAMPLES");
  return s ? static_cast<size_t>(std::strtoull(s, nullptr, 10)) : size_t{1000000};
}

TEST(RoundingBoundaries, FloatToFiniteOnlyFormatsOnEveryLevel) {
  const std::vector<ElementType> types = finite_only_types();
  ASSERT_GE(types.size(), 3u);  // FLOAT4E2M1, FLOAT6E2M3, FLOAT6E3M2
  const size_t random = random_samples();
  IsaGuard guard;
  for (ElementType to : types) {
    std::vector<uint64_t> inputs = boundary_inputs(to);
    const size_t boundary_count = inputs.size();
    const std::vector<uint64_t> bulk = sample_bits(ElementType::kFloat, random, 0xF16);
    inputs.insert(inputs.end(), bulk.begin(), bulk.end());
    const std::vector<ref::Result> want = reference(ElementType::kFloat, inputs, to, castlike_default_attributes());
    std::vector<uint32_t> src(inputs.begin(), inputs.end());
    for (castlike_isa isa : available_isas()) {
      ASSERT_EQ(castlike_force_isa(isa), CASTLIKE_OK);
      std::vector<uint8_t> dst(*storage_bytes(to, inputs.size()));
      ASSERT_EQ(castlike_convert(CASTLIKE_FLOAT, src.data(), 0, c_type(to), dst.data(), 0, inputs.size(), nullptr),
                CASTLIKE_OK);
      const std::vector<uint64_t> got = unpack(to, dst.data(), 0, inputs.size());
      Tally t;
      for (size_t i = 0; i < inputs.size(); ++i)
        check(to, want[i], got[i], t, [&] { return "FLOAT " + hex(inputs[i]) + " -> " + name(to); });
      EXPECT_EQ(t.failures, 0u) << name(to) << " on " << castlike_isa_name(isa) << ": " << t.summary() << "\n  "
                                << (t.samples.empty() ? "" : t.samples[0]);
      std::printf("[ %s ] %s: %zu boundary inputs + %zu random, %s\n", castlike_isa_name(isa), name(to).c_str(),
                  boundary_count, inputs.size() - boundary_count, t.summary().c_str());
    }
  }
}

}  // namespace
}  // namespace castlike::kt
