#include <algorithm>
#include <sstream>

#include <nlohmann/json.hpp>

#include "formats/printable.hpp"
#include "judging/baseline.hpp"
#include "judging/conversion_explanation.hpp"
#include "judging/shape_calls.hpp"
#include "castlike/packing.hpp"
#include "reference/decimal.hpp"
#include "reference/text_read_back.hpp"
#include "rendering/render.hpp"

namespace castlike::harness {

using ref::Element;

std::string wrapped_text(const std::string& indent, const std::string& text) {
  constexpr size_t kWidth = 80;
  std::string out, line = indent;
  std::istringstream words(text);
  for (std::string w; words >> w;) {
    if (line.size() > indent.size() && line.size() + 1 + w.size() > kWidth) {
      out += line + "\n";
      line = indent + "  ";
    }
    line += (line.size() > indent.size() && line.back() != ' ' ? " " : "") + w;
  }
  return out + line + "\n";
}

std::string counts_text(const Counts& c) {
  return std::to_string(c.pass) + " pass, " + std::to_string(c.fail) + " fail, " + std::to_string(c.unspecified) +
         " unspecified, " + std::to_string(c.rejected) + " rejected";
}

std::string exact_text(ElementType t, const Element& e) {
  const ref::ExactValue v = ref::decode_element(t, e).value;
  const std::string full = ref::to_exact_string(v);
  if (full.size() <= 32 || !v.is_finite() || v.den != 1) return full;
  ref::BigInt m = v.num;
  int64_t k = v.exp2;
  while (m != 0 && (m & 1) == 0) {
    m >>= 1;
    ++k;
  }
  return (v.negative ? "-" : "") + ref::format_printf_g(ref::ExactValue{v.kind, false, v.num, v.den, v.exp2}, 17) +
         " (exactly " + (v.negative ? "-" : "") + m.str() + "*2^" + std::to_string(k) + ")";
}

std::string show(ElementType t, const Element& e) {
  // A text is quoted as JSON does; one that is not UTF-8 has its other bytes as \xNN.
  if (t == ElementType::kString)
    return harness::is_valid_utf8(e.text) ? nlohmann::json(e.text).dump() : "\"" + harness::printable(e.text) + "\"";
  return format_hex_bits(e.bits & bit_mask(t), info(t).bits) + " (" +
         (is_e8m0_zero(t, e) ? e8m0_zero_meanings(nullptr) : exact_text(t, e)) + ")";
}

std::string expected_note(const Failure& f) {
  if (f.outcome == ref::OutcomeClass::kRoundTrip)
    return " (any text that reads back to the same " + std::string(info(f.from).name) + ")";
  if (f.outcome != ref::OutcomeClass::kNan) return "";
  const bool signed_nan = is_float(f.to) && info(f.to).format.has_sign && info(f.to).format.special != SpecialEncoding::kFnuz;
  return signed_nan ? " (any NaN of that sign)" : " (any NaN)";
}

std::string actual_note(const Failure& f) {
  if (f.to != ElementType::kString || f.from == ElementType::kString) return "";
  const std::optional<uint64_t> back = ref::read_back(f.from, f.actual.text);
  if (!back) return " (denotes no " + std::string(info(f.from).name) + ")";
  return " (reads back as " + show(f.from, Element::of_bits(*back)) + ")";
}

std::string failure_line(const Failure& f) {
  std::string s = f.case_name + "[" + std::to_string(f.index) + "] (" + f.call + "): input " + show(f.from, f.input) +
                  ", expected " + show(f.to, f.expected) + expected_note(f) + ", actual " + show(f.to, f.actual) + actual_note(f);
  if (!f.explained_by.empty()) {
    s += "  [explained by:";
    for (const auto& e : f.explained_by) s += " " + e;
    s += "]";
  } else {
    s += "  [unexplained]";
  }
  return s;
}

std::string failure_block(const Failure& f, const std::string& indent) {
  std::string s = indent + f.case_name + "[" + std::to_string(f.index) + "] (" + f.call + ")\n";
  s += indent + "  input    " + show(f.from, f.input) + "\n";
  s += indent + "  expected " + show(f.to, f.expected) + expected_note(f) + "\n";
  s += indent + "  actual   " + show(f.to, f.actual) + actual_note(f) + "\n";
  s += indent + "  reading  ";
  if (f.explained_by.empty()) s += "none (unexplained)";
  for (size_t i = 0; i < f.explained_by.size(); ++i) s += (i ? ", " : "") + f.explained_by[i];
  return s + "\n" + indent + "  " + explain_command(f) + "\n";
}

std::string shape_pass_text(const ShapeResults& s) {
  std::string text = "shape pass: " + std::to_string(s.calls) + " calls, " + std::to_string(s.fail) + " wrong";
  if (!s.fail_by_position.empty()) text += " (" + positions_text(s.fail_by_position) + ")";
  if (s.failed_calls) text += ", " + std::to_string(s.failed_calls) + " failed calls (" + s.first_call_problem + ")";
  return text;
}

std::string shape_failure_block(const Failure& f, const std::string& indent) {
  std::string block = failure_block(f, indent + "  ");
  const std::string command = explain_command(f);
  const size_t at = block.rfind(command);
  if (at != std::string::npos) block.insert(at + command.size(), "  # in a call of " + f.shape);
  return indent + "position " + f.position + ":\n" + block;
}

std::vector<RejectionGroup> rejections_by_reason(const std::vector<Rejection>& rejections) {
  std::vector<RejectionGroup> groups;
  for (const auto& rej : rejections) {
    auto it = std::find_if(groups.begin(), groups.end(), [&](const RejectionGroup& g) { return g.message == rej.message; });
    if (it == groups.end()) it = groups.insert(groups.end(), RejectionGroup{rej.message, 0, {}});
    it->elements += rej.elements;
    it->calls.push_back(&rej);
  }
  std::stable_sort(groups.begin(), groups.end(),
                   [](const RejectionGroup& a, const RejectionGroup& b) { return a.calls.size() > b.calls.size(); });
  return groups;
}

std::string explain_command(const Failure& f) {
  std::string s = "castlike explain --from " + std::string(info(f.from).name) + " --to " + std::string(info(f.to).name) +
                  (f.op == Operator::kCastLike ? "" : " --operator " + std::string(operator_name(f.op))) +
                  " --opset " + std::to_string(f.opset);
  if (f.saturate) s += " --saturate " + std::to_string(*f.saturate);
  if (f.round_mode) s += " --round-mode " + *f.round_mode;
  if (f.from != ElementType::kString) return s + " --bits " + format_hex_bits(f.input.bits & bit_mask(f.from), info(f.from).bits);
  // A shell single-quoted word: a quote inside becomes '\''.
  std::string quoted = "'";
  for (char c : f.input.text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return s + " " + quoted + "'";
}

bool passes(const Report& r, const BaselineComparison* baseline) { return baseline ? baseline->ok() : r.ok(); }

std::string coverage_line(const Report& r) {
  if (!r.coverage_declared) return "";
  if (r.not_covered_cases == 0) return "coverage: declared by the implementation; every selected case covered";
  const size_t pairs = r.not_covered_pairs.size();
  // At most 80 columns: "not covered (declared; ...): 99999 cases of 999 pairs".
  return "not covered (declared; not called, not failures): " + std::to_string(r.not_covered_cases) + " case" +
         (r.not_covered_cases == 1 ? "" : "s") + " of " + std::to_string(pairs) + " pair" + (pairs == 1 ? "" : "s");
}

std::string verdict_line(const Report& r, const BaselineComparison* baseline) {
  return r.implementation + ": " + (baseline ? baseline->summary() + "; " : "") + counts_text(r.total) + "; " +
         std::to_string(r.rejections.size()) + " rejection(s); " +
         (r.not_covered_cases ? std::to_string(r.not_covered_cases) + " case(s) not covered; " : "") +
         (r.call_failures.empty() ? std::string() : std::to_string(r.call_failures.size()) + " failed call(s); ") +
         (passes(r, baseline) ? "PASS" : "FAIL");
}

}  // namespace castlike::harness
