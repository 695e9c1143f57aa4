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
          {"phases_left_out", s.calls.phases_left_out},
          {"seconds", s.seconds},
          {"ok", s.ok()}};
}

}  // namespace

std::string exhaustive_json(const ExhaustiveReport& r) {
  json configs = json::array();
  for (const ConfigurationReport& c : r.configurations) {
    const Configuration& k = c.call.config;
    // Classes: the kept intervals merged by what explains them, in order of first appearance.
    json classes = json::array();
    {
      std::vector<const Interval*> heads;
      std::vector<std::pair<uint64_t, uint64_t>> sums;  // intervals, inputs
      for (const Interval& i : c.intervals) {
        const auto same = [&](const Interval* h) {
          return h->rule == i.rule && h->outcome == i.outcome && h->readings == i.readings &&
                 h->pattern_class == i.pattern_class;
        };
        const auto it = std::find_if(heads.begin(), heads.end(), same);
        if (it == heads.end()) {
          heads.push_back(&i);
          sums.emplace_back(1, i.count);
        } else {
          auto& s = sums[static_cast<size_t>(it - heads.begin())];
          ++s.first, s.second += i.count;
        }
      }
      for (size_t h = 0; h < heads.size(); ++h) {
        const Interval& i = *heads[h];
        classes.push_back({{"rule", std::string(ref::rule_name(i.rule))},
                           {"outcome", std::string(ref::outcome_name(i.outcome))},
                           {"readings", i.readings},
                           {"intervals", sums[h].first},
                           {"inputs", sums[h].second},
                           {"first", input_json(c.call, i.first)},
                           {"expected", value_json(k.to, i.expected)},
                           {"actual", value_json(k.to, i.actual)},
                           {"reproduce", explain_command(c.call, i.first)}});
        if (!i.pattern_class.empty()) classes.back()["class"] = i.pattern_class;
      }
    }
    json intervals = json::array();
    const size_t listed = std::min(c.intervals.size(), r.json_intervals);
    for (size_t n = 0; n < listed; ++n) {
      const Interval& i = c.intervals[n];
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
    // The right outputs just outside the intervals: merge-exhaustive refuses a reading they
    // contradict across shards as the engine does within one run.
    json neighbours = json::array();
    for (const auto& [x, got] : c.right_neighbours)
      neighbours.push_back({{"input", input_json(c.call, x)}, {"actual", value_json(k.to, got.first)},
                            {"rule", std::string(ref::rule_name(got.second))}});
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
               {"classes", classes},
               {"intervals", intervals},
               {"intervals_kept", c.intervals.size()},
               // Fewer listed than kept reads back as truncated (merge-exhaustive's fail check).
               {"intervals_truncated", c.truncated || listed < c.intervals.size()},
               {"right_neighbours", neighbours},
               {"failed_calls", failed},
               {"rejections", rejected}};
    if (c.outside_declared) cj["outside_declared_coverage"] = true;
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
              {"caps",
               {{"intervals_kept_per_configuration", r.max_intervals},
                {"intervals_listed_per_configuration", r.json_intervals},
                {"note", "classes merge every kept interval; intervals lists the first ones "
                         "(--max-intervals, --json-intervals)"}}},
              {"configurations", configs},
              {"not_judged", refused}};
  if (!r.rerun.empty()) doc["rerun"] = r.rerun;
  doc["coverage"] = r.coverage_declared ? "declared" : "inferred";
  if (r.require_all) doc["require_pairs"] = "all";
  else if (!r.required_pairs.empty()) doc["require_pairs"] = r.required_pairs;
  if (r.shapes_ran)
    doc["shapes"] = {{"line", harness::shapes_line(r.shapes_in_place)},
                     {"phases_left_out", r.shapes_phases_left_out},
                     {"value_seconds", r.value_seconds},
                     {"shape_seconds", r.shape_seconds}};
  return doc.dump(1) + "\n";
}

