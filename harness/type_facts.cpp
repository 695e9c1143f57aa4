// `castlike types`: the type table and what follows from it. Nothing here is a fact of its own:
// each field is a row's field, a predicate of type_table.hpp, the reference's decoding of a bit
// pattern, or (which attributes a destination reads) the exhaustive configurations, the one list
// of attribute combinations that can change a result.
#include "type_facts.hpp"

#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "castlike/type_table.hpp"
#include "maps/derive.hpp"
#include "reference/round.hpp"

namespace castlike::harness {
namespace {

using nlohmann::ordered_json;

const char* kind_name(TypeClass c) {
  switch (c) {
    case TypeClass::kFloat: return "float";
    case TypeClass::kSignedInt: return "signed";
    case TypeClass::kUnsignedInt: return "unsigned";
    case TypeClass::kBool: return "bool";
    case TypeClass::kString: return "string";
  }
  return "?";
}

const char* encoding_name(SpecialEncoding e) {
  switch (e) {
    case SpecialEncoding::kIeee: return "ieee";
    case SpecialEncoding::kFiniteNanOnes: return "fn";
    case SpecialEncoding::kFnuz: return "fnuz";
    case SpecialEncoding::kFiniteOnly: return "finite-only";
    case SpecialEncoding::kExponentOnly: return "exponent-only";
  }
  return "?";
}

std::string hex_bits(const TypeInfo& t, uint64_t bits) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%0*llx", static_cast<int>((t.bits + 3) / 4), static_cast<unsigned long long>(bits));
  return text;
}

ordered_json value_of(const TypeInfo& t, uint64_t bits) {
  return {{"bits", hex_bits(t, bits)}, {"value", ref::to_exact_string(ref::decode_float(t.format, bits))}};
}

// The attributes a destination reads where its operator version has them: those whose settings
// make distinct exhaustive configurations into that destination.
struct Reads {
  bool saturate = false;
  bool round_mode = false;
};
std::map<ElementType, Reads> attributes_read() {
  std::map<ElementType, std::set<bool>> saturates;
  std::map<ElementType, std::set<int>> modes;
  for (const exhaustive::Configuration& c : exhaustive::all_configurations()) {
    saturates[c.to].insert(c.attributes.saturate);
    modes[c.to].insert(static_cast<int>(c.attributes.round_mode));
  }
  std::map<ElementType, Reads> out;
  for (const TypeInfo& t : kTypeTable) out[t.type] = {saturates[t.type].size() > 1, modes[t.type].size() > 1};
  return out;
}

// The opsets at which version `index` of `op` is in force: [version, next version - 1], the newest
// up to kNewestKnownOpset.
std::pair<int, int> opsets_of(const OperatorVersions& versions, size_t index) {
  const int last = index + 1 < versions.count ? versions.first[index + 1] - 1 : kNewestKnownOpset;
  return {versions.first[index], last};
}

ordered_json attribute_list(const Reads& reads, int version) {
  ordered_json out = ordered_json::array();
  if (reads.saturate && saturate_in_version(version)) out.push_back("saturate");
  if (reads.round_mode && round_mode_in_version(version)) out.push_back("round_mode");
  return out;
}

ordered_json type_row(const TypeInfo& t, const Reads& reads) {
  ordered_json j;
  j["name"] = t.name;
  j["onnx"] = static_cast<int>(t.type);
  j["numpy"] = t.numpy_name;
  j["kind"] = kind_name(t.type_class);
  j["bits"] = t.bits;
  j["signed"] = t.type_class == TypeClass::kSignedInt || (is_float(t.type) && t.format.has_sign);
  j["float8_family"] = is_float8_family(t.type);
  j["narrow_float"] = is_narrow_float(t.type);
  j["packed"] = is_packed(t.type);
  if (t.bits) {
    const PackingGroup g = packing_group(t.type);
    j["packing"] = {{"elements", g.elements}, {"bytes", g.bytes}};
  } else {
    j["packing"] = nullptr;
  }
  if (is_float(t.type)) {
    const FloatFormat& f = t.format;
    j["float"] = {{"exponent_bits", f.exponent_bits},
                  {"mantissa_bits", f.mantissa_bits},
                  {"bias", f.bias},
                  {"encoding", encoding_name(f.special)},
                  {"finite_only", !f.has_nan() && !f.has_infinity()},
                  {"has_nan", f.has_nan()},
                  {"has_infinity", f.has_infinity()},
                  {"has_negative_zero", f.has_negative_zero()},
                  {"max", value_of(t, ref::max_finite_bits(f, false))},
                  {"smallest_subnormal", f.mantissa_bits ? value_of(t, 1) : ordered_json(nullptr)}};
  } else {
    j["float"] = nullptr;
  }
  j["since_version"] = t.since_version;
  ordered_json operators = ordered_json::object();
  for (const Operator op : kOperators) {
    const OperatorVersions versions = versions_of(op);
    ordered_json per_version = ordered_json::array();
    for (size_t i = 0; i < versions.count; ++i) {
      const int v = versions.first[i];
      if (!type_in_version(t.type, v)) continue;
      const auto [first, last] = opsets_of(versions, i);
      per_version.push_back({{"version", v}, {"opsets", {first, last}}, {"destination_reads", attribute_list(reads, v)}});
    }
    const auto first = first_opset_with_type(op, t.type);
    operators[std::string(operator_name(op))] = {
        {"first_opset", first ? ordered_json(*first) : ordered_json(nullptr)},
        {"opsets", first ? ordered_json{*first, kNewestKnownOpset} : ordered_json(nullptr)},
        {"versions", per_version}};
  }
  j["operators"] = operators;
  return j;
}

// Each operator version with its opsets, how many types it lists and so how many (from, to) pairs.
ordered_json operator_rows() {
  ordered_json out = ordered_json::object();
  for (const Operator op : kOperators) {
    const OperatorVersions versions = versions_of(op);
    ordered_json rows = ordered_json::array();
    for (size_t i = 0; i < versions.count; ++i) {
      size_t types = 0;
      for (const TypeInfo& t : kTypeTable) types += type_in_version(t.type, versions.first[i]);
      const auto [first, last] = opsets_of(versions, i);
      rows.push_back({{"version", versions.first[i]},
                      {"opsets", {first, last}},
                      {"saturate", saturate_in_version(versions.first[i])},
                      {"round_mode", round_mode_in_version(versions.first[i])},
                      {"types", types},
                      {"pairs", types * types}});
    }
    out[std::string(operator_name(op))] = rows;
  }
  return out;
}

}  // namespace

