// The shape pass (shape_pass.hpp).
#include "shape_pass.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>

#include "castlike/packing.hpp"
#include "maps/structured_inputs.hpp"

namespace castlike::exhaustive {

DecisiveInputs::DecisiveInputs(const Call& call, const Map& map, const StructuredSet* set)
    : from_(call.config.from), set_(set) {
  if (!set_ && info(from_).bits >= kDerivedFromBits) {
    own_ = std::make_unique<StructuredSet>(structured_set(call.config));
    set_ = own_.get();
  }
  inputs_.count = set_ ? set_->inputs.size() : uint64_t{1} << info(from_).bits;
  inputs_.write = [this](const uint64_t* numbers, size_t n, uint8_t* data, size_t offset) {
    if (from_ == ElementType::kString) {
      for (size_t i = 0; i < n; ++i) {
        const char* text = set_->text->texts[static_cast<size_t>(numbers[i])].c_str();
        std::memcpy(data + i * sizeof text, &text, sizeof text);
      }
      return;
    }
    for (size_t i = 0; i < n; ++i) store_bits(from_, data, offset + i, pattern(numbers[i]));
  };
  const ElementType to = call.config.to;
  expected_bits_.resize(static_cast<size_t>(inputs_.count));
  for (uint64_t number = 0; number < inputs_.count; ++number)
    expected_bits_[static_cast<size_t>(number)] = map.expected(pattern(number)).value.bits;
  inputs_.right = [this, &map, to](uint64_t number, uint64_t bits) {
    return bits == expected_bits_[static_cast<size_t>(number)] ||
           ref::matches(to, map.expected(pattern(number)), ref::Element::of_bits(bits));
  };
}

DecisiveInputs::~DecisiveInputs() = default;

uint64_t DecisiveInputs::pattern(uint64_t number) const {
  return set_ ? set_->inputs[static_cast<size_t>(number)] : number;
}

std::optional<uint64_t> DecisiveInputs::number_of(uint64_t pattern) const {
  if (!set_) return pattern;
  const auto it = std::lower_bound(set_->inputs.begin(), set_->inputs.end(), pattern);
  if (it == set_->inputs.end() || *it != pattern) return std::nullopt;
  return static_cast<uint64_t>(it - set_->inputs.begin());
}

ShapePassReport run_shape_pass(const Call& call, const Map& map, const DecisiveInputs& decisive,
                               harness::Implementation& impl) {
  const auto t0 = std::chrono::steady_clock::now();
  ShapePassReport r;
  if (!impl.takes_shapes() || call.config.to == ElementType::kString) return r;
  r.ran = true;
  r.decisive = decisive.inputs().count;
  std::map<std::string, size_t> kept;
  r.calls = harness::call_in_shapes(
      impl, call, decisive.inputs(),
      [&](uint64_t number, uint64_t actual, const harness::CallShape& shape, size_t element, const std::string& position) {
        if (kept[position]++ >= kKeptPerPosition) return;
        const uint64_t pattern = decisive.pattern(number);
        const ref::Result expected = map.expected(pattern);
        r.failures.push_back({position, shape, element, pattern, expected.value.bits, actual, expected.outcome,
                              expected.rule});
      });
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace castlike::exhaustive
