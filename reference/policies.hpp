// Internal: one function per destination family. Each receives the exact source value (NaN,
// infinity or finite, sign always meaningful) and returns bits + outcome + rule.
#pragma once

#include "convert.hpp"

namespace castlike::ref::policy {

// Where the value came from matters for integer destinations (integers wrap, floats truncate)
// and for the text of undefined cases.
enum class SourceKind : uint8_t { kInteger, kFloat, kString };

Result to_ieee(ElementType to, const ExactValue& v);
Result to_float8(ElementType to, const ExactValue& v, const Attributes& a, const Variants& var);
Result to_finite_only(ElementType to, const ExactValue& v, const Variants& var);
Result to_e8m0(const ExactValue& v, const Attributes& a, const Variants& var);
Result to_integer(ElementType to, const ExactValue& v, SourceKind kind, const Variants& var);
Result to_bool(const ExactValue& v);
Result to_string(ElementType from, uint64_t bits, const ExactValue& v, const Variants& var);

}  // namespace castlike::ref::policy
