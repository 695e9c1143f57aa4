// The shape pass (shape_pass.hpp).
#include "shape_pass.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <unordered_map>

#include "castlike/packing.hpp"
#include "engine.hpp"
#include "structured_inputs.hpp"

namespace castlike::exhaustive {
namespace {

using harness::CallShape;
using harness::PositionKind;
using harness::kShapeAlignment;

// The lengths whose every element lies past the last full block of every width of the plan (4).
constexpr size_t kAllTailBelow = 4;

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

// The decisive inputs of a configuration, and how to write one into a call's input.
struct Decisive {
  ElementType from;
  const StructuredSet* set = nullptr;  // inputs are positions in it
  StructuredSet own;                   // a 32-bit source's set, derived here
  uint64_t count = 0;

  uint64_t pattern(uint64_t input) const { return set ? set->inputs[static_cast<size_t>(input)] : input; }
  // Writes inputs numbers[0..n) at element `offset` of `data` (STRING: text pointers, offset 0).
  void write(const uint64_t* numbers, size_t n, uint8_t* data, size_t offset) const {
    if (from == ElementType::kString) {
      for (size_t i = 0; i < n; ++i) {
        const char* text = set->text->texts[static_cast<size_t>(numbers[i])].c_str();
        std::memcpy(data + i * sizeof text, &text, sizeof text);
      }
      return;
    }
    for (size_t i = 0; i < n; ++i) store_bits(from, data, offset + i, pattern(numbers[i]));
  }
};

// Fills `d` in place: its set may point at its own member.
void prepare_decisive(Decisive& d, const Call& call, const StructuredSet* set) {
  d.from = call.config.from;
  if (set) {
    d.set = set;
  } else if (info(d.from).bits == 32) {
    d.own = structured_set(call.config);
    d.set = &d.own;
  }
  d.count = d.set ? d.set->inputs.size() : uint64_t{1} << info(d.from).bits;
}

// One call in `shape` of the inputs numbers[0 .. shape.length): the outputs' bits, or nullopt
// with `problem` set when the call was rejected or failed.
struct ShapedCaller {
  const Call& call;
  const Decisive& decisive;
  harness::Implementation& impl;
  AlignedBuffer input, output;

