// The text report of an exhaustive run: the verdict and the counts first, then each failing
// configuration with its maximal failing intervals (ends as bits and exact values, expected and
// actual, rule, reading, a reproduce line), failed calls, rejections, configurations not judged.
#include <algorithm>
#include <sstream>

#include "maps/config_id.hpp"
#include "exhaustive_rows.hpp"
#include "interval_explanation.hpp"
#include "rendering/render.hpp"
#include "render_exhaustive.hpp"
#include "formats/vector_file.hpp"

namespace castlike::exhaustive {
namespace {

using harness::wrapped_text;

void interval_text(std::ostream& out, const Call& c, const Interval& i) {
  const ElementType to = c.config.to;
  const std::string where = i.pattern_class.empty()
                                ? range_text(c, i.first, i.last)
                                : "class " + i.pattern_class + " (" + plural(i.count, "failing input") + ")";
  out << wrapped_text("  ", where + ", rule " + std::string(ref::rule_name(i.rule)) + ", outcome " +
                           std::string(ref::outcome_name(i.outcome)) +
                           (i.position.empty() ? "" : ", position " + i.position + " (right when aligned)"));
  const auto end = [&](const char* label, uint64_t x, uint64_t expected, uint64_t actual) {
    out << wrapped_text("    ", std::string(label) + " " + input_text(c, x));
    out << wrapped_text("      ", "expected " + value_text(to, expected) +
                                 (i.outcome == ref::OutcomeClass::kNan ? " (a NaN)" : ""));
    out << wrapped_text("      ", "actual " + value_text(to, actual));
  };
  end("first", i.first, i.expected, i.actual);
  if (i.last != i.first) end("last ", i.last, i.last_expected, i.last_actual);
  std::string readings;
  for (const std::string& name : i.readings) readings += (readings.empty() ? "" : ", ") + name;
  out << wrapped_text("    ", "reading: " + (readings.empty() ? std::string("none (unexplained)") : readings));
  out << "    reproduce: " << explain_command(c, i.first) << "\n";
}

// The shape pass's wrong elements of a configuration: counts by position, then the kept ones with
// the call that shows each.
void shape_failures_text(std::ostream& out, const Call& c, const ShapePassReport& s) {
  if (s.calls.fail)
    out << wrapped_text("  ", "shape pass: " + plural(s.calls.fail, "wrong element") + " (" +
                             harness::positions_text(s.calls.fail_by_position) + ")");
  for (const ShapeFailure& f : s.failures) {
    out << wrapped_text("  ", "position " + f.position + ": input " + input_text(c, f.input) + ", rule " +
                             std::string(ref::rule_name(f.rule)) + ", outcome " + std::string(ref::outcome_name(f.outcome)));
    out << wrapped_text("      ", "expected " + value_text(c.config.to, f.expected) + ", actual " +
                                 value_text(c.config.to, f.actual));
    out << wrapped_text("    ", "call: " + f.shape.description() + ", element " + std::to_string(f.element));
    out << "    reproduce: " << explain_command(c, f.input) << "\n";
  }
  if (s.calls.failed_calls)
    out << wrapped_text("  ", "shape pass: " + plural(s.calls.failed_calls, "failed call") + "; first: " +
                             s.calls.first_call_problem);
}

}  // namespace

std::string hex_input(const Call& c, uint64_t x) { return harness::format_hex_bits(x, info(c.config.from).bits); }

std::string plural(uint64_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

std::string call_text(const Call& c) {
  const std::string call = harness::call_text(c.opset, c.saturate, c.round_mode);
  return c.op == Operator::kCastLike ? call : std::string(operator_name(c.op)) + " at " + call;
}

std::string counts(const ConfigurationReport& c) {
  std::string s = std::to_string(c.pass) + " pass, " + std::to_string(c.fail) + " fail, " +
                  std::to_string(c.unspecified) + " unspecified";
  if (c.rejected) s += ", " + std::to_string(c.rejected) + " rejected";
  if (c.failed_calls) s += ", " + std::to_string(c.failed_calls) + " in failed calls";
  if (c.shapes.calls.fail) s += ", " + std::to_string(c.shapes.calls.fail) + " wrong in shapes";
  return s;
}

std::string range_text(const Call& c, uint64_t first, uint64_t last) {
  return "inputs " + hex_input(c, first) + " .. " + hex_input(c, last) + " (" + plural(last - first + 1, "input") + ")";
}

std::string rerun_line(const ExhaustiveReport& r, const Call& c, uint64_t first, uint64_t last) {
  return r.rerun + " --config " + configuration_id(c.config) + " --range " + hex_input(c, first) + ".." +
         hex_input(c, last) + " --batch " + std::to_string(r.batch);
}

std::vector<const ConfigurationReport*> not_covered(const ExhaustiveReport& r) {
  std::vector<const ConfigurationReport*> out;
  for (const ConfigurationReport& c : r.configurations)
    if (r.excused(c)) out.push_back(&c);
  return out;
}

std::string coverage_line(const ExhaustiveReport& r) {
  const auto uncovered = not_covered(r);
  std::string required = r.require_all ? "every pair" : "";
  for (const std::string& p : r.required_pairs) required += (required.empty() ? "" : ", ") + p;
  const std::string how = r.coverage_declared ? "declared by the implementation" : "every call rejected, so inferred";
  if (uncovered.empty()) {
    if (required.empty()) return r.coverage_declared ? "coverage: " + how + "; every selected configuration covered" : "";
    return "coverage: required of " + required + "; every selected configuration covered";
  }
  std::vector<std::string> pairs;
  for (const ConfigurationReport* c : uncovered) {
    const std::string p = std::string(info(c->call.config.from).name) + "-" + std::string(info(c->call.config.to).name);
    if (std::find(pairs.begin(), pairs.end(), p) == pairs.end()) pairs.push_back(p);
  }
  return "not covered (" + how + "; not failures; --require-pairs makes them so): " +
         plural(uncovered.size(), "configuration") + " of " + plural(pairs.size(), "pair") +
         (required.empty() ? "" : "; required: " + required);
}

std::optional<std::string> exhaustive_report_in(const std::string& format, const ExhaustiveReport& r, bool details) {
  if (format == "text") return exhaustive_text(r, details);
  if (format == "json") return exhaustive_json(r);
  if (format == "html") return exhaustive_html(r);
  return std::nullopt;
}

std::string exhaustive_verdict(const ExhaustiveReport& r, const harness::BaselineComparison* baseline) {
  const ConfigurationReport t = r.totals();
  const bool ok = baseline ? baseline->ok() : r.ok();
  const size_t uncovered = not_covered(r).size();
  return r.implementation + ": " + std::to_string(t.inputs) + " inputs: " + counts(t) + "; " +
         (uncovered ? plural(uncovered, "configuration") + " not covered; " : "") +
         (baseline ? baseline->summary() + "; " : "") + (ok ? "PASS" : "FAIL");
}

namespace {

// One line of a configuration that does not pass: its failing inputs and the one reading that
// fits them all (or "unexplained"), rejected inputs and failed calls.
std::string configuration_line(const ConfigurationReport& c) {
  std::string s = "FAIL " + configuration_id(c.call.config) + ":";
  std::string parts;
  if (c.fail) {
    // The first reading that fits every kept interval (the catalogue's order; --details lists
    // them all): one model for the whole configuration, or none.
    const std::vector<std::string> readings = common_readings(c);
    parts += std::to_string(c.fail) + " fail, " +
             (readings.empty() ? std::string("unexplained")
                               : "follows " + readings.front() + (c.truncated ? " (kept intervals)" : ""));
  }
  if (c.rejected) parts += (parts.empty() ? "" : "; ") + std::to_string(c.rejected) + " rejected";
  if (c.failed_calls) parts += (parts.empty() ? "" : "; ") + std::to_string(c.failed_calls) + " in failed calls";
  if (!c.shapes.ok()) {
    // Wrong only in some call shapes: the positions that show it (the shape pass, shape_pass.hpp).
    parts += (parts.empty() ? "" : "; ") + std::string("shape pass: ") +
             (c.shapes.calls.fail ? std::to_string(c.shapes.calls.fail) + " wrong (" +
                                        harness::positions_text(c.shapes.calls.fail_by_position) + ")"
                                  : std::to_string(c.shapes.calls.failed_calls) + " failed calls");
  }
  return s + " " + parts;
}

void details_text(std::ostream& out, const ExhaustiveReport& r) {
  size_t failing = 0;
  for (const ConfigurationReport& c : r.configurations) failing += c.fail > 0 || !c.shapes.ok();
  if (failing > 0) {
    out << "\nfailing configurations (" << failing << "):\n";
    for (const ConfigurationReport& c : r.configurations) {
      if (c.fail == 0 && c.shapes.ok()) continue;
      out << wrapped_text("", configuration_id(c.call.config) + " (" + call_text(c.call) + "): " +
                             plural(c.intervals.size(), "failing interval") + (c.truncated ? " kept, more not kept" : ""));
      out << wrapped_text("  ", counts(c));
      for (const Interval& i : c.intervals) interval_text(out, c.call, i);
      shape_failures_text(out, c.call, c.shapes);
    }
  }
  bool any_calls = false;
  for (const ConfigurationReport& c : r.configurations) {
    for (const CallFailureRange& f : c.call_failures) {
      if (!any_calls) out << "\nfailed calls (crashed, hung, exited, wrote outside its buffers...):\n";
      any_calls = true;
      out << wrapped_text("  ", configuration_id(c.call.config) + ": " + range_text(c.call, f.first, f.last) + ": " + f.kind +
                               ": " + f.message);
      if (!r.rerun.empty()) out << "    reproduce: " << rerun_line(r, c.call, f.first, f.last) << "\n";
    }
  }
  bool any_rejections = false;
  for (const ConfigurationReport& c : r.configurations) {
    if (r.excused(c)) continue;
    for (const RejectionRange& j : c.rejections) {
      if (!any_rejections) out << "\nrejected (the implementation declined the call):\n";
      any_rejections = true;
      out << wrapped_text("  ", configuration_id(c.call.config) + ": " + range_text(c.call, j.first, j.last) + ": " + j.message);
    }
  }
  const auto uncovered = not_covered(r);
  if (!uncovered.empty()) {
    out << "\nnot covered (" << uncovered.size() << "), "
        << (r.coverage_declared ? "outside the declared coverage" : "every call rejected") << ":\n";
    std::vector<std::pair<std::string, std::string>> groups;  // message, ids
    for (const ConfigurationReport* c : uncovered) {
      const std::string& why = c->rejections.front().message;
      auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == why; });
      if (it == groups.end()) groups.emplace_back(why, configuration_id(c->call.config));
      else it->second += ", " + configuration_id(c->call.config);
    }
    for (const auto& [why, ids] : groups) out << wrapped_text("  ", ids + ": " + why);
  }
  if (!r.refused.empty()) {
    // Grouped by reason, reasons in order of first appearance.
    out << "\nnot judged (" << r.refused.size() << "):\n";
    std::vector<std::pair<std::string, std::string>> groups;  // reason, ids
    for (const auto& refusal : r.refused) {
      const std::string& id = refusal.first;
      const std::string& why = refusal.second;  // a named reference: clang 14 captures no structured binding
      auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == why; });
      if (it == groups.end()) groups.emplace_back(why, id);
      else it->second += ", " + id;
    }
    for (const auto& [why, ids] : groups) out << wrapped_text("  ", ids + ": " + why);
  }
}

}  // namespace

