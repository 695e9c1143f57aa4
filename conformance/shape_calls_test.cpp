// Calls in the shape plan's shapes (harness/judging/shape_calls.hpp): every input meets every
// position kind, and a fault of one code path is named by that path's position kind only (the
// kinds are disjoint: no element of a head is also counted as a tail).
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <map>
#include <set>

#include "castlike/packing.hpp"
#include "judging/shape_calls.hpp"

namespace castlike::harness {
namespace {

constexpr ElementType kByte = ElementType::kUint8;

// UINT8 -> UINT8 converted as a copy, every element wrong where `wrong` says so, each input's
// position kinds recorded.
class Recorder final : public EveryInputOnly {
 public:
  std::function<bool(const CallShape&, size_t)> wrong;
  bool in_place = false;
  std::map<uint64_t, std::set<std::string>> seen;

  std::string name() const override { return "recorder"; }
  std::string description() const override { return "a copy that records positions"; }
  ShapeCapabilities shape_capabilities() const override { return {in_place, false}; }
  exhaustive::BatchStatus convert(unsigned, const exhaustive::Call&, uint64_t a, uint64_t b, const uint8_t* in,
                                  uint8_t* out) override {
    std::memmove(out, in, static_cast<size_t>(b - a));
    return {};
  }
  exhaustive::BatchStatus convert_in_shape(unsigned, const exhaustive::Call&, uint64_t a, uint64_t b,
                                           const uint8_t* in, uint8_t* out, const CallShape& shape) override {
    const size_t n = static_cast<size_t>(b - a);
    for (size_t i = 0; i < n; ++i) seen[in[i]].insert(position_of(kByte, kByte, shape, i));
    std::memmove(out, in, n);
    for (size_t i = 0; i < n && wrong; ++i)
      if (wrong(shape, i)) out[i] ^= 1;
    return {};
  }
};

ShapedInputs every_byte() {
  ShapedInputs inputs;
  inputs.count = 256;
  inputs.write = [](const uint64_t* numbers, size_t n, uint8_t* data, size_t offset) {
    for (size_t i = 0; i < n; ++i) data[offset + i] = static_cast<uint8_t>(numbers[i]);
  };
  inputs.right = [](uint64_t number, uint64_t bits) { return number == bits; };
  return inputs;
}

exhaustive::Call byte_call() {
  exhaustive::Call call;
  call.config.from = kByte;
  call.config.to = kByte;
  return call;
}

// The position kinds a fault was reported at.
std::set<std::string> positions_of(Recorder& impl) {
  const ShapeCalls r = call_in_shapes(impl, byte_call(), every_byte(), [](auto...) {});
  EXPECT_EQ(r.failed_calls, 0u);
  std::set<std::string> positions;
  for (const auto& [position, n] : r.fail_by_position) positions.insert(position);
  return positions;
}

TEST(ShapeCalls, EveryInputMeetsEveryPositionKind) {
  Recorder impl;
  impl.in_place = true;
  const ShapeCalls r = call_in_shapes(impl, byte_call(), every_byte(), [](auto...) {});
  EXPECT_EQ(r.fail, 0u);
  EXPECT_TRUE(r.in_place);
  // The main loop is the value pass's shape; the shape pass adds every other kind.
  const std::set<std::string> every = {"tail", "head", "in place", "length at least " + std::to_string(kLongCallLength)};
  for (uint64_t input = 0; input < 256; ++input)
    for (const std::string& kind : every) EXPECT_TRUE(impl.seen[input].count(kind)) << "input " << input << ": " << kind;
}

TEST(ShapeCalls, PositionKindsAreDisjoint) {
  // An output one byte past a cache line: 63 elements of head, then a full block of 64 from the
  // first aligned element; counted from the call's first element, elements 64 on are past the
  // last full block: a tail that way.
  const CallShape head{PositionKind::kHead, 63 + 64, 0, 1, false};
  EXPECT_EQ(position_of(kByte, kByte, head, 62), "head");
  EXPECT_EQ(position_of(kByte, kByte, head, 63), "main loop");
  EXPECT_EQ(position_of(kByte, kByte, head, 64), "tail");
  EXPECT_EQ(position_of(kByte, kByte, head, 126), "tail");
  // Two elements more: past the last full block counted from the aligned element (127 on).
  const CallShape longer{PositionKind::kHead, 63 + 64 + 2, 0, 1, false};
  EXPECT_EQ(position_of(kByte, kByte, longer, 64), "main loop");
  EXPECT_EQ(position_of(kByte, kByte, longer, 127), "tail");
  const CallShape aligned{PositionKind::kTail, 67, 0, 0, false};
  EXPECT_EQ(position_of(kByte, kByte, aligned, 63), "main loop");
  EXPECT_EQ(position_of(kByte, kByte, aligned, 64), "tail");
  const CallShape long_call{PositionKind::kLong, kLongCallLength, 0, 0, false};
  EXPECT_EQ(position_of(kByte, kByte, long_call, 0), "length at least " + std::to_string(kLongCallLength));
}

TEST(ShapeCalls, ATailFaultIsNamedTailOnly) {
  // A loop over full blocks of 16 from the call's first element, wrong past the last one.
  Recorder from_start;
  from_start.wrong = [](const CallShape& s, size_t i) { return i >= s.length / 16 * 16; };
  EXPECT_EQ(positions_of(from_start), (std::set<std::string>{"tail"}));
  // The same loop after peeling the head up to the first aligned element.
  Recorder peeled;
  peeled.wrong = [](const CallShape& s, size_t i) {
    const size_t head = std::min(call_head(kByte, kByte, s), s.length);
    return i >= head + (s.length - head) / 16 * 16;
  };
  EXPECT_EQ(positions_of(peeled), (std::set<std::string>{"tail"}));
}

TEST(ShapeCalls, AHeadFaultIsNamedHeadOnly) {
  Recorder impl;
  impl.wrong = [](const CallShape& s, size_t i) { return i < call_head(kByte, kByte, s); };
  EXPECT_EQ(positions_of(impl), (std::set<std::string>{"head"}));
}

// UINT4 -> UINT4 as a copy by an implementation that takes element offsets: `in` and `out` are the
// bytes of the first elements' packing groups, the phases come from the shape. One that ignores
// the phase (reads from the byte's first element) is wrong exactly in the calls that start inside
// a byte.
class NibbleCopy final : public EveryInputOnly {
 public:
  bool ignore_phase = false;
  std::set<size_t> input_phases;

