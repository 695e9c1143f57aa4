// Calls in the shape plan's shapes (shape_calls.hpp).
#include "judging/shape_calls.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include "castlike/packing.hpp"

namespace castlike::harness {
namespace {

// Wrong inputs are checked this many at a time in one aligned call of full blocks.
constexpr size_t kMainCheck = 64;

// A buffer whose data() is kShapeAlignment-aligned.
class AlignedBuffer {
 public:
  uint8_t* reset(size_t bytes) {
    storage_.assign(bytes + 2 * kShapeAlignment, 0);
    const auto address = reinterpret_cast<uintptr_t>(storage_.data());
    return storage_.data() + (kShapeAlignment - address % kShapeAlignment) % kShapeAlignment;
  }

 private:
  std::vector<uint8_t> storage_;
};

struct Caller {
  Implementation& impl;
  const exhaustive::Call& call;
  const ShapedInputs& inputs;
  AlignedBuffer input, output;

  std::optional<std::vector<uint64_t>> run(const CallShape& shape, const uint64_t* numbers, std::string& problem) {
    const ElementType from = call.config.from, to = call.config.to;
    const bool text = from == ElementType::kString;
    const size_t in_bytes = text ? shape.length * sizeof(const char*) : shape_input_bytes(from, shape);
    uint8_t* in_base = input.reset(shape.in_place ? std::max(in_bytes, shape_output_bytes(from, to, shape)) : in_bytes);
    // `in` and `out` are the bytes that start the packing groups of the call's first elements; an
    // implementation that takes element offsets gets the phases from the shape (element_start).
    inputs.write(numbers, shape.length, in_base, text ? 0 : shape.input_offset);
    const ElementStart in_at = text ? ElementStart{} : element_start(from, shape.input_offset);
    const ElementStart out_at = element_start(to, shape.output_offset);
    uint8_t* in = in_base + in_at.byte;
    uint8_t* out = in;
    if (!shape.in_place) out = output.reset(shape_output_bytes(from, to, shape)) + out_at.byte;
    const exhaustive::BatchStatus st = impl.convert_in_shape(0, call, 0, shape.length, in, out, shape);
    if (st.kind != exhaustive::BatchStatus::Kind::kOk) {
      problem = shape.description() + ": " +
                (st.kind == exhaustive::BatchStatus::Kind::kRejected ? "rejected: " : st.failure_kind + ": ") + st.message;
      return std::nullopt;
    }
    std::vector<uint64_t> bits(shape.length);
    const uint64_t mask = bit_mask(to);
    for (size_t i = 0; i < shape.length; ++i) bits[i] = load_bits(to, out, out_at.phase + i) & mask;
    return bits;
  }
};

// The shapes in turns over their groups (kind, and for heads which side is misaligned), each
// group in its order: a short input set that ends a round after a few calls has still met every
// group (a vector file of 30 elements sees an output head as well as an input head).
std::vector<CallShape> interleaved(const std::vector<CallShape>& shapes) {
  std::map<std::tuple<PositionKind, bool, bool>, std::vector<CallShape>> groups;
  for (const CallShape& s : shapes) groups[{s.kind, s.input_offset != 0, s.output_offset != 0}].push_back(s);
  std::vector<CallShape> out;
  for (size_t i = 0; out.size() < shapes.size(); ++i)
    for (const auto& [key, group] : groups)
      if (i < group.size()) out.push_back(group[i]);
  return out;
}

// One call of a round: its shape, and how many inputs the walk through the set advances by (the
// elements at the round's position; the call's other elements take the inputs that follow).
struct Step {
  CallShape shape;
  size_t advance = 0;
};
struct Round {
  std::vector<Step> steps;  // called in turn
  bool once = false;        // each step once (the walk may end before the inputs do)
  size_t at_least = 0;      // steps made even when the inputs end first (wrapping round them)
};

// The rounds. The cost of a round is its calls (each a round trip for a plug-in in its worker), so
// each round packs as many inputs at its position into a call as the position holds: the tail
// round's calls are as long as a call can be with every element past the last full block of every
// width; the head round's calls hold a whole head each; the in place and long rounds make calls of
// kLongCallLength elements, all of them at their position.
std::vector<Round> rounds(const std::vector<CallShape>& plan, ElementType from, ElementType to) {
  Round boundary{{}, true}, tail, head, in_place, long_calls;
  for (const CallShape& s : interleaved(plan)) boundary.steps.push_back({s, s.length});
  const size_t tail_length = narrowest_block_width() - 1;
  tail.steps.push_back({{PositionKind::kTail, tail_length, 0, 0, false}, tail_length});
  // The heads' kinds: the misaligned sides and their element phases. A set shorter than the head
  // round (a packed source's 4 or 16 patterns) still meets each kind once: every phase of a packed
  // side is a different head path.
  std::set<std::tuple<bool, bool, size_t, size_t>> head_kinds;
  for (const CallShape& s : interleaved(plan)) {
    if (s.kind == PositionKind::kHead) {
      const size_t in_phase = info(from).bits ? element_start(from, s.input_offset).phase : 0;
      const size_t out_phase = info(to).bits ? element_start(to, s.output_offset).phase : 0;
      if (head_kinds.insert({s.input_offset != 0, s.output_offset != 0, in_phase, out_phase}).second)
        head.at_least = head.steps.size() + 1;
      // The head, in a call of whole blocks of the widest width: counted from the call's first
      // element every head element is in a full block, so none is also in a tail either way a
      // loop counts its blocks (position_of).
      CallShape h = s;
      const size_t elements = call_head(from, to, s), width = widest_block_width();
      h.length = std::max<size_t>(1, (elements + width - 1) / width) * width;
      head.steps.push_back({h, elements});
    }
    if (s.kind == PositionKind::kInPlace && s.length == kLongCallLength) in_place.steps.push_back({s, s.length});
  }
  long_calls.steps.push_back({{PositionKind::kLong, kLongCallLength, 0, 0, false}, kLongCallLength});
  std::vector<Round> out = {boundary, tail, head, in_place, long_calls};
  std::erase_if(out, [](const Round& r) { return r.steps.empty(); });
  return out;
}

}  // namespace

std::optional<std::vector<uint64_t>> call_in_shape(Implementation& impl, const exhaustive::Call& call,
                                                   const ShapedInputs& inputs, const CallShape& shape,
                                                   const uint64_t* numbers, std::string& problem) {
  Caller caller{impl, call, inputs, {}, {}};
  return caller.run(shape, numbers, problem);
}

std::string position_of(ElementType from, ElementType to, const CallShape& shape, size_t element) {
  if (shape.in_place) return "in place";
  // The kinds are disjoint: the head comes first, before the first aligned element. A vector loop
  // counts its full blocks from the call's first element (unaligned loads) or from that aligned
  // element (after peeling the head): an element past the last full block either way is in a tail.
  const size_t head = std::min(call_head(from, to, shape), shape.length);
  if (element < head) return "head";
  const size_t width = widest_block_width();
  const size_t blocks_from_start = shape.length / width * width;
  const size_t blocks_from_head = head + (shape.length - head) / width * width;
  if (element >= std::min(blocks_from_start, blocks_from_head)) return "tail";
  if (shape.length >= kLongCallLength) return "length at least " + std::to_string(kLongCallLength);
  return "main loop";
}

ShapeCalls call_in_shapes(Implementation& impl, const exhaustive::Call& call, const ShapedInputs& inputs,
                          const ShapeFailureSink& on_failure) {
  ShapeCalls r;
  const ElementType from = call.config.from, to = call.config.to;
  if (inputs.count == 0) return r;
  const ShapeCapabilities capabilities = impl.shape_capabilities();
  const auto plan = shape_plan(from, to, capabilities);
  r.in_place = capabilities.in_place && in_place_fits(from, to);
  r.phases_left_out = phases_left_out(from, to, capabilities);
  Caller caller{impl, call, inputs, {}, {}};

  // Wrong elements wait until their inputs are checked in an aligned call of full blocks.
  struct Pending {
    uint64_t number, actual;
    CallShape shape;
    size_t element;
  };
  std::unordered_map<uint64_t, bool> wrong_when_aligned;
  std::vector<Pending> pending;
  std::vector<uint64_t> unknown;
  const auto flush = [&] {
    if (!unknown.empty()) {
      std::vector<uint64_t> numbers = unknown;
      numbers.resize(kMainCheck, unknown.back());
      std::string problem;
      const auto bits = caller.run({PositionKind::kMainLoop, kMainCheck, 0, 0, false}, numbers.data(), problem);
      for (size_t i = 0; i < unknown.size(); ++i)
        wrong_when_aligned[unknown[i]] = !bits || !inputs.right(unknown[i], (*bits)[i]);
      unknown.clear();
    }
    for (const Pending& p : pending) {
      if (wrong_when_aligned[p.number]) continue;
      const std::string position = position_of(from, to, p.shape, p.element);
      ++r.fail;
      ++r.fail_by_position[position];
      on_failure(p.number, p.actual, p.shape, p.element, position);
    }
    pending.clear();
  };

  std::vector<uint64_t> numbers;
  for (const Round& round : rounds(plan, from, to)) {
    // Every input once at the round's position, the round's calls in turn (wrapping at the end of
    // the inputs when a call is longer than what is left).
    uint64_t next = 0;
    for (size_t k = 0; (next < inputs.count || k < round.at_least) && (!round.once || k < round.steps.size()); ++k) {
      const Step& step = round.steps[k % round.steps.size()];
      const CallShape& shape = step.shape;
      numbers.resize(shape.length);
      for (size_t i = 0; i < shape.length; ++i) numbers[i] = (next + i) % inputs.count;
      next += std::max<size_t>(step.advance, 1);
      std::string problem;
      const auto bits = caller.run(shape, numbers.data(), problem);
      ++r.calls;
      r.elements += shape.length;
      if (!bits) {
        if (r.failed_calls++ == 0) r.first_call_problem = problem;
        continue;
      }
      for (size_t i = 0; i < shape.length; ++i) {
        if (inputs.right(numbers[i], (*bits)[i])) continue;
        pending.push_back({numbers[i], (*bits)[i], shape, i});
        if (!wrong_when_aligned.count(numbers[i]) && std::find(unknown.begin(), unknown.end(), numbers[i]) == unknown.end())
          unknown.push_back(numbers[i]);
        if (unknown.size() == kMainCheck) flush();
      }
    }
    flush();
  }
  return r;
}

std::string probe_position(Implementation& impl, const exhaustive::Call& call, const ShapedInputs& inputs,
                           uint64_t number, uint64_t longest) {
  Caller caller{impl, call, inputs, {}, {}};
  // Whether a call of `length` copies of the input, aligned, gets every copy right.
  const auto right_in = [&](size_t length) {
    const std::vector<uint64_t> numbers(length, number);
    std::string problem;
    const auto bits = caller.run({PositionKind::kMainLoop, length, 0, 0, false}, numbers.data(), problem);
    return bits && std::all_of(bits->begin(), bits->end(), [&](uint64_t b) { return inputs.right(number, b); });
  };
  if (!right_in(kShapeAlignment)) return "";
  if (!right_in(1)) return "tail";
  for (uint64_t length = kLongCallLength; length <= longest; length *= 4)
    if (!right_in(static_cast<size_t>(length))) return "length at least " + std::to_string(length);
  return "";
}

std::string positions_text(const std::map<std::string, uint64_t>& by_position) {
  std::string text;
  for (const auto& [position, n] : by_position) text += (text.empty() ? "" : ", ") + position + " " + std::to_string(n);
  return text;
}

std::string shapes_line(bool in_place) {
  const auto lengths = boundary_lengths();
  return "shapes: lengths " + std::to_string(lengths.front()) + "-" + std::to_string(lengths.back()) +
         " across blocks of 4-64, " + std::to_string(long_lengths().front()) + "+, heads in " +
         std::to_string(kShapeAlignment) + " bytes" + (in_place ? ", in place" : "");
}

std::string phases_left_out_line() {
  return "packed types: calls start on a byte only (no element phases taken)";
}

}  // namespace castlike::harness
