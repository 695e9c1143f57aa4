#include "judging/readings.hpp"

#include "judging/expectation.hpp"
#include "judging/readings_support.hpp"

namespace castlike::harness {

using ref::Element;
using readings::default_differs;
using readings::float8_like;
using readings::reading;

namespace {

// The output of element i under a variants or attributes reading; nullopt where the reading does
// not apply (an attribute the case's operator version lacks or already has) or leaves it unspecified.
std::optional<ref::Result> predicted(const Candidate& c, const VectorFile& f, size_t i) {
  std::optional<int64_t> saturate = f.saturate;
  std::optional<std::string> round_mode = f.round_mode;
  if (c.kind == Candidate::Kind::kAttributes) {
    if (!float8_like(f.to)) return std::nullopt;
    const auto version = version_for_opset(f.op, f.opset);
    if (c.saturate) {
      if (!version || !saturate_in_version(*version) || saturate.value_or(1) == *c.saturate) return std::nullopt;
      saturate = c.saturate;
    }
    if (c.round_mode) {
      if (f.to != ElementType::kFloat8E8M0 || !version || !round_mode_in_version(*version) ||
          round_mode.value_or("up") == *c.round_mode)
        return std::nullopt;
      round_mode = c.round_mode;
    }
  }
  return reading(f, i, c.variants, saturate, round_mode);
}

}  // namespace

// Does this candidate reading produce `actual` for element i of the file (where the default
// reading does not)? Each family of readings answers in its own file; the reference switches
// and the attribute readings here.
bool explains(const Candidate& c, const VectorFile& f, size_t i, const Element& actual) {
  if (c.via && c.kind != Candidate::Kind::kChain) return readings::explains_held(c, f, i, actual);
  switch (c.kind) {
    case Candidate::Kind::kRoundTripText:
    case Candidate::Kind::kPrintfDigits:
    case Candidate::Kind::kIntTextPrefix:
    case Candidate::Kind::kBoolTextNonEmpty:
      return readings::explains_text(c, f, i, actual);
    case Candidate::Kind::kRoundAwayWrap:
    case Candidate::Kind::kTruncateClamp:
    case Candidate::Kind::kSubByteViaInt8:
    case Candidate::Kind::kSubByteRangeZero:
    case Candidate::Kind::kSubByteViaInt32:
    case Candidate::Kind::kFloat4MaxAsInfinity:
    case Candidate::Kind::kInt32Held:
    case Candidate::Kind::kBoolInt32:
    case Candidate::Kind::kBoolFromBits:
    case Candidate::Kind::kBoolNanFalse:
      return readings::explains_integer(c, f, i, actual);
    case Candidate::Kind::kE5M2OverflowNan:
    case Candidate::Kind::kIdentityConverts:
    case Candidate::Kind::kFloatSaturate:
    case Candidate::Kind::kDaz:
    case Candidate::Kind::kFtz:
    case Candidate::Kind::kBfloat16Truncate:
    case Candidate::Kind::kBfloat16HalfBias:
    case Candidate::Kind::kDoubleAsFloat:
    case Candidate::Kind::kE8M0TiesEven:
      return readings::explains_float(c, f, i, actual);
    case Candidate::Kind::kNanSign:
    case Candidate::Kind::kNanToMinusZero:
    case Candidate::Kind::kNanToSignedMax:
    case Candidate::Kind::kNanBitsTruncated:
    case Candidate::Kind::kE8M0NegativeNanZero:
      return readings::explains_nan(c, f, i, actual);
    case Candidate::Kind::kChain:
      return readings::explains_chain(c, f, i, actual);
    case Candidate::Kind::kVariants:
    case Candidate::Kind::kAttributes: {
      const auto candidate = predicted(c, f, i);
      if (!candidate || !ref::matches(f.to, *candidate, actual)) return false;
      // The default reading giving the same output means the candidate explains nothing.
      return default_differs(f, i, actual);
    }
  }
  return false;
}

std::optional<Element> contradiction(const Candidate& c, const VectorFile& f, size_t i, const Element& actual) {
  if (c.via && c.kind != Candidate::Kind::kChain) return std::nullopt;
  std::optional<ref::Result> candidate;
  if (c.kind == Candidate::Kind::kChain)
    candidate = readings::chained(c, f, i);
  else if (c.kind == Candidate::Kind::kVariants || c.kind == Candidate::Kind::kAttributes)
    candidate = predicted(c, f, i);
  if (!candidate || candidate->outcome == ref::OutcomeClass::kUnspecified || ref::matches(f.to, *candidate, actual))
    return std::nullopt;
  return candidate->value;
}

}  // namespace castlike::harness
