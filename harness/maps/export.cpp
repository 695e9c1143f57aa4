#include "export.hpp"

#include <nlohmann/json.hpp>
#include <set>

namespace castlike::exhaustive {

using nlohmann::json;

std::string to_json(const Map& map) {
  const Configuration& c = map.config;
  json runs = json::array();
  for (const Run& r : map.runs) {
    json a = json::array({r.first, r.last, r.base, r.step, std::string(ref::outcome_name(r.outcome)),
                          std::string(ref::rule_name(r.rule)), r.nan_sign_matters});
    if (r.staircase != Staircase::kAffine) {
      a.push_back(std::string(staircase_name(r.staircase)));
      a.push_back(r.shift);
      a.push_back(r.offset);
    }
    runs.push_back(std::move(a));
  }
  json doc = {{"format", "castlike-exhaustive-map"},
              {"version", kMapFormatVersion},
              {"source", std::string(info(c.from).name)},
              {"destination", std::string(info(c.to).name)},
              {"saturate", c.attributes.saturate ? 1 : 0},
              {"round_mode", std::string(round_mode_name(c.attributes.round_mode))},
              {"source_bits", info(c.from).bits},
              {"destination_bits", info(c.to).bits},
              {"runs", std::move(runs)}};
  return doc.dump() + "\n";
}

namespace {

const json& need(const json& doc, const char* key, json::value_t type) {
  const auto it = doc.find(key);
  if (it == doc.end()) throw std::runtime_error(std::string("missing key \"") + key + "\"");
  const bool number_ok = type == json::value_t::number_unsigned && it->is_number_unsigned();
  if (!number_ok && it->type() != type) throw std::runtime_error(std::string("key \"") + key + "\" has the wrong type");
  return *it;
}

uint64_t unsigned_at(const json& a, size_t i, const std::string& at) {
  if (!a[i].is_number_unsigned()) throw std::runtime_error(at + "field " + std::to_string(i) + " is not an unsigned integer");
  return a[i].get<uint64_t>();
}

}  // namespace

std::variant<Map, std::string> from_json(const std::string& text) {
  try {
    const json doc = json::parse(text);
    if (!doc.is_object()) return std::string("not a JSON object");
    static const std::set<std::string> kKeys = {"format", "version", "source", "destination", "saturate",
                                                "round_mode", "source_bits", "destination_bits", "runs"};
    for (const auto& [k, v] : doc.items())
      if (!kKeys.count(k)) return "unknown key \"" + k + "\"";
    if (need(doc, "format", json::value_t::string) != "castlike-exhaustive-map") return std::string("not a castlike map");
    const uint64_t version = need(doc, "version", json::value_t::number_unsigned).get<uint64_t>();
    if (version < 1 || version > kMapFormatVersion) return std::string("unsupported version");
    Map m;
    const auto from = type_from_name(need(doc, "source", json::value_t::string).get<std::string>());
    const auto to = type_from_name(need(doc, "destination", json::value_t::string).get<std::string>());
    if (!from || !to || *from == ElementType::kString || *to == ElementType::kString)
      return std::string("unknown or non-numeric source/destination type");
    const uint64_t sat = need(doc, "saturate", json::value_t::number_unsigned).get<uint64_t>();
    if (sat > 1) return std::string("saturate must be 0 or 1");
    const auto mode = round_mode_from_name(need(doc, "round_mode", json::value_t::string).get<std::string>());
    if (!mode) return std::string("unknown round_mode");
    m.config = {*from, *to, {sat == 1, *mode}};
    if (need(doc, "source_bits", json::value_t::number_unsigned).get<uint64_t>() != info(*from).bits ||
        need(doc, "destination_bits", json::value_t::number_unsigned).get<uint64_t>() != info(*to).bits)
      return std::string("source_bits/destination_bits do not match the types");
    const json& runs = need(doc, "runs", json::value_t::array);
    m.runs.reserve(runs.size());
    for (size_t i = 0; i < runs.size(); ++i) {
      const json& a = runs[i];
      const std::string at = "run " + std::to_string(i) + ": ";
      if (!a.is_array() || !(a.size() == 7 || (a.size() == 10 && version >= 2)))
        return at + (version >= 2 ? "not an array of 7 or 10 fields" : "not an array of 7 fields");
      Run r;
      r.first = unsigned_at(a, 0, at), r.last = unsigned_at(a, 1, at);
      r.base = unsigned_at(a, 2, at), r.step = unsigned_at(a, 3, at);
      if (!a[4].is_string() || !a[5].is_string() || !a[6].is_boolean()) return at + "outcome/rule/nan_sign types";
      const auto outcome = ref::outcome_from_name(a[4].get<std::string>());
      const auto rule = ref::rule_from_name(a[5].get<std::string>());
      if (!outcome) return at + "unknown outcome \"" + a[4].get<std::string>() + "\"";
      if (!rule) return at + "unknown rule \"" + a[5].get<std::string>() + "\"";
      r.outcome = *outcome, r.rule = *rule, r.nan_sign_matters = a[6].get<bool>();
      if (a.size() == 10) {
        if (!a[7].is_string()) return at + "staircase is not a string";
        if (a[7] == "floor") r.staircase = Staircase::kFloor;
        else if (a[7] == "alternating") r.staircase = Staircase::kAlternating;
        else return at + "unknown staircase \"" + a[7].get<std::string>() + "\"";
        const uint64_t shift = unsigned_at(a, 8, at);
        if (shift > 63) return at + "staircase shift outside 1..31";
        r.shift = static_cast<uint32_t>(shift), r.offset = unsigned_at(a, 9, at);
      }
      m.runs.push_back(r);
    }
    if (std::string why = check_structure(m); !why.empty()) return why;
    return m;
  } catch (const std::exception& e) {
    return std::string("invalid map: ") + e.what();
  }
}

}  // namespace castlike::exhaustive
