// Hand-checked conversions, one or more per rule, with the reason in each case's name.
#include <gtest/gtest.h>

#include "reference/convert.hpp"
#include "reference/decimal.hpp"
#include "reference/text_read_back.hpp"

namespace castlike::ref {
namespace {

Result cast(ElementType from, uint64_t bits, ElementType to, bool saturate = true,
            castlike_round_mode mode = CASTLIKE_ROUND_UP, const Variants& v = {}) {
  return convert_element(from, Element::of_bits(bits), to, Attributes{saturate, mode}, v);
}
Result cast_text(const std::string& text, ElementType to, bool saturate = true,
                 castlike_round_mode mode = CASTLIKE_ROUND_UP, const Variants& v = {}) {
  return convert_element(ElementType::kString, Element::of_text(text), to, Attributes{saturate, mode}, v);
}

using T = ElementType;

TEST(Float8, MidpointAboveMaxRoundsBackToMaxE4M3FN) {
  // 464 is halfway between 448 (even) and 480: [x] = 448, no overflow even without saturation.
  const Result r = cast_text("464", T::kFloat8E4M3FN, false);
  EXPECT_EQ(r.value.bits, 0x7Eu);
  EXPECT_EQ(r.rule, RuleId::kF8RoundNearestEven);
  const Result over = cast_text("464.0001", T::kFloat8E4M3FN, false);
  EXPECT_EQ(over.outcome, OutcomeClass::kNan);
  EXPECT_EQ(over.rule, RuleId::kF8NoSaturateOverflow);
  EXPECT_EQ(cast_text("464.0001", T::kFloat8E4M3FN, true).value.bits, 0x7Eu);
}

TEST(Float8, NegativeNanKeepsItsSignWithoutSaturation) {
  const Result r = cast(T::kFloat, 0xFFC00000u, T::kFloat8E4M3FN, false);
  EXPECT_EQ(r.outcome, OutcomeClass::kNan);
  EXPECT_EQ(r.value.bits, 0xFFu);
  EXPECT_FALSE(matches(T::kFloat8E4M3FN, r, Element::of_bits(0x7F)));
  EXPECT_TRUE(matches(T::kFloat8E4M3FN, r, Element::of_bits(0xFF)));
}

TEST(Float8, FnuzHasNoNegativeZero) {
  EXPECT_EQ(cast(T::kFloat, 0x80000000u, T::kFloat8E4M3FNUZ).value.bits, 0x00u);
  const Result tiny = cast(T::kFloat16, 0x8001u, T::kFloat8E5M2FNUZ);  // -2^-24 underflows
  EXPECT_EQ(tiny.value.bits, 0x00u);
  EXPECT_EQ(tiny.rule, RuleId::kF8FnuzNegativeZero);
}

TEST(Float8, E5M2OverflowWithoutSaturationIsInfinity) {
  EXPECT_EQ(cast_text("61440", T::kFloat8E5M2, false).value.bits, 0x7Cu);  // tie -> even -> beyond max
  EXPECT_EQ(cast_text("61439", T::kFloat8E5M2, false).value.bits, 0x7Bu);
  EXPECT_EQ(cast_text("-1e9", T::kFloat8E5M2, true).value.bits, 0xFBu);
}

TEST(Ieee, DoubleRoundingTrapsAreRoundedOnce) {
  // int64 2^24 + 2^16 + 1 -> BFLOAT16: one rounding gives 0x4B81 (through float32 it would tie to 0x4B80).
  EXPECT_EQ(cast(T::kInt64, (1ull << 24) + (1ull << 16) + 1, T::kBfloat16).value.bits, 0x4B81u);
  // double 1 + 2^-4 + 2^-40 -> FLOAT8E4M3FN is 1.125 (0x39), not 1.0.
  const uint64_t d = 0x3FF0000000000000ull | (1ull << 48) | (1ull << 12);
  EXPECT_EQ(cast(T::kDouble, d, T::kFloat8E4M3FN).value.bits, 0x39u);
  Variants through32;
  through32.a9 = Variants::NarrowingPath::kThroughFloat32;
  EXPECT_EQ(cast(T::kDouble, d, T::kFloat8E4M3FN, true, CASTLIKE_ROUND_UP, through32).value.bits, 0x38u);
}

TEST(Ieee, OverflowGivesInfinityAndTinyGivesSignedZero) {
  EXPECT_EQ(cast_text("65520", T::kFloat16).value.bits, 0x7C00u);
  EXPECT_EQ(cast_text("65519.99", T::kFloat16).value.bits, 0x7BFFu);
  EXPECT_EQ(cast_text("-1e-30", T::kFloat16).value.bits, 0x8000u);
  EXPECT_EQ(cast(T::kFloat, 0x7F800000u, T::kBfloat16).value.bits, 0x7F80u);
}

TEST(Integers, FloatTruncatesAndOutOfRangeIsUnspecified) {
  EXPECT_EQ(cast(T::kFloat, 0xC2FF0000u /* -127.5 */, T::kInt8).value.bits, 0x81u);  // -127
  const Result r = cast(T::kFloat, 0x43000000u /* 128 */, T::kInt8);
  EXPECT_EQ(r.outcome, OutcomeClass::kUnspecified);
  EXPECT_EQ(r.value.bits, 0x7Fu);
  EXPECT_EQ(cast(T::kFloat, 0x7FC00000u, T::kInt32).rule, RuleId::kIntNan);
  EXPECT_EQ(cast(T::kFloat, 0xBF000000u /* -0.5 */, T::kUint8).value.bits, 0u);
}

TEST(Integers, IntegersWrap) {
  EXPECT_EQ(cast(T::kInt16, 200, T::kInt8).value.bits, 0xC8u);  // 200 -> -56
  EXPECT_EQ(cast(T::kInt8, 0xFF, T::kUint4).value.bits, 0xFu);
  EXPECT_EQ(cast(T::kInt64, 0xFFFFFFFFFFFFFFFFull, T::kUint64).value.bits, 0xFFFFFFFFFFFFFFFFull);
}

TEST(Integers, SubByteFromFloatRoundsToEvenThenWraps) {
  EXPECT_EQ(cast_text("2.5", T::kInt4).outcome, OutcomeClass::kUnspecified);  // text: fraction -> int
  EXPECT_EQ(cast(T::kFloat, 0x40200000u /* 2.5 */, T::kInt4).value.bits, 0x2u);
  EXPECT_EQ(cast(T::kFloat, 0x40600000u /* 3.5 */, T::kInt4).value.bits, 0x4u);
  EXPECT_EQ(cast(T::kFloat, 0xC1100000u /* -9 */, T::kInt4).value.bits, 0x7u);
  EXPECT_EQ(cast(T::kFloat, 0x41000000u /* 8 */, T::kInt2).value.bits, 0x0u);
}

TEST(Bool, ZerosAreFalseEverythingElseTrue) {
  EXPECT_EQ(cast(T::kFloat, 0x80000000u, T::kBool).value.bits, 0u);
  EXPECT_EQ(cast(T::kFloat, 0x7FC00000u, T::kBool).value.bits, 1u);
  EXPECT_EQ(cast(T::kFloat16, 0x0001u, T::kBool).value.bits, 1u);
  EXPECT_EQ(cast(T::kBool, 0x01u, T::kFloat).value.bits, 0x3F800000u);
}

TEST(Strings, ParseExactlyAndSpecialWords) {
  EXPECT_EQ(cast_text("0.1", T::kFloat).value.bits, 0x3DCCCCCDu);
  EXPECT_EQ(cast_text("1e-5", T::kFloat).value.bits, 0x3727C5ACu);
  EXPECT_EQ(cast_text("1E8", T::kFloat).value.bits, 0x4CBEBC20u);
  EXPECT_EQ(cast_text("-INF", T::kFloat).value.bits, 0xFF800000u);
  EXPECT_EQ(cast_text("+inf", T::kFloat16).value.bits, 0x7C00u);
  EXPECT_EQ(cast_text("nAn", T::kDouble).outcome, OutcomeClass::kNan);
  EXPECT_EQ(cast_text("Hello World!", T::kFloat).outcome, OutcomeClass::kUnspecified);
  EXPECT_EQ(cast_text("100.5", T::kInt32).rule, RuleId::kStringFractionToInt);
  EXPECT_EQ(cast_text("100.5", T::kInt32).value.bits, 100u);
  EXPECT_EQ(cast_text("1e3", T::kInt16).value.bits, 1000u);
  EXPECT_EQ(cast_text("", T::kFloat).rule, RuleId::kStringNotANumber);
  EXPECT_EQ(cast_text("1e", T::kFloat).rule, RuleId::kStringNotANumber);
  EXPECT_EQ(cast_text("1e99999999999999999999", T::kFloat).value.bits, 0x7F800000u);
  EXPECT_EQ(cast_text("1e-99999999999999999999", T::kFloat).value.bits, 0u);
}

// Texts with more significant digits than the parser keeps (1100): to a 4-bit type the integer's
// low bits (its last four decimal digits) and the fraction still count.
TEST(Strings, VeryLongIntegersWrapByTheirLastDigits) {
  // ...7777: 7777 mod 16 = 1.
  EXPECT_EQ(cast_text(std::string(1200, '7'), T::kInt4).value.bits, 0x1u);
  EXPECT_EQ(cast_text(std::string(1200, '7'), T::kInt4).rule, RuleId::kSubByteRoundWrap);
  // ...1111.5 is a tie: to even, 1112; 1112 mod 16 = 8, INT4 -8. Negative: -1112 mod 16 = 8.
  EXPECT_EQ(cast_text(std::string(1150, '1') + ".5", T::kInt4).value.bits, 0x8u);
  EXPECT_EQ(cast_text("-" + std::string(1150, '1') + ".5", T::kInt4).value.bits, 0x8u);
  // ...1111.3 rounds down: 1111 mod 16 = 7. ...3.50000000001 rounds up: ...9994 mod 4 = 2 (UINT2).
  EXPECT_EQ(cast_text(std::string(1100, '1') + ".3", T::kInt4).value.bits, 0x7u);
  EXPECT_EQ(cast_text(std::string(1099, '9') + "3.50000000001", T::kUint2).value.bits, 0x2u);
  // ...2222e3 ends in 2000: 2000 mod 16 = 0. 0.444...e1104: integer ...4444 (mod 16 = 12), fraction .4.
  EXPECT_EQ(cast_text(std::string(1105, '2') + "e3", T::kUint4).value.bits, 0x0u);
  EXPECT_EQ(cast_text("0." + std::string(1105, '4') + "e1104", T::kUint4).value.bits, 0xCu);
  // Floats and wide integers see only the size.
  EXPECT_EQ(cast_text(std::string(1200, '7'), T::kFloat).value.bits, 0x7F800000u);
  EXPECT_EQ(cast_text(std::string(1200, '7'), T::kInt64).value.bits, 0x7FFFFFFFFFFFFFFFu);
}

TEST(Strings, FormatShortestNumpyStyle) {
  const auto text = [](ElementType from, uint64_t bits) { return cast(from, bits, T::kString).value.text; };
  EXPECT_EQ(text(T::kFloat, 0x3DCCCCCDu), "0.1");
  EXPECT_EQ(text(T::kFloat, 0x33D6BF95u), "1e-07");
  // numpy's thresholds depend on the type: scientific from 1e3 (FLOAT16), 1e6 (FLOAT), 1e16 (DOUBLE).
  EXPECT_EQ(text(T::kFloat16, 0x7BFFu), "6.55e+04");
  EXPECT_EQ(text(T::kFloat16, 0x63CEu), "999.0");
  EXPECT_EQ(text(T::kFloat16, 0x63D0u), "1e+03");
  EXPECT_EQ(text(T::kFloat, 0x4A0FE6C6u), "2.3576815e+06");
  EXPECT_EQ(text(T::kFloat, 0x497423F0u), "999999.0");
  EXPECT_EQ(text(T::kFloat, 0x49742400u), "1e+06");
  EXPECT_EQ(text(T::kFloat, 0x7FC00000u), "nan");
  EXPECT_EQ(text(T::kFloat, 0xFF800000u), "-inf");
  EXPECT_EQ(text(T::kFloat, 0x80000000u), "-0.0");
  EXPECT_EQ(text(T::kDouble, 0x4341C37937E08000ull), "1e+16");
  EXPECT_EQ(text(T::kDouble, 0x4341C37937E07FFFull), "9999999999999998.0");
  EXPECT_EQ(text(T::kBool, 1), "True");
  EXPECT_EQ(text(T::kInt8, 0x80), "-128");
  // The types numpy lacks print their value as FLOAT: exact where it has few digits.
  EXPECT_EQ(text(T::kFloat8E4M3FN, 0x7E), "448.0");
  EXPECT_EQ(text(T::kFloat8E4M3FN, 0x01), "0.001953125");
  EXPECT_EQ(text(T::kBfloat16, 0x4780), "65536.0");
  EXPECT_EQ(text(T::kBfloat16, 0x4B80), "1.6777216e+07");
  EXPECT_EQ(text(T::kFloat8E8M0, 0xFE), "1.7014118e+38");
  EXPECT_EQ(text(T::kFloat4E2M1, 0xF), "-6.0");
  EXPECT_EQ(text(T::kFloat, 0x3F800000u), "1.0");
  EXPECT_EQ(text(T::kFloat, 0x00000001u), "1e-45");
  EXPECT_EQ(text(T::kDouble, 0x0000000000000001ull), "5e-324");
}

TEST(Strings, FloatTextsAreJudgedByTheElementTheyReadBackTo) {
  const Result r = cast(T::kFloat, 0x3DE06CACu, T::kString);  // 0.109582275...
  EXPECT_EQ(r.outcome, OutcomeClass::kRoundTrip);
  const auto passes = [&](const Result& want, const std::string& actual) {
    return matches(T::kString, want, Element::of_text(actual));
  };
  EXPECT_TRUE(passes(r, "0.109582275"));
  EXPECT_TRUE(passes(r, "1.09582275E-1"));
  EXPECT_TRUE(passes(r, " 0.10958227500 "));
  EXPECT_FALSE(passes(r, "0.10958228"));  // "%.8g" reads back as 0x3de06cad
  EXPECT_FALSE(passes(r, "0.1095822750x"));
  EXPECT_FALSE(passes(r, "-0.109582275"));
  EXPECT_EQ(read_back(T::kFloat, "0.10958228"), 0x3DE06CADu);
  // Special words in any case; NaN texts match any NaN; infinity by word or by overflow.
  const Result nan = cast(T::kFloat, 0xFFC00001u, T::kString);
  EXPECT_TRUE(passes(nan, "NaN"));
  EXPECT_TRUE(passes(nan, "-nan"));
  EXPECT_FALSE(passes(nan, "inf"));
  const Result inf = cast(T::kFloat16, 0xFC00u, T::kString);
  EXPECT_TRUE(passes(inf, "-INF"));
  EXPECT_TRUE(passes(inf, "-65520"));   // the tie past 65504 rounds to the even step: infinity
  EXPECT_FALSE(passes(inf, "-65519"));  // reads back as -65504
  // Zeros keep their sign where the type has -0; FNUZ has none.
  EXPECT_FALSE(passes(cast(T::kFloat, 0x80000000u, T::kString), "0.0"));
  EXPECT_TRUE(passes(cast(T::kFloat8E4M3FNUZ, 0x00, T::kString), "-0"));
  // The narrow types read back on their own grid, continued past the largest value without
  // saturating: 450 is FLOAT8E4M3FN's 448, 470 no element of it.
  const Result max = cast(T::kFloat8E4M3FN, 0x7E, T::kString);
  EXPECT_TRUE(passes(max, "448"));
  EXPECT_TRUE(passes(max, "450"));
  EXPECT_FALSE(passes(max, "470"));
  EXPECT_FALSE(read_back(T::kFloat8E4M3FN, "470").has_value());
  // FLOAT8E8M0: nearest power of two, ties up; 0x00 is 2^-127 or, by A12's default, zero.
  EXPECT_EQ(read_back(T::kFloat8E8M0, "3"), 129u);
  EXPECT_EQ(read_back(T::kFloat8E8M0, "2.9"), 128u);
  EXPECT_EQ(read_back(T::kFloat8E8M0, "0"), 0u);
  EXPECT_EQ(read_back(T::kFloat8E8M0, "5.877472e-39"), 0u);
  EXPECT_FALSE(read_back(T::kFloat8E8M0, "1e-50").has_value());
  EXPECT_FALSE(read_back(T::kFloat8E8M0, "-1").has_value());
  EXPECT_FALSE(read_back(T::kFloat4E2M1, "nan").has_value());
  EXPECT_TRUE(text_denotes(T::kFloat8E8M0, 0x00, "0.0"));
  // Integers and BOOL are numbers too: their texts pass on the value they denote.
  const Result minus128 = cast(T::kInt8, 0x80, T::kString);
  EXPECT_EQ(minus128.outcome, OutcomeClass::kRoundTrip);
  EXPECT_EQ(minus128.value.text, "-128");
  for (const char* same : {"-128", "-128.0", "-1.28e2", " -128 ", "-0128"}) EXPECT_TRUE(passes(minus128, same)) << same;
  for (const char* other : {"-127", "-128.5", "128", "-128x", "nan", "-inf", ""}) EXPECT_FALSE(passes(minus128, other)) << other;
  const Result truth = cast(T::kBool, 0x02, T::kString);  // any non-zero byte is true
  EXPECT_EQ(truth.outcome, OutcomeClass::kRoundTrip);
  EXPECT_EQ(truth.value.text, "True");
  for (const char* same : {"True", "1", "1.0"}) EXPECT_TRUE(passes(truth, same)) << same;
  for (const char* other : {"False", "0", "2", "true", "yes", "-1"}) EXPECT_FALSE(passes(truth, other)) << other;
  EXPECT_TRUE(passes(cast(T::kBool, 0, T::kString), "0"));
  // Each integer type's range, its two's complement bits, and nothing past it.
  EXPECT_EQ(read_back(T::kInt8, "+7"), 7u);
  EXPECT_EQ(read_back(T::kInt8, "-0"), 0u);
  EXPECT_EQ(read_back(T::kInt4, "-8"), 0x8u);
  EXPECT_FALSE(read_back(T::kInt4, "8").has_value());
  EXPECT_EQ(read_back(T::kUint2, "3"), 3u);
  EXPECT_FALSE(read_back(T::kUint8, "-1").has_value());
  EXPECT_EQ(read_back(T::kInt64, "-9223372036854775808"), uint64_t{1} << 63);
  EXPECT_FALSE(read_back(T::kInt64, "9223372036854775808").has_value());
  EXPECT_EQ(read_back(T::kUint64, "18446744073709551615"), ~uint64_t{0});
  EXPECT_FALSE(read_back(T::kUint64, "18446744073709551616").has_value());
  EXPECT_FALSE(read_back(T::kUint64, "1e400").has_value());
  EXPECT_EQ(read_back(T::kUint32, "4.294967295e9"), 4294967295u);
}

TEST(Strings, PrintfVariant) {
  Variants v;
  v.a10 = Variants::NumberToText::kPrintfMaxDigits;
  const auto text = [&](ElementType from, uint64_t bits) {
    return convert_element(from, Element::of_bits(bits), T::kString, {}, v).value.text;
  };
  EXPECT_EQ(text(T::kFloat, 0x3DCCCCCDu), "0.100000001");
  EXPECT_EQ(text(T::kFloat, 0x3F800000u), "1");
  EXPECT_EQ(text(T::kFloat, 0x33D6BF95u), "1.00000001e-07");
  EXPECT_EQ(text(T::kFloat16, 0x7BFFu), "65504");
}

TEST(E8M0, RoundModes) {
  // 3 = 1.5 * 2: up -> 4, down -> 2, nearest (tie) -> 4; 2.9 nearest -> 2.
  EXPECT_EQ(cast_text("3", T::kFloat8E8M0, true, CASTLIKE_ROUND_UP).value.bits, 129u);
  EXPECT_EQ(cast_text("3", T::kFloat8E8M0, true, CASTLIKE_ROUND_DOWN).value.bits, 128u);
  EXPECT_EQ(cast_text("3", T::kFloat8E8M0, true, CASTLIKE_ROUND_NEAREST).value.bits, 129u);
  EXPECT_EQ(cast_text("2.9", T::kFloat8E8M0, true, CASTLIKE_ROUND_NEAREST).value.bits, 128u);
  EXPECT_EQ(cast_text("1", T::kFloat8E8M0, true, CASTLIKE_ROUND_UP).value.bits, 127u);
}

TEST(E8M0, CastTable) {
  EXPECT_EQ(cast(T::kFloat, 0, T::kFloat8E8M0, true).value.bits, 0x00u);
  EXPECT_EQ(cast(T::kFloat, 0, T::kFloat8E8M0, false, CASTLIKE_ROUND_NEAREST).outcome, OutcomeClass::kNan);
  EXPECT_EQ(cast(T::kFloat, 0x7F800000u, T::kFloat8E8M0, true).value.bits, 0xFEu);
  EXPECT_EQ(cast(T::kFloat, 0x7F800000u, T::kFloat8E8M0, false).outcome, OutcomeClass::kNan);
  EXPECT_EQ(cast(T::kDouble, 0x47F0000000000000ull /* 2^128 */, T::kFloat8E8M0, true).value.bits, 0xFEu);
  EXPECT_EQ(cast(T::kFloat, 0xBF800000u, T::kFloat8E8M0).outcome, OutcomeClass::kUnspecified);
}

TEST(Identity, CopiesBitsWhateverTheAttributes) {
  EXPECT_EQ(cast(T::kFloat8E8M0, 0x00, T::kFloat8E8M0, false).value.bits, 0x00u);
  EXPECT_EQ(cast(T::kFloat, 0x7FC00001u, T::kFloat).value.bits, 0x7FC00001u);
  EXPECT_EQ(cast(T::kFloat, 0x7FC00001u, T::kFloat).outcome, OutcomeClass::kNan);
}

TEST(Decimal, ParserRejectsWhatIsNotANumber) {
  for (const char* bad : {"", " ", "+", "-", ".", "e5", "1e+", "1.2.3", "0x10", "1,5", "inf1", "nana", "1e5x", "--1"})
    EXPECT_FALSE(parse_decimal(bad).has_value()) << bad;
  for (const char* good : {"0", "-0", ".5", "5.", " 7 ", "1e-5", "1E+8", "+3.25e2", "Infinity", "-NaN"})
    EXPECT_TRUE(parse_decimal(good).has_value()) << good;
}

}  // namespace
}  // namespace castlike::ref
