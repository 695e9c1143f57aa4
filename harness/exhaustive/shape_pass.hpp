// The shape pass of an every-input run (docs/exhaustive.md, "Shapes"): the value pass judges every
// input in large aligned calls; this pass calls the implementation again on the configuration's
// DECISIVE inputs in the shapes of the shape plan (generation/shape_plan.hpp), so that each of
// them passes through every code path a vector implementation chooses by position, and names a
// failure that depends on the shape by its position kind.
//
// The decisive inputs: a structured set's inputs (64-bit and text sources); for 32-bit sources the
// inputs that decide a rounding, derived the same way (structured_set() of the configuration); for
// sources of at most 16 bits every pattern. They are walked once through each of these rounds:
//   - boundary: every shape of the plan in turn (each block boundary, head offset, long call);
//   - tail: calls of 1 to 3 elements, every element past the last full block of every width;
//   - head: each head shape cut to its head, every element before the first aligned element;
//   - in place (where declared): every in place shape of the plan;
//   - long: the long shapes, every element in a call of at least kLongCallLength.
// The main loop is the value pass's: aligned calls of the batch size.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "call.hpp"
#include "generation/shape_plan.hpp"
#include "map.hpp"
#include "subjects/implementation.hpp"

namespace castlike::exhaustive {

struct StructuredSet;

// One wrong element of a call in a shape.
struct ShapeFailure {
  std::string position;         // position_of(): "tail", "head", "in place", "length at least 1024", ...
  harness::CallShape shape;     // the call
  size_t element = 0;           // the element's index in the call
  uint64_t input = 0;           // the source pattern (a text set: the text's position), as intervals name inputs
  uint64_t expected = 0, actual = 0;
  ref::OutcomeClass outcome = ref::OutcomeClass::kExact;
  ref::RuleId rule = ref::RuleId::kIdentity;
};

struct ShapePassReport {
  bool ran = false;
  uint64_t decisive = 0;        // decisive inputs
  uint64_t calls = 0, elements = 0;
  uint64_t fail = 0;            // wrong elements of inputs right in aligned calls of full blocks
  uint64_t failed_calls = 0;    // calls rejected, or that came back without an answer
  std::map<std::string, uint64_t> fail_by_position;
  std::vector<ShapeFailure> failures;  // the first kKeptPerPosition of each position
  std::string first_call_problem;      // the first failed call's shape and message
  bool in_place = false;               // in place shapes were called
  double seconds = 0;
  bool ok() const { return fail == 0 && failed_calls == 0; }
};
inline constexpr size_t kKeptPerPosition = 3;

// The position kind of element `element` of a call in `shape`, as a failure's class names it: in
// place; head (before the first aligned element of a misaligned side); tail (past the last full
// block of 64, so past the last full block of some width); "length at least 1024"; main loop.
std::string position_of(ElementType from, ElementType to, const harness::CallShape& shape, size_t element);

// The shape pass of one configuration. `set`: its structured set, or null (then the 32-bit
// source's decisive set is derived here, or every pattern of a narrower one). An input wrong in an
// aligned call of full blocks too is the value pass's failure, not counted here.
ShapePassReport run_shape_pass(const Call& call, const Map& map, const StructuredSet* set,
                               harness::Implementation& impl);

// For a value pass failure: whether input `input` (a pattern, or with `set` a position in it) is
// right in a call of 64 copies of itself, aligned (every block full), and so wrong only in some
// shapes. Returns the position that shows it ("tail": wrong alone; "length at least N": wrong in a
// call of N copies), or "" when the input is wrong in every call.
std::string probe_position(const Call& call, const Map& map, const StructuredSet* set, harness::Implementation& impl,
                           uint64_t input, uint64_t value_call_length);

// The shapes used, in one line of at most 80 columns: "shapes: lengths 1-129 across blocks of
// 4-64, 1024+, heads in 64 bytes, in place".
std::string shapes_line(bool in_place);

}  // namespace castlike::exhaustive
