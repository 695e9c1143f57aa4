// The HTML page of an exhaustive run: one self-contained page in the validation page's style (its
// style sheet, status colours and escaping, harness/rendering/render_html.hpp): the verdict and counts; a
// table of the configurations, each coloured by its status and linking to its details; per failing
// configuration its maximal failing intervals (ends as bits and exact values, expected and actual,
// rule, reading, a `castlike explain` line) and the shape pass's wrong elements (position kind,
// the call's length and offsets); the failed calls with a command that judges their
// inputs again; the rejections; the configurations not judged. Every implementation text is escaped.
#include <cstdio>
#include <sstream>

#include "maps/config_id.hpp"
#include "interval_explanation.hpp"
#include "render_exhaustive.hpp"
#include "rendering/render_html.hpp"

namespace castlike::exhaustive {
namespace {

using harness::html::PairStatus;
using harness::html::style_of;
using harness::html::text;

// What a configuration's row says, most serious first (the validation page's statuses and colours).
PairStatus status_of(const ConfigurationReport& c) {
  uint64_t explained = 0;  // failures in kept intervals a named reading explains
  for (const Interval& i : c.intervals)
    if (!i.readings.empty()) explained += i.count;
  // A wrong element of the shape pass is a failure no reading explains; a failed shape call, a
  // failed call.
  return harness::html::status_from(c.failed_calls > 0 || c.shapes.calls.failed_calls > 0, c.fail + c.shapes.calls.fail,
                                    explained, c.rejected > 0, c.pass, c.unspecified);
}

struct Legend {
  PairStatus status;
  const char* word;   // the status column's
  const char* label;  // the legend's
};
constexpr Legend kLegend[] = {
    {PairStatus::kFailedCall, "failed calls", "failed calls (crashed, hung, exited, wrote outside its buffers)"},
    {PairStatus::kUnexplained, "unexplained", "failing inputs no named reading explains (genuine bugs)"},
    {PairStatus::kExplained, "explained", "failing intervals, each explained by a named reading"},
    {PairStatus::kRejected, "rejected", "rejected (not supported)"},
    {PairStatus::kPartlyRejected, "partly rejected", "passes, but some inputs rejected"},
    {PairStatus::kUnspecified, "unspecified", "only unspecified inputs (nothing to judge)"},
    {PairStatus::kPass, "pass", "every input passes"},
};
const Legend& legend_of(PairStatus s) {
  for (const Legend& l : kLegend)
    if (l.status == s) return l;
  return kLegend[0];  // unreachable: every status a configuration takes is in the legend
}

std::string anchor(const ConfigurationReport& c) { return "config-" + configuration_id(c.call.config); }

bool has_details(const ConfigurationReport& c) {
  return c.fail || !c.call_failures.empty() || !c.rejections.empty() || !c.shapes.ok();
}

// "<code>0x3f800000</code><br>1": an input's bits and exact value in a cell.
std::string value_cell(const std::string& v) {  // "0x3f800000 (1)"
  const size_t space = v.find(' ');
  if (space == std::string::npos) return "<code>" + text(v) + "</code>";
  return "<code>" + text(v.substr(0, space)) + "</code> <span class=\"n\">" + text(v.substr(space + 1)) + "</span>";
}

// A failed call's row: [configuration,] inputs, what happened, the command that judges them again.
void call_row(std::ostream& o, const ExhaustiveReport& r, const ConfigurationReport& c, const CallFailureRange& f,
              bool with_configuration) {
  o << "<tr>";
  if (with_configuration)
    o << "<td><a href=\"#" << anchor(c) << "\"><code>" << text(configuration_id(c.call.config)) << "</code></a></td>";
  o << "<td>" << text(range_text(c.call, f.first, f.last)) << "</td><td><span class=\"call-text\">" << text(f.kind)
    << "</span>: " << text(f.message) << "</td><td><code>"
    << text(r.rerun.empty() ? "" : rerun_line(r, c.call, f.first, f.last)) << "</code></td></tr>\n";
}

void summary(std::ostream& o, const ExhaustiveReport& r) {
  const ConfigurationReport t = r.totals();
  o << "<h1><span class=\"verdict " << (r.ok() ? "pass\">PASS" : "fail\">FAIL") << "</span>castlike validate --exhaustive: "
    << text(r.implementation) << "</h1>\n<table class=\"summary\">\n";
  o << "<tr><th>implementation</th><td>" << text(r.description) << "</td></tr>\n<tr><th>selection</th><td>"
    << plural(r.configurations.size(), "configuration") << " judged";
  if (r.shard) o << " (shard " << r.shard->index << "/" << r.shard->count << ")";
  if (r.range) {
    char range[64];
    std::snprintf(range, sizeof range, "0x%llx .. 0x%llx", static_cast<unsigned long long>(r.range->first),
                  static_cast<unsigned long long>(r.range->second));
    o << "; inputs <code>" << range << "</code> of each";
  }
  o << "; <span class=\"n\">selection sha256 <code>" << text(r.selection_sha256) << "</code></span></td></tr>\n";
  char secs[32];
  std::snprintf(secs, sizeof secs, "%.1f", r.seconds);
  o << "<tr><th>inputs judged</th><td>" << t.inputs << " in " << secs << " s on " << plural(r.jobs, "job") << ", batches of "
    << r.batch << "</td></tr>\n";
  o << "<tr><th>inputs</th><td>" << t.pass << " pass, <span" << (t.fail ? " class=\"bug-text\"" : "") << ">" << t.fail
    << " fail</span>, " << t.unspecified << " unspecified, " << t.rejected << " rejected, " << t.failed_calls
    << " in failed calls</td></tr>\n";
  size_t call_ranges = 0;
  for (const ConfigurationReport& c : r.configurations) call_ranges += c.call_failures.size();
  o << "<tr><th>failed calls</th><td>";
  if (call_ranges == 0) o << "0";
  else o << "<a class=\"call-text\" href=\"#failed-calls\">" << call_ranges << "</a> input interval(s)";
  o << "</td></tr>\n<tr><th>not judged</th><td>";
  if (r.refused.empty()) o << "0";
  else o << "<a href=\"#not-judged\">" << plural(r.refused.size(), "configuration") << "</a>";
  o << "</td></tr>\n";
  if (const std::string coverage = coverage_line(r); !coverage.empty())
    o << "<tr><th>coverage</th><td>" << text(coverage) << "</td></tr>\n";
  if (r.shapes_ran) {
    std::snprintf(secs, sizeof secs, "%.2f s, value pass %.2f s", r.shape_seconds, r.value_seconds);
    o << "<tr><th>shape pass</th><td>" << text(harness::shapes_line(r.shapes_in_place)) << "<br>"
      << (r.shapes_phases_left_out ? text(harness::phases_left_out_line()) + "<br>" : std::string())
      << plural(t.shapes.calls.calls, "call") << " on " << plural(t.shapes.decisive, "decisive input") << ": " << secs
      << "; <span" << (t.shapes.calls.fail ? " class=\"bug-text\"" : "") << ">" << t.shapes.calls.fail
      << " wrong only in some shapes</span>, <span" << (t.shapes.calls.failed_calls ? " class=\"call-text\"" : "") << ">"
      << t.shapes.calls.failed_calls << " failed shape calls</span></td></tr>\n";
  }
  o << "</table>\n";
}

void configurations(std::ostream& o, const ExhaustiveReport& r) {
  std::map<PairStatus, size_t> seen;
  for (const ConfigurationReport& c : r.configurations) ++seen[status_of(c)];
  o << "<h2 id=\"configurations\">Configurations</h2>\n<ul class=\"legend\">\n";
  for (const Legend& l : kLegend)
    o << "<li><span class=\"sw " << style_of(l.status).css_class << "\"></span>" << text(l.label) << " <span class=\"n\">("
      << seen[l.status] << ")</span></li>\n";
  o << "</ul>\n<table class=\"configs\"><tr><th>status</th><th>configuration</th><th>call</th><th>inputs</th><th>pass</th><th>fail</th>"
       "<th>unspecified</th><th>rejected</th><th>in failed calls</th><th>failing intervals</th><th>wrong in shapes</th></tr>\n";
  for (const ConfigurationReport& c : r.configurations) {
    const std::string id = configuration_id(c.call.config);
    const PairStatus s = status_of(c);
    o << "<tr><td class=\"" << style_of(s).css_class << "\">" << legend_of(s).word << "</td><td>";
    if (has_details(c)) o << "<a href=\"#" << anchor(c) << "\"><code>" << text(id) << "</code></a>";
    else o << "<code>" << text(id) << "</code>";
    o << "</td><td>" << text(call_text(c.call)) << "</td><td>" << c.inputs << "</td><td>" << c.pass << "</td><td"
      << (c.fail ? " class=\"bug-text\"" : "") << ">" << c.fail << "</td><td>" << c.unspecified << "</td><td>" << c.rejected
      << "</td><td" << (c.failed_calls ? " class=\"call-text\"" : "") << ">" << c.failed_calls << "</td><td>"
      << c.intervals.size() << (c.truncated ? "+ (more not kept)" : "") << "</td><td"
      << (c.shapes.ok() ? "" : " class=\"bug-text\"") << ">";
    if (c.shapes.ran) o << c.shapes.calls.fail + c.shapes.calls.failed_calls;
    else o << "<span class=\"n\">not called in shapes</span>";
    o << "</td></tr>\n";
  }
  o << "</table>\n";
}

void intervals(std::ostream& o, const ConfigurationReport& c) {
  const ElementType to = c.call.config.to;
  o << "<h4>Failing intervals (" << c.intervals.size() << (c.truncated ? ", more not kept" : "") << ")</h4>\n"
    << "<table class=\"cases\"><colgroup><col style=\"width:13%\"><col style=\"width:13%\"><col style=\"width:6%\">"
       "<col style=\"width:11%\"><col style=\"width:11%\"><col style=\"width:9%\"><col style=\"width:12%\">"
       "<col style=\"width:25%\"></colgroup>\n<tr><th>first input</th><th>last input</th><th>count</th><th>expected</th>"
       "<th>actual</th><th>rule</th><th>reading</th><th>reproduce</th></tr>\n";
  for (const Interval& i : c.intervals) {
    std::string readings;
    for (const std::string& name : i.readings) readings += (readings.empty() ? "" : ", ") + name;
    const bool explained = !readings.empty();
    o << "<tr><td>";
    if (!i.pattern_class.empty()) o << "<span class=\"n\">class:</span> " << text(i.pattern_class) << "<br>";
    if (!i.position.empty()) o << "<span class=\"n\">wrong only at position:</span> " << text(i.position) << "<br>";
    o << value_cell(input_text(c.call, i.first)) << "</td><td>"
      << (i.last == i.first ? std::string("<span class=\"n\">the same</span>") : value_cell(input_text(c.call, i.last))) << "</td><td>"
      << i.count
      << "</td><td>" << value_cell(value_text(to, i.expected)) << (i.outcome == ref::OutcomeClass::kNan ? " (a NaN)" : "");
    if (i.last != i.first) o << "<br><span class=\"n\">last:</span> " << value_cell(value_text(to, i.last_expected));
    o << "</td><td class=\"actual\">" << value_cell(value_text(to, i.actual));
    if (i.last != i.first) o << "<br><span class=\"n\">last:</span> " << value_cell(value_text(to, i.last_actual));
    o << "</td><td><code>" << ref::rule_name(i.rule) << "</code></td><td"
      << (explained ? "" : " class=\"bug-text\"") << ">" << text(explained ? readings : "none (unexplained)")
      << "</td><td><code>" << text(explain_command(c.call, i.first)) << "</code></td></tr>\n";
  }
  o << "</table>\n";
}

// The shape pass's wrong elements: each with its position kind, the call's length and offsets, the
// element's index in it, and the line that explains the input.
void shape_failures(std::ostream& o, const ConfigurationReport& c) {
  const ShapePassReport& s = c.shapes;
  const ElementType to = c.call.config.to;
  const std::string by_position = harness::positions_text(s.calls.fail_by_position);
  if (!s.failures.empty()) {
  o << "<h4>Wrong only in some call shapes (" << s.calls.fail << (by_position.empty() ? "" : ": " + text(by_position))
    << ")</h4>\n<p class=\"sum\">Right in an aligned call of full blocks, wrong at the position named; the first "
    << kKeptPerPosition << " of each position kept.</p>\n"
    << "<table class=\"cases\"><colgroup><col style=\"width:9%\"><col style=\"width:6%\"><col style=\"width:8%\">"
       "<col style=\"width:6%\"><col style=\"width:13%\"><col style=\"width:11%\"><col style=\"width:11%\">"
       "<col style=\"width:9%\"><col style=\"width:27%\"></colgroup>\n<tr><th>position</th><th>length</th>"
       "<th>offsets (input, output)</th><th>element</th><th>input</th><th>expected</th><th>actual</th><th>rule</th>"
       "<th>reproduce</th></tr>\n";
  for (const ShapeFailure& f : s.failures) {
    o << "<tr><td class=\"bug-text\">" << text(f.position) << "</td><td>" << f.shape.length << "</td><td>";
    if (f.shape.in_place) o << "in place, " << f.shape.input_offset;
    else o << f.shape.input_offset << ", " << f.shape.output_offset;
    o << "</td><td>" << f.element << "</td><td>" << value_cell(input_text(c.call, f.input)) << "</td><td>"
      << value_cell(value_text(to, f.expected)) << "</td><td class=\"actual\">" << value_cell(value_text(to, f.actual))
      << "</td><td><code>" << ref::rule_name(f.rule) << "</code></td><td><code>" << text(explain_command(c.call, f.input))
      << "</code></td></tr>\n";
  }
  o << "</table>\n";
  }
  if (s.calls.failed_calls)
    o << "<p class=\"call-text\">" << plural(s.calls.failed_calls, "shape call") << " failed; the first: "
      << text(s.calls.first_call_problem) << "</p>\n";
}

void details(std::ostream& o, const ExhaustiveReport& r, const ConfigurationReport& c) {
  const PairStatus s = status_of(c);
  o << "<section class=\"pair\" id=\"" << anchor(c) << "\">\n<h3><span class=\"sw " << style_of(s).css_class
    << "\"></span><code>" << text(configuration_id(c.call.config)) << "</code> <span class=\"status\">"
    << text(call_text(c.call)) << "</span><a class=\"up\" href=\"#configurations\">\u2191 configurations</a></h3>\n"
    << "<p class=\"sum\">" << text(counts(c)) << "</p>\n";
  if (!c.intervals.empty()) intervals(o, c);
  if (!c.shapes.ok()) shape_failures(o, c);
  if (!c.call_failures.empty()) {
    o << "<h4 class=\"call-text\">Failed calls</h4>\n<table class=\"failing\"><colgroup><col style=\"width:22%\">"
         "<col style=\"width:34%\"><col style=\"width:44%\"></colgroup><tr><th>inputs</th><th>what happened</th>"
         "<th>reproduce</th></tr>\n";
    for (const CallFailureRange& f : c.call_failures) call_row(o, r, c, f, false);
    o << "</table>\n";
  }
  if (!c.rejections.empty()) {
    o << "<h4>Rejected</h4>\n<table class=\"failing\"><tr><th>inputs</th><th>the implementation's reason</th></tr>\n";
    for (const RejectionRange& j : c.rejections)
      o << "<tr><td>" << text(range_text(c.call, j.first, j.last)) << "</td><td>" << text(j.message) << "</td></tr>\n";
    o << "</table>\n";
  }
  o << "</section>\n";
}

}  // namespace

std::string exhaustive_html(const ExhaustiveReport& r) {
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>castlike validate --exhaustive: "
    << text(r.implementation) << ": " << (r.ok() ? "PASS" : "FAIL") << "</title>\n";
  harness::html::write_style_sheet(o);
  o << "</head><body>\n";
  summary(o, r);
  configurations(o, r);

  bool any_calls = false;
  for (const ConfigurationReport& c : r.configurations)
    for (const CallFailureRange& f : c.call_failures) {
      if (!any_calls)
        o << "<section id=\"failed-calls\">\n<h2>Failed calls</h2>\n<p class=\"note\">The call crashed, hung, exited or gave "
             "no valid answer: its inputs are in no pass or fail count.</p>\n<table class=\"failing\"><colgroup>"
             "<col style=\"width:14%\"><col style=\"width:20%\"><col style=\"width:28%\"><col style=\"width:38%\"></colgroup>"
             "<tr><th>configuration"
             "</th><th>inputs</th><th>what happened</th><th>reproduce</th></tr>\n";
      any_calls = true;
      call_row(o, r, c, f, true);
    }
  if (any_calls) o << "</table>\n</section>\n";

  // The configurations' details, most serious first (the legend's order).
  bool any = false;
  for (const Legend& l : kLegend)
    for (const ConfigurationReport& c : r.configurations) {
      if (status_of(c) != l.status || !has_details(c)) continue;
      if (!any) o << "<h2 id=\"details\">Configurations with failures, failed calls or rejections</h2>\n";
      any = true;
      details(o, r, c);
    }

  if (!r.refused.empty()) {
    o << "<h2 id=\"not-judged\">Not judged (" << r.refused.size() << ")</h2>\n<table class=\"failing\"><tr><th>configuration"
         "</th><th>why</th></tr>\n";
    for (const auto& [id, why] : r.refused)
      o << "<tr><td><code>" << text(id) << "</code></td><td>" << text(why) << "</td></tr>\n";
    o << "</table>\n";
  }
  if (r.ok()) o << "<p>Every judged input passes.</p>\n";
  o << "</body></html>\n";
  return o.str();
}

}  // namespace castlike::exhaustive
