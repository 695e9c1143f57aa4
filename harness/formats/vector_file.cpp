#include "formats/vector_file.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "formats/printable.hpp"
#include "castlike/packing.hpp"
#include "formats/json_reader.hpp"

namespace castlike::harness {
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
  const auto t = type_from_file_name(s);
  if (!t) fail("unknown element type '" + s + "' in field '" + name + "' (the ONNX names, spelt as vectors/schema/README.md gives them)");
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
      // Exactly as the schema spells them (lowercase, zero-padded to the width), so that a file
      // has one spelling of each value.
      const auto bits = parse_hex_bits(hex[i], info(type).bits);
      if (!bits || hex[i] != format_hex_bits(*bits, info(type).bits))
        fail(where + ".bits[" + std::to_string(i) + "] = '" + hex[i] + "' is not a " + std::string(info(type).name) +
             " bit pattern (0x and " + std::to_string(format_hex_bits(0, info(type).bits).size() - 2) +
             " lowercase hex digits, in range)");
      out.push_back(ref::Element::of_bits(*bits));
    }
  }
  if (out.size() != count)
    fail(where + " has " + std::to_string(out.size()) + " elements, the shape needs " + std::to_string(count));
  return out;
}


void only_fields(const json& object, std::initializer_list<const char*> allowed, const std::string& where) {
  for (const auto& [key, value] : object.items()) {
    bool known = false;
    for (const char* a : allowed) known = known || key == a;
    if (!known) fail(where + " has an unknown field '" + key + "'");
  }
}

// BOOL elements are 0 or 1: any other byte is not a value of the type (vectors/schema/README.md, Bits).
void check_bool_bits(const std::vector<ref::Element>& values, ElementType type, const std::string& where) {
  if (type != ElementType::kBool) return;
  for (size_t i = 0; i < values.size(); ++i)
    if (values[i].bits > 1)
      fail(where + ".bits[" + std::to_string(i) + "] = '" + format_hex_bits(values[i].bits, 8) +
           "' is not a BOOL value (0x00 or 0x01)");
}

}  // namespace

std::optional<uint64_t> parse_hex_bits(const std::string& s, unsigned width_bits) {
  if (s.size() < 3 || s[0] != '0' || s[1] != 'x' || s.size() > 2 + 16) return std::nullopt;
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
    const std::string pair = "0x" + s.substr(i, 2);
    const auto b = parse_hex_bits(pair, 8);
    if (!b || pair != format_hex_bits(*b, 8)) return std::nullopt;  // lowercase, as the schema spells it
    out.push_back(static_cast<uint8_t>(*b));
  }
  return out;
}

bool is_case_name(const std::string& name) {
  return !name.empty() &&
         name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-") == std::string::npos;
}

std::optional<ElementType> type_from_file_name(const std::string& name) {
  const auto t = type_from_name(name);
  if (!t || info(*t).name != name) return std::nullopt;
  return t;
}

