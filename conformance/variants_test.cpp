// The contradictions A1-A12 (docs/semantics.md): for each, the default reading and the variant
// reading, with bit values worked out by hand (the working is in the comments). Then the three
// profiles, the override parser, describe_variants, and a check that docs/semantics.md names every
// rule id and every switch setting, so the document cannot drift from the code.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "reference/cast_like.hpp"
#include "reference/convert.hpp"

namespace castlike::ref {
namespace {

using T = ElementType;

Variants with(std::string_view spec, Variants base = {}) {
  const auto error = apply_variant_overrides(base, spec);
  EXPECT_FALSE(error.has_value()) << spec << ": " << error.value_or("");
  return base;
}

Variants profile(std::string_view name) {
  const auto p = profile_by_name(name);
  EXPECT_TRUE(p.has_value()) << name;
  return p.value_or(Variants{});
}

Result cast(T from, uint64_t bits, T to, const Variants& v = {}, bool saturate = true,
            castlike_round_mode mode = CASTLIKE_ROUND_UP) {
  return convert_element(from, Element::of_bits(bits), to, Attributes{saturate, mode}, v);
}

Result cast_text(const std::string& text, T to, const Variants& v = {}) {
  return convert_element(T::kString, Element::of_text(text), to, Attributes{}, v);
}

// Bits, outcome and rule in one assertion, so a failure shows all three.
void expect(const Result& r, uint64_t bits, OutcomeClass outcome, std::string_view rule) {
  EXPECT_EQ(r.value.bits, bits) << "rule " << rule_name(r.rule);
  EXPECT_EQ(outcome_name(r.outcome), outcome_name(outcome));
  EXPECT_EQ(rule_name(r.rule), rule);
}

constexpr auto kExact = OutcomeClass::kExact;
constexpr auto kNan = OutcomeClass::kNan;

constexpr uint64_t kF32PlusInf = 0x7F800000, kF32MinusInf = 0xFF800000;
constexpr uint64_t kF32Nan = 0x7FC00000, kF32MinusNan = 0xFFC00000;

// ---- A1: FNUZ float8 from +-inf with saturate=1 -------------------------------------------------

TEST(A1_FnuzInfinity, DefaultSaturatesToMax) {
  // Cast table and test_cc_castlike_FLOAT_to_FLOAT8E4M3FNUZ: inf -> 240 (0x7F), -inf -> -240 (0xFF).
  expect(cast(T::kFloat, kF32PlusInf, T::kFloat8E4M3FNUZ), 0x7F, kExact, "F8.SAT.INF");
  expect(cast(T::kFloat, kF32MinusInf, T::kFloat8E4M3FNUZ), 0xFF, kExact, "F8.SAT.INF");
  // E5M2FNUZ: 57344 is 0x7F.
  expect(cast(T::kFloat, kF32PlusInf, T::kFloat8E5M2FNUZ), 0x7F, kExact, "F8.SAT.INF");
}

TEST(A1_FnuzInfinity, VariantNanGivesTheFnuzNan) {
  const Variants v = with("A1=nan");
  const Result r = cast(T::kFloat, kF32PlusInf, T::kFloat8E4M3FNUZ, v);
  expect(r, 0x80, kNan, "F8.SAT.INF.FNUZ_NAN");
  EXPECT_TRUE(matches(T::kFloat8E4M3FNUZ, r, Element::of_bits(0x80)));
  expect(cast(T::kFloat, kF32MinusInf, T::kFloat8E5M2FNUZ, v), 0x80, kNan, "F8.SAT.INF.FNUZ_NAN");
}

TEST(A1_FnuzInfinity, VariantLeavesTheOtherFloat8TypesAlone) {
  const Variants v = with("A1=nan");
  expect(cast(T::kFloat, kF32PlusInf, T::kFloat8E4M3FN, v), 0x7E, kExact, "F8.SAT.INF");  // 448
  expect(cast(T::kFloat, kF32PlusInf, T::kFloat8E5M2, v), 0x7B, kExact, "F8.SAT.INF");    // 57344
}

// ---- A2: FLOAT4E2M1 from NaN --------------------------------------------------------------------

TEST(A2_Float4Nan, DefaultGivesPositiveZeroAsTheExamples) {
  // test_cc_castlike_FLOAT_to_FLOAT4E2M1 and ..._FLOAT16_to_FLOAT4E2M1 print 0 for nan.
  expect(cast(T::kFloat, kF32Nan, T::kFloat4E2M1), 0x0, kExact, "F4.NAN.ZERO");
  expect(cast(T::kFloat16, 0x7E00, T::kFloat4E2M1), 0x0, kExact, "F4.NAN.ZERO");
  expect(cast(T::kFloat, kF32MinusNan, T::kFloat4E2M1), 0x0, kExact, "F4.NAN.ZERO");
}

TEST(A2_Float4Nan, VariantSixFollowsTheTechnicalNote) {
  // 6 = 1.5 * 2^2: sign 0, exponent 11, mantissa 1 -> 0b0111.
  expect(cast(T::kFloat, kF32Nan, T::kFloat4E2M1, with("A2=six")), 0x7, kExact, "F4.NAN.SIX");
}

TEST(A2_Float4Nan, VariantNegzeroGivesAZeroOfTheOtherSignAsMlDtypes) {
  // ml_dtypes 0.6 and 0.7 flip the NaN's sign onto a zero: +NaN 0b1000 (-0), -NaN 0b0000.
  expect(cast(T::kFloat, kF32Nan, T::kFloat4E2M1, with("A2=negzero")), 0x8, kExact, "F4.NAN.NEGZERO");
  expect(cast(T::kFloat, kF32MinusNan, T::kFloat4E2M1, with("A2=negzero")), 0x0, kExact, "F4.NAN.NEGZERO");
}

// ---- A2 carried over to FLOAT6E2M3 and FLOAT6E3M2 (no NaN either) ---------------------------------

TEST(A2_Float6Nan, DefaultGivesPositiveZeroAsFloat4) {
  for (T to : {T::kFloat6E2M3, T::kFloat6E3M2}) {
    expect(cast(T::kFloat, kF32Nan, to), 0x00, kExact, "F6.NAN.ZERO");
    expect(cast(T::kFloat, kF32MinusNan, to), 0x00, kExact, "F6.NAN.ZERO");
    expect(cast(T::kFloat16, 0x7E00, to), 0x00, kExact, "F6.NAN.ZERO");
  }
}

TEST(A2_Float6Nan, VariantSixGivesPositiveMaxAsCuda) {
  // 7.5 = 1.875 * 2^2 (E2M3: 0 11 111) and 28 = 1.75 * 2^4 (E3M2: 0 111 11): both 0x1F.
  expect(cast(T::kFloat, kF32Nan, T::kFloat6E2M3, with("A2=six")), 0x1F, kExact, "F6.NAN.MAX");
  expect(cast(T::kFloat, kF32MinusNan, T::kFloat6E3M2, with("A2=six")), 0x1F, kExact, "F6.NAN.MAX");
  expect(cast(T::kDouble, 0x7FF8000000000000u, T::kFloat6E3M2, profile("exact")), 0x1F, kExact, "F6.NAN.MAX");
}

TEST(A2_Float6Nan, VariantNegzeroGivesAZeroOfTheOtherSignAsMlDtypes) {
  for (T to : {T::kFloat6E2M3, T::kFloat6E3M2}) {
    expect(cast(T::kFloat, kF32Nan, to, with("A2=negzero")), 0x20, kExact, "F6.NAN.NEGZERO");
    expect(cast(T::kFloat, kF32MinusNan, to, with("A2=negzero")), 0x00, kExact, "F6.NAN.NEGZERO");
  }
}

TEST(Float6, SaturatesWhateverSaturateSaysAndKeepsTheSignOfZero) {
  for (bool saturate : {true, false}) {
    expect(cast(T::kFloat, 0x40F80000u, T::kFloat6E2M3, {}, saturate), 0x1F, kExact, "F6.SAT");   // 7.75
    expect(cast(T::kFloat, 0x41F00000u, T::kFloat6E3M2, {}, saturate), 0x1F, kExact, "F6.SAT");   // 30
    expect(cast(T::kFloat, 0xFF800000u, T::kFloat6E2M3, {}, saturate), 0x3F, kExact, "F6.INF");   // -inf
    expect(cast(T::kFloat, 0x7F800000u, T::kFloat6E3M2, {}, saturate), 0x1F, kExact, "F6.INF");
  }
  expect(cast(T::kFloat, 0x80000000u, T::kFloat6E2M3), 0x20, kExact, "F6.RNE");  // -0
  // Ties to even: 7.25 lies between 7 (0x1E) and 7.5 (0x1F) and goes to 7; 26 between 24 and 28 to 24.
  expect(cast(T::kFloat, 0x40E80000u, T::kFloat6E2M3), 0x1E, kExact, "F6.RNE");
  expect(cast(T::kFloat, 0x41D00000u, T::kFloat6E3M2), 0x1E, kExact, "F6.RNE");
  // Half the smallest subnormal is a tie to 0; a hair above gives the subnormal.
  expect(cast(T::kFloat, 0x3D800000u, T::kFloat6E2M3), 0x00, kExact, "F6.RNE");  // 0.0625
  expect(cast(T::kFloat, 0x3D800001u, T::kFloat6E2M3), 0x01, kExact, "F6.RNE");
  expect(cast(T::kFloat, 0xBD000001u, T::kFloat6E3M2), 0x21, kExact, "F6.RNE");  // -(0.03125 + ulp)
}

TEST(A2_Float4Nan, ExactProfileDepartsFromTheExamples) {
  expect(cast(T::kFloat16, 0x7E00, T::kFloat4E2M1, profile("exact")), 0x7, kExact, "F4.NAN.SIX");
}

// ---- A3: FLOAT8E8M0 from +inf with saturate=1 ---------------------------------------------------

TEST(A3_E8M0Infinity, DefaultSaturatesTo0xFE) {
  expect(cast(T::kFloat, kF32PlusInf, T::kFloat8E8M0), 0xFE, kExact, "E8M0.SAT.INF");
}

TEST(A3_E8M0Infinity, VariantNanGives0xFF) {
  expect(cast(T::kFloat, kF32PlusInf, T::kFloat8E8M0, with("A3=nan")), 0xFF, kNan, "E8M0.INF.NAN");
}

TEST(A3_E8M0Infinity, BothReadingsGiveNanWithoutSaturation) {
  expect(cast(T::kFloat, kF32PlusInf, T::kFloat8E8M0, {}, false), 0xFF, kNan, "E8M0.INF.NAN");
  expect(cast(T::kFloat, kF32PlusInf, T::kFloat8E8M0, with("A3=nan"), false), 0xFF, kNan, "E8M0.INF.NAN");
}

// ---- A4: FLOAT8E8M0 from float32 subnormals ------------------------------------------------------

// 0x004CCCCD = 5033165 * 2^-149 ~ 0.6 * 2^-126 = 1.2 * 2^-127: between 2^-127 (4194304 * 2^-149)
// and the nearest-mode midpoint 1.5 * 2^-127 (6291456 * 2^-149), so 2^-127 (0x00) is nearer.
constexpr uint64_t kF32PointSixTimesMinNormal = 0x004CCCCD;

TEST(A4_E8M0Subnormal, DefaultNearestPicksTheNearerPower0x00) {
  expect(cast(T::kFloat, kF32PointSixTimesMinNormal, T::kFloat8E8M0, {}, true, CASTLIKE_ROUND_NEAREST), 0x00,
         kExact, "E8M0.ROUND");
}

TEST(A4_E8M0Subnormal, VariantOnnxBitsNearestGives0x01) {
  // The ONNX reference's guard bit (0x400000) is set and bits below it are too: it rounds up.
  expect(cast(T::kFloat, kF32PointSixTimesMinNormal, T::kFloat8E8M0, with("A4=onnx-bits"), true,
              CASTLIKE_ROUND_NEAREST),
         0x01, kExact, "E8M0.A4.F32_SUBNORMAL");
}

TEST(A4_E8M0Subnormal, DefaultUpOfExactMinimumStays0x00) {
  // 0x00400000 is exactly 2^-127: `up` keeps it (0x00); the ONNX reference sees a non-zero
  // mantissa and gives 2^-126 (0x01).
  expect(cast(T::kFloat, 0x00400000, T::kFloat8E8M0), 0x00, kExact, "E8M0.ROUND");
  expect(cast(T::kFloat, 0x00400000, T::kFloat8E8M0, with("A4=onnx-bits")), 0x01, kExact, "E8M0.A4.F32_SUBNORMAL");
}

TEST(A4_E8M0Subnormal, DefaultUpBelowMinimumSaturatesTo0x00) {
  // 0x00080000 = 2^19 * 2^-149 = 2^-130 < 2^-127: out of range, saturate=1 -> 0x00.
  expect(cast(T::kFloat, 0x00080000, T::kFloat8E8M0), 0x00, kExact, "E8M0.SAT.UNDERFLOW");
  expect(cast(T::kFloat, 0x00080000, T::kFloat8E8M0, with("A4=onnx-bits")), 0x01, kExact, "E8M0.A4.F32_SUBNORMAL");
}

// ---- A5: FLOAT8E8M0 from double -----------------------------------------------------------------

// 1 + 2^-40: mantissa bit 52-40 = 12 set.
constexpr uint64_t kOnePlusTwoToMinus40 = 0x3FF0000000001000ull;

TEST(A5_E8M0Input, DefaultRoundsTheExactValueUpTo2) {
  // up: 1 + 2^-40 is not a power of two, so the next one, 2 = 2^1 -> 0x80.
  expect(cast(T::kDouble, kOnePlusTwoToMinus40, T::kFloat8E8M0), 0x80, kExact, "E8M0.ROUND");
}

TEST(A5_E8M0Input, VariantThroughFloat32Gives1) {
  // float32 keeps 23 fraction bits: 1 + 2^-40 rounds to 1.0, a power of two -> 2^0 = 0x7F.
  expect(cast(T::kDouble, kOnePlusTwoToMinus40, T::kFloat8E8M0, with("A5=through-float32")), 0x7F, kExact,
         "E8M0.ROUND");
}

TEST(A5_E8M0Input, VariantAlsoRoundsWideIntegersThroughFloat32) {
  // INT64 2^40 + 1 with up: exactly, the next power is 2^41 (0xA8); through float32 it is 2^40 (0xA7).
  const uint64_t v = (uint64_t{1} << 40) + 1;
  expect(cast(T::kInt64, v, T::kFloat8E8M0), 0xA8, kExact, "E8M0.ROUND");
  expect(cast(T::kInt64, v, T::kFloat8E8M0, with("A5=through-float32")), 0xA7, kExact, "E8M0.ROUND");
}

TEST(NanSign, FnuzAndE8M0NansHaveNoSignToKeep) {
  // 0x80 is FNUZ's only NaN: to FLOAT either NaN sign is accepted; a signed source NaN must keep it.
  const Result fnuz = cast(T::kFloat8E4M3FNUZ, 0x80, T::kFloat);
  EXPECT_EQ(fnuz.outcome, OutcomeClass::kNan);
  EXPECT_FALSE(fnuz.nan_sign_matters);
  EXPECT_TRUE(matches(T::kFloat, fnuz, Element::of_bits(0xFFC00000u)));
  EXPECT_TRUE(matches(T::kFloat, fnuz, Element::of_bits(0x7FC00000u)));
  const Result e8m0 = cast(T::kFloat8E8M0, 0xFF, T::kFloat16);
  EXPECT_TRUE(matches(T::kFloat16, e8m0, Element::of_bits(0xFE00u)));
  const Result signed_nan = cast(T::kFloat16, 0xFE00, T::kFloat);
  EXPECT_TRUE(signed_nan.nan_sign_matters);
  EXPECT_FALSE(matches(T::kFloat, signed_nan, Element::of_bits(0x7FC00000u)));
  EXPECT_TRUE(matches(T::kFloat, signed_nan, Element::of_bits(0xFFC00001u)));
}

// ---- A6: FLOAT8E8M0 from zero with saturate=0 ---------------------------------------------------

TEST(A6_E8M0Zero, DefaultWithoutSaturateIsNan) {
  expect(cast(T::kFloat, 0x00000000, T::kFloat8E8M0, {}, false, CASTLIKE_ROUND_NEAREST), 0xFF, kNan,
         "E8M0.NOSAT.ZERO");
  expect(cast(T::kFloat, 0x00000000, T::kFloat8E8M0, {}, true), 0x00, kExact, "E8M0.SAT.ZERO");
}

TEST(A6_E8M0Zero, VariantMinGives0x00WhateverSaturate) {
  const Variants v = with("A6=min");
  expect(cast(T::kFloat, 0x00000000, T::kFloat8E8M0, v, false, CASTLIKE_ROUND_NEAREST), 0x00, kExact,
         "E8M0.ZERO.MIN");
  expect(cast(T::kFloat, 0x00000000, T::kFloat8E8M0, v, true), 0x00, kExact, "E8M0.ZERO.MIN");
}

// ---- A7: CastLike-25 round_mode -----------------------------------------------------------------

// One FLOAT 3.0 (0x40400000) to FLOAT8E8M0 through the operator-level entry. 3 = 1.5 * 2:
// down -> 2 (0x80), up -> 4 (0x81).
uint8_t cast_like_three(int opset, const Variants& v) {
  CastLikeRequest request;
  request.input.type = T::kFloat;
  request.input.shape = {1};
  request.input.data = {0x00, 0x00, 0x40, 0x40};
  request.target = T::kFloat8E8M0;
  request.opset = opset;
  request.round_mode = "down";
  const CastLikeResult result = cast_like(request, v);
  if (const auto* error = std::get_if<std::string>(&result)) {
    ADD_FAILURE() << *error;
    return 0;
  }
  const auto& out = std::get<CastLikeOutput>(result);
  EXPECT_EQ(out.output.data.size(), 1u);
  return out.output.data.empty() ? 0 : out.output.data[0];
}

TEST(A7_RoundModeAt25, DefaultHonoursRoundModeDown) { EXPECT_EQ(cast_like_three(25, {}), 0x80); }

TEST(A7_RoundModeAt25, VariantIgnoredRoundsUp) { EXPECT_EQ(cast_like_three(25, with("A7=ignored")), 0x81); }

TEST(A7_RoundModeAt25, VariantLeavesVersion24Alone) { EXPECT_EQ(cast_like_three(24, with("A7=ignored")), 0x80); }

// ---- A8: float to INT4/UINT4 with fractions -----------------------------------------------------

constexpr uint64_t kF32_2_5 = 0x40200000, kF32_3_5 = 0x40600000, kF32_7_5 = 0x40F00000;
constexpr uint64_t kF32_9 = 0x41100000, kF32_Minus9 = 0xC1100000, kF32_Minus2_5 = 0xC0200000,
                   kF32_Minus1_5 = 0xBFC00000;

TEST(A8_SubByteFromFloat, DefaultRoundsToEvenThenWraps) {
  expect(cast(T::kFloat, kF32_2_5, T::kInt4), 0x2, kExact, "INT4.RNE_WRAP");       // 2.5 -> 2
  expect(cast(T::kFloat, kF32_3_5, T::kInt4), 0x4, kExact, "INT4.RNE_WRAP");       // 3.5 -> 4
  expect(cast(T::kFloat, kF32_Minus2_5, T::kInt4), 0xE, kExact, "INT4.RNE_WRAP");  // -2.5 -> -2
  expect(cast(T::kFloat, kF32_7_5, T::kInt4), 0x8, kExact, "INT4.RNE_WRAP");       // 7.5 -> 8 -> -8
  expect(cast(T::kFloat, kF32_Minus1_5, T::kUint4), 0xE, kExact, "INT4.RNE_WRAP"); // -1.5 -> -2 -> 14
}

TEST(A8_SubByteFromFloat, VariantTruncateWrapFollowsMlDtypes) {
  const Variants v = with("A8=truncate-wrap");
  expect(cast(T::kFloat, kF32_3_5, T::kInt4, v), 0x3, kExact, "INT4.TRUNC_WRAP");       // 3
  expect(cast(T::kFloat, kF32_7_5, T::kInt4, v), 0x7, kExact, "INT4.TRUNC_WRAP");       // 7
  expect(cast(T::kFloat, kF32_9, T::kInt4, v), 0x9, kExact, "INT4.TRUNC_WRAP");         // 9 -> -7
  expect(cast(T::kFloat, kF32_Minus1_5, T::kUint4, v), 0xF, kExact, "INT4.TRUNC_WRAP"); // -1 -> 15
}

TEST(A8_SubByteFromFloat, VariantRoundClampFollowsOlderOnnx) {
  const Variants v = with("A8=round-clamp");
  expect(cast(T::kFloat, kF32_3_5, T::kInt4, v), 0x4, kExact, "INT4.CLAMP");        // 4
  expect(cast(T::kFloat, kF32_7_5, T::kInt4, v), 0x7, kExact, "INT4.CLAMP");        // 8 -> 7
  expect(cast(T::kFloat, kF32_Minus9, T::kInt4, v), 0x8, kExact, "INT4.CLAMP");     // -9 -> -8
  expect(cast(T::kFloat, kF32_Minus1_5, T::kUint4, v), 0x0, kExact, "INT4.CLAMP");  // -2 -> 0
}

// ---- A9: one rounding or two --------------------------------------------------------------------

// 2^40 + 2^32 + 1 to BFLOAT16 (8 significant bits, step 2^33 at 2^40): 2^32 + 1 is above half a
// step, so one rounding gives 2^40 + 2^33 (exponent field 167 = 0xA7, mantissa 1: 0x5381).
// Through float32 (step 2^17): 2^40 + 2^32, exactly half a step, ties to even: 2^40 (0x5380).
constexpr uint64_t kInt64Trap = (1ull << 40) + (1ull << 32) + 1;

TEST(A9_NarrowingPath, DefaultRoundsOnce) {
  expect(cast(T::kInt64, kInt64Trap, T::kBfloat16), 0x5381, kExact, "FLOAT.RNE");
}

TEST(A9_NarrowingPath, VariantThroughFloat32RoundsTwice) {
  expect(cast(T::kInt64, kInt64Trap, T::kBfloat16, with("A9=through-float32")), 0x5380, kExact, "FLOAT.RNE");
}

// The exact decimal expansion of 1 + 2^-24 + 2^-80: above the float32 midpoint 1 + 2^-24, so it
// rounds up to 1 + 2^-23 (0x3F800001). A double keeps 52 fraction bits: it reads 1 + 2^-24, then
// float32 sees an exact tie and goes to the even 1.0 (0x3F800000).
constexpr const char* kDecimalTrap =
    "1.00000005960464477539062582718061255302767487140869206996285356581211090087890625";

TEST(A9_NarrowingPath, DefaultReadsDecimalTextOnce) {
  expect(cast_text(kDecimalTrap, T::kFloat), 0x3F800001, kExact, "FLOAT.RNE");
}

TEST(A9_NarrowingPath, VariantThroughDoubleRoundsTwice) {
  const Variants v = with("A9=through-double");
  expect(cast_text(kDecimalTrap, T::kFloat, v), 0x3F800000, kExact, "FLOAT.RNE");
  // int64 2^40 + 2^32 + 1 fits a double exactly: no second rounding there.
  expect(cast(T::kInt64, kInt64Trap, T::kBfloat16, v), 0x5381, kExact, "FLOAT.RNE");
}

// ---- A10: number to text ------------------------------------------------------------------------

TEST(A10_NumberToText, DefaultShortestRoundTrip) {
  const Result r = cast(T::kFloat, 0x3DCCCCCD, T::kString);  // float32 nearest to 0.1
  EXPECT_EQ(r.value.text, "0.1");
  EXPECT_EQ(rule_name(r.rule), "STR.FORMAT.SHORTEST");
  EXPECT_EQ(cast(T::kFloat, 0x3F800000, T::kString).value.text, "1.0");
}

TEST(A10_NumberToText, VariantPrintfGUsesMaxDigits10) {
  const Variants v = with("A10=printf-g");
  const Result r = cast(T::kFloat, 0x3DCCCCCD, T::kString, v);  // 0.100000001490116...
  EXPECT_EQ(r.value.text, "0.100000001");
  EXPECT_EQ(rule_name(r.rule), "STR.FORMAT.PRINTF_G");
  EXPECT_EQ(cast(T::kFloat, 0x3F800000, T::kString, v).value.text, "1");
}

// ---- A11: FLOAT8E8M0 range on x or on the rounded value -----------------------------------------

TEST(A11_E8M0Range, DefaultJudgesUnroundedUnderflowAsNan) {
  // 0x00300000 = 3 * 2^20 * 2^-149 = 1.5 * 2^-128 < 2^-127: out of range, saturate=0 -> NaN.
  expect(cast(T::kFloat, 0x00300000, T::kFloat8E8M0, {}, false), 0xFF, kNan, "E8M0.NOSAT.UNDERFLOW");
}

TEST(A11_E8M0Range, VariantRoundedLandsOnTheMinimum) {
  // up: the next power of two is 2^-127 itself (0x00), in range.
  expect(cast(T::kFloat, 0x00300000, T::kFloat8E8M0, with("A11=rounded"), false), 0x00, kExact, "E8M0.ROUND");
}

TEST(A11_E8M0Range, DefaultJudgesUnroundedOverflowAsNan) {
  // 0x7F200000 = 1.25 * 2^127 > 2^127: out of range, saturate=0 -> NaN even with `down`.
  expect(cast(T::kFloat, 0x7F200000, T::kFloat8E8M0, {}, false, CASTLIKE_ROUND_DOWN), 0xFF, kNan,
         "E8M0.NOSAT.OVERFLOW");
}

TEST(A11_E8M0Range, VariantRoundedDownLandsOnTheMaximum) {
  expect(cast(T::kFloat, 0x7F200000, T::kFloat8E8M0, with("A11=rounded"), false, CASTLIKE_ROUND_DOWN), 0xFE,
         kExact, "E8M0.ROUND");
}

// ---- A12: FLOAT8E8M0 0x00 read as a number ------------------------------------------------------

TEST(A12_E8M0MinDecode, DefaultReadsZeroAsTheExample) {
  // test_cc_castlike_FLOAT8E8M0_to_FLOAT prints 0. for the 0x00 element.
  expect(cast(T::kFloat8E8M0, 0x00, T::kFloat), 0x00000000, kExact, "FLOAT.RNE");
  expect(cast(T::kFloat8E8M0, 0x00, T::kDouble), 0x0, kExact, "FLOAT.RNE");
  expect(cast(T::kFloat8E8M0, 0x00, T::kFloat16), 0x0000, kExact, "FLOAT.RNE");
}

TEST(A12_E8M0MinDecode, VariantExactReadsTwoToMinus127) {
  const Variants v = with("A12=exact");
  // float32: 2^-127 = 2^22 * 2^-149, a subnormal: 0x00400000.
  expect(cast(T::kFloat8E8M0, 0x00, T::kFloat, v), 0x00400000, kExact, "FLOAT.RNE");
  // double: exponent field 1023 - 127 = 896 = 0x380.
  expect(cast(T::kFloat8E8M0, 0x00, T::kDouble, v), 0x3800000000000000ull, kExact, "FLOAT.RNE");
  // bfloat16: subnormal step 2^-133, 2^-127 = 2^6 steps: 0x0040.
  expect(cast(T::kFloat8E8M0, 0x00, T::kBfloat16, v), 0x0040, kExact, "FLOAT.RNE");
  // FLOAT16: far below half of 2^-24, so 0 under both readings (test_cc_castlike_FLOAT8E8M0_to_FLOAT16).
  expect(cast(T::kFloat8E8M0, 0x00, T::kFloat16, v), 0x0000, kExact, "FLOAT.RNE");
}

TEST(A12_E8M0MinDecode, ExactProfileDepartsFromTheExample) {
  expect(cast(T::kFloat8E8M0, 0x00, T::kFloat, profile("exact")), 0x00400000, kExact, "FLOAT.RNE");
}

TEST(A12_E8M0MinDecode, OtherPatternsReadTheSameUnderBothReadings) {
  // 0x01 = 2^-126, the smallest float32 normal: 0x00800000.
  expect(cast(T::kFloat8E8M0, 0x01, T::kFloat), 0x00800000, kExact, "FLOAT.RNE");
  expect(cast(T::kFloat8E8M0, 0x01, T::kFloat, with("A12=exact")), 0x00800000, kExact, "FLOAT.RNE");
}

// ---- Profiles -----------------------------------------------------------------------------------

TEST(Profiles, DefaultIsTheDefaultConstructedVariants) { EXPECT_EQ(profile("default"), Variants{}); }

TEST(Profiles, ExactSetsOnlyA2AndA12) { EXPECT_EQ(describe_variants(profile("exact")), "A2=six,A12=exact"); }

TEST(Profiles, OnnxReferenceSetsItsE8M0AndCastLike25Readings) {
  EXPECT_EQ(describe_variants(profile("onnx-reference")),
            "A3=nan,A4=onnx-bits,A5=through-float32,A6=min,A7=ignored,A11=rounded,A12=exact");
}

TEST(Profiles, OnnxReferenceReproducesToFloat8E8M0) {
  const Variants v = profile("onnx-reference");
  expect(cast(T::kFloat, kF32PlusInf, T::kFloat8E8M0, v), 0xFF, kNan, "E8M0.INF.NAN");
  expect(cast(T::kFloat, 0, T::kFloat8E8M0, v, false), 0x00, kExact, "E8M0.ZERO.MIN");
  expect(cast(T::kDouble, kOnePlusTwoToMinus40, T::kFloat8E8M0, v), 0x7F, kExact, "E8M0.ROUND");
  EXPECT_EQ(cast_like_three(25, v), 0x81);
}

TEST(Profiles, UnknownNamesAreRejected) {
  for (const char* name : {"", "Default", "EXACT", "onnx", "onnx_reference", "exact "})
    EXPECT_FALSE(profile_by_name(name).has_value()) << "'" << name << "'";
}

// ---- apply_variant_overrides ---------------------------------------------------------------------

std::string override_error(std::string_view spec) {
  Variants v;
  return apply_variant_overrides(v, spec).value_or("");
}

TEST(Overrides, UnknownKeyIsAnError) {
  EXPECT_NE(override_error("A13=nan").find("unknown variant switch 'A13'"), std::string::npos)
      << override_error("A13=nan");
  EXPECT_NE(override_error("B2=six").find("unknown variant switch"), std::string::npos);
  EXPECT_NE(override_error("=six").find("unknown variant switch"), std::string::npos);
}

TEST(Overrides, UnknownSettingIsAnErrorThatListsTheSettings) {
  const std::string e = override_error("A2=seven");
  EXPECT_NE(e.find("unknown setting 'seven' for A2"), std::string::npos) << e;
  EXPECT_NE(e.find("one of: zero six negzero"), std::string::npos) << e;
  EXPECT_NE(override_error("A2=SIX").find("unknown setting"), std::string::npos);  // settings: exact case
  EXPECT_NE(override_error("A2=").find("unknown setting"), std::string::npos);
}

TEST(Overrides, MissingEqualsIsAnError) {
  EXPECT_NE(override_error("A2").find("is not KEY=SETTING"), std::string::npos) << override_error("A2");
  EXPECT_NE(override_error("A2=six,A3").find("'A3' is not KEY=SETTING"), std::string::npos);
}

TEST(Overrides, KeysAreCaseInsensitiveAndEmptyItemsSkipped) {
  EXPECT_EQ(with("a2=six"), with("A2=six"));
  EXPECT_EQ(with(""), Variants{});
  EXPECT_EQ(with(",A3=nan,,"), with("A3=nan"));
}

TEST(Overrides, LaterItemsWinAndApplyOnTopOfAProfile) {
  EXPECT_EQ(with("A2=six,A2=negzero").a2, Variants::FiniteOnlyNan::kOtherSignZero);
  const Variants v = with("A12=zero", profile("exact"));
  EXPECT_EQ(describe_variants(v), "A2=six");
}

// ---- describe_variants ---------------------------------------------------------------------------

// "A<k>=<setting>", built by appending (GCC 12 warns falsely on "literal" + std::string chains).
std::string switch_item(int k, std::string_view setting) {
  std::string out = "A";
  out += std::to_string(k);
  out += '=';
  out += setting;
  return out;
}

// The settings of switch Ak as the code knows them, read back from the error message for an
// unknown setting ("...; one of: a b c"): no copy of the list to drift.
std::vector<std::string> settings_of(int k) {
  const std::string e = override_error(switch_item(k, "?"));
  const size_t at = e.find("one of:");
  std::vector<std::string> out;
  if (at == std::string::npos) {
    ADD_FAILURE() << "A" << k << ": " << e;
    return out;
  }
  std::istringstream words(e.substr(at + 7));
  for (std::string w; words >> w;) out.push_back(w);
  return out;
}

TEST(DescribeVariants, DefaultIsEmpty) { EXPECT_EQ(describe_variants(Variants{}), ""); }

TEST(DescribeVariants, RoundTripsEverySettingOfEverySwitch) {
  for (int k = 1; k <= 12; ++k) {
    const auto settings = settings_of(k);
    EXPECT_GE(settings.size(), 2u) << "A" << k;
    for (size_t i = 0; i < settings.size(); ++i) {
      const std::string spec = switch_item(k, settings[i]);
      const Variants v = with(spec);
      // The first setting is the default: it describes as nothing.
      EXPECT_EQ(describe_variants(v), i == 0 ? "" : spec);
      EXPECT_EQ(with(describe_variants(v)), v) << spec;
    }
  }
}

TEST(DescribeVariants, RoundTripsTheProfiles) {
  for (const char* name : {"default", "exact", "onnx-reference"}) {
    const Variants p = profile(name);
    EXPECT_EQ(with(describe_variants(p)), p) << name;
  }
}

// ---- docs/semantics.md stays in step with the code ------------------------------------------------

std::string semantics_doc() {
  std::ifstream in(std::string(CASTLIKE_SOURCE_DIR) + "/docs/semantics.md");
  EXPECT_TRUE(in.good()) << "docs/semantics.md is missing";
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(SemanticsDoc, NamesEveryRuleIdInBackticks) {
  const std::string doc = semantics_doc();
  ASSERT_GT(rule_count(), 0u);
  for (size_t i = 0; i < rule_count(); ++i) {
    std::string name = "`";
    name += rule_name(rule_at(i));
    name += '`';
    EXPECT_NE(doc.find(name), std::string::npos) << name << " is not in docs/semantics.md";
  }
}

TEST(SemanticsDoc, HasAHeadingPerContradiction) {
  const std::string doc = semantics_doc();
  for (int k = 1; k <= 12; ++k) {
    // "### A1 ..." but not "### A10": the number ends at a space.
    const std::regex heading("(^|\n)### A" + std::to_string(k) + " ");
    EXPECT_TRUE(std::regex_search(doc, heading)) << "no '### A" << k << " ' heading";
  }
  EXPECT_NE(doc.find("\n## Other ambiguities"), std::string::npos);
}

TEST(SemanticsDoc, NamesEverySwitchSettingInBackticks) {
  const std::string doc = semantics_doc();
  for (int k = 1; k <= 12; ++k)
    for (const std::string& s : settings_of(k)) {
      std::string name = "`";
      name += switch_item(k, s);
      name += '`';
      EXPECT_NE(doc.find(name), std::string::npos) << name << " is not in docs/semantics.md";
    }
}

TEST(SemanticsDoc, NamesTheThreeProfiles) {
  const std::string doc = semantics_doc();
  for (const char* name : {"`default`", "`exact`", "`onnx-reference`"})
    EXPECT_NE(doc.find(name), std::string::npos) << name;
}

}  // namespace
}  // namespace castlike::ref
