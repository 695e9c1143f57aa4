// The STRING path of the kernel library (scalar on every ISA): decimal text to any numeric type
// with one exact rounding, and any numeric element to numpy's scalar text of it. Internal to optimized/; the public entry points are in castlike/castlike.h.
//
// Text grammar (what reads as a number): optional surrounding ASCII white space, an optional sign,
// then "inf", "infinity" or "nan" in any case, or decimal digits with at most one '.', at least one
// digit, and an optional exponent 'e'/'E' [sign] digits. Beyond the 1100th significant digit the
// digits are folded into one sticky digit and decimal exponents are pinned to +-100000 (neither
// changes how a value rounds into a float type). Anything else is not a number: the result is
// unspecified; we give the destination's positive canonical NaN, or 0 where it has none.
//
// Destinations: float types round the exact value once (no strtod-then-narrow); integer types
// truncate and clamp (fractional or out-of-range text is unspecified by ONNX); 4-/2-bit integers
// round to nearest even and keep the low bits; BOOL is false only for zero (and for non-numbers).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "castlike/type_table.hpp"
#include "castlike/types.h"

namespace castlike::opt {

// Longest text format_element writes, without the terminating NUL ("-2.2250738585072014e-308" is
// 24 characters).
inline constexpr size_t kMaxTextLength = 31;

// The bit pattern (low bits) of `text` read as `to` (any type but STRING).
uint64_t parse_text(std::string_view text, ElementType to, const castlike_attributes& attrs);

// Writes the text of one element of `from` (any type but STRING; `bits` its pattern) to `out`,
// which has room for kMaxTextLength characters, and returns the length (no NUL is written).
// Integers print their decimal digits, BOOL "True"/"False", floats as numpy's scalar `str`: the
// shortest text that reads back to the same value, positional for 1e-4 <= |x| below the type's
// threshold (text_layout: 1e3 FLOAT16, 1e6 FLOAT, 1e16 DOUBLE; the types numpy lacks as their FLOAT
// value), else scientific ("0.1", "6.55e+04", "1e-07"); NaN "nan", infinities "inf"/"-inf", zeros
// "0.0"/"-0.0".
size_t format_element(ElementType from, uint64_t bits, char* out);

}  // namespace castlike::opt
