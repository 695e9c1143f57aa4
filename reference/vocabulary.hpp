// The vocabulary the reference decides in and the harness's files are written in: outcome classes,
// rule ids, elements, tensors and the request a Cast or CastLike node makes. Data and names only, no
// conversion: a reader of vector or results files links this, not the reference.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "castlike/type_table.hpp"

namespace castlike::ref {

// What a conforming implementation must produce for one element.
enum class OutcomeClass : uint8_t {
  kExact,        // exactly these bits
  kNan,          // any NaN encoding of the destination (with the expected sign where NaNs carry one)
  kUnspecified,  // the specification leaves the result undefined; bits are our deterministic choice
  kRoundTrip,    // number to text: any text that reads back to the same element of the source type
};
std::string_view outcome_name(OutcomeClass c);
std::optional<OutcomeClass> outcome_from_name(std::string_view name);

// X-macro: id, printed name, one-line summary. docs/semantics.md has one row per entry and a test
// checks that it does.
#define CASTLIKE_RULES(X)                                                                            \
  X(kIdentity, "CAST.IDENTITY", "same source and destination type: the bits are copied unchanged")  \
  X(kFloatRoundNearestEven, "FLOAT.RNE", "finite value rounded to nearest, ties to even")            \
  X(kFloatOverflowToInfinity, "FLOAT.OVERFLOW", "rounded value beyond the largest finite: +-inf")   \
  X(kFloatInfinity, "FLOAT.INF", "+-inf stays +-inf")                                                \
  X(kFloatNan, "FLOAT.NAN", "NaN stays NaN, sign kept")                                              \
  X(kF8RoundNearestEven, "F8.RNE", "float8 destination: round to nearest even")                      \
  X(kF8FnuzNegativeZero, "F8.FNUZ.ZERO", "FNUZ has no -0: -0 and negative underflow give +0")        \
  X(kF8SaturateOverflow, "F8.SAT.OVERFLOW", "saturate=1: [x] beyond +-max gives +-max")               \
  X(kF8SaturateInfinity, "F8.SAT.INF", "saturate=1: +-inf gives +-max")                              \
  X(kF8FnuzInfinityToNan, "F8.SAT.INF.FNUZ_NAN", "variant A1: FNUZ +-inf gives NaN even with saturate=1") \
  X(kF8NoSaturateOverflow, "F8.NOSAT.OVERFLOW", "saturate=0: [x] beyond +-max gives NaN (E5M2: +-inf)") \
  X(kF8NoSaturateInfinity, "F8.NOSAT.INF", "saturate=0: +-inf gives NaN (E5M2: +-inf)")              \
  X(kF8Nan, "F8.NAN", "NaN gives NaN (sign kept where the format has signed NaNs)")                 \
  X(kF4RoundNearestEven, "F4.RNE", "FLOAT4E2M1: round to nearest even, +-0 keep their sign")         \
  X(kF4Saturate, "F4.SAT", "FLOAT4E2M1: [x] beyond +-6 gives +-6")                                   \
  X(kF4Infinity, "F4.INF", "FLOAT4E2M1: +-inf gives +-6")                                            \
  X(kF4NanToZero, "F4.NAN.ZERO", "FLOAT4E2M1: NaN gives +0 (A2, the examples)")                      \
  X(kF4NanToSix, "F4.NAN.SIX", "FLOAT4E2M1: NaN gives +6 (A2, the float4 technical note)")           \
  X(kF4NanToNegativeZero, "F4.NAN.NEGZERO", "FLOAT4E2M1: NaN gives a zero of the other sign (A2, ml_dtypes)") \
  X(kF6RoundNearestEven, "F6.RNE", "FLOAT6E2M3 / FLOAT6E3M2: round to nearest even, +-0 keep their sign") \
  X(kF6Saturate, "F6.SAT", "FLOAT6: [x] beyond +-max (E2M3 7.5, E3M2 28) gives +-max")               \
  X(kF6Infinity, "F6.INF", "FLOAT6: +-inf gives +-max")                                              \
  X(kF6NanToZero, "F6.NAN.ZERO", "FLOAT6: NaN gives +0 (A2, as FLOAT4E2M1)")                         \
  X(kF6NanToMax, "F6.NAN.MAX", "FLOAT6: NaN gives +max (A2=six, CUDA's __nv_cvt_float_to_fp6)")       \
  X(kF6NanToNegativeZero, "F6.NAN.NEGZERO", "FLOAT6: NaN gives a zero of the other sign (A2, ml_dtypes)") \
  X(kE8M0Round, "E8M0.ROUND", "FLOAT8E8M0: power of two chosen by round_mode")                       \
  X(kE8M0SaturateOverflow, "E8M0.SAT.OVERFLOW", "FLOAT8E8M0 saturate=1: x > 2^127 gives 0xFE")       \
  X(kE8M0NoSaturateOverflow, "E8M0.NOSAT.OVERFLOW", "FLOAT8E8M0 saturate=0: x > 2^127 gives NaN")   \
  X(kE8M0SaturateUnderflow, "E8M0.SAT.UNDERFLOW", "FLOAT8E8M0 saturate=1: 0 < x < 2^-127 gives 0x00") \
  X(kE8M0NoSaturateUnderflow, "E8M0.NOSAT.UNDERFLOW", "FLOAT8E8M0 saturate=0: 0 < x < 2^-127 gives NaN (A11)") \
  X(kE8M0SaturateZero, "E8M0.SAT.ZERO", "FLOAT8E8M0 saturate=1: +0 gives 0x00")                      \
  X(kE8M0NoSaturateZero, "E8M0.NOSAT.ZERO", "FLOAT8E8M0 saturate=0: +0 gives NaN (A6, Cast table)")  \
  X(kE8M0ZeroToMin, "E8M0.ZERO.MIN", "variant A6: +0 gives 0x00 whatever saturate says")             \
  X(kE8M0SaturateInfinity, "E8M0.SAT.INF", "FLOAT8E8M0 saturate=1: +inf gives 0xFE (A3, Cast table)") \
  X(kE8M0InfinityToNan, "E8M0.INF.NAN", "FLOAT8E8M0: +inf gives NaN (saturate=0; A3 variant always)") \
  X(kE8M0Nan, "E8M0.NAN", "FLOAT8E8M0: NaN gives 0xFF")                                              \
  X(kE8M0Negative, "E8M0.NEGATIVE", "FLOAT8E8M0: negative values and -inf are undefined")            \
  X(kE8M0NegativeZero, "E8M0.NEGZERO", "FLOAT8E8M0: -0 is unspecified")                              \
  X(kE8M0Float32Subnormal, "E8M0.A4.F32_SUBNORMAL", "variant A4: below 2^-126 rounds as the ONNX reference's bit code does") \
  X(kIntTruncate, "INT.TRUNC", "float to integer: truncate toward zero, result in range")            \
  X(kIntOutOfRange, "INT.OUT_OF_RANGE", "float to integer out of range: undefined (we clamp)")       \
  X(kIntNan, "INT.NAN", "NaN to integer: undefined (we give 0)")                                     \
  X(kIntInfinity, "INT.INF", "+-inf to integer: undefined (we clamp)")                               \
  X(kIntWrap, "INT.WRAP", "integer to integer: keep the low bits (two's complement)")                \
  X(kSubByteRoundWrap, "INT4.RNE_WRAP", "float to 4-/2-bit integer: round to nearest even, keep the low bits") \
  X(kSubByteTruncateWrap, "INT4.TRUNC_WRAP", "variant A8: truncate toward zero, keep the low bits (ml_dtypes)") \
  X(kSubByteClamp, "INT4.CLAMP", "variant A8: round to nearest even, clamp to the range (older ONNX)") \
  X(kBoolFromZero, "BOOL.ZERO", "zero (either sign) gives false")                                    \
  X(kBoolFromNonZero, "BOOL.NONZERO", "non-zero, infinite or NaN gives true")                        \
  X(kStringNotANumber, "STR.NOT_A_NUMBER", "text that is not a number: undefined")                   \
  X(kStringFractionToInt, "STR.FRACTION_TO_INT", "fractional text to an integer type: undefined (we truncate)") \
  X(kStringOutOfRange, "STR.OUT_OF_RANGE", "text whose value does not fit the integer type: undefined (we clamp)") \
  X(kFormatShortest, "STR.FORMAT.SHORTEST", "number to text: shortest text that reads back to the same value") \
  X(kFormatPrintfG, "STR.FORMAT.PRINTF_G", "variant A10: %.<max_digits10>g")                         \
  X(kFormatInteger, "STR.FORMAT.INT", "integer to text: decimal digits")                             \
  X(kFormatBool, "STR.FORMAT.BOOL", "bool to text: True / False")                                    \
  X(kFormatSpecial, "STR.FORMAT.SPECIAL", "NaN and infinities to text: nan, inf, -inf")

enum class RuleId : uint16_t {
#define CASTLIKE_RULE_ENUM(id, name, summary) id,
  CASTLIKE_RULES(CASTLIKE_RULE_ENUM)
#undef CASTLIKE_RULE_ENUM
};
std::string_view rule_name(RuleId id);
std::string_view rule_summary(RuleId id);
std::optional<RuleId> rule_from_name(std::string_view name);
size_t rule_count();
RuleId rule_at(size_t index);

// One element: its bit pattern (numeric types, low bits) or its text (STRING).
struct Element {
  uint64_t bits = 0;
  std::string text;

  static Element of_bits(uint64_t b) { return {b, {}}; }
  static Element of_text(std::string t) { return {0, std::move(t)}; }
};

struct Tensor {
  ElementType type = ElementType::kFloat;
  std::vector<int64_t> shape;
  std::vector<uint8_t> data;         // ONNX raw_data layout (packed for 4-/2-bit types)
  std::vector<std::string> strings;  // STRING tensors only
};

struct CastLikeRequest {
  Operator op = Operator::kCastLike;  // Cast states the target as `to`, CastLike as a tensor's type
  Tensor input;
  ElementType target = ElementType::kFloat;
  int opset = kDefaultOpset;
  std::optional<int64_t> saturate;        // absent: the default (1)
  std::optional<std::string> round_mode;  // absent: the default ("up")
};

// Element count of a shape, or an error for negative dimensions and overflow.
std::variant<size_t, std::string> element_count(const std::vector<int64_t>& shape);

}  // namespace castlike::ref
