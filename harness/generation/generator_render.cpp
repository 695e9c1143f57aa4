// The text of a generated vector file, in the layout of the committed vectors (generator.hpp,
// render_vector_file): one key per line, arrays of scalars on one line.
#include <nlohmann/json.hpp>

#include "castlike/packing.hpp"
#include "generation/generator.hpp"

namespace castlike::harness {

using ref::Element;

namespace {

std::string quoted(const std::string& s) { return nlohmann::json(s).dump(-1, ' ', true); }

std::string string_list(const std::vector<std::string>& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    out += quoted(items[i]);
  }
  return out + "]";
}

std::string hex_bytes(const std::vector<uint8_t>& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  for (uint8_t b : bytes) {
    s += digits[b >> 4];
    s += digits[b & 15];
  }
  return s;
}

std::string tensor_block(ElementType type, const std::vector<Element>& elements, const std::optional<std::vector<uint8_t>>& packed,
                         const std::vector<std::string>& extra) {
  std::vector<std::string> lines;
  std::vector<std::string> values;
  for (const Element& e : elements)
    values.push_back(type == ElementType::kString ? e.text : format_hex_bits(e.bits, info(type).bits));
  lines.push_back(std::string("  ") + (type == ElementType::kString ? "\"text\": " : "\"bits\": ") + string_list(values));
  for (const std::string& x : extra) lines.push_back(x);
  if (packed) lines.push_back("  \"packed\": " + quoted(hex_bytes(*packed)));
  std::string out = "{\n";
  for (size_t i = 0; i < lines.size(); ++i) out += lines[i] + (i + 1 < lines.size() ? ",\n" : "\n");
  return out + " }";
}

}  // namespace

std::string render_vector_file(const VectorFile& f, const GeneratedSource& source) {
  std::string shape = "[";
  for (size_t i = 0; i < f.shape.size(); ++i) shape += (i ? ", " : "") + std::to_string(f.shape[i]);
  shape += "]";
  std::string attributes = "{}";
  if (f.saturate || f.round_mode) {
    attributes = "{\n";
    if (f.saturate) attributes += "  \"saturate\": " + std::to_string(*f.saturate) + (f.round_mode ? ",\n" : "\n");
    if (f.round_mode) attributes += "  \"round_mode\": " + quoted(*f.round_mode) + "\n";
    attributes += " }";
  }
  std::vector<std::string> outcomes, rules;
  for (auto o : f.outcomes) outcomes.emplace_back(ref::outcome_name(o));
  for (const auto& r : f.rules) rules.emplace_back(r ? ref::rule_name(*r) : "");
  std::vector<std::string> expected_extra{"  \"outcome\": " + string_list(outcomes)};
  if (!f.rules.empty()) expected_extra.push_back("  \"rule\": " + string_list(rules));
  std::string out = "{\n";
  out += " \"format\": \"castlike-vectors\",\n";
  out += " \"format_version\": 1,\n";
  out += " \"kind\": \"generated\",\n";
  out += " \"name\": " + quoted(f.name) + ",\n";
  out += " \"source\": {\n  \"generator\": " + quoted(source.generator) + ",\n  \"generator_version\": " +
         std::to_string(source.generator_version) + ",\n  \"profile\": " + quoted(source.profile) +
         ",\n  \"inputs\": " + quoted(source.inputs) + "\n },\n";
  if (f.op != Operator::kCastLike) out += " \"operator\": \"" + std::string(operator_name(f.op)) + "\",\n";
  out += " \"opset\": " + std::to_string(f.opset) + ",\n";
  out += " \"from\": " + quoted(std::string(info(f.from).name)) + ",\n";
  out += " \"to\": " + quoted(std::string(info(f.to).name)) + ",\n";
  out += " \"attributes\": " + attributes + ",\n";
  out += " \"shape\": " + shape + ",\n";
  out += " \"input\": " + tensor_block(f.from, f.input, f.input_packed, {}) + ",\n";
  out += " \"expected\": " + tensor_block(f.to, f.expected, f.expected_packed, expected_extra) + "\n";
  out += "}\n";
  return out;
}

}  // namespace castlike::harness
