// What a text denotes as an element of a number type: how number-to-text results are judged (outcome
// class `round-trip`, docs/semantics.md section 1). The text's layout is free; its value is not.
#pragma once

#include <optional>
#include <string_view>

#include "castlike/type_table.hpp"

namespace castlike::ref {

// The element of `type` (any type but STRING) that `text` reads back to. An integer type or BOOL:
// the text's exact value when it is an integer the type holds (BOOL: 0 or 1, or the words "True"
// and "False"), else nullopt. A float type: the text's exact value rounded to
// nearest, ties to even (FLOAT8E8M0: the nearest power of two, ties up), on the type's grid
// continued past its largest finite value with the same step, so nothing saturates. A NaN text
// gives the canonical NaN; "inf" and values that round past the largest finite value give the
// infinity of their sign. FLOAT8E8M0 reads a zero text as 0x00 (A12's default reading of 0x00).
// nullopt when the text is not a number (parse_decimal's grammar) or denotes no element: past the
// largest finite value of a type without infinities, a NaN for a type without NaN, a negative value or one
// outside 2^-127 .. 2^127 for FLOAT8E8M0.
std::optional<uint64_t> read_back(ElementType type, std::string_view text);

// Does `text` read back to the element `bits` of `type`? NaN texts denote every NaN pattern, of
// either sign (the texts of NaN carry no payload, and "nan" is printed for both signs); every
// non-zero BOOL byte is the element true.
bool text_denotes(ElementType type, uint64_t bits, std::string_view text);

}  // namespace castlike::ref
