// The explanation of one element's conversion, as `castlike explain` prints it and the Python
// package's castlike.explain returns it: the source bits and exact value, the two destination
// values around it, the chosen bits, the outcome class and the rule that decided it.
#pragma once

#include <optional>
#include <string>

#include "reference/cast_like.hpp"
#include "reference/convert.hpp"

namespace castlike::harness {

// One conversion as asked for: the attributes as the call states them (nullopt: not set) and
// the reading of the specification (`profile` names it, `variants` is it with any overrides).
struct ConversionQuestion {
  Operator op = Operator::kCastLike;
  ElementType from = ElementType::kFloat, to = ElementType::kFloat;
  int opset = kDefaultOpset;
  std::optional<int64_t> saturate;
  std::optional<std::string> round_mode;
  std::string profile = "default";
  ref::Variants variants;
};

// "opset 25 (CastLike-25), saturate=1 (default), round_mode=up (default)"; `resolved` are the
// effective attributes (ref::resolve_attributes).
std::string attributes_line(const ConversionQuestion& q, const ref::Attributes& resolved);

// The explanation of `input` (an element of q.from) over several lines, each ending in '\n'.
// `input_line` says how the input was given (e.g. "0x3f (bit pattern)"), `note` anything
// noteworthy about how it was read ("" for none).
std::string explain_conversion(const ConversionQuestion& q, const ref::Attributes& resolved, const ref::Element& input,
                               const std::string& input_line, const std::string& note);

// FLOAT8E8M0 0x00 has two values (reading A12, docs/semantics.md): 2^-127 by the type's
// definition, which rounding uses, and 0 in ONNX's FLOAT8E8M0 -> FLOAT example. Shown with both
// wherever it is shown, so that a rounding to 0x00 never reads as a rounding to 0; `variants`
// (when known) says which one the reading decodes it as.
bool is_e8m0_zero(ElementType type, const ref::Element& e);
std::string e8m0_zero_meanings(const ref::Variants* variants);

// The bits and exact value of an element ("0x2f  0.46875"), or the quoted text of a STRING.
std::string element_value_text(ElementType type, const ref::Element& e, const ref::Variants& variants);

}  // namespace castlike::harness