namespace {

// A configuration's shape pass as shape_pass_json() writes it (the first shard's: merge-exhaustive
// carries it into the merged report).
ShapePassReport shape_pass_from_json(Reader& rd, const json& sj, const Configuration& config, const std::string& where) {
  ShapePassReport s;
  s.ran = true;
  s.decisive = rd.u64(sj, "decisive_inputs", where);
  s.calls.calls = rd.u64(sj, "calls", where);
  s.calls.elements = rd.u64(sj, "elements", where);
  s.calls.fail = rd.u64(sj, "fail", where);
  s.calls.failed_calls = rd.u64(sj, "failed_calls", where);
  s.calls.first_call_problem = rd.str(sj, "first_call_problem", where);
  if (const json* p = rd.field(sj, "in_place", json::value_t::boolean, where)) s.calls.in_place = p->get<bool>();
  if (sj.contains("phases_left_out"))
    if (const json* p = rd.field(sj, "phases_left_out", json::value_t::boolean, where))
      s.calls.phases_left_out = p->get<bool>();
  if (const json* t = rd.field(sj, "seconds", json::value_t::number_float, where)) s.seconds = t->get<double>();
  if (const json* bp = rd.field(sj, "by_position", json::value_t::object, where))
    for (const auto& item : bp->items()) {
      if (!item.value().is_number_unsigned()) {
        rd.fail(where + ": \"by_position\" must map positions to counts");
        return s;
      }
      s.calls.fail_by_position[item.key()] = item.value().get<uint64_t>();
    }
  if (const json* fs = rd.field(sj, "failures", json::value_t::array, where))
    for (const json& fj : *fs) {
      ShapeFailure f;
      f.position = rd.str(fj, "position", where);
      f.input = rd.bits(fj, "input", config.from, where);
      f.shape.length = rd.u64(fj, "length", where);
      f.shape.input_offset = rd.u64(fj, "input_offset", where);
      f.shape.output_offset = rd.u64(fj, "output_offset", where);
      if (const json* p = rd.field(fj, "in_place", json::value_t::boolean, where)) f.shape.in_place = p->get<bool>();
      f.element = rd.u64(fj, "element", where);
      f.expected = rd.bits(fj, "expected", config.to, where);
      f.actual = rd.bits(fj, "actual", config.to, where);
      const auto rule = ref::rule_from_name(rd.str(fj, "rule", where));
      const auto outcome = ref::outcome_from_name(rd.str(fj, "outcome", where));
      if (!rule || !outcome) {
        if (rd.error.empty()) rd.fail(where + ": a shape failure's rule or outcome is unknown");
        return s;
      }
      f.rule = *rule, f.outcome = *outcome;
      s.failures.push_back(f);
    }
  return s;
}

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
  // Reports written before coverage could be declared have none: inferred.
  if (doc.contains("coverage")) {
    const json& cov = doc["coverage"];
    if (!cov.is_string() || (cov.get<std::string>() != "declared" && cov.get<std::string>() != "inferred"))
      return std::string("report: \"coverage\" must be \"declared\" or \"inferred\"");
    r.coverage_declared = cov.get<std::string>() == "declared";
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
  if (doc.contains("shapes")) {  // the shape pass ran (in this shard, or in the first one)
    if (const json* sj = rd.field(doc, "shapes", json::value_t::object, "report")) {
      r.shapes_ran = true;
      if (const json* v = rd.field(*sj, "value_seconds", json::value_t::number_float, "shapes")) r.value_seconds = v->get<double>();
      if (const json* v = rd.field(*sj, "shape_seconds", json::value_t::number_float, "shapes")) r.shape_seconds = v->get<double>();
    }
  }
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
          if (ij.contains("position")) i.position = rd.str(ij, "position", where);
          c.intervals.push_back(i);
        }
      if (cj.contains("right_neighbours"))  // reports written before the contradiction check have none
        if (const json* ns = rd.field(cj, "right_neighbours", json::value_t::array, where))
          for (const json& nj : *ns) {
            const auto rule = ref::rule_from_name(rd.str(nj, "rule", where));
            if (!rule) return rd.error.empty() ? where + ": unknown rule of a right neighbour" : rd.error;
            c.right_neighbours[rd.bits(nj, "input", config->from, where)] = {rd.bits(nj, "actual", config->to, where),
                                                                             *rule};
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
      if (cj.contains("outside_declared_coverage")) {
        if (!cj["outside_declared_coverage"].is_boolean())
          return where + ": \"outside_declared_coverage\" must be true or false";
        c.outside_declared = cj["outside_declared_coverage"].get<bool>();
      }
      if (const json* js = rd.field(cj, "rejections", json::value_t::array, where))
        for (const json& jj : *js)
          c.rejections.push_back({rd.u64(jj, "first", where), rd.u64(jj, "last", where), rd.str(jj, "message", where)});
      if (cj.contains("pieces")) {
        r.digests = true;
        if (const json* ps = rd.field(cj, "pieces", json::value_t::array, where))
          for (const json& pj : *ps)
            c.pieces.push_back({rd.u64(pj, "first", where), rd.u64(pj, "last", where), rd.str(pj, "sha256", where)});
      }
      if (cj.contains("shapes")) {
        if (const json* sj = rd.field(cj, "shapes", json::value_t::object, where))
          c.shapes = shape_pass_from_json(rd, *sj, *config, where + ".shapes");
        r.shapes_in_place = r.shapes_in_place || c.shapes.calls.in_place;
        r.shapes_phases_left_out = r.shapes_phases_left_out || c.shapes.calls.phases_left_out;
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
