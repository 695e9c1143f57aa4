// A STRING source's failures named by class (structured_text_inputs.hpp): sign x family x a range
// of binades x spelling x the digit a neighbour differs at, with the first and last failing text.
#pragma once

#include <vector>

#include "structured_judging.hpp"

namespace castlike::exhaustive {

// failing_classes() for a set of texts (set.text not null).
std::vector<Interval> failing_text_classes(const StructuredSet& set, const std::vector<StructuredFailure>& failures);

// The text of input `position` of a STRING configuration's set (the reports name failing inputs
// by their text), the set made again when the destination changes.
const std::string& structured_text_at(const Configuration& c, uint64_t position);

}  // namespace castlike::exhaustive
