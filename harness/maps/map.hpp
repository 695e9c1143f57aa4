// An exact description of one configuration's whole input -> output map: for every bit pattern of
// a numeric source of at most 32 bits, the reference's expected destination bits, outcome class,
// rule id and NaN-sign flag, as a sorted list of runs (docs/exhaustive.md).
//
// A run covers the source patterns [first, last]; inside it the expected bits are
//   (base + step * (q(input) - q(first))) mod 2^(destination bits)
// where q counts the steps of the run's staircase (docs/exhaustive.md):
//   affine       q = input - first (every input its own step; today's common case)
//   floor        q = floor(m / 2^shift)                    m = input - first + offset
//   alternating  q = 2 floor(m / 2^(shift+1)) + [m mod 2^(shift+1) > 2^shift]
// step 0: a constant (rounding stretches, saturation, NaN); affine step 1: bit copies, wraps and
// sign extensions; other affine steps: stretches where every value is representable. floor:
// truncation of a float binade to an integer (groups of 2^shift inputs); alternating: rounding
// to nearest with ties to even (groups of 2^shift + 1 and 2^shift - 1 inputs in turn). The modulo
// makes integer wraps one run.
#pragma once

#include <cstddef>
#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <string_view>
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

// How a run's inputs are grouped into steps (see the formula above).
enum class Staircase : uint8_t { kAffine, kFloor, kAlternating };
std::string_view staircase_name(Staircase s);  // "affine", "floor", "alternating"

struct Run {
  uint64_t first = 0, last = 0;  // source patterns, inclusive
  uint64_t base = 0;             // expected bits at `first`
  uint64_t step = 0;             // per step of the staircase, modulo 2^(destination bits)
  ref::OutcomeClass outcome = ref::OutcomeClass::kExact;
  ref::RuleId rule = ref::RuleId::kIdentity;
  bool nan_sign_matters = true;
  Staircase staircase = Staircase::kAffine;
  uint32_t shift = 0;   // groups of 2^shift inputs (floor) or 2^shift +- 1 (alternating)
  uint64_t offset = 0;  // position of `first` in the staircase's period (< its period)

  // The period of the staircase in inputs (1 for affine) and the step count at input - first = k.
  uint64_t period() const {
    return staircase == Staircase::kAffine ? 1 : uint64_t{1} << (shift + (staircase == Staircase::kAlternating));
  }
  uint64_t steps_at(uint64_t k) const {
    if (staircase == Staircase::kAffine) return k;
    const uint64_t m = k + offset;
    if (staircase == Staircase::kFloor) return m >> shift;
    return 2 * (m >> (shift + 1)) + ((m & ((uint64_t{2} << shift) - 1)) > (uint64_t{1} << shift) ? 1 : 0);
  }
  // The number of group boundaries inside the run (0 for affine runs), and the offset from
  // `first` of the j-th (1-based) boundary: the first input of a new step.
  uint64_t group_boundaries() const {
    return staircase == Staircase::kAffine ? 0 : steps_at(last - first) - steps_at(0);
  }
  uint64_t group_boundary(uint64_t j) const {
    const uint64_t d = uint64_t{1} << shift;
    if (staircase == Staircase::kFloor) return (offset / d + j) * d - offset;
    // Alternating: in m, boundaries at d + 1, 2d, 3d + 1, 4d, ...; i0 of them are <= offset.
    const uint64_t i = (offset > d ? 1 : 0) + j - 1;
    return (i / 2) * 2 * d + (i % 2 == 0 ? d + 1 : 2 * d) - offset;
  }
  // The offset from `first` where the group after the one holding offset k starts (staircases).
  uint64_t next_group(uint64_t k) const {
    const uint64_t m = k + offset, d = uint64_t{1} << shift;
    if (staircase == Staircase::kFloor) return ((m >> shift) + 1) * d - offset;
    const uint64_t t = m & (2 * d - 1);
    return m - t + (t <= d ? d + 1 : 2 * d) - offset;
  }
  uint64_t bits_at(uint64_t input, uint64_t mask) const {
    return (base + step * (steps_at(input - first) - steps_at(0))) & mask;
  }
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

// The expected bits of inputs x, x + 1, ..., x + k - 1 of run r (all inside it), as T (the
// destination's storage width, or wider: the caller masks). Affine runs and fine staircases
// (groups of < 16 inputs) are computed per input without branches, so that the loops vectorise;
// coarser staircases are filled group by group. Expansion and judging stay at memory speed.
template <class T>
inline void run_values(const Run& r, uint64_t x, size_t k, T* out) {
  // Arithmetic modulo 2^(bits of W) is exact modulo 2^(destination bits): W is at least as wide.
  using W = std::conditional_t<sizeof(T) < 4, uint32_t, T>;
  const W step = static_cast<W>(r.step);
  if (r.staircase == Staircase::kAffine) {
    const W v = static_cast<W>(r.base + r.step * (x - r.first));
    for (size_t j = 0; j < k; ++j) out[j] = static_cast<T>(v + step * static_cast<W>(j));
    return;
  }
  const uint64_t q0 = r.steps_at(0);
  const W base = static_cast<W>(r.base);
  const uint32_t s = r.shift;
  if (s >= 4) {
    uint64_t at = x - r.first;
    for (size_t j = 0; j < k;) {
      const uint64_t len = std::min<uint64_t>(k - j, r.next_group(at) - at);
      std::fill(out + j, out + j + len, static_cast<T>(base + step * static_cast<W>(r.steps_at(at) - q0)));
      j += static_cast<size_t>(len), at += len;
    }
    return;
  }
  const uint64_t m0 = x - r.first + r.offset;
  if (r.staircase == Staircase::kFloor) {
    for (size_t j = 0; j < k; ++j) out[j] = static_cast<T>(base + step * static_cast<W>(((m0 + j) >> s) - q0));
  } else {
    const uint64_t period_mask = (uint64_t{2} << s) - 1, half = uint64_t{1} << s;
    for (size_t j = 0; j < k; ++j) {
      const uint64_t m = m0 + j;
      const uint64_t q = 2 * (m >> (s + 1)) + static_cast<uint64_t>((m & period_mask) > half);
      out[j] = static_cast<T>(base + step * static_cast<W>(q - q0));
    }
  }
}

}  // namespace castlike::exhaustive
