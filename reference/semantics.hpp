// The variants that select between the contradictory readings A1-A12 of the ONNX sources (see
// docs/semantics.md) and the profiles that bundle them; the rule ids and outcome classes the
// reference decides with are vocabulary.hpp's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "vocabulary.hpp"

namespace castlike::ref {

// One switch per contradiction A1-A12 of docs/specification.md (and a few other ambiguities). The
// default-constructed Variants is the project's default profile.
struct Variants {
  enum class FnuzInfinity : uint8_t { kSaturate, kNan } a1 = FnuzInfinity::kSaturate;
  enum class FiniteOnlyNan : uint8_t { kPositiveZero, kMax, kOtherSignZero } a2 = FiniteOnlyNan::kPositiveZero;
  enum class E8M0Infinity : uint8_t { kSaturate, kNan } a3 = E8M0Infinity::kSaturate;
  enum class E8M0Subnormal : uint8_t { kExact, kOnnxReferenceBits } a4 = E8M0Subnormal::kExact;
  enum class E8M0Input : uint8_t { kExact, kThroughFloat32 } a5 = E8M0Input::kExact;
  enum class E8M0Zero : uint8_t { kNanUnlessSaturate, kMin } a6 = E8M0Zero::kNanUnlessSaturate;
  enum class RoundModeAt25 : uint8_t { kHonoured, kIgnored } a7 = RoundModeAt25::kHonoured;
  enum class SubByteFromFloat : uint8_t { kRoundWrap, kTruncateWrap, kRoundClamp } a8 = SubByteFromFloat::kRoundWrap;
  enum class NarrowingPath : uint8_t { kSingleRounding, kThroughFloat32, kThroughDouble } a9 = NarrowingPath::kSingleRounding;
  enum class NumberToText : uint8_t { kShortest, kPrintfMaxDigits } a10 = NumberToText::kShortest;
  enum class E8M0Range : uint8_t { kUnrounded, kRounded } a11 = E8M0Range::kUnrounded;
  enum class E8M0MinDecode : uint8_t { kZero, kTwoToMinus127 } a12 = E8M0MinDecode::kZero;

  bool operator==(const Variants&) const = default;
};

// Named bundles of variants: "default" (examples first, then the Cast text, then exact maths),
// "exact" (every value at its definition), "onnx-reference" (the ONNX Python reference).
std::optional<Variants> profile_by_name(std::string_view name);
// "A2=six,A12=exact" style overrides applied on top of a profile; error text on failure.
std::optional<std::string> apply_variant_overrides(Variants& v, std::string_view spec);
// "A2=six" for every switch that differs from the default profile ("" when none).
std::string describe_variants(const Variants& v);

}  // namespace castlike::ref
