// The curated vectors are boundary-complete: the generator's inputs hit every breakpoint the
// input classes promise (vectors/schema/README.md, "Generated vectors"), computed here again from
// the type table as exact values, so that a generator change that drops a class fails by name.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "generation/generator.hpp"
#include "reference/round.hpp"

namespace castlike::harness {
namespace {

using ref::BigInt;
using ref::ExactValue;

std::set<uint64_t> bits_of(const std::vector<ref::Element>& v) {
  std::set<uint64_t> s;
  for (const auto& e : v) s.insert(e.bits);
  return s;
}

// The bits of x in a float source that holds it exactly.
uint64_t exact_bits(ElementType from, const ExactValue& x) {
  const ref::Neighbours n = ref::neighbours(from, x);
  EXPECT_TRUE(n.below && n.above && *n.below == *n.above) << ref::to_exact_string(x);
  return n.below.value_or(0);
}

ExactValue dyadic(bool negative, const BigInt& m, int64_t e) { return ExactValue::dyadic(negative, m, e); }

// x and its two neighbours in the source (sign-magnitude: the magnitude +-1).
void expect_on_and_beside(const std::set<uint64_t>& in, ElementType from, const ExactValue& x, const std::string& what) {
  const uint64_t b = exact_bits(from, x);
  EXPECT_TRUE(in.count(b)) << what << " " << ref::to_exact_string(x);
  EXPECT_TRUE(in.count(b - 1)) << what << " below " << ref::to_exact_string(x);
  EXPECT_TRUE(in.count(b + 1)) << what << " above " << ref::to_exact_string(x);
}

int64_t max_exponent(const FloatFormat& f) { return static_cast<int64_t>(f.max_finite_exponent_field()) - f.bias; }

TEST(GeneratorBoundaries, EveryTieOfTheSmallFloatsBothSignsThreeBinadesPastEachEnd) {
  for (ElementType from : {ElementType::kFloat, ElementType::kDouble})
    for (ElementType to : {ElementType::kFloat8E4M3FN, ElementType::kFloat8E4M3FNUZ, ElementType::kFloat8E5M2,
                           ElementType::kFloat8E5M2FNUZ, ElementType::kFloat4E2M1}) {
      const auto in = bits_of(interesting_inputs(from, to, InputSet::kStructured));
      const FloatFormat& f = info(to).format;
      const int64_t m = f.mantissa_bits;
      const BigInt n = BigInt(1) << m;
      for (int64_t e = f.min_normal_exponent() - m - 3; e <= max_exponent(f) + 3; ++e)
        for (BigInt i = 0; i < n; ++i)
          for (bool negative : {false, true})
            expect_on_and_beside(in, from, dyadic(negative, (n + i) * 2 + 1, e - m - 1),
                                 std::string(info(from).name) + " -> " + std::string(info(to).name));
    }
}

TEST(GeneratorBoundaries, FirstMiddleAndLastTiesOfEveryFloat16AndBfloat16Binade) {
  for (ElementType to : {ElementType::kFloat16, ElementType::kBfloat16}) {
    const auto in = bits_of(interesting_inputs(ElementType::kDouble, to, InputSet::kStructured));
    const FloatFormat& f = info(to).format;
    const int64_t m = f.mantissa_bits;
    const BigInt n = BigInt(1) << m;
    for (int64_t e = f.min_normal_exponent() - m - 3; e <= max_exponent(f) + 3; ++e)
      for (const BigInt& i : {BigInt(0), BigInt(1), BigInt(n / 2), BigInt(n - 2), BigInt(n - 1)})
        for (bool negative : {false, true})
          expect_on_and_beside(in, ElementType::kDouble, dyadic(negative, (n + i) * 2 + 1, e - m - 1),
                               std::string(info(to).name));
    // The subnormal range's edges: the smallest subnormal's tie (to 0), 1.5 times it, the largest's.
    const int64_t q = f.min_normal_exponent() - m;
    for (const BigInt& k : {BigInt(1), BigInt(3), BigInt(n * 2 - 1)})
      expect_on_and_beside(in, ElementType::kDouble, dyadic(true, k, q - 1), "subnormal edge");
  }
}

TEST(GeneratorBoundaries, EveryFloat8E8M0PowerAndTie) {
  const auto in = bits_of(interesting_inputs(ElementType::kFloat, ElementType::kFloat8E8M0, InputSet::kStructured));
  for (int64_t k = -130; k <= 127; ++k) {
    expect_on_and_beside(in, ElementType::kFloat, dyadic(false, 1, k), "2^k");
    expect_on_and_beside(in, ElementType::kFloat, dyadic(false, 3, k - 1), "1.5 2^k");
  }
}

TEST(GeneratorBoundaries, NanPayloadsOfBothSigns) {
  const auto in = bits_of(interesting_inputs(ElementType::kFloat, ElementType::kFloat16, InputSet::kStructured));
  for (uint64_t sign : {uint64_t{0}, uint64_t{0x80000000}})
    for (uint64_t nan : {0x7fc00000, 0x7fc00001, 0x7fe00000, 0x7fffffff, 0x7f800001, 0x7fa00000, 0x7fbfffff})
      EXPECT_TRUE(in.count(sign | nan)) << std::hex << (sign | nan);
}

TEST(GeneratorBoundaries, IntegerWrapClampAndTieEdges) {
  const auto wrap = bits_of(interesting_inputs(ElementType::kInt64, ElementType::kInt4, InputSet::kStructured));
  for (int64_t v : {-25, -24, -23, -9, -8, -7, 6, 7, 8, 22, 23, 24, 38, 39, 40})
    EXPECT_TRUE(wrap.count(static_cast<uint64_t>(v))) << v;
  const auto f = bits_of(interesting_inputs(ElementType::kFloat, ElementType::kUint8, InputSet::kStructured));
  for (uint64_t b : {0x437f8000u,   // 255.5
                     0x43800000u,   // 256
                     0xbf000000u,   // -0.5
                     0x3fc00000u,   // 1.5
                     0x4b800000u,   // 2^24
                     0x4b800001u,   // 2^24 + 2, beside 2^24 + 1
                     0x4b7fffffu})  // 2^24 - 1
    EXPECT_TRUE(f.count(b)) << std::hex << b;
}

TEST(GeneratorBoundaries, IntermediateTypesTiesAroundBreakpoints) {
  // DOUBLE -> BFLOAT16 at the tie 1 + 2^-8: float32's tie 1 + 2^-8 + 2^-24 (float32 rounds it to
  // even, onto the BFLOAT16 tie) and the double below it; float16's tie 1 + 2^-8 + 2^-11.
  const auto d = bits_of(interesting_inputs(ElementType::kDouble, ElementType::kBfloat16, InputSet::kStructured));
  EXPECT_TRUE(d.count(0x3ff0100010000000));
  EXPECT_TRUE(d.count(0x3ff010000fffffff));
  EXPECT_TRUE(d.count(0x3ff0120000000000));
  EXPECT_TRUE(d.count(0x3ff011ffffffffff));
  // INT64 -> BFLOAT16 at 2^40 + 2^32: float32's tie 2^40 + 2^32 + 2^16 and the integer below it.
  const auto i = bits_of(interesting_inputs(ElementType::kInt64, ElementType::kBfloat16, InputSet::kStructured));
  const uint64_t b = (uint64_t{1} << 40) + (uint64_t{1} << 32) + (uint64_t{1} << 16);
  EXPECT_TRUE(i.count(b));
  EXPECT_TRUE(i.count(b - 1));
  // FLOAT -> FLOAT8E8M0 `up` at 2: bfloat16's tie 2 + 2^-7 and float16's 2 + 2^-10, the floats below.
  const auto e = bits_of(interesting_inputs(ElementType::kFloat, ElementType::kFloat8E8M0, InputSet::kStructured));
  for (uint64_t x : {0x40008000u, 0x40007fffu, 0x40001000u, 0x40000fffu}) EXPECT_TRUE(e.count(x)) << std::hex << x;
}

TEST(GeneratorBoundaries, CasesWithAttributesKeepTheCellsShortOfTheThresholds) {
  const auto inputs = interesting_inputs(ElementType::kFloat, ElementType::kFloat8E4M3FN, InputSet::kStructured);
  const auto sat0 = bits_of(
      focus_on_attributes(CaseSpec{Operator::kCastLike, ElementType::kFloat, ElementType::kFloat8E4M3FN, 25, 0, std::nullopt}, inputs,
                          InputSet::kStructured));
  EXPECT_LT(sat0.size(), inputs.size());
  // 464 (a tie to 448 under both settings), the float below it, 448 + a little: max either way.
  for (uint64_t x : {0x43e80000u, 0x43e7ffffu, 0x43e00001u, 0xc3e80000u, 0xc3e7ffffu}) EXPECT_TRUE(sat0.count(x)) << std::hex << x;
  const auto e8 = interesting_inputs(ElementType::kFloat, ElementType::kFloat8E8M0, InputSet::kStructured);
  const auto down = bits_of(
      focus_on_attributes(CaseSpec{Operator::kCastLike, ElementType::kFloat, ElementType::kFloat8E8M0, 25, std::nullopt, "down"}, e8,
                          InputSet::kStructured));
  for (int64_t k = -126; k <= 127; ++k) EXPECT_TRUE(down.count(static_cast<uint64_t>(k + 127) << 23)) << k;
}

}  // namespace
}  // namespace castlike::harness
