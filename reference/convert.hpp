// The exact reference, element level: one value of one ONNX type to another, with the result's
// bits, its outcome class and the rule that produced it.
#pragma once

#include <optional>
#include <string>

#include "castlike/type_table.hpp"
#include "exact_value.hpp"
#include "semantics.hpp"

namespace castlike::ref {

struct Attributes {
  bool saturate = true;
  castlike_round_mode round_mode = CASTLIKE_ROUND_UP;
};

struct Result {
  Element value;
  OutcomeClass outcome = OutcomeClass::kExact;
  RuleId rule = RuleId::kIdentity;
  // For kNan: whether the NaN's sign is part of the expectation. It is, where the destination has
  // signed NaNs and the source NaN had a sign; a NaN decoded from FNUZ or FLOAT8E8M0 has none.
  bool nan_sign_matters = true;
  // For kRoundTrip: the type the text is read back in (the source type of a number-to-text cast).
  ElementType read_back_in = ElementType::kString;
};

// What an element denotes: an exact value, or (strings only) nothing numeric at all.
struct Decoded {
  ExactValue value;
  bool not_a_number = false;
};
Decoded decode_element(ElementType type, const Element& in, const Variants& variants = {});

// The conversion itself. `attributes` are the effective ones (CastLike-level defaults and the A7
// switch are applied by cast_like()); `bits` beyond the source width are ignored.
Result convert_element(ElementType from, const Element& in, ElementType to, const Attributes& attributes,
                       const Variants& variants = {});

// Does `actual` satisfy `expected` for destination `to`? exact: same bits (same text);
// nan: any NaN of `to`, with the expected sign where `to` has signed NaNs; unspecified: always;
// round-trip: a text that reads back, in expected.read_back_in, to the element the expected text
// reads back to (text_read_back.hpp).
bool matches(ElementType to, const Result& expected, const Element& actual);

// Destination neighbours of a finite value (for `castlike explain`): the largest representable
// value <= x and the smallest >= x, as bits, where they exist.
struct Neighbours {
  std::optional<uint64_t> below, above;
};
Neighbours neighbours(ElementType to, const ExactValue& x);

// Human text for an element of a type: "0x3f (0.46875)", "\"1e-07\"".
std::string describe_element(ElementType type, const Element& e, const Variants& variants = {});

}  // namespace castlike::ref
