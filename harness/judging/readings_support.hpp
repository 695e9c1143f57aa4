// What the reading families (harness/judging/readings_*.cpp) share: the reference's answer for one element
// under other variants or attributes, the type facts they test, and each family's entry point,
// which harness/judging/readings.cpp's explains() dispatches to by the candidate's kind.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "judging/readings.hpp"

namespace castlike::harness::readings {

using ref::Element;

bool float8_like(ElementType t);
// The result of one element under a reading (variants, optionally other attributes); nullopt when
// the reading does not apply or leaves the element unspecified.
std::optional<ref::Result> reading(const VectorFile& f, size_t i, const ref::Variants& variants,
                                   const std::optional<int64_t>& saturate, const std::optional<std::string>& round_mode);
// The case's attributes as the reference takes them, saturate overridden where given.
ref::Attributes attributes_of(const VectorFile& f, const std::optional<int64_t>& saturate);
bool wide_float(ElementType t);  // FLOAT, DOUBLE, FLOAT16, BFLOAT16
bool is_subnormal_bits(ElementType t, uint64_t bits);
uint64_t flushed(ElementType t, uint64_t bits);
uint64_t clamp_infinity(ElementType t, uint64_t bits);
uint64_t low_bits(const ref::BigInt& n, ElementType t);
std::pair<ref::BigInt, ref::BigInt> integer_range(bool signed_type, int bits);
// Does the default reading give something else than `actual` (or nothing) for element i? A reading
// explains only a difference.
bool default_differs(const VectorFile& f, size_t i, const Element& actual);
// The element under a chain reading (harness/judging/readings_chain.cpp).
std::optional<ref::Result> chained(const Candidate& c, const VectorFile& f, size_t i);

// The families' answers to explains(): each handles its kinds of Candidate and nothing else.
bool explains_text(const Candidate& c, const VectorFile& f, size_t i, const Element& actual);
bool explains_integer(const Candidate& c, const VectorFile& f, size_t i, const Element& actual);
bool explains_float(const Candidate& c, const VectorFile& f, size_t i, const Element& actual);
bool explains_nan(const Candidate& c, const VectorFile& f, size_t i, const Element& actual);
bool explains_chain(const Candidate& c, const VectorFile& f, size_t i, const Element& actual);
bool explains_held(const Candidate& c, const VectorFile& f, size_t i, const Element& actual);

}  // namespace castlike::harness::readings