  std::string name() const override { return "nibble copy"; }
  std::string description() const override { return "UINT4 copied element by element"; }
  ShapeCapabilities shape_capabilities() const override { return {false, true}; }
  exhaustive::BatchStatus convert(unsigned, const exhaustive::Call&, uint64_t a, uint64_t b, const uint8_t* in,
                                  uint8_t* out) override {
    for (size_t i = 0; i < b - a; ++i) store_bits(ElementType::kUint4, out, i, load_bits(ElementType::kUint4, in, i));
    return {};
  }
  exhaustive::BatchStatus convert_in_shape(unsigned, const exhaustive::Call&, uint64_t a, uint64_t b,
                                           const uint8_t* in, uint8_t* out, const CallShape& shape) override {
    const size_t from = element_start(ElementType::kUint4, shape.input_offset).phase;
    const size_t to = element_start(ElementType::kUint4, shape.output_offset).phase;
    input_phases.insert(from);
    for (size_t i = 0; i < b - a; ++i)
      store_bits(ElementType::kUint4, out, to + i, load_bits(ElementType::kUint4, in, (ignore_phase ? 0 : from) + i));
    return {};
  }
};

ShapeCalls nibble_copy_in_shapes(NibbleCopy& impl) {
  exhaustive::Call call;
  call.config.from = ElementType::kUint4;
  call.config.to = ElementType::kUint4;
  ShapedInputs inputs;
  // Every pattern many times over: the head round's calls each hold a whole head (up to 127
  // elements), and the set must last for both sides' heads.
  inputs.count = 512;
  inputs.write = [](const uint64_t* numbers, size_t n, uint8_t* data, size_t offset) {
    for (size_t i = 0; i < n; ++i) store_bits(ElementType::kUint4, data, offset + i, numbers[i] % 16);
  };
  inputs.right = [](uint64_t number, uint64_t bits) { return number % 16 == bits; };
  return call_in_shapes(impl, call, inputs, [](auto...) {});
}

TEST(ShapeCalls, PackedCallsStartAtEveryElementPhase) {
  NibbleCopy right;
  const ShapeCalls r = nibble_copy_in_shapes(right);
  EXPECT_EQ(r.fail, 0u);
  EXPECT_EQ(r.failed_calls, 0u);
  EXPECT_EQ(right.input_phases, (std::set<size_t>{0, 1}));
  NibbleCopy ignores;
  ignores.ignore_phase = true;
  const ShapeCalls wrong = nibble_copy_in_shapes(ignores);
  EXPECT_GT(wrong.fail, 0u);
  EXPECT_TRUE(wrong.fail_by_position.count("head"));
}

}  // namespace
}  // namespace castlike::harness
