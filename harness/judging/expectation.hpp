// What a vector file expects of an element, beyond its bits: when the sign of an expected NaN
// counts, whether an actual output meets the expectation, and the rule id of each element.
#pragma once

#include <vector>

#include "reference/convert.hpp"
#include "reference/semantics.hpp"
#include "formats/vector_file.hpp"

namespace castlike::harness {

// A spec example's "nan" is any NaN (the pages print NaN without its sign; vectors/schema/README.md,
// "NaN"), and a NaN read from a type whose NaN has no sign (FNUZ, FLOAT8E8M0) may come out with
// either sign; every other expected NaN must keep its sign.
bool nan_sign_matters(const VectorFile& f, size_t i);

// ref::matches, with the NaN sign rule above; a text of outcome round-trip is read back in the
// file's source type.

bool element_matches(const VectorFile& f, size_t i, const ref::Element& actual);

// Whether some element of the file is a number-to-text result judged by the value it denotes.
bool judges_texts_by_value(const VectorFile& f);
// `--strict-text`: those elements must equal the reference's text exactly (outcome exact).
void judge_texts_strictly(VectorFile& f);

// The rule id of each element: the file's, or for files without them (spec examples) the one the
// reference's default profile names.
std::vector<ref::RuleId> rules_of(const VectorFile& f);

}  // namespace castlike::harness
