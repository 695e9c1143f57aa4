// Decimal text <-> exact values, with no binary floating point on the way (principle 1).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "castlike/type_table.hpp"
#include "exact_value.hpp"

namespace castlike::ref {

// Reads "3.14", "-1e-5", "1E8", ".5", "5.", with optional surrounding ASCII white space, and the
// special words "inf", "infinity" and "nan" in any case with an optional sign. nullopt when the
// text is not a number. The value is exact, except that digits beyond the 1100th significant one
// are folded into one sticky digit and decimal exponents beyond +-100000 are pinned: neither can
// change how the value rounds into any of the types (their rounding boundaries have fewer
// than 800 significant digits and lie within 10^+-400).
std::optional<ExactValue> parse_decimal(std::string_view text);

// The shortest decimal text that reads back, rounding to nearest, to the same value of `type`
// (a float type; `bits` its pattern), laid out as numpy prints scalars: positional for
// 1e-4 <= |x| < 1e16 ("0.1", "65500.0"), scientific otherwise ("1e-07", "1.5e+20").
std::string format_shortest(ElementType type, uint64_t bits);

// C's "%.<digits>g" of the exact value (round half to even at the last digit).
std::string format_printf_g(const ExactValue& v, int significant_digits);

// The C++ max_digits10 of a float type: ceil(1 + p * log10(2)), p = mantissa bits + 1.
int max_digits10(ElementType type);

}  // namespace castlike::ref