std::string exhaustive_text(const ExhaustiveReport& r, bool details) {
  std::ostringstream out;
  const ConfigurationReport t = r.totals();
  out << "castlike validate --exhaustive: " << r.implementation << ": " << (r.ok() ? "PASS" : "FAIL") << "\n";
  std::string scope = plural(r.configurations.size(), "configuration") + " judged";
  if (r.shard) scope += " (shard " + std::to_string(r.shard->index) + "/" + std::to_string(r.shard->count) + ")";
  if (!r.refused.empty()) scope += ", " + std::to_string(r.refused.size()) + " not judged";
  char secs[32];
  std::snprintf(secs, sizeof secs, "%.1f", r.seconds);
  out << wrapped_text("", "summary: " + scope + "; " + std::to_string(t.inputs) + " inputs in " + secs + " s on " +
                         plural(r.jobs, "job"));
  out << wrapped_text("  ", counts(t));
  if (r.shapes_ran) {
    out << wrapped_text("", harness::shapes_line(r.shapes_in_place));
    if (r.shapes_phases_left_out) out << wrapped_text("", harness::phases_left_out_line());
    char times[96];
    std::snprintf(times, sizeof times, "%.2f s, value pass %.2f s", r.shape_seconds, r.value_seconds);
    out << wrapped_text("  ", plural(t.shapes.calls.calls, "call") + " on " + plural(t.shapes.decisive, "decisive input") +
                             ": " + times);
  }
  if (const std::string coverage = coverage_line(r); !coverage.empty()) out << wrapped_text("", coverage);
  size_t passed = 0;
  for (const ConfigurationReport& c : r.configurations) passed += c.ok();
  out << "PASS " << plural(passed, "configuration") << "\n";
  for (const ConfigurationReport& c : r.configurations)
    if (!c.ok() && !r.excused(c)) out << wrapped_text("", configuration_line(c));
  if (details) details_text(out, r);
  else if (!r.ok() || !r.refused.empty() || !not_covered(r).empty())
    out << "(--details: every failing interval, failed call, rejection and configuration\n"
           "not judged or not covered; --format json|html)\n";
  if (r.ok()) out << "\nevery judged input passes\n";
  return out.str();
}

}  // namespace castlike::exhaustive
