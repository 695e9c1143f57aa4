// The shape pass of validate() (shape_cases.hpp).
#include "judging/shape_cases.hpp"

#include "castlike/packing.hpp"
#include "judging/expectation.hpp"
#include "judging/readings_support.hpp"
#include "judging/shape_calls.hpp"

namespace castlike::harness {

void shape_pass_of_file(Implementation& impl, const VectorFile& f, const std::vector<char>& judged,
                        size_t kept_per_position, Report& report) {
  if (f.from == ElementType::kString || f.to == ElementType::kString) return;
  // The elements whose result is specified; inputs are numbered by their place in this list.
  std::vector<size_t> elements;
  for (size_t i = 0; i < f.input.size(); ++i)
    if (judged[i] && f.outcomes[i] != ref::OutcomeClass::kUnspecified) elements.push_back(i);
  if (elements.empty()) return;
  exhaustive::Call call;
  call.config.from = f.from;
  call.config.to = f.to;
  call.config.attributes = readings::attributes_of(f, std::nullopt);
  call.opset = f.opset;
  call.saturate = f.saturate;
  call.round_mode = f.round_mode;
  call.op = f.op;
  ShapedInputs inputs;
  inputs.count = elements.size();
  inputs.write = [&](const uint64_t* numbers, size_t n, uint8_t* data, size_t offset) {
    for (size_t i = 0; i < n; ++i) store_bits(f.from, data, offset + i, f.input[elements[numbers[i]]].bits);
  };
  inputs.right = [&](uint64_t number, uint64_t bits) {
    return element_matches(f, elements[number], ref::Element::of_bits(bits));
  };
  ShapeResults& shapes = report.shapes;
  shapes.ran = true;
  std::optional<std::vector<ref::RuleId>> rules;  // the file's rules, found at its first kept failure
  const ShapeCalls calls = call_in_shapes(
      impl, call, inputs,
      [&](uint64_t number, uint64_t actual, const CallShape& shape, size_t element, const std::string& position) {
        if (shapes.kept[position]++ >= kept_per_position) return;
        const size_t i = elements[number];
        Failure failure = failure_of(f, i, f.expected[i], ref::Element::of_bits(actual));
        failure.position = position;
        failure.shape = shape.description() + ", element " + std::to_string(element);
        failure.call_shape = shape;
        failure.shape_element = element;
        if (!rules) rules = rules_of(f);
        failure.rule = std::string(ref::rule_name((*rules)[i]));
        shapes.failures.push_back(failure);
      });
  shapes.calls += calls.calls;
  PairResult& pair = report.pairs[{f.from, f.to}];
  pair.shape_fail += calls.fail;
  pair.shape_failed_calls += calls.failed_calls;
  shapes.fail += calls.fail;
  shapes.failed_calls += calls.failed_calls;
  if (shapes.first_call_problem.empty() && !calls.first_call_problem.empty())
    shapes.first_call_problem = f.name + ": " + calls.first_call_problem;
  for (const auto& [position, n] : calls.fail_by_position) shapes.fail_by_position[position] += n;
  shapes.in_place = shapes.in_place || calls.in_place;
  shapes.phases_left_out = shapes.phases_left_out || calls.phases_left_out;
}

}  // namespace castlike::harness