std::string type_facts_json() {
  const auto reads = attributes_read();
  ordered_json j;
  j["format"] = "castlike-types";
  j["format_version"] = 1;
  j["newest_opset"] = kNewestKnownOpset;
  j["type_count"] = kTypeTable.size();
  j["pairs"] = kTypeTable.size() * kTypeTable.size();
  j["exhaustive_configurations"] = exhaustive::all_configurations().size();
  j["operators"] = operator_rows();
  j["types"] = ordered_json::array();
  for (const TypeInfo& t : kTypeTable) j["types"].push_back(type_row(t, reads.at(t.type)));
  return j.dump(2) + "\n";
}

std::string type_facts_text() {
  const auto reads = attributes_read();
  std::ostringstream out;
  const auto first = [](Operator op, ElementType t) {
    const auto o = first_opset_with_type(op, t);
    return o ? std::to_string(*o) : std::string("none");
  };
  char line[160];
  const char* const kRow = "%2s %-14s %-15s %-20s %-4s %-8s %s\n";
  std::snprintf(line, sizeof line, kRow, "", "name", "numpy", "bits format", "Cast", "CastLike", "reads");
  out << line;
  for (const TypeInfo& t : kTypeTable) {
    std::string format = std::to_string(t.bits) + " " + kind_name(t.type_class);
    if (is_float(t.type))
      format = std::to_string(t.bits) + " E" + std::to_string(t.format.exponent_bits) + "M" + std::to_string(t.format.mantissa_bits) + " " +
               encoding_name(t.format.special);
    const Reads& r = reads.at(t.type);
    const std::string read = r.saturate && r.round_mode ? "sat,round" : r.saturate ? "sat" : r.round_mode ? "round" : "";
    std::snprintf(line, sizeof line, kRow, std::to_string(static_cast<int>(t.type)).c_str(), std::string(t.name).c_str(),
                  std::string(t.numpy_name).c_str(), format.c_str(),
                  first(Operator::kCast, t.type).c_str(), first(Operator::kCastLike, t.type).c_str(), read.c_str());
    std::string row = line;
    while (row.size() > 1 && row[row.size() - 2] == ' ') row.erase(row.size() - 2, 1);  // no trailing blanks
    out << row;
  }
  return out.str();
}

}  // namespace castlike::harness
