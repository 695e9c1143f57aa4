// The structured input set of a configuration whose source is too wide to enumerate (DOUBLE,
// INT64, UINT64): the inputs that decide a rounding, derived from the destination's format
// (docs/exhaustive.md, "Structured sets of 64-bit sources"). Per sign and per level of the source
// (a float's exponent field, an integer's bit length) the significand bits below the leading one
// split, at the destination's grid there, into a top field (the kept bits, the round bit and the
// bit below it) and a sticky field (every bit below); the set crosses the top field's patterns
// with patterns of the sticky field. Each input carries its class, so failures are named by it.
// A STRING source's set is texts (structured_text_inputs.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "map.hpp"
#include "structured_text_inputs.hpp"

namespace castlike::exhaustive {

// A source whose every pattern cannot be judged: more than 32 bits, or STRING.
bool has_structured_set(ElementType from);

// The configurations of every such source (configurations_from each).
std::vector<Configuration> structured_configurations();

// What the set varies for one input: the name of its class is made of these.
struct InputClass {
  enum class Sticky : uint8_t { kZero, kBit, kOnes, kRandom, kNone };  // kNone: no sticky field
  bool negative = false;
  int16_t level = 0;  // float: the biased exponent field; integer: the bit length of the magnitude
  // The value's bits at the destination's grid (the kept bit that ties go to, the round bit, the
  // bit below it): 0, 1, or 2 below the source's last bit (the grid is finer than the source's).
  uint8_t lsb = 2, round = 2, guard = 2;
  Sticky sticky = Sticky::kNone;
  uint8_t sticky_bit = 0;  // kBit: the bit's position in the magnitude's pattern
};

struct StructuredSet {
  Configuration config;
  std::vector<uint64_t> inputs;      // distinct source patterns, in increasing order (input order)
  std::vector<InputClass> classes;   // classes[i] is that of inputs[i]
  // STRING: the texts, input i being text->texts[i] (inputs[i] is then i, classes are unused).
  std::shared_ptr<const TextSet> text;
};

// The set of `config` (has_structured_set(config.from)); deterministic: the same configuration
// gives the same inputs in the same order on every machine (the random fills are seeded).
StructuredSet structured_set(const Configuration& config);

// The inputs a configuration is judged on: 2^bits patterns, or its structured set's size.
uint64_t judged_inputs(const Configuration& config);

// "exponent field 1008..1038 (2^-15..2^15)", "bit length 25..64": a range of levels of `from`.
std::string level_text(ElementType from, int first, int last);

}  // namespace castlike::exhaustive
