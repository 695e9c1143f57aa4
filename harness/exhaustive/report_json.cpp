// The "castlike-exhaustive-report" JSON format (vectors/schema/README.md): written by
// `castlike validate --exhaustive --format json`, read back strictly by `castlike merge-exhaustive`.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "formats/printable.hpp"
#include "maps/config_id.hpp"
#include "interval_explanation.hpp"
#include "formats/json_reader.hpp"
#include "render_exhaustive.hpp"
#include "formats/vector_file.hpp"

namespace castlike::exhaustive {
namespace {

using nlohmann::json;

json value_json(ElementType t, uint64_t bits) {
  return {{"bits", harness::format_hex_bits(bits, info(t).bits)}, {"value", value_text(t, bits)}};
}

// A STRING source's input is its position in the set (64 bits), shown with its text.
json input_json(const Call& call, uint64_t input) {
  return {{"bits", harness::format_hex_bits(input, info(call.config.from).bits)}, {"value", input_text(call, input)}};
}

json counts_json(const ConfigurationReport& c) {
  return {{"inputs", c.inputs},           {"pass", c.pass},         {"fail", c.fail},
          {"unspecified", c.unspecified}, {"rejected", c.rejected}, {"failed_calls", c.failed_calls}};
}

struct Reader {
  std::string error;
  bool fail(const std::string& what) {
    if (error.empty()) error = what;
    return false;
  }
  const json* field(const json& o, const char* key, json::value_t type, const std::string& where) {
    if (!o.is_object()) return fail(where + " is not an object"), nullptr;
    const auto it = o.find(key);
    if (it == o.end()) return fail(where + ": missing \"" + key + "\""), nullptr;
    const bool ok = type == json::value_t::number_unsigned ? it->is_number_unsigned()
                    : type == json::value_t::boolean       ? it->is_boolean()
                    : type == json::value_t::string        ? it->is_string()
                    : type == json::value_t::array         ? it->is_array()
                    : type == json::value_t::object        ? it->is_object()
                                                           : it->is_number();
    if (!ok) return fail(where + ": \"" + key + "\" has the wrong type"), nullptr;
    return &*it;
  }
  uint64_t u64(const json& o, const char* key, const std::string& where) {
    const json* v = field(o, key, json::value_t::number_unsigned, where);
    return v ? v->get<uint64_t>() : 0;
  }
  std::string str(const json& o, const char* key, const std::string& where) {
    const json* v = field(o, key, json::value_t::string, where);
    return v ? v->get<std::string>() : std::string();
  }
  uint64_t bits(const json& o, const char* key, ElementType t, const std::string& where) {
    const json* v = field(o, key, json::value_t::object, where);
    if (!v) return 0;
    const unsigned width = t == ElementType::kString ? 64 : info(t).bits;  // a STRING input: its position
    const auto b = harness::parse_hex_bits(str(*v, "bits", where + "." + key), width);
    if (!b) fail(where + "." + key + ": bits are not a hex pattern of " + std::string(info(t).name));
    return b.value_or(0);
  }
};

// A configuration's shape pass: its counts, wrong elements by position, the kept ones with the
// call's length and offsets.
json shape_pass_json(const Call& c, const ShapePassReport& s) {
  json failures = json::array();
  for (const ShapeFailure& f : s.failures)
    failures.push_back({{"position", f.position},
                        {"input", input_json(c, f.input)},
                        {"length", f.shape.length},
                        {"input_offset", f.shape.input_offset},
                        {"output_offset", f.shape.output_offset},
                        {"in_place", f.shape.in_place},
                        {"element", f.element},
                        {"rule", std::string(ref::rule_name(f.rule))},
                        {"outcome", std::string(ref::outcome_name(f.outcome))},
                        {"expected", value_json(c.config.to, f.expected)},
                        {"actual", value_json(c.config.to, f.actual)},
                        {"call", f.shape.description()},
                        {"reproduce", explain_command(c, f.input)}});
  return {{"decisive_inputs", s.decisive},
          {"calls", s.calls.calls},
          {"elements", s.calls.elements},
          {"fail", s.calls.fail},
          {"failed_calls", s.calls.failed_calls},
          {"by_position", s.calls.fail_by_position},
          {"failures", failures},
          {"first_call_problem", s.calls.first_call_problem},
          {"in_place", s.calls.in_place},
          {"seconds", s.seconds},
          {"ok", s.ok()}};
}

}  // namespace

std::string exhaustive_json(const ExhaustiveReport& r) {
  json configs = json::array();
  for (const ConfigurationReport& c : r.configurations) {
    const Configuration& k = c.call.config;
    json intervals = json::array();
    for (const Interval& i : c.intervals) {
      intervals.push_back({{"first", input_json(c.call, i.first)},
                           {"last", input_json(c.call, i.last)},
                           {"count", i.count},
                           {"rule", std::string(ref::rule_name(i.rule))},
                           {"outcome", std::string(ref::outcome_name(i.outcome))},
                           {"expected", value_json(k.to, i.expected)},
                           {"actual", value_json(k.to, i.actual)},
                           {"last_expected", value_json(k.to, i.last_expected)},
                           {"last_actual", value_json(k.to, i.last_actual)},
                           {"readings", i.readings},
                           {"reproduce", explain_command(c.call, i.first)}});
      if (!i.pattern_class.empty()) intervals.back()["class"] = i.pattern_class;
      if (!i.position.empty()) intervals.back()["position"] = i.position;
    }
    json failed = json::array();
    for (const CallFailureRange& f : c.call_failures)
      failed.push_back({{"first", f.first}, {"last", f.last}, {"kind", f.kind}, {"message", f.message}});
    json rejected = json::array();
    for (const RejectionRange& j : c.rejections)
      rejected.push_back({{"first", j.first}, {"last", j.last}, {"message", j.message}});
    json by_rule = json::object();
    for (const auto& [rule, n] : c.fail_by_rule) by_rule[std::string(ref::rule_name(rule))] = n;
    json cj = {{"id", configuration_id(k)},
               {"source", std::string(info(k.from).name)},
               {"destination", std::string(info(k.to).name)},
               {"operator", std::string(operator_name(c.call.op))},
               {"opset", c.call.opset},
               {"saturate", c.call.saturate ? json(*c.call.saturate) : json(nullptr)},
               {"round_mode", c.call.round_mode ? json(*c.call.round_mode) : json(nullptr)},
               {"counts", counts_json(c)},
               {"fail_by_rule", by_rule},
               {"ok", c.ok()},
               {"not_covered", r.excused(c)},
               {"intervals", intervals},
               {"intervals_truncated", c.truncated},
               {"failed_calls", failed},
               {"rejections", rejected}};
    if (c.shapes.ran) cj["shapes"] = shape_pass_json(c.call, c.shapes);
    if (r.digests) {
      json pieces = json::array();
      for (const PieceDigest& p : c.pieces) pieces.push_back({{"first", p.first}, {"last", p.last}, {"sha256", p.sha256}});
      cj["pieces"] = pieces;
      if (!r.shard) cj["outputs_sha256"] = outputs_digest(c.pieces);
    }
    configs.push_back(cj);
  }
  json refused = json::array();
  for (const auto& [id, why] : r.refused) refused.push_back({{"id", id}, {"reason", why}});
  json doc = {{"format", "castlike-exhaustive-report"},
              {"version", kExhaustiveReportVersion},
              {"implementation", {{"name", r.implementation}, {"description", r.description}}},
              {"selection",
               {{"configurations", r.selection},
                {"range", r.range ? json::array({r.range->first, r.range->second}) : json(nullptr)},
                {"sha256", r.selection_sha256}}},
              {"shard", r.shard ? json{{"index", r.shard->index}, {"count", r.shard->count}} : json(nullptr)},
              {"batch", r.batch},
              {"jobs", r.jobs},
              {"seconds", r.seconds},
              {"ok", r.ok()},
              {"counts", counts_json(r.totals())},
              {"configurations", configs},
              {"not_judged", refused}};
  if (!r.rerun.empty()) doc["rerun"] = r.rerun;
  if (r.require_all) doc["require_pairs"] = "all";
  else if (!r.required_pairs.empty()) doc["require_pairs"] = r.required_pairs;
  if (r.shapes_ran)
    doc["shapes"] = {{"line", harness::shapes_line(r.shapes_in_place)},
                     {"value_seconds", r.value_seconds},
                     {"shape_seconds", r.shape_seconds}};
  return doc.dump(1) + "\n";
}

namespace {

std::variant<ExhaustiveReport, std::string> report_from_document(const json& doc) {
  Reader rd;
  ExhaustiveReport r;
  if (rd.str(doc, "format", "report") != "castlike-exhaustive-report")
    return rd.error.empty() ? "not a castlike-exhaustive-report" : rd.error;
  if (rd.u64(doc, "version", "report") != kExhaustiveReportVersion)
    return rd.error.empty() ? "version is not " + std::to_string(kExhaustiveReportVersion) : rd.error;
  if (const json* impl = rd.field(doc, "implementation", json::value_t::object, "report")) {
    r.implementation = rd.str(*impl, "name", "implementation");
    r.description = rd.str(*impl, "description", "implementation");
  }
  if (doc.contains("require_pairs")) {  // --require-pairs: "all" or the pairs
    const json& req = doc["require_pairs"];
    if (req.is_string() && req.get<std::string>() == "all") r.require_all = true;
    else if (req.is_array() && std::all_of(req.begin(), req.end(), [](const json& p) { return p.is_string(); }))
      for (const json& p : req) r.required_pairs.insert(p.get<std::string>());
    else return std::string("report: \"require_pairs\" must be \"all\" or an array of pairs");
  }
  if (const json* sel = rd.field(doc, "selection", json::value_t::object, "report")) {
    r.selection_sha256 = rd.str(*sel, "sha256", "selection");
    if (const json* ids = rd.field(*sel, "configurations", json::value_t::array, "selection"))
      for (const json& id : *ids) {
        if (!id.is_string()) return std::string("selection.configurations holds a non-string");
        r.selection.push_back(id.get<std::string>());
      }
    const auto range = sel->find("range");
    if (range == sel->end()) return std::string("selection: missing \"range\"");
    if (!range->is_null()) {
      if (!range->is_array() || range->size() != 2 || !(*range)[0].is_number_unsigned() ||
          !(*range)[1].is_number_unsigned())
        return std::string("selection.range is not [first, last]");
      r.range = std::make_pair((*range)[0].get<uint64_t>(), (*range)[1].get<uint64_t>());
    }
  }
  const auto shard = doc.find("shard");
  if (shard == doc.end()) return std::string("report: missing \"shard\"");
  if (!shard->is_null()) {
    const uint64_t index = rd.u64(*shard, "index", "shard"), count = rd.u64(*shard, "count", "shard");
    if (count == 0 || index >= count || count > 1000000) return std::string("shard: index/count out of range");
    r.shard = Shard{static_cast<unsigned>(index), static_cast<unsigned>(count)};
  }
  r.batch = rd.u64(doc, "batch", "report");
  r.jobs = static_cast<unsigned>(rd.u64(doc, "jobs", "report"));
  if (const json* s = rd.field(doc, "seconds", json::value_t::number_float, "report")) r.seconds = s->get<double>();
  if (doc.contains("rerun") && doc["rerun"].is_string()) r.rerun = doc["rerun"].get<std::string>();
  if (const json* cs = rd.field(doc, "configurations", json::value_t::array, "report")) {
    for (const json& cj : *cs) {
      const std::string id = rd.str(cj, "id", "configuration");
      const auto config = parse_configuration_id(id);
      if (!config) return rd.error.empty() ? "unknown configuration id '" + id + "'" : rd.error;
      const std::string where = "configuration " + id;
      ConfigurationReport c;
      c.call.config = *config;
      const json* opset = rd.field(cj, "opset", json::value_t::number_unsigned, where);
      if (opset) c.call.opset = opset->get<int>();
      if (cj.contains("operator")) {  // reports written before Cast was judged have none: CastLike
        const auto op = cj["operator"].is_string() ? operator_from_name(cj["operator"].get<std::string>()) : std::nullopt;
        if (!op) return where + ": \"operator\" must be \"Cast\" or \"CastLike\"";
        c.call.op = *op;
      }
      if (cj.contains("saturate") && cj["saturate"].is_number_unsigned()) c.call.saturate = cj["saturate"].get<int64_t>();
      if (cj.contains("round_mode") && cj["round_mode"].is_string()) c.call.round_mode = cj["round_mode"].get<std::string>();
      if (const json* k = rd.field(cj, "counts", json::value_t::object, where)) {
        c.inputs = rd.u64(*k, "inputs", where), c.pass = rd.u64(*k, "pass", where), c.fail = rd.u64(*k, "fail", where);
        c.unspecified = rd.u64(*k, "unspecified", where), c.rejected = rd.u64(*k, "rejected", where);
        c.failed_calls = rd.u64(*k, "failed_calls", where);
      }
      if (const json* t = rd.field(cj, "intervals_truncated", json::value_t::boolean, where)) c.truncated = t->get<bool>();
      if (const json* is = rd.field(cj, "intervals", json::value_t::array, where))
        for (const json& ij : *is) {
          Interval i;
          i.first = rd.bits(ij, "first", config->from, where), i.last = rd.bits(ij, "last", config->from, where);
          i.count = rd.u64(ij, "count", where);
          i.expected = rd.bits(ij, "expected", config->to, where), i.actual = rd.bits(ij, "actual", config->to, where);
          i.last_expected = rd.bits(ij, "last_expected", config->to, where);
          i.last_actual = rd.bits(ij, "last_actual", config->to, where);
          const auto rule = ref::rule_from_name(rd.str(ij, "rule", where));
          const auto outcome = ref::outcome_from_name(rd.str(ij, "outcome", where));
          if (!rule || !outcome) return rd.error.empty() ? where + ": unknown rule or outcome" : rd.error;
          i.rule = *rule, i.outcome = *outcome;
          if (ij.contains("class")) {  // a structured set's failing class: its patterns need not be consecutive
            i.pattern_class = rd.str(ij, "class", where);
            if (i.last < i.first || i.count == 0) return where + ": a failing class's ends or count are wrong";
          } else if (i.last < i.first || i.count != i.last - i.first + 1) {
            return where + ": an interval's count is not its length";
          }
          c.intervals.push_back(i);
        }
      // Reports written before the per-rule counts have none: the kept intervals' counts then
      // (exact unless the intervals were truncated).
      if (cj.contains("fail_by_rule")) {
        if (const json* br = rd.field(cj, "fail_by_rule", json::value_t::object, where))
          for (const auto& item : br->items()) {
            const auto rule = ref::rule_from_name(item.key());
            if (!rule || !item.value().is_number_unsigned())
              return where + ": \"fail_by_rule\" must map rule ids to counts";
            c.fail_by_rule[*rule] = item.value().get<uint64_t>();
          }
      } else {
        for (const Interval& i : c.intervals) c.fail_by_rule[i.rule] += i.count;
      }
      uint64_t by_rule_total = 0;
      for (const auto& [rule, n] : c.fail_by_rule) by_rule_total += n;
      if (rd.error.empty() && !c.truncated && by_rule_total != c.fail)
        return where + ": the failures per rule do not add up to \"fail\"";
      if (const json* fs = rd.field(cj, "failed_calls", json::value_t::array, where))
        for (const json& fj : *fs)
          c.call_failures.push_back({rd.u64(fj, "first", where), rd.u64(fj, "last", where), rd.str(fj, "kind", where),
                                     rd.str(fj, "message", where)});
      if (const json* js = rd.field(cj, "rejections", json::value_t::array, where))
        for (const json& jj : *js)
          c.rejections.push_back({rd.u64(jj, "first", where), rd.u64(jj, "last", where), rd.str(jj, "message", where)});
      if (cj.contains("pieces")) {
        r.digests = true;
        if (const json* ps = rd.field(cj, "pieces", json::value_t::array, where))
          for (const json& pj : *ps)
            c.pieces.push_back({rd.u64(pj, "first", where), rd.u64(pj, "last", where), rd.str(pj, "sha256", where)});
      }
      if (!rd.error.empty()) return rd.error;
      r.configurations.push_back(std::move(c));
    }
  }
  if (const json* ns = rd.field(doc, "not_judged", json::value_t::array, "report"))
    for (const json& nj : *ns) r.refused.emplace_back(rd.str(nj, "id", "not_judged"), rd.str(nj, "reason", "not_judged"));
  if (!rd.error.empty()) return rd.error;
  return r;
}

}  // namespace

std::variant<ExhaustiveReport, std::string> exhaustive_from_json(const std::string& text) {
  auto parsed = harness::parse_json(text);
  if (const auto* p = std::get_if<harness::JsonProblem>(&parsed)) {
    // The parser's own message names the line and column of malformed JSON.
    if (p->malformed) return harness::printable("not JSON: " + p->message);
    const std::string at = p->offset ? "line " + std::to_string(harness::line_of_offset(text, *p->offset)) + ": " : "";
    return harness::printable(at + p->message);
  }
  auto report = report_from_document(std::get<json>(parsed));
  if (auto* error = std::get_if<std::string>(&report)) *error = harness::printable(*error);
  return report;
}

}  // namespace castlike::exhaustive