ref::CastLikeRequest VectorFile::request() const {
  ref::CastLikeRequest r;
  r.op = op;
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

namespace {

// The file's identity and call: format, version, name, kind, opset, operator and the two types,
// each existing at the operator version in force at the opset.
void read_header(const json& doc, VectorFile& f) {
  if (!doc.is_object()) fail("the file is not a JSON object");
  only_fields(doc, {"format", "format_version", "kind", "name", "source", "operator", "opset", "from", "to", "attributes",
                    "shape", "input", "expected"},
              "the file");
  if (string_field(doc, "format", "the file") != "castlike-vectors") fail("field 'format' is not \"castlike-vectors\"");
  const json& version = field(doc, "format_version", "the file");
  if (!version.is_number_integer() || version.get<int64_t>() != 1)
    fail("unsupported format_version (this reader knows 1)");
  f.name = string_field(doc, "name", "the file");
  if (!is_case_name(f.name))
    fail("field 'name' = '" + f.name + "' is not a case name (letters, digits, '_', '.' and '-')");
  f.kind = string_field(doc, "kind", "the file");
  if (f.kind != "spec-example" && f.kind != "generated") fail("unknown kind '" + f.kind + "'");
  const json& opset = field(doc, "opset", "the file");
  if (!opset.is_number_integer()) fail("field 'opset' is not an integer");
  const int64_t opset_value = opset.get<int64_t>();
  if (opset_value < 1 || opset_value > 1000) fail("field 'opset' is out of range: " + std::to_string(opset_value));
  f.opset = static_cast<int>(opset_value);
  if (f.opset > kNewestKnownOpset)
    fail("field 'opset' = " + std::to_string(f.opset) + " is newer than opset " + std::to_string(kNewestKnownOpset) +
         ", the newest this castlike knows (a newer castlike may read the file)");
  if (doc.contains("operator")) {
    const std::string name = string_field(doc, "operator", "the file");
    const auto op = operator_from_name(name);
    if (!op) fail("field 'operator' is '" + name + "', not \"Cast\" or \"CastLike\"");
    f.op = *op;
  }
  const std::string op_name(operator_name(f.op));
  const auto op_version = version_for_opset(f.op, f.opset);
  if (!op_version)
    fail("field 'opset' = " + std::to_string(f.opset) + " has no " + op_name + " (" + op_name +
         " exists from opset " + std::to_string(versions_of(f.op).front()) + ")");
  f.from = type_field(doc, "from");
  f.to = type_field(doc, "to");
  for (const ElementType t : {f.from, f.to}) {
    if (type_in_version(t, *op_version)) continue;
    const auto first = first_opset_with_type(f.op, t);
    fail("field 'opset' = " + std::to_string(f.opset) + " is below the first " + op_name + " version of " +
         std::string(info(t).name) +
         (first ? " (" + std::to_string(*first) + ")" : " (no " + op_name + " version has it; Cast-28 does)"));
  }
}

// Where the file comes from: a specification page, or the generator.
void read_source(const json& doc, const VectorFile& f) {
  const json& source = field(doc, "source", "the file");
  if (!source.is_object()) fail("field 'source' is not an object");
  if (f.kind == "spec-example") {
    only_fields(source, {"page", "file"}, "source");
    const std::string page = string_field(source, "page", "source");
    if (page.rfind("CastLike-", 0) != 0) fail("source.page '" + page + "' is not \"CastLike-<version>\"");
    string_field(source, "file", "source");
  } else {
    string_field(source, "generator", "source");
  }
}

// The attributes the call sets, each valid and existing at the file's opset.
void read_attributes(const json& doc, VectorFile& f) {
  const json& attributes = field(doc, "attributes", "the file");
  if (!attributes.is_object()) fail("field 'attributes' is not an object");
  for (const auto& [key, value] : attributes.items()) {
    if (key == "saturate") {
      if (!value.is_number_integer()) fail("attributes.saturate is not an integer");
      if (value.get<int64_t>() != 0 && value.get<int64_t>() != 1) fail("attributes.saturate is not 0 or 1");
      if (!saturate_in_version(f.opset))
        fail("attributes.saturate is set, but saturate exists only from opset " + std::to_string(kSaturateSince) +
             " (the file's opset is " + std::to_string(f.opset) + ")");
      f.saturate = value.get<int64_t>();
    } else if (key == "round_mode") {
      if (!value.is_string()) fail("attributes.round_mode is not a string");
      if (!round_mode_from_name(value.get<std::string>()))
        fail("attributes.round_mode '" + value.get<std::string>() + "' is not up, down or nearest");
      if (!round_mode_in_version(f.opset))
        fail("attributes.round_mode is set, but round_mode exists only from opset " + std::to_string(kRoundModeSince) +
             " (the file's opset is " + std::to_string(f.opset) + ")");
      f.round_mode = value.get<std::string>();
    } else {
      fail("unknown attribute '" + key + "'");
    }
  }
}

// The shape; its element count, which every tensor must have.
size_t read_shape(const json& doc, VectorFile& f) {
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
  return count;
}

// The input and expected tensors: elements, printed forms, outcome classes, rule ids and the packed
// bytes of the sub-byte types, each agreeing with the shape and the types.
void read_tensors(const json& doc, VectorFile& f, size_t count) {
  const bool spec_example = f.kind == "spec-example";
  const auto printed = [&](const json& block, const std::string& where) {
    if (!block.contains("printed")) {
      if (spec_example) fail(where + " has no field 'printed', which spec examples require");
      return std::vector<std::string>{};
    }
    auto out = string_array(block["printed"], where + ".printed");
    if (out.size() != count)
      fail(where + ".printed has " + std::to_string(out.size()) + " entries, the shape needs " + std::to_string(count));
    return out;
  };
  const auto tensor_fields = [&](const json& block, ElementType type, const std::string& where, bool is_expected) {
    if (!block.is_object()) fail("field '" + where + "' is not an object");
    const char* data = type == ElementType::kString ? "text" : "bits";
    if (is_expected)
      only_fields(block, {data, "printed", "packed", "outcome", "rule"}, where);
    else
      only_fields(block, {data, "printed", "packed"}, where);
  };
  const json& input = field(doc, "input", "the file");
  tensor_fields(input, f.from, "input", false);
  f.input = elements(input, f.from, count, "input");
  check_bool_bits(f.input, f.from, "input");
  f.input_printed = printed(input, "input");
  const json& expected = field(doc, "expected", "the file");
  tensor_fields(expected, f.to, "expected", true);
  f.expected = elements(expected, f.to, count, "expected");
  check_bool_bits(f.expected, f.to, "expected");
  f.expected_printed = printed(expected, "expected");
  for (const auto& o : string_array(field(expected, "outcome", "expected"), "expected.outcome")) {
    const auto c = ref::outcome_from_name(o);
    if (!c) fail("expected.outcome has unknown class '" + o + "' (exact, nan, unspecified, round-trip)");
    if (*c == ref::OutcomeClass::kRoundTrip && !(f.to == ElementType::kString && f.from != ElementType::kString))
      fail("expected.outcome has 'round-trip', which only a number-to-STRING file may use");
    if (*c == ref::OutcomeClass::kUnspecified && spec_example)
      fail("expected.outcome has 'unspecified', which only generated files may use");
    // A class the destination cannot have is the file's error, not the implementation's failure.
    if (*c == ref::OutcomeClass::kNan && !(is_float(f.to) && info(f.to).format.has_nan()))
      fail("expected.outcome has 'nan', but " + std::string(info(f.to).name) + " has no NaN");
    f.outcomes.push_back(*c);
  }
  if (f.outcomes.size() != count) fail("expected.outcome has " + std::to_string(f.outcomes.size()) + " entries, the shape needs " + std::to_string(count));
  if (expected.contains("rule")) {
    if (spec_example) fail("expected.rule is given, which only generated files may have");
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
    const std::vector<ref::Element>& values = std::string(where) == "input" ? f.input : f.expected;
    std::vector<uint8_t> packing(bytes->size(), 0);
    for (size_t i = 0; i < values.size(); ++i) store_bits(type, packing.data(), i, values[i].bits);
    for (size_t i = 0; i < packing.size(); ++i)
      if (packing[i] != (*bytes)[i])
        fail(std::string(where) + ".packed byte " + std::to_string(i) + " is " + format_hex_bits((*bytes)[i], 8) +
             ", but the packing of " + where + ".bits gives " + format_hex_bits(packing[i], 8));
    return bytes;
  };
  f.input_packed = packed(input, f.from, "input");
  f.expected_packed = packed(expected, f.to, "expected");
}

// The file, or the problem unescaped (parse_vector_text escapes it).
std::variant<VectorFile, std::string> read_vector_text(const std::string& text, const std::string& path) {
  auto parsed = parse_json(text);
  if (const auto* p = std::get_if<JsonProblem>(&parsed))
    return path + (p->offset ? ":" + std::to_string(line_of_offset(text, *p->offset)) : std::string()) + ": " +
           (p->malformed ? "malformed JSON: " : "") + p->message;
  const json& doc = std::get<json>(parsed);
  try {
    VectorFile f;
    f.path = path;
    read_header(doc, f);
    read_source(doc, f);
    read_attributes(doc, f);
    read_tensors(doc, f, read_shape(doc, f));
    return f;
  } catch (const Problem& p) {
    return path + ": " + p.message;
  } catch (const json::exception& e) {
    return path + ": " + e.what();
  }
}

}  // namespace

std::variant<VectorFile, std::string> parse_vector_text(const std::string& text, const std::string& path) {
  auto read = read_vector_text(text, path);
  if (auto* error = std::get_if<std::string>(&read)) *error = harness::printable(*error);
  return read;
}

std::variant<VectorFile, std::string> load_vector_file(const std::string& path) {
  const JsonFileText file = read_json_file(path);
  if (!file.error.empty()) return harness::printable(path + ": " + file.error);
  return parse_vector_text(file.text, path);
}

}  // namespace castlike::harness
