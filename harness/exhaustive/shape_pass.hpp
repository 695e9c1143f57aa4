// The shape pass of an every-input run (docs/exhaustive.md, "Shapes"): the value pass judges every
// input in large aligned calls; this pass calls the implementation again on the configuration's
// DECISIVE inputs in the shapes of the shape plan (judging/shape_calls.hpp: every shape, then
// rounds where every element is in a tail, a head, in place or a long call), so that each of them
// passes through every code path a vector implementation chooses by position, and names a failure
// that depends on the shape by its position kind.
//
// The decisive inputs: a structured set's inputs (64-bit and text sources); for 16- and 32-bit
// sources the inputs that decide a rounding, derived the same way (structured_set() of the
// configuration); for sources of at most 8 bits every pattern.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "subjects/call.hpp"
#include "judging/shape_calls.hpp"
#include "maps/map.hpp"
#include "subjects/implementation.hpp"

namespace castlike::exhaustive {

struct StructuredSet;

// One wrong element of a call in a shape.
struct ShapeFailure {
  std::string position;      // harness::position_of(): "tail", "head", "in place", "length at least 1024", ...
  harness::CallShape shape;  // the call
  size_t element = 0;        // the element's index in the call
  uint64_t input = 0;        // the source pattern (a text set: the text's position), as intervals name inputs
  uint64_t expected = 0, actual = 0;
  ref::OutcomeClass outcome = ref::OutcomeClass::kExact;
  ref::RuleId rule = ref::RuleId::kIdentity;
};

struct ShapePassReport {
  bool ran = false;
  uint64_t decisive = 0;  // decisive inputs
  harness::ShapeCalls calls;
  std::vector<ShapeFailure> failures;  // the first kKeptPerPosition of each position
  double seconds = 0;
  bool ok() const { return calls.fail == 0 && calls.failed_calls == 0; }
};
inline constexpr size_t kKeptPerPosition = 3;

// The narrowest source whose decisive inputs are derived (structured_set()) rather than every
// pattern: below it every pattern is a few hundred inputs.
inline constexpr unsigned kDerivedFromBits = 16;

// The decisive inputs of one configuration and how they are judged (`set`: its structured set, or
// null: a 16- or 32-bit source's decisive set is derived, a narrower source's every pattern taken).
class DecisiveInputs {
 public:
  DecisiveInputs(const Call& call, const Map& map, const StructuredSet* set);
  ~DecisiveInputs();
  const harness::ShapedInputs& inputs() const { return inputs_; }
  uint64_t pattern(uint64_t number) const;
  // A structured set's input number of pattern `pattern` (an interval's first input), or nullopt.
  std::optional<uint64_t> number_of(uint64_t pattern) const;

 private:
  ElementType from_;
  const StructuredSet* set_ = nullptr;
  std::unique_ptr<StructuredSet> own_;
  // Each input's expected bits, computed once: an element whose bits are these is right under
  // every outcome class (the runs' bits), so only the others are judged exactly.
  std::vector<uint64_t> expected_bits_;
  harness::ShapedInputs inputs_;
};

// The shape pass of one configuration.
ShapePassReport run_shape_pass(const Call& call, const Map& map, const DecisiveInputs& decisive,
                               harness::Implementation& impl);

}  // namespace castlike::exhaustive
