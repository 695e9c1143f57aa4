// The shape plan: the calls an implementation is made in besides the value pass's large aligned
// ones, so that every code path a SIMD implementation chooses by position sees inputs. A vector
// implementation is a main loop over full blocks, a scalar tail past the last full block, a head
// before the first aligned element, sometimes a path for long calls or for output aliasing input;
// a bug in one of them shows only in calls that reach it. This file is the one home of those
// shapes: the judging pipeline, the every-input engine and the fuzzers read them from here.
//
// The plan of a pair (source, destination) holds:
//   - lengths across every block boundary up to 64 elements (k*W - 1, k*W, k*W + 1 for
//     W = 4, 8, 16, 32, 64 and k = 1, 2; and 1, 2), aligned input and output: main loop (a
//     multiple of 64, every block full) or tail (some block width leaves elements past its last
//     full block);
//   - long calls (at least kLongCallLength elements);
//   - heads: input, then output, starting at every element offset inside kShapeAlignment bytes
//     (for the packed 2-, 4- and 6-bit types every starting element phase when the implementation
//     takes element offsets, else the offsets that start on a byte), and both misaligned at once;
//   - in place (output aliasing input, at the same address) for every length, where the
//     implementation declares it and the destination's storage is no wider than the source's.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "castlike/type_table.hpp"

namespace castlike::harness {

// The alignment the heads are measured from: a cache line, the widest vector register (AVX-512).
inline constexpr size_t kShapeAlignment = 64;
// A call of at least this many elements is long (runtimes switch to threaded or wider paths).
inline constexpr size_t kLongCallLength = 1024;

// Which code path a shape is meant to reach. Printed names: position_kind_name().
enum class PositionKind { kMainLoop, kTail, kHead, kInPlace, kLong };
const char* position_kind_name(PositionKind kind);  // "main loop", "tail", "head", "in place", "long"
// Every kind, in that order.
const std::vector<PositionKind>& position_kinds();

// What an implementation accepts besides aligned calls on separate buffers.
struct ShapeCapabilities {
  bool in_place = false;         // output may alias input (same address)
  bool element_offsets = false;  // packed types: a call may start inside a byte (element phase)
};

// One call: `length` elements; the input's first element `input_offset` elements past a
// kShapeAlignment-aligned address, the output's `output_offset` elements past another one (the
// same one when in_place: then output_offset == input_offset).
struct CallShape {
  PositionKind kind = PositionKind::kMainLoop;
  size_t length = 0;
  size_t input_offset = 0;
  size_t output_offset = 0;
  bool in_place = false;

  // "length 17, input offset 3, output offset 0"; in place: "length 17, in place, offset 0".
  std::string description() const;
  bool operator==(const CallShape&) const = default;
};

// The block widths the lengths straddle, in elements: the narrowest (every element of a call
// shorter than it is past the last full block of every width) and the widest (the tail a failure's
// position names: past the last full block of it).
size_t narrowest_block_width();
size_t widest_block_width();

// The lengths up to 2 * 64 + 1 (1, 2, then k*W - 1, k*W, k*W + 1), ascending, each once.
std::vector<size_t> boundary_lengths();
// The long lengths: kLongCallLength (every block full) and kLongCallLength + 1 (a tail of one).
std::vector<size_t> long_lengths();
// The length of the head shapes: long enough for a head, full blocks and a tail (2 * 64 + 1).
inline constexpr size_t kHeadShapeLength = 129;

// Elements of `type` that start inside the first kShapeAlignment bytes of a buffer (the offsets
// 0 .. n-1 a head can start at); for packed types every element phase.
size_t element_offsets_in_alignment(ElementType type);
// Where element `offset` of `type` is: the first byte of its packing group (its byte, for types of a
// byte or more) and its index in the group, the phase a call starting there passes.
struct ElementStart {
  size_t byte = 0, phase = 0;
};
ElementStart element_start(ElementType type, size_t offset);
// Whether element `offset` of `type` starts on a byte (always, for types of a byte or more).
bool starts_on_byte(ElementType type, size_t offset);
// How many elements of a call starting at element `offset` come before the first element that
// starts on a kShapeAlignment boundary (0 for offset 0): the head of that call.
size_t head_elements(ElementType type, size_t offset);
// The head of a call in `shape`: how many of its first elements come before the first aligned
// element of a misaligned side (the larger of the two sides' heads; 0 for aligned calls). Its full
// blocks start there.
size_t call_head(ElementType from, ElementType to, const CallShape& shape);
// Whether the plan for `capabilities` leaves out element phases the pair has: a packed side whose
// calls then start on a byte only (the implementation takes no element offsets).
bool phases_left_out(ElementType from, ElementType to, const ShapeCapabilities& capabilities);
// Whether the destination's storage fits in the source's, element for element, so that the output
// can alias the input (neither is STRING).
bool in_place_fits(ElementType from, ElementType to);

// The plan of one pair for an implementation with `capabilities`: main loop and tail shapes, long
// shapes, head shapes (input offsets, output offsets, both), in place shapes. Never empty; the
// same arguments give the same plan, in the same order.
std::vector<CallShape> shape_plan(ElementType from, ElementType to, const ShapeCapabilities& capabilities);

// The bytes to allocate, from an aligned address, for the input (or output) of `shape` with
// elements of `type`: the offset's bytes plus the call's storage. For in place, the larger of the
// two sides.
size_t shape_input_bytes(ElementType from, const CallShape& shape);
size_t shape_output_bytes(ElementType from, ElementType to, const CallShape& shape);

}  // namespace castlike::harness
