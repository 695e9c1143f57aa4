// Calling an implementation in the shapes of the shape plan (generation/shape_plan.hpp), for any
// set of inputs: the one loop both judging modes use, the every-input engine on a configuration's
// decisive inputs (exhaustive/shape_pass.hpp) and validate() on a vector file's elements.
//
// The rounds: every shape of the plan once (each block boundary, head offset, long call, in place
// shape), on the inputs that follow each other; then the inputs are walked once through each
// position kind, as many of them in a call as that position holds: calls of 3 elements (every one
// past the last full block of every width), each head shape in a call of whole blocks of 64 (every
// input before the first aligned element, and in no tail), in place and long calls of
// kLongCallLength. The head round makes at least as many calls as it takes to call each kind of
// head once (input, output, both misaligned; each element phase of a packed side), wrapping round
// a set shorter than that.
// A wrong element whose input is right in an aligned call of full blocks (the value pass's shape)
// depends on the shape; an input wrong there too is the value pass's failure and is not reported
// here.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "subjects/call.hpp"
#include "generation/shape_plan.hpp"
#include "subjects/implementation.hpp"

namespace castlike::harness {

// The inputs, numbered 0 .. count-1.
struct ShapedInputs {
  uint64_t count = 0;
  // Writes inputs numbers[0..n) at element `offset` of `data` (STRING sources: text pointers,
  // offset 0).
  std::function<void(const uint64_t* numbers, size_t n, uint8_t* data, size_t offset)> write;
  // Whether `bits` is a right output for input `number`.
  std::function<bool(uint64_t number, uint64_t bits)> right;
};

struct ShapeCalls {
  uint64_t calls = 0, elements = 0;
  uint64_t fail = 0;          // wrong elements that depend on the shape
  uint64_t failed_calls = 0;  // rejected, or came back without an answer
  std::string first_call_problem;
  std::map<std::string, uint64_t> fail_by_position;
  bool in_place = false;      // in place shapes were called
  bool phases_left_out = false;  // a packed side's calls started on a byte only (phases_left_out)
};

// A wrong element that depends on the shape: input `number`, output `actual`, element `element`
// of a call in `shape`, at `position` (position_of).
using ShapeFailureSink = std::function<void(uint64_t number, uint64_t actual, const CallShape& shape, size_t element,
                                            const std::string& position)>;

// The rounds above for `call` (numeric destinations; STRING sources have no input offsets).
ShapeCalls call_in_shapes(Implementation& impl, const exhaustive::Call& call, const ShapedInputs& inputs,
                          const ShapeFailureSink& on_failure);

// One call in `shape` of inputs numbers[0 .. shape.length): the outputs' bits, or nullopt with
// `problem` set when it was rejected or failed.
std::optional<std::vector<uint64_t>> call_in_shape(Implementation& impl, const exhaustive::Call& call,
                                                   const ShapedInputs& inputs, const CallShape& shape,
                                                   const uint64_t* numbers, std::string& problem);

// The position kind of element `element` of a call in `shape`, as a failure's class names it; the
// kinds are disjoint: in place (the call aliases); head (before the first aligned element of a
// misaligned side); tail (past the last full block of 64, counted from the call's first element or
// from its first aligned element, so past the last full block of some width either way a loop
// counts its blocks); "length at least 1024" (in a full block of a long call); main loop.
std::string position_of(ElementType from, ElementType to, const CallShape& shape, size_t element);

// For an input wrong in the value pass: whether it is right in an aligned call of 64 copies of
// itself (every block full), and so wrong only in some shapes. The position that shows it: "tail"
// (wrong alone), "length at least N" (wrong in a call of N copies, N up to `longest`); "" when it
// is wrong in the aligned call too.
std::string probe_position(Implementation& impl, const exhaustive::Call& call, const ShapedInputs& inputs,
                           uint64_t number, uint64_t longest);

// Wrong elements by position kind, as reports print them: "head 12, tail 3".
std::string positions_text(const std::map<std::string, uint64_t>& by_position);

// The shapes used, in one line of at most 80 columns: "shapes: lengths 1-129 across blocks of
// 4-64, 1024+, heads in 64 bytes, in place".
std::string shapes_line(bool in_place);
// The line a report adds when packed element phases were left out: those head paths were not
// judged, and the report says so rather than pass them silently.
std::string phases_left_out_line();

}  // namespace castlike::harness
