#include "vector_file.hpp"

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "castlike/packing.hpp"

namespace castlike::conformance {
namespace {

using nlohmann::json;

// Thrown inside the loader only; turned into an error string at its boundary.
struct Problem {
  std::string message;
};

[[noreturn]] void fail(const std::string& message) { throw Problem{message}; }

const json& field(const json& object, const char* name, const std::string& where) {
  if (!object.is_object()) fail(where + " is not an object");
  const auto it = object.find(name);
  if (it == object.end()) fail(where + " has no field '" + name + "'");
  return *it;
}

std::string string_field(const json& object, const char* name, const std::string& where) {
  const json& v = field(object, name, where);
  if (!v.is_string()) fail(where + "." + name + " is not a string");
  return v.get<std::string>();
}

ElementType type_field(const json& object, const char* name) {
  const std::string s = string_field(object, name, "the file");
  const auto t = type_from_name(s);
  if (!t) fail("unknown element type '" + s + "' in field '" + name + "'");
  return *t;
}

std::vector<std::string> string_array(const json& v, const std::string& where) {
  if (!v.is_array()) fail(where + " is not an array");
  std::vector<std::string> out;
  out.reserve(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_string()) fail(where + "[" + std::to_string(i) + "] is not a string");
    out.push_back(v[i].get<std::string>());
  }
  return out;
}

std::vector<ref::Element> elements(const json& block, ElementType type, size_t count, const std::string& where) {
  std::vector<ref::Element> out;
  if (type == ElementType::kString) {
    for (auto& s : string_array(field(block, "text", where), where + ".text")) out.push_back(ref::Element::of_text(s));
  } else {
    const auto hex = string_array(field(block, "bits", where), where + ".bits");
    for (size_t i = 0; i < hex.size(); ++i) {
      const auto bits = parse_hex_bits(hex[i], info(type).bits);
      if (!bits)
        fail(where + ".bits[" + std::to_string(i) + "] = '" + hex[i] + "' is not a " + std::string(info(type).name) +
             " bit pattern (0x and " + std::to_string((info(type).bits + 3) / 4) + "+ hex digits in range)");
      out.push_back(ref::Element::of_bits(*bits));
    }
  }
  if (out.size() != count)
    fail(where + " has " + std::to_string(out.size()) + " elements, the shape needs " + std::to_string(count));
  return out;
}

size_t line_of_offset(const std::string& text, size_t offset) {
  size_t line = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

}  // namespace

std::optional<uint64_t> parse_hex_bits(const std::string& s, unsigned width_bits) {
  if (s.size() < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || s.size() > 2 + 16) return std::nullopt;
  uint64_t v = 0;
  for (size_t i = 2; i < s.size(); ++i) {
    const char c = s[i];
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return std::nullopt;
    v = (v << 4) | static_cast<uint64_t>(d);
  }
  if (width_bits < 64 && (v >> width_bits) != 0) return std::nullopt;
  return v;
}

std::string format_hex_bits(uint64_t bits, unsigned width_bits) {
  char buf[24];
  const int digits = width_bits <= 8 ? 2 : static_cast<int>(width_bits / 4);
  std::snprintf(buf, sizeof buf, "0x%0*llx", digits, static_cast<unsigned long long>(bits));
  return buf;
}

std::optional<std::vector<uint8_t>> parse_hex_bytes(const std::string& s) {
  if (s.size() % 2 != 0) return std::nullopt;
  std::vector<uint8_t> out;
  for (size_t i = 0; i < s.size(); i += 2) {
    const auto b = parse_hex_bits("0x" + s.substr(i, 2), 8);
    if (!b) return std::nullopt;
    out.push_back(static_cast<uint8_t>(*b));
  }
  return out;
}

ref::CastLikeRequest VectorFile::request() const {
  ref::CastLikeRequest r;
  r.input.type = from;
  r.input.shape = shape;
  if (from == ElementType::kString) {
    for (const auto& e : input) r.input.strings.push_back(e.text);
  } else {
    r.input.data.assign(*storage_bytes(from, input.size()), 0);
    for (size_t i = 0; i < input.size(); ++i) store_bits(from, r.input.data.data(), i, input[i].bits);
  }
  r.target = to;
  r.opset = opset;
  r.saturate = saturate;
  r.round_mode = round_mode;
  return r;
}

std::variant<VectorFile, std::string> parse_vector_text(const std::string& text, const std::string& path) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    return path + ":" + std::to_string(line_of_offset(text, e.byte)) + ": malformed JSON: " + e.what();
  } catch (const json::exception& e) {  // e.g. out_of_range 406, a number beyond double (found by fuzz_vectors)
    return path + ": malformed JSON: " + e.what();
  }
  try {
    VectorFile f;
    f.path = path;
    if (string_field(doc, "format", "the file") != "castlike-vectors") fail("field 'format' is not \"castlike-vectors\"");
    const json& version = field(doc, "format_version", "the file");
    if (!version.is_number_integer() || version.get<int64_t>() != 1)
      fail("unsupported format_version (this reader knows 1)");
    f.name = string_field(doc, "name", "the file");
    f.kind = string_field(doc, "kind", "the file");
    if (f.kind != "spec-example" && f.kind != "generated") fail("unknown kind '" + f.kind + "'");
    const json& opset = field(doc, "opset", "the file");
    if (!opset.is_number_integer()) fail("field 'opset' is not an integer");
    const int64_t opset_value = opset.get<int64_t>();
    if (opset_value < 1 || opset_value > 1000) fail("field 'opset' is out of range: " + std::to_string(opset_value));
    f.opset = static_cast<int>(opset_value);
    f.from = type_field(doc, "from");
    f.to = type_field(doc, "to");
    const json& attributes = field(doc, "attributes", "the file");
    if (!attributes.is_object()) fail("field 'attributes' is not an object");
    for (const auto& [key, value] : attributes.items()) {
      if (key == "saturate") {
        if (!value.is_number_integer()) fail("attributes.saturate is not an integer");
        f.saturate = value.get<int64_t>();
      } else if (key == "round_mode") {
        if (!value.is_string()) fail("attributes.round_mode is not a string");
        f.round_mode = value.get<std::string>();
      } else {
        fail("unknown attribute '" + key + "'");
      }
    }
    const json& shape = field(doc, "shape", "the file");
    if (!shape.is_array()) fail("field 'shape' is not an array");
    for (const json& d : shape) {
      if (!d.is_number_integer() || d.get<int64_t>() < 0) fail("field 'shape' has a dimension that is not a non-negative integer");
      f.shape.push_back(d.get<int64_t>());
    }
    const auto count_or_error = ref::element_count(f.shape);
    if (const auto* e = std::get_if<std::string>(&count_or_error)) fail("shape: " + *e);
    const size_t count = std::get<size_t>(count_or_error);
    if (count > (size_t{1} << 28)) fail("shape has " + std::to_string(count) + " elements, more than a vector file may hold");

    const json& input = field(doc, "input", "the file");
    f.input = elements(input, f.from, count, "input");
    if (input.contains("printed")) f.input_printed = string_array(input["printed"], "input.printed");
    const json& expected = field(doc, "expected", "the file");
    f.expected = elements(expected, f.to, count, "expected");
    if (expected.contains("printed")) f.expected_printed = string_array(expected["printed"], "expected.printed");
    for (const auto& o : string_array(field(expected, "outcome", "expected"), "expected.outcome")) {
      const auto c = ref::outcome_from_name(o);
      if (!c) fail("expected.outcome has unknown class '" + o + "' (exact, nan, unspecified)");
      f.outcomes.push_back(*c);
    }
    if (f.outcomes.size() != count) fail("expected.outcome has " + std::to_string(f.outcomes.size()) + " entries, the shape needs " + std::to_string(count));
    if (expected.contains("rule")) {
      for (const auto& r : string_array(expected["rule"], "expected.rule")) {
        const auto id = ref::rule_from_name(r);
        if (!id) fail("expected.rule has unknown rule id '" + r + "'");
        f.rules.push_back(*id);
      }
      if (f.rules.size() != count) fail("expected.rule has the wrong number of entries");
    }
    const auto packed = [&](const json& block, ElementType type, const char* where) -> std::optional<std::vector<uint8_t>> {
      if (!is_packed(type)) {
        if (block.contains("packed")) fail(std::string(where) + ".packed given for a type that is not packed");
        return std::nullopt;
      }
      const std::string hex = string_field(block, "packed", where);
      auto bytes = parse_hex_bytes(hex);
      if (!bytes) fail(std::string(where) + ".packed is not an even-length hex string");
      if (bytes->size() != *storage_bytes(type, count)) fail(std::string(where) + ".packed has the wrong length for the shape");
      return bytes;
    };
    f.input_packed = packed(input, f.from, "input");
    f.expected_packed = packed(expected, f.to, "expected");
    return f;
  } catch (const Problem& p) {
    return path + ": " + p.message;
  } catch (const json::exception& e) {
    return path + ": " + e.what();
  }
}

std::variant<VectorFile, std::string> load_vector_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return path + ": cannot open the file";
  std::ostringstream text;
  text << in.rdbuf();
  return parse_vector_text(text.str(), path);
}

}  // namespace castlike::conformance
