#include "interval_explanation.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "judging/readings.hpp"
#include "reference/convert.hpp"
#include "rendering/render.hpp"
#include "structured_text_judging.hpp"

namespace castlike::exhaustive {
namespace {

ref::Element input_element(const Call& call, uint64_t input) {
  if (call.config.from == ElementType::kString) return ref::Element::of_text(structured_text_at(call.config, input));
  return ref::Element::of_bits(input);
}

// The text as one shell word: single quotes, each ' as '\''.
std::string shell_quoted(const std::string& s) {
  std::string out = "'";
  for (char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

// A one-element vector file of `input` under the call, with the reference's expectation.
harness::VectorFile one_element(const Call& call, uint64_t input) {
  harness::VectorFile f;
  f.kind = "generated";
  f.op = call.op;
  f.opset = call.opset;
  f.from = call.config.from;
  f.to = call.config.to;
  f.saturate = call.saturate;
  f.round_mode = call.round_mode;
  f.shape = {1};
  f.input = {input_element(call, input)};
  const ref::Result want = ref::convert_element(f.from, f.input[0], f.to, call.config.attributes);
  f.expected = {want.value};
  f.outcomes = {want.outcome};
  f.rules = {want.rule};
  return f;
}

// The names of the readings that explain `actual` for `input` under the call.
std::vector<std::string> readings_at(const Call& call, uint64_t input, uint64_t actual) {
  const harness::VectorFile f = one_element(call, input);
  std::vector<std::string> out;
  for (const harness::Candidate& c : harness::candidates())
    if (harness::explains(c, f, 0, ref::Element::of_bits(actual))) out.push_back(c.name);
  return out;
}

}  // namespace

std::vector<std::string> interval_readings(const Call& call, const Interval& interval) {
  std::vector<std::string> first = readings_at(call, interval.first, interval.actual);
  if (interval.last == interval.first) return first;
  const std::vector<std::string> last = readings_at(call, interval.last, interval.last_actual);
  std::erase_if(first, [&](const std::string& r) { return std::find(last.begin(), last.end(), r) == last.end(); });
  return first;
}

void refuse_contradicted(ConfigurationReport& c) {
  std::set<std::string> named;
  for (const Interval& i : c.intervals) named.insert(i.readings.begin(), i.readings.end());
  std::map<ref::RuleId, std::set<std::string>> refused;  // per rule, the readings a right output contradicts
  for (const harness::Candidate& k : harness::candidates()) {
    if (!named.count(k.name)) continue;
    for (const auto& [input, output] : c.right_neighbours) {
      if (refused[output.second].count(k.name)) continue;
      if (harness::contradiction(k, one_element(c.call, input), 0, ref::Element::of_bits(output.first)))
        refused[output.second].insert(k.name);
    }
  }
  for (Interval& i : c.intervals)
    std::erase_if(i.readings, [&](const std::string& r) { return refused[i.rule].count(r) > 0; });
}

std::string explain_command(const Call& call, uint64_t input) {
  std::string s = "castlike explain --from " + std::string(info(call.config.from).name) + " --to " +
                  std::string(info(call.config.to).name) + (call.op == Operator::kCast ? " --operator Cast" : "") +
                  " --opset " + std::to_string(call.opset);
  if (call.saturate) s += " --saturate " + std::to_string(*call.saturate);
  if (call.round_mode) s += " --round-mode " + *call.round_mode;
  if (call.config.from == ElementType::kString) return s + " -- " + shell_quoted(structured_text_at(call.config, input));
  return s + " --bits " + harness::format_hex_bits(input, info(call.config.from).bits);
}

std::string input_text(const Call& call, uint64_t input) {
  if (call.config.from != ElementType::kString) return value_text(call.config.from, input);
  std::string s(1, '#');
  s.append(std::to_string(input)).append(" ");
  return s.append(harness::show(ElementType::kString, input_element(call, input)));
}

std::string value_text(ElementType type, uint64_t bits) { return harness::show(type, ref::Element::of_bits(bits)); }

}  // namespace castlike::exhaustive
