// The JSON report ("castlike-validation-report", format_version 1): what scripts (validate-peers,
// check-known-discrepancies) read.
#include <nlohmann/json.hpp>

#include "formats/printable.hpp"
#include "judging/shape_calls.hpp"
#include "judging/baseline.hpp"
#include "castlike/packing.hpp"
#include "reference/decimal.hpp"
#include "reference/text_read_back.hpp"
#include "rendering/render.hpp"

namespace castlike::harness {
namespace {

using nlohmann::json;
using ref::Element;

std::string type_name(ElementType t) { return std::string(info(t).name); }

json counts_json(const Counts& c) {
  return json{{"pass", c.pass}, {"fail", c.fail}, {"unspecified", c.unspecified}, {"rejected", c.rejected}};
}

json failure_json(const Failure& f) {
  const auto value = [](ElementType t, const Element& e) {
    if (t == ElementType::kString) return json{{"text", harness::is_valid_utf8(e.text) ? e.text : harness::printable(e.text)}};
    return json{{"bits", format_hex_bits(e.bits & bit_mask(t), info(t).bits)}, {"value", exact_text(t, e)},
                {"exact", ref::to_exact_string(ref::decode_element(t, e).value)}};
  };
  json actual = value(f.to, f.actual);
  if (f.to == ElementType::kString && f.from != ElementType::kString) {
    // A number-to-text failure: the element of the source type the text denotes (null: none).
    const std::optional<uint64_t> back = ref::read_back(f.from, f.actual.text);
    actual["reads_back_as"] = back ? value(f.from, Element::of_bits(*back)) : json(nullptr);
  }
  return json{{"case", f.case_name},
              {"index", f.index},
              {"from", type_name(f.from)},
              {"to", type_name(f.to)},
              {"call", f.call},
              {"input", value(f.from, f.input)},
              {"expected", value(f.to, f.expected)},
              {"expected_outcome", std::string(ref::outcome_name(f.outcome))},
              {"actual", actual},
              {"explained_by", f.explained_by}};
}

json call_failures_json(const std::vector<CallFailure>& failures) {
  json out = json::array();
  for (const auto& f : failures)
    out.push_back({{"case", f.case_name},
                   {"path", f.path},
                   {"call", f.call},
                   {"kind", f.kind},
                   {"message", f.message},
                   {"reproduce", f.reproduce},
                   {"elements", f.elements}});
  return out;
}

// A baseline row: {"kind": "discrepancy", case, rule, failures, explained_by} or
// {"kind": "rejection", case, message}; a run's discrepancy row also has its first failures.
json baseline_entry_json(const BaselineEntry& e) {
  if (e.kind == BaselineEntry::Kind::kRejection)
    return json{{"kind", "rejection"}, {"case", e.case_name}, {"message", e.message}};
  json j{{"kind", "discrepancy"}, {"case", e.case_name}, {"rule", e.rule}, {"failures", e.failures},
         {"explained_by", e.explained_by}};
  if (!e.examples.empty()) {
    j["first_failures"] = json::array();
    for (const auto& f : e.examples) j["first_failures"].push_back(failure_json(f));
  }
  return j;
}

json baseline_json(const BaselineComparison& c) {
  const auto rows = [](const std::vector<BaselineEntry>& entries) {
    json out = json::array();
    for (const auto& e : entries) out.push_back(baseline_entry_json(e));
    return out;
  };
  json changed = json::array();
  for (const auto& [was, now] : c.changed)
    changed.push_back({{"baseline", baseline_entry_json(was)}, {"now", baseline_entry_json(now)}});
  return json{{"file", c.path}, {"strict", c.strict},   {"ok", c.ok()},         {"known", c.known},
              {"new", rows(c.added)}, {"changed", changed}, {"vanished", rows(c.vanished)}, {"not_run", rows(c.not_run)}};
}

}  // namespace

std::string report_json(const Report& r, const BaselineComparison* baseline) {
  json j;
  j["format"] = "castlike-validation-report";
  j["format_version"] = 1;
  j["implementation"] = r.implementation;
  j["description"] = r.description;
  j["vectors"] = r.vector_roots;
  if (!r.rule_filter.empty()) j["rules_judged"] = r.rule_filter;
  j["text_judging"] = r.strict_text ? "strict" : "round-trip";
  j["cases"] = r.cases;
  j["total"] = counts_json(r.total);
  j["coverage"] = {{"declared", r.coverage_declared},
                   {"not_covered", {{"pairs", r.not_covered_pairs},
                                    {"cases", r.not_covered_cases},
                                    {"elements", r.not_covered_elements}}}};
  j["ok"] = r.ok();
  json pairs = json::array();
  for (const auto& [pair, pr] : r.pairs) {
    json p{{"from", type_name(pair.first)}, {"to", type_name(pair.second)}, {"counts", counts_json(pr.counts)}};
    json rej = json::array();
    for (const auto& x : pr.rejections)
      rej.push_back({{"case", x.case_name}, {"call", x.call}, {"message", x.message}, {"elements", x.elements}});
    p["rejections"] = rej;
    if (!pr.call_failures.empty()) p["call_failures"] = call_failures_json(pr.call_failures);
    pairs.push_back(p);
  }
  j["pairs"] = pairs;
  json rules = json::array();
  for (const auto& [rule, rr] : r.rules) {
    json x{{"rule", std::string(ref::rule_name(rule))}, {"counts", counts_json(rr.counts)}};
    if (rr.counts.fail) {
      x["verdict"] = rr.verdict;
      json ex = json::array();
      for (const auto& e : rr.explanations)
        ex.push_back({{"candidate", e.candidate}, {"description", e.description}, {"explained", e.explained}});
      x["explanations"] = ex;
      x["unexplained"] = rr.unexplained;
      json cases = json::array();
      for (const auto& f : rr.examples) cases.push_back(failure_json(f));
      x["first_failures"] = cases;
      json un = json::array();
      for (const auto& f : rr.unexplained_examples) un.push_back(failure_json(f));
      x["unexplained_failures"] = un;
    }
    rules.push_back(x);
  }
  j["rules"] = rules;
  json d = json::array();
  for (const auto& x : r.discrepancies) {
    json contradicted = json::array();
    for (const auto& c : x.contradicted) {
      const json e = failure_json(c.element);
      contradicted.push_back({{"reading", c.reading}, {"index", c.element.index}, {"input", e["input"]},
                              {"reading_gives", e["expected"]}, {"actual", e["actual"]}});
    }
    d.push_back({{"case", x.case_name},
                 {"rule", x.rule},
                 {"failures", x.failures},
                 {"first_index", x.first_index},
                 {"explained_by", x.explained_by},
                 {"contradicted", contradicted}});
  }
  j["discrepancies"] = d;
  json rej = json::array();
  for (const auto& x : r.rejections)
    rej.push_back({{"case", x.case_name}, {"call", x.call}, {"message", x.message}, {"elements", x.elements}});
  j["rejections"] = rej;
  j["call_failures"] = call_failures_json(r.call_failures);
  if (r.shapes.ran) {
    json failures = json::array();
    for (const Failure& f : r.shapes.failures) {
      json one = failure_json(f);
      one["position"] = f.position;
      one["shape"] = f.shape;
      one["rule"] = f.rule;
      one["reproduce"] = explain_command(f);
      failures.push_back(one);
    }
    j["shapes"] = {{"line", shapes_line(r.shapes.in_place)}, {"calls", r.shapes.calls},
                   {"fail", r.shapes.fail}, {"failed_calls", r.shapes.failed_calls},
                   {"by_position", r.shapes.fail_by_position}, {"failures", failures}, {"ok", r.shapes.ok()},
                   {"phases_left_out", r.shapes.phases_left_out}};
  }
  if (baseline) j["baseline"] = baseline_json(*baseline);
  // The texts are escaped where they enter the report (validator.cpp); should a byte that is not
  // UTF-8 still reach here, it is replaced rather than ending the run with an exception.
  return j.dump(1, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace castlike::harness
