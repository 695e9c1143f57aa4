// Calls in the shape plan's shapes (shape_calls.hpp).
#include "judging/shape_calls.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <tuple>
#include <unordered_map>

#include "castlike/packing.hpp"

namespace castlike::harness {
namespace {

// The lengths whose every element lies past the last full block of every width of the plan (4).
constexpr size_t kAllTailBelow = 4;
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
    // The plan's offsets start on a byte (no packed phases): element 0 of the call is at `in`.
    inputs.write(numbers, shape.length, in_base, text ? 0 : shape.input_offset);
    uint8_t* in = in_base + (text ? 0 : bit_position(from, shape.input_offset).byte);
    uint8_t* out = in;
    if (!shape.in_place) out = output.reset(shape_output_bytes(from, to, shape)) + bit_position(to, shape.output_offset).byte;
    const exhaustive::BatchStatus st = impl.convert_in_shape(0, call, 0, shape.length, in, out, shape);
    if (st.kind != exhaustive::BatchStatus::Kind::kOk) {
      problem = shape.description() + ": " +
                (st.kind == exhaustive::BatchStatus::Kind::kRejected ? "rejected: " : st.failure_kind + ": ") + st.message;
      return std::nullopt;
    }
    std::vector<uint64_t> bits(shape.length);
    const uint64_t mask = bit_mask(to);
    for (size_t i = 0; i < shape.length; ++i) bits[i] = load_bits(to, out, i) & mask;
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

// The rounds: each a list of shapes the inputs are walked through once.
std::vector<std::vector<CallShape>> rounds(const std::vector<CallShape>& plan, ElementType from, ElementType to) {
  std::vector<CallShape> tail, head, in_place, long_calls;
  for (CallShape s : plan) {
    if (s.kind == PositionKind::kTail && s.length < kAllTailBelow) tail.push_back(s);
    if (s.kind == PositionKind::kInPlace) in_place.push_back(s);
    if (s.kind == PositionKind::kLong) long_calls.push_back(s);
    if (s.kind == PositionKind::kHead) {
      size_t cut = s.length;
      if (s.input_offset) cut = std::min(cut, head_elements(from, s.input_offset));
      if (s.output_offset) cut = std::min(cut, head_elements(to, s.output_offset));
      s.length = cut;
      head.push_back(s);
    }
  }
  std::vector<std::vector<CallShape>> out = {interleaved(plan), tail, interleaved(head), in_place, long_calls};
  std::erase_if(out, [](const auto& r) { return r.empty(); });
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
  if ((shape.input_offset != 0 && element < head_elements(from, shape.input_offset)) ||
      (shape.output_offset != 0 && element < head_elements(to, shape.output_offset)))
    return "head";
  constexpr size_t widest_block = 64;  // the plan's widest block width
  if (shape.length % widest_block != 0 && element >= shape.length / widest_block * widest_block) return "tail";
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
  for (const auto& round : rounds(plan, from, to)) {
    // Every input once, the round's shapes in turn (wrapping at the end of the inputs when a call
    // is longer than what is left).
    uint64_t next = 0;
    for (size_t k = 0; next < inputs.count; ++k) {
      const CallShape& shape = round[k % round.size()];
      numbers.resize(shape.length);
      for (size_t i = 0; i < shape.length; ++i) numbers[i] = (next + i) % inputs.count;
      next += shape.length;
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

std::string shapes_line(bool in_place) {
  const auto lengths = boundary_lengths();
  return "shapes: lengths " + std::to_string(lengths.front()) + "-" + std::to_string(lengths.back()) +
         " across blocks of 4-64, " + std::to_string(long_lengths().front()) + "+, heads in " +
         std::to_string(kShapeAlignment) + " bytes" + (in_place ? ", in place" : "");
}

}  // namespace castlike::harness
