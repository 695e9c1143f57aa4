// An exact description of one configuration's whole input -> output map: for every bit pattern of
// a numeric source of at most 32 bits, the reference's expected destination bits, outcome class,
// rule id and NaN-sign flag, as a sorted list of runs (docs/exhaustive.md).
//
// A run covers the source patterns [first, last]; inside it the expected bits are
//   (base + step * (input - first)) mod 2^(destination bits)
// step 0: a constant (rounding stretches, saturation, NaN); step 1: bit copies, wraps and
// sign extensions (every input its own output); other steps: stretches the derivation found
// affine. The modulo makes integer wraps one run.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "castlike/type_table.hpp"
#include "reference/convert.hpp"

namespace castlike::exhaustive {

// One CastLike configuration: a source, a destination and the effective attributes (the opset
// only changes which attributes exist and their defaults, so every opset's behaviour is one of
// these; docs/exhaustive.md).
struct Configuration {
  ElementType from = ElementType::kFloat;
  ElementType to = ElementType::kFloat;
  ref::Attributes attributes;

  std::string name() const;  // "FLOAT->FLOAT8E4M3FN saturate=1"
  bool operator==(const Configuration& o) const {
    return from == o.from && to == o.to && attributes.saturate == o.attributes.saturate &&
           attributes.round_mode == o.attributes.round_mode;
  }
};

struct Run {
  uint64_t first = 0, last = 0;  // source patterns, inclusive
  uint64_t base = 0;             // expected bits at `first`
  uint64_t step = 0;             // per input, modulo 2^(destination bits)
  ref::OutcomeClass outcome = ref::OutcomeClass::kExact;
  ref::RuleId rule = ref::RuleId::kIdentity;
  bool nan_sign_matters = true;

  uint64_t bits_at(uint64_t input, uint64_t mask) const { return (base + step * (input - first)) & mask; }
};

struct Map {
  Configuration config;
  std::vector<Run> runs;  // sorted, contiguous, covering [0, 2^(source bits) - 1]

  uint64_t input_count() const { return uint64_t{1} << info(config.from).bits; }
  uint64_t output_mask() const { return bit_mask(config.to); }
  // Index of the run holding `input` (binary search); the caller keeps input < input_count().
  size_t run_index(uint64_t input) const;
  // The expectation for one input, as the reference states it.
  ref::Result expected(uint64_t input) const;
};

// Structural validity: sorted, contiguous, complete, base and step within the destination's
// bits, outcome and rule known. Empty string when valid, else what is wrong.
std::string check_structure(const Map& map);

// Writes the expected outputs of inputs [a, b) in the destination's raw ONNX layout (packed for
// 4-/2-bit destinations, element 0 of `out` = input a, little-endian otherwise). `out` holds
// storage_bytes(to, b - a) bytes.
void expand(const Map& map, uint64_t a, uint64_t b, uint8_t* out);

}  // namespace castlike::exhaustive
