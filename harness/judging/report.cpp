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

}  // namespace castlike::harness
