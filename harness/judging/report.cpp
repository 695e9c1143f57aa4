#include "judging/report.hpp"

namespace castlike::harness {

std::string call_text(int opset, const std::optional<int64_t>& saturate, const std::optional<std::string>& round_mode) {
  std::string s = "opset " + std::to_string(opset);
  if (saturate) s += ", saturate=" + std::to_string(*saturate);
  if (round_mode) s += ", round_mode=" + *round_mode;
  return s;
}

std::string call_of(const VectorFile& f) {
  const std::string call = call_text(f.opset, f.saturate, f.round_mode);
  return f.op == Operator::kCastLike ? call : std::string(operator_name(f.op)) + " at " + call;
}

Failure failure_of(const VectorFile& f, size_t i, const ref::Element& expected, const ref::Element& actual) {
  Failure failure;
  failure.case_name = f.name;
  failure.index = i;
  failure.from = f.from;
  failure.to = f.to;
  failure.call = call_of(f);
  failure.input = f.input[i];
  failure.expected = expected;
  failure.actual = actual;
  failure.outcome = f.outcomes[i];
  failure.opset = f.opset;
  failure.saturate = f.saturate;
  failure.round_mode = f.round_mode;
  failure.op = f.op;
  return failure;
}

}  // namespace castlike::harness
