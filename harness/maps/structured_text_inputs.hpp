// The structured input set of a STRING source (docs/exhaustive.md, "Structured sets of STRING
// sources"): the texts that decide how a decimal is rounded into the destination. From the
// destination's format alone: its representable values and the midpoints between neighbours
// (every one for destinations of at most 8 bits; for wider ones each binade's ends, the
// subnormal range, the largest finite value, the overflow threshold and a seeded sample), each as
// its exact decimal and as the decimals just below and just above it at the 17th, 20th and 40th
// significant digit, in four spellings, both signs. Exact arithmetic only (Boost.Multiprecision,
// as the reference): no float or double on the way.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "map.hpp"

namespace castlike::exhaustive {

// What the set varies for one text: failures are named by it.
struct TextClass {
  enum class Family : uint8_t { kZero, kValue, kMidpoint, kOverflowThreshold, kSpecial };
  enum class Spelling : uint8_t { kPlain, kExponent, kSignedPadded, kSpaced };
  bool negative = false;
  Family family = Family::kValue;
  Spelling spelling = Spelling::kPlain;
  uint8_t digit = 0;      // 0: the exact decimal; else the significant digit the neighbour differs at
  int8_t direction = 0;   // -1 just below, +1 just above in magnitude (0 for the exact decimal)
  int32_t level = 0;      // floor(log2 |anchor|) (0 for zero and the special words)
};

// The significant digits the neighbours of an anchor differ at: past a double's 17, past the 19
// an unsigned 64-bit accumulator holds, and far beyond both.
inline constexpr int kNeighbourDigits[] = {17, 20, 40};

struct TextSet {
  std::vector<std::string> texts;  // in input order; none holds a newline (one text per line)
  std::vector<TextClass> classes;  // classes[i] is that of texts[i]
};

// The texts of a STRING source to `to` (any numeric type), in input order; deterministic (the
// sample is seeded), the same for every attribute combination of the pair.
TextSet structured_text_set(ElementType to);

// "positive, midpoint 2^-9..2^8, exponent spelling, 20th digit above": a class with a level range.
std::string text_class_text(const TextClass& k, int level_first, int level_last);

}  // namespace castlike::exhaustive
