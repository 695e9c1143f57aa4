#include "options.hpp"

#include <cstdio>
#include <iostream>

#include "reference/decimal.hpp"

namespace castlike::cli {
namespace {

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

ElementType type_option(const std::string& command, const char* option, const std::string& value) {
  if (value.empty())
    throw UsageError{"--" + std::string(option) + " needs a type name", "one of " + type_names()};
  const auto t = type_from_name(value);
  if (!t)
    throw UsageError{"unknown type name '" + value + "' for --" + option,
                     "one of " + type_names() + " (or the numpy names, e.g. float8_e4m3fn); see castlike " +
                         command + " --help"};
  return *t;
}

std::string range_text(ElementType t) {
  const unsigned w = info(t).bits;
  if (is_signed_integer(t)) {
    const ref::BigInt lo = -(ref::BigInt(1) << (w - 1)), hi = (ref::BigInt(1) << (w - 1)) - 1;
    return lo.str() + ".." + hi.str();
  }
  const ref::BigInt hi = (ref::BigInt(1) << w) - 1;
  return "0.." + hi.str();
}

// Offset of the first byte that does not start a valid UTF-8 sequence (overlong forms, surrogates
// and code points past U+10FFFF included), or npos.
size_t first_invalid_utf8(const std::string& s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xe ? 3 : (b >> 3) == 0x1e ? 4 : 0;
    if (n == 0 || i + n > s.size()) return i;
    uint32_t cp = n == 1 ? b : b & (0x7f >> n);
    for (size_t k = 1; k < n; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      if ((c >> 6) != 0x2) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += n;
  }
  return std::string::npos;
}

}  // namespace

void require_utf8(const std::string& what, const std::string& text) {
  const size_t bad = first_invalid_utf8(text);
  if (bad == std::string::npos) return;
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02x", static_cast<unsigned>(static_cast<unsigned char>(text[bad])));
  throw UsageError{what + " is not valid UTF-8 (byte " + byte + " at offset " + std::to_string(bad) + ")",
                   "give UTF-8 text (ONNX strings are UTF-8)"};
}

namespace {

}  // namespace

std::string type_names() {
  std::string out;
  for (const TypeInfo& t : kTypeTable) {
    if (!out.empty()) out += ", ";
    out += t.name;
  }
  return out;
}

std::string hex(ElementType type, uint64_t bits) {
  char buf[24];
  const unsigned w = info(type).bits;
  const int digits = w <= 8 ? 2 : static_cast<int>(w / 4);
  std::snprintf(buf, sizeof buf, "0x%0*llx", digits, static_cast<unsigned long long>(bits & bit_mask(type)));
  return buf;
}

CastOptions cast_options(const std::string& command, const ParsedArgs& parsed) {
  CastOptions o;
  std::optional<std::string> opset_text;
  for (const auto& [name, value] : parsed.options) {
    if (name == "from") {
      o.from = type_option(command, "from", value);
    } else if (name == "to") {
      o.to = type_option(command, "to", value);
    } else if (name == "saturate") {
      const auto v = parse_int64(value);
      if (!v || (*v != 0 && *v != 1))
        throw UsageError{"--saturate must be 0 or 1, got '" + value + "'",
                         "saturate=1 (the default) clamps float8 overflow, 0 gives NaN/inf"};
      o.saturate = *v;
    } else if (name == "round-mode") {
      if (!round_mode_from_name(value))
        throw UsageError{"unknown round mode '" + value + "'", "--round-mode up, down or nearest (FLOAT8E8M0 only)"};
      o.round_mode = value;
    } else if (name == "opset") {
      opset_text = value;
    } else if (name == "profile") {
      o.profile = value;
    } else if (name == "variants") {
      o.variant_spec = value;
    } else if (name == "bits") {
      o.bits = true;
    }
  }
  if (parsed.has("operator")) o.op = parse_operator(parsed.value("operator"));
  if (opset_text) o.opset = parse_opset(*opset_text, "--opset", o.op, parsed.has("newer-opset-as-newest"));
  const auto profile = ref::profile_by_name(o.profile);
  if (!profile)
    throw UsageError{"unknown profile '" + o.profile + "'", "--profile default, exact or onnx-reference"};
  o.variants = *profile;
  if (const auto error = ref::apply_variant_overrides(o.variants, o.variant_spec))
    throw UsageError{"bad --variants '" + o.variant_spec + "': " + *error,
                     "e.g. --variants A2=six,A12=exact (docs/semantics.md lists the switches)"};
  return o;
}

ref::Attributes resolve(const std::string& command, const CastOptions& o) {
  if (!o.from) throw UsageError{"missing --from TYPE", "e.g. castlike " + command + " --from FLOAT --to FLOAT8E4M3FN 0.479"};
  if (!o.to) throw UsageError{"missing --to TYPE", "e.g. castlike " + command + " --from FLOAT --to FLOAT8E4M3FN 0.479"};
  ref::CastLikeRequest request;
  request.op = o.op;
  request.input.type = *o.from;
  request.target = *o.to;
  request.opset = o.opset;
  request.saturate = o.saturate;
  request.round_mode = o.round_mode;
  const auto resolved = ref::resolve_attributes(request, o.variants);
  if (const auto* error = std::get_if<std::string>(&resolved)) {
    int needed = versions_of(o.op).front();
    for (ElementType t : {*o.from, *o.to}) {
      const auto first = first_opset_with_type(o.op, t);
      if (!first) {
        const auto cast_first = first_opset_with_type(Operator::kCast, t);
        throw UsageError{*error, "use --operator Cast --opset " + std::to_string(cast_first.value_or(kNewestKnownOpset))};
      }
      needed = std::max(needed, *first);
    }
    if (o.saturate) needed = std::max(needed, kSaturateSince);
    if (o.round_mode) needed = std::max(needed, kRoundModeSince);
    throw UsageError{*error, "use --opset " + std::to_string(needed) + " or later (the default is " +
                                std::to_string(kDefaultOpset) + ")"};
  }
  return std::get<ref::Attributes>(resolved);
}

ReadValue read_value(const std::string& command, ElementType type, const std::string& text, bool bits) {
  const std::string type_name(info(type).name);
  require_utf8("value", text);
  if (type == ElementType::kString) {
    if (bits) throw UsageError{"--bits needs a numeric source type; STRING values are text", "drop --bits"};
    return {ref::Element::of_text(text), {}};
  }
  if (bits) {
    const unsigned width = info(type).bits;
    const size_t max_digits = (width + 3) / 4;
    const bool prefixed = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    uint64_t v = 0;
    bool ok = prefixed && text.size() - 2 <= 16;
    for (size_t i = 2; ok && i < text.size(); ++i) {
      const char c = text[i];
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (d < 0) ok = false;
      else v = (v << 4) | static_cast<uint64_t>(d);
    }
    if (!ok)
      throw UsageError{"'" + text + "' is not a hex bit pattern",
                       "with --bits give 0x and up to " + std::to_string(max_digits) + " hex digits for " + type_name};
    if (width < 64 && (v >> width) != 0)
      throw UsageError{"bit pattern " + text + " does not fit in " + type_name + "'s " + std::to_string(width) + " bits",
                       "the largest " + type_name + " pattern is " + hex(type, bit_mask(type))};
    if (type == ElementType::kBool && v > 1)
      throw UsageError{"bit pattern " + text + " is not a BOOL value (BOOL holds 0x00 false and 0x01 true only)",
                       "give --bits 0x0 or 0x1"};
    return {ref::Element::of_bits(v), {}};
  }

  std::string trimmed = text;
  if (type == ElementType::kBool) {
    const std::string l = lower(text);
    if (l == "true") return {ref::Element::of_bits(1), {}};
    if (l == "false") return {ref::Element::of_bits(0), {}};
  }
  const auto exact = ref::parse_decimal(text);
  if (!exact)
    throw UsageError{"'" + text + "' is not a number (source type " + type_name + ")",
                     "give decimal or scientific text (0.479, -1e-5), inf, nan" +
                         std::string(type == ElementType::kBool ? ", true, false" : "") + ", or --bits 0x.. for a bit pattern"};
  // One rounding to nearest, no saturation, range judged on the rounded value.
  ref::Attributes a;
  a.saturate = false;
  a.round_mode = CASTLIKE_ROUND_NEAREST;
  ref::Variants v;
  v.a11 = ref::Variants::E8M0Range::kRounded;
  const ref::Result r = ref::convert_element(ElementType::kString, ref::Element::of_text(text), type, a, v);
  (void)command;

  if (is_integer(type)) {
    if (!exact->is_finite())
      throw UsageError{"'" + text + "' is not a value of " + type_name + " (" + type_name + " has no " +
                           (exact->is_nan() ? "NaN" : "infinity") + ")",
                       "give an integer " + range_text(type) + ", or --bits 0x.. for a bit pattern"};
    const ref::ExactValue back = ref::decode_element(type, r.value).value;
    const bool same = exact->is_finite() && ref::compare_magnitude(*exact, back) == 0 &&
                      (exact->is_zero() || exact->negative == back.negative);
    if (!same)
      throw UsageError{"'" + text + "' is not a value of " + type_name + " (integers " + range_text(type) + ")",
                       "give an integer in range, or --bits 0x.. for a bit pattern"};
    return {r.value, {}};
  }
  // A value the type cannot hold is not silently replaced by the conversion's stand-in (NaN into
  // a finite-only format would read as 0, infinity into FLOAT8E4M3FN as NaN, -0 into FNUZ as +0).
  if (type == ElementType::kBool && !exact->is_finite())
    throw UsageError{"'" + text + "' is not a value of BOOL (BOOL has no " +
                         std::string(exact->is_nan() ? "NaN" : "infinity") + ")",
                     "give true, false, 0 or 1"};
  if (is_float(type)) {
    const FloatFormat& f = info(type).format;
    const char* missing = exact->is_nan() && !f.has_nan()                ? "NaN"
                          : exact->is_infinity() && !f.has_infinity()    ? "infinity"
                          : exact->is_zero() && exact->negative && !f.has_negative_zero() ? "negative zero"
                                                                                           : nullptr;
    if (missing)
      throw UsageError{"'" + text + "' is not a value of " + type_name + " (" + type_name + " has no " + missing + ")",
                       "give a value the type can hold, or --bits 0x.. for a bit pattern"};
  }
  if (r.outcome == ref::OutcomeClass::kUnspecified)
    throw UsageError{"'" + text + "' is not a value of " + type_name +
                         (type == ElementType::kFloat8E8M0 ? " (FLOAT8E8M0 holds only positive powers of two)" : ""),
                     "give a value the type can hold, or --bits 0x.. for a bit pattern"};
  std::string note;
  if (type != ElementType::kBool) {
    const ref::ExactValue back = ref::decode_element(type, r.value).value;
    if (exact->is_finite() && !back.is_finite())
      note = "'" + text + "' is beyond " + type_name + "'s range and reads as " + ref::to_exact_string(back);
    else if (exact->is_finite() && ref::compare_magnitude(*exact, back) != 0)
      note = "'" + text + "' is not exactly a " + type_name + " value; it reads as the nearest one";
  } else if (exact->is_finite() && !exact->is_zero() &&
             (exact->negative || ref::compare_magnitude(*exact, ref::ExactValue::integer(1)) != 0)) {
    note = "'" + text + "' is not 0 or 1; as BOOL it reads as true";
  }
  return {r.value, note};
}

std::vector<std::string> expand_stdin(const std::vector<std::string>& values, bool keep_blank_lines) {
  std::vector<std::string> out;
  bool read = false;
  size_t from_stdin = 0;
  for (const std::string& v : values) {
    if (v != "-") {
      out.push_back(v);
      continue;
    }
    if (read) continue;  // stdin can be read once
    read = true;
    std::string line;
    while (std::getline(std::cin, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!keep_blank_lines) {
        const size_t b = line.find_first_not_of(" \t");
        if (b == std::string::npos) continue;
        line = line.substr(b, line.find_last_not_of(" \t") - b + 1);
      }
      out.push_back(line);
      ++from_stdin;
    }
    // An empty or closed stdin (a producer that failed upstream) must not read as "nothing to do".
    if (std::ferror(stdin)) throw UsageError{"cannot read standard input", "check what feeds it ('-' reads values there)"};
    if (from_stdin == 0)
      throw UsageError{"no value was read from standard input ('-' reads one per line)", "give one value per line"};
  }
  return out;
}

}  // namespace castlike::cli