  std::optional<std::vector<uint64_t>> run(const CallShape& shape, const uint64_t* numbers, std::string& problem) {
    const ElementType from = call.config.from, to = call.config.to;
    const size_t in_bytes = from == ElementType::kString ? shape.length * sizeof(const char*)
                                                         : harness::shape_input_bytes(from, shape);
    uint8_t* in_base = input.reset(shape.in_place ? std::max(in_bytes, harness::shape_output_bytes(from, to, shape))
                                                  : in_bytes);
    // The plan's offsets start on a byte (no packed phases): element 0 of the call is at `in`.
    const bool text = from == ElementType::kString;
    decisive.write(numbers, shape.length, in_base, text ? 0 : shape.input_offset);
    uint8_t* in = in_base + (text ? 0 : bit_position(from, shape.input_offset).byte);
    uint8_t* out = in;
    if (!shape.in_place) {
      uint8_t* out_base = output.reset(harness::shape_output_bytes(from, to, shape));
      out = out_base + bit_position(to, shape.output_offset).byte;
    }
    const BatchStatus st = impl.convert_in_shape(0, call, 0, shape.length, in, out, shape);
    if (st.kind != BatchStatus::Kind::kOk) {
      problem = shape.description() + ": " + (st.kind == BatchStatus::Kind::kRejected ? "rejected: " : st.failure_kind + ": ") +
                st.message;
      return std::nullopt;
    }
    std::vector<uint64_t> bits(shape.length);
    const uint64_t mask = bit_mask(to);
    for (size_t i = 0; i < shape.length; ++i) bits[i] = load_bits(to, out, i) & mask;
    return bits;
  }
};

// The rounds of the pass: each a list of shapes the decisive inputs are walked through once.
std::vector<std::vector<CallShape>> rounds(const std::vector<CallShape>& plan, ElementType from, ElementType to) {
  std::vector<CallShape> tail, head, in_place, long_calls;
  for (CallShape s : plan) {
    if (s.kind == PositionKind::kTail && s.length < kAllTailBelow) tail.push_back(s);
    if (s.kind == PositionKind::kInPlace) in_place.push_back(s);
    if (s.kind == PositionKind::kLong) long_calls.push_back(s);
    if (s.kind == PositionKind::kHead) {
      size_t cut = s.length;
      if (s.input_offset) cut = std::min(cut, harness::head_elements(from, s.input_offset));
      if (s.output_offset) cut = std::min(cut, harness::head_elements(to, s.output_offset));
      s.length = cut;
      head.push_back(s);
    }
  }
  std::vector<std::vector<CallShape>> out = {plan, tail, head, in_place, long_calls};
  std::erase_if(out, [](const auto& r) { return r.empty(); });
  return out;
}

}  // namespace

std::string position_of(ElementType from, ElementType to, const CallShape& shape, size_t element) {
  if (shape.in_place) return "in place";
  if ((shape.input_offset != 0 && element < harness::head_elements(from, shape.input_offset)) ||
      (shape.output_offset != 0 && element < harness::head_elements(to, shape.output_offset)))
    return "head";
  constexpr size_t widest_block = 64;  // the plan's widest block width
  if (shape.length % widest_block != 0 && element >= shape.length / widest_block * widest_block) return "tail";
  if (shape.length >= harness::kLongCallLength) return "length at least " + std::to_string(harness::kLongCallLength);
  return "main loop";
}

ShapePassReport run_shape_pass(const Call& call, const Map& map, const StructuredSet* set,
                               harness::Implementation& impl) {
  const auto t0 = std::chrono::steady_clock::now();
  ShapePassReport r;
  const ElementType from = call.config.from, to = call.config.to;
  if (!impl.takes_shapes() || to == ElementType::kString) return r;
  r.ran = true;
  Decisive decisive;
  prepare_decisive(decisive, call, set);
  r.decisive = decisive.count;
  const harness::ShapeCapabilities capabilities = impl.shape_capabilities();
  const auto plan = harness::shape_plan(from, to, capabilities);
  r.in_place = capabilities.in_place && harness::in_place_fits(from, to);
  ShapedCaller caller{call, decisive, impl, {}, {}};
  const auto right = [&](uint64_t input, uint64_t bits) {
    return ref::matches(to, map.expected(decisive.pattern(input)), ref::Element::of_bits(bits));
  };

  // A wrong element counts only when its input is right in the value pass's shape (aligned, every
  // block full): else the failure is the value pass's, whatever the shape. Unknown inputs are
  // checked kMainCheck at a time, in one aligned call.
  constexpr size_t kMainCheck = 64;
  std::unordered_map<uint64_t, bool> wrong_when_aligned;
  std::vector<ShapeFailure> pending;
  std::vector<uint64_t> unknown;
  const auto flush = [&] {
    if (!unknown.empty()) {
      std::vector<uint64_t> numbers = unknown;
      numbers.resize(kMainCheck, unknown.back());
      std::string problem;
      const auto bits = caller.run({PositionKind::kMainLoop, kMainCheck, 0, 0, false}, numbers.data(), problem);
      for (size_t i = 0; i < unknown.size(); ++i)
        wrong_when_aligned[decisive.pattern(unknown[i])] = !bits || !right(unknown[i], (*bits)[i]);
      unknown.clear();
    }
    for (const ShapeFailure& f : pending) {
      if (wrong_when_aligned[f.input]) continue;
      ++r.fail;
      if (r.fail_by_position[f.position]++ < kKeptPerPosition) r.failures.push_back(f);
    }
    pending.clear();
  };

  std::vector<uint64_t> numbers;
  for (const auto& round : rounds(plan, from, to)) {
    // Walk every decisive input once, the round's shapes in turn (wrapping at the end of the set
    // when a call is longer than what is left).
    uint64_t next = 0;
    for (size_t k = 0; next < decisive.count; ++k) {
      const CallShape& shape = round[k % round.size()];
      numbers.resize(shape.length);
      for (size_t i = 0; i < shape.length; ++i) numbers[i] = (next + i) % decisive.count;
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
        const uint64_t input = numbers[i];
        if (right(input, (*bits)[i])) continue;
        const ref::Result expected = map.expected(decisive.pattern(input));
        pending.push_back({position_of(from, to, shape, i), shape, i, decisive.pattern(input), expected.value.bits,
                           (*bits)[i], expected.outcome, expected.rule});
        if (!wrong_when_aligned.count(decisive.pattern(input)) &&
            std::find(unknown.begin(), unknown.end(), input) == unknown.end())
          unknown.push_back(input);
        if (unknown.size() == kMainCheck) flush();
      }
    }
    flush();
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

std::string probe_position(const Call& call, const Map& map, const StructuredSet* set, harness::Implementation& impl,
                           uint64_t input, uint64_t value_call_length) {
  const ElementType to = call.config.to;
  if (!impl.takes_shapes() || to == ElementType::kString) return "";
  Decisive decisive;
  decisive.from = call.config.from;
  decisive.set = set;
  ShapedCaller caller{call, decisive, impl, {}, {}};
  const ref::Result expected = map.expected(decisive.pattern(input));
  // Whether a call of `length` copies of the input, aligned, gets every copy right.
  const auto right_in = [&](size_t length) {
    const std::vector<uint64_t> numbers(length, input);
    std::string problem;
    const auto bits = caller.run({PositionKind::kMainLoop, length, 0, 0, false}, numbers.data(), problem);
    if (!bits) return false;
    return std::all_of(bits->begin(), bits->end(),
                       [&](uint64_t b) { return ref::matches(to, expected, ref::Element::of_bits(b)); });
  };
  if (!right_in(kShapeAlignment)) return "";
  if (!right_in(1)) return "tail";
  for (uint64_t length = harness::kLongCallLength; length <= value_call_length; length *= 4)
    if (!right_in(static_cast<size_t>(length))) return "length at least " + std::to_string(length);
  return "";
}

std::string shapes_line(bool in_place) {
  const auto lengths = harness::boundary_lengths();
  return "shapes: lengths " + std::to_string(lengths.front()) + "-" + std::to_string(lengths.back()) +
         " across blocks of 4-64, " + std::to_string(harness::long_lengths().front()) + "+, heads in " +
         std::to_string(kShapeAlignment) + " bytes" + (in_place ? ", in place" : "");
}

}  // namespace castlike::exhaustive
