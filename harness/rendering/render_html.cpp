// The HTML report: one self-contained page (inline style sheet, no script, no external resource),
// summary first: the verdict and counts; the pair matrix (every type by every type), each cell coloured by its status
// and linking to the pair's details; the failing rules; the shape pass's wrong elements (position
// kind, the call's length and offsets); the failed calls; a details section per pair
// with failures, failed calls or rejections; the rejections by reason; every rule's counts. Every
// text is escaped (html::text): an implementation's texts may hold any bytes.
#include <sstream>

#include "judging/shape_calls.hpp"
#include "rendering/render_html.hpp"

namespace castlike::harness {
namespace {

using html::text;

void summary(std::ostream& o, const Report& r, const std::vector<ref::RuleId>& genuine,
             const std::vector<ref::RuleId>& explained, const BaselineComparison* baseline) {
  const bool ok = baseline ? baseline->ok() : r.ok();
  o << "<h1><span class=\"verdict " << (ok ? "pass\">PASS" : "fail\">FAIL") << "</span>castlike validate: "
    << text(r.implementation) << (baseline ? " <span class=\"status\">against the baseline</span>" : "")
    << "</h1>\n<table class=\"summary\">\n";
  if (baseline)
    o << "<tr><th>baseline</th><td><a href=\"#baseline\">" << text(baseline->summary()) << "</a></td></tr>\n";
  o << "<tr><th>implementation</th><td>" << text(r.description) << "</td></tr>\n<tr><th>vectors</th><td>";
  for (const auto& v : r.vector_roots) o << "<code>" << text(v) << "</code> ";
  uint64_t failed_elements = 0;  // those of failed calls are in no count
  for (const auto& f : r.call_failures) failed_elements += f.elements;
  o << "(" << r.cases << " cases, " << r.total.total() + failed_elements << " elements)</td></tr>\n";
  o << "<tr><th>elements</th><td>" << text(counts_text(r.total)) << "</td></tr>\n";
  if (!r.rule_filter.empty()) {
    o << "<tr><th>rules judged</th><td>only";
    for (const auto& rule : r.rule_filter) o << " <code>" << text(rule) << "</code>";
    o << "</td></tr>\n";
  }
  if (r.strict_text)
    o << "<tr><th>number to text</th><td>judged by the exact text (<code>--strict-text</code>)</td></tr>\n";
  const auto rule_list = [&](const std::vector<ref::RuleId>& rules) {
    for (size_t i = 0; i < rules.size(); ++i)
      o << (i ? ", " : ": ") << "<a href=\"#" << html::rule_anchor(rules[i]) << "\"><code>" << ref::rule_name(rules[i])
        << "</code></a>";
  };
  o << "<tr><th>failing rules</th><td><span" << (genuine.empty() ? "" : " class=\"bug-text\"") << ">" << genuine.size()
    << " unexplained</span>";
  rule_list(genuine);
  o << "<br>" << explained.size() << " explained by a named reading";
  rule_list(explained);
  o << "</td></tr>\n<tr><th>failed calls</th><td>";
  if (r.call_failures.empty()) o << "0";
  else o << "<a class=\"call-text\" href=\"#failed-calls\">" << r.call_failures.size()
         << "</a> (crashed, hung, exited or wrote outside its buffers)";
  o << "</td></tr>\n<tr><th>rejected calls</th><td>";
  if (r.rejections.empty()) o << "0";
  else o << "<a href=\"#rejections\">" << r.rejections.size() << "</a>";
  o << "</td></tr>\n";
  if (r.shapes.ran) {
    o << "<tr><th>shape pass</th><td>" << text(shapes_line(r.shapes.in_place)) << "<br>";
    if (r.shapes.phases_left_out) o << text(phases_left_out_line()) << "<br>";
    if (r.shapes.ok()) o << text(shape_pass_text(r.shapes));
    else o << "<a class=\"bug-text\" href=\"#shapes\">" << text(shape_pass_text(r.shapes)) << "</a>";
    o << "</td></tr>\n";
  }
  o << "</table>\n";
}

// The shape pass's wrong elements (shape_cases.hpp): right in the file's own call, wrong at the
// position named; each with the call's length and offsets and the element's index in it.
void shape_section(std::ostream& o, const ShapeResults& s) {
  o << "<section id=\"shapes\">\n<h2>Wrong only in some call shapes</h2>\n<p class=\"note\">"
    << text(shape_pass_text(s)) << ". Each element below is right in the file's own call and wrong in the call shown; "
    << "the first few of each position kind are kept.</p>\n"
    << "<table class=\"cases\"><colgroup><col style=\"width:8%\"><col style=\"width:15%\"><col style=\"width:5%\">"
       "<col style=\"width:9%\"><col style=\"width:6%\"><col style=\"width:11%\"><col style=\"width:11%\">"
       "<col style=\"width:11%\"><col style=\"width:24%\"></colgroup>\n<tr><th>position</th><th>case</th>"
       "<th>length</th><th>offsets (input, output)</th><th>element</th><th>input</th><th>expected</th><th>actual</th>"
       "<th>reproduce</th></tr>\n";
  for (const Failure& f : s.failures) {
    o << "<tr><td class=\"bug-text\">" << text(f.position) << "</td><td><code>" << text(f.case_name)
      << "</code><br><span class=\"call\">" << text(f.call) << ", element " << f.index << "</span></td><td>"
      << f.call_shape.length << "</td><td>";
    if (f.call_shape.in_place) o << "in place, " << f.call_shape.input_offset;
    else o << f.call_shape.input_offset << ", " << f.call_shape.output_offset;
    o << "</td><td>" << f.shape_element << "</td><td><code>" << text(show(f.from, f.input)) << "</code></td><td><code>"
      << text(show(f.to, f.expected)) << "</code></td><td class=\"actual\"><code>" << text(show(f.to, f.actual))
      << "</code></td><td><code>" << text(explain_command(f)) << "</code></td></tr>\n";
  }
  o << "</table>\n</section>\n";
}

void failing_rules(std::ostream& o, const Report& r, const std::vector<html::PairView>& pairs,
                   const std::vector<ref::RuleId>& order) {
  o << "<h2 id=\"failing-rules\">Failing rules</h2>\n<table class=\"failing\"><colgroup><col style=\"width:18%\"><col style=\"width:7%\">"
       "<col style=\"width:9%\"><col style=\"width:20%\"><col style=\"width:22%\"><col style=\"width:24%\"></colgroup>\n"
       "<tr><th>rule</th><th>failures</th>"
       "<th>unexplained</th><th>verdict</th><th>readings (all pairs)</th><th>pairs</th></tr>\n";
  for (ref::RuleId rule : order) {
    const RuleResult& rr = r.rules.at(rule);
    o << "<tr id=\"" << html::rule_anchor(rule) << "\"><td><code>" << ref::rule_name(rule) << "</code><br><span class=\"note\">"
      << text(std::string(ref::rule_summary(rule))) << "</span></td><td>" << rr.counts.fail << "</td><td"
      << (rr.unexplained ? " class=\"bug-text\"" : "") << ">" << rr.unexplained << "</td><td>" << text(rr.verdict)
      << "</td><td>";
    for (const auto& e : rr.explanations)
      o << "<code>" << text(e.candidate) << "</code> <span class=\"nw\">" << e.explained << " of " << rr.counts.fail
        << "</span><br>";
    o << "</td><td>";
    for (const html::PairView& p : pairs)
      for (const html::RuleInPair& ri : p.rules)
        if (ri.rule == rule)
          o << "<span class=\"nw\"><a href=\"#" << p.anchor() << "\">" << text(p.title()) << "</a> (" << ri.failures
            << ")</span> ";
    o << "</td></tr>\n";
  }
  o << "</table>\n";
}

// With --expect: the rows that decide the verdict against the baseline, new ones first, each linked
// to its pair's details.
void baseline_section(std::ostream& o, const Report& r, const std::vector<html::PairView>& pairs,
                      const BaselineComparison& c) {
  std::map<std::string, const html::PairView*> pair_of_case;
  for (const CaseResult& cr : r.case_results)
    for (const html::PairView& p : pairs)
      if (p.from == cr.from && p.to == cr.to && p.has_details()) pair_of_case.emplace(cr.name, &p);
  o << "<section id=\"baseline\">\n<h2>Baseline</h2>\n<p class=\"sum\"><code>" << text(c.path) << "</code>: " << c.known
    << " known, <span" << (c.added.empty() ? "" : " class=\"bug-text\"") << ">" << c.added.size() << " new</span>, <span"
    << (c.changed.empty() ? "" : " class=\"bug-text\"") << ">" << c.changed.size() << " changed</span>, "
    << c.vanished.size() << " vanished, " << c.not_run.size() << " not run</p>\n<p class=\"note\">"
    << (c.strict ? "New, changed, vanished and not-run rows fail (--expect-strict)."
                 : "New and changed rows fail; vanished and not-run rows are reported only (they fail with --expect-strict).")
    << (c.call_failures ? " Failed calls are never excused by a baseline." : "") << "</p>\n";
  if (c.added.empty() && c.changed.empty() && c.vanished.empty() && c.not_run.empty()) {
    o << "</section>\n";
    return;
  }
  o << "<table class=\"failing\"><colgroup><col style=\"width:9%\"><col style=\"width:61%\"><col style=\"width:30%\">"
       "</colgroup>\n<tr><th>row</th><th>what</th><th>pair</th></tr>\n";
  const auto row = [&](const char* kind, const std::string& what, const std::string& case_name) {
    o << "<tr><td" << (std::string(kind) == "new" || std::string(kind) == "changed" ? " class=\"bug-text\"" : "") << ">"
      << kind << "</td><td>" << text(what) << "</td><td>";
    if (const auto at = pair_of_case.find(case_name); at != pair_of_case.end())
      o << "<a href=\"#" << at->second->anchor() << "\">" << text(at->second->title()) << "</a>";
    o << "</td></tr>\n";
  };
  for (const BaselineEntry& e : c.added) row("new", e.text(), e.case_name);
  for (const auto& [was, now] : c.changed)
    row("changed", now.text() + " (baseline: " + std::to_string(was.failures) + " failure(s), " + was.readings() + ")",
        now.case_name);
  for (const BaselineEntry& e : c.vanished) row("vanished", e.text(), e.case_name);
  for (const BaselineEntry& e : c.not_run) row("not run", e.text(), e.case_name);
  o << "</table>\n</section>\n";
}

}  // namespace

void html::write_style_sheet(std::ostream& o) {
  o << "<style>\n"
       "*{box-sizing:border-box}\n"
       "body{font-family:'DejaVu Sans',system-ui,sans-serif;font-size:14px;line-height:1.4;color:#1a1a1a;"
       "margin:0 auto;padding:16px 24px;max-width:1400px}\n"
       "h1{font-size:22px;margin:0 0 10px}h2{font-size:18px;margin:30px 0 8px;padding-bottom:3px;border-bottom:2px solid #ddd}"
       "h3{font-size:16px;margin:26px 0 4px}h4{font-size:14px;margin:14px 0 4px}\n"
       "code{font-family:'DejaVu Sans Mono',monospace;font-size:12px;overflow-wrap:anywhere}\n"
       "a{color:#0b57d0}\n"
       "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}"
       "th{background:#f2f2f2}\n"
       ".verdict{display:inline-block;padding:1px 12px;margin-right:10px;border-radius:4px;color:#fff}"
       ".verdict.pass{background:#2e7d32}.verdict.fail{background:#c62828}\n"
       "table.summary th{width:150px}\n"
       "table.m{table-layout:fixed;border-collapse:separate;border-spacing:1px}\n"
       "table.m td{width:42px;height:22px;padding:0;border:0;text-align:center;vertical-align:middle;"
       "font:11px/22px 'DejaVu Sans Mono',monospace;white-space:nowrap;overflow:hidden}\n"
       "table.m th{border:0;background:none;padding:0 6px 0 0;font:11px 'DejaVu Sans Mono',monospace;text-align:right;"
       "vertical-align:middle;white-space:nowrap}\n"
       "table.m th.c{height:118px;padding:0 0 4px;text-align:center;vertical-align:bottom}"
       "table.m th.c span{writing-mode:vertical-rl;transform:rotate(180deg)}\n"
       "table.m td a{display:block;color:inherit;text-decoration:none}table.m td a:hover{outline:2px solid #000}\n"
       "table.m td.st-bug,table.m td.st-call{font-weight:bold}\n"
       "ul.legend{list-style:none;padding:0;margin:6px 0;columns:2;max-width:1100px}ul.legend li{margin:2px 0}\n"
       ".sw{display:inline-block;width:15px;height:15px;margin-right:7px;border:1px solid #888;vertical-align:-3px}\n"
       ".n,.note,.call,.status{color:#555}.note{font-size:12px;margin:4px 0}.call{font-size:11px}\n"
       ".status{font-weight:normal;font-size:13px;margin-left:6px}.up{font-weight:normal;font-size:12px;margin-left:10px}\n"
       ".bug-text{color:#b71c1c;font-weight:bold}.call-text,#failed-calls h2{color:#6a1b9a}\n"
       "table.cases{width:100%;table-layout:fixed;font-size:12px}td.actual{background:#fff3f3}\n"
       "col.w-case{width:16%}col.w-el{width:6%}col.w-val{width:12%}col.w-rule{width:9%}col.w-read{width:11%}"
       "col.w-repro{width:22%}\n"
       "table.failing{width:100%;table-layout:fixed}table.failing td,table.cases td{overflow-wrap:anywhere}"
       ".nw{white-space:nowrap}\n"
       "table.configs td:first-child{white-space:nowrap;font-weight:bold;min-width:130px}\n"
       "section.pair{margin-top:22px}.sum{margin:2px 0 4px;color:#333}ul.readings{margin:4px 0 8px}\n";
  for (const html::StatusStyle& s : html::status_styles())
    o << "." << s.css_class << "{background:" << s.background << ";color:" << s.foreground << "}\n";
  o << "@media print{body{max-width:none;padding:0;font-size:11px}a{color:inherit;text-decoration:none}.up{display:none}"
       "*{-webkit-print-color-adjust:exact;print-color-adjust:exact}table.m td{width:34px;font-size:9px}"
       "section.pair,tr{break-inside:avoid}h2,h3,h4{break-after:avoid}}\n"
       "</style>\n";
}

std::string report_html(const Report& r, const BaselineComparison* baseline) {
  const std::vector<html::PairView> pairs = html::pair_views(r, baseline);
  std::vector<ref::RuleId> genuine, explained;
  for (const auto& [rule, rr] : r.rules)
    if (rr.counts.fail) (rr.unexplained ? genuine : explained).push_back(rule);

  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>castlike validate: "
    << text(r.implementation) << ": " << ((baseline ? baseline->ok() : r.ok()) ? "PASS" : "FAIL") << "</title>\n";
  html::write_style_sheet(o);
  o << "</head><body>\n";
  summary(o, r, genuine, explained, baseline);
  if (baseline) baseline_section(o, r, pairs, *baseline);

  o << "<h2 id=\"matrix\">Pairs</h2>\n";
  html::write_matrix(o, pairs);

  if (!genuine.empty() || !explained.empty()) {
    std::vector<ref::RuleId> order = genuine;
    order.insert(order.end(), explained.begin(), explained.end());
    failing_rules(o, r, pairs, order);
  }
  if (r.shapes.ran && !r.shapes.ok()) shape_section(o, r.shapes);
  if (!r.call_failures.empty()) {
    std::map<std::string, std::string> pair_of_case;
    for (const html::PairView& p : pairs)
      if (p.result)
        for (const CallFailure& f : p.result->call_failures) pair_of_case.emplace(f.case_name, p.anchor());
    o << "<section id=\"failed-calls\">\n<h2>Failed calls</h2>\n<p class=\"note\">The call crashed, hung, exited or "
         "gave no valid answer: the case fails as a whole and its elements are in no count.</p>\n";
    html::write_failed_calls(o, r.call_failures, pair_of_case);
    o << "</section>\n";
  }

  // The pairs' details, most serious first (the legend's order), each status in the matrix's order.
  bool any = false;
  for (const html::StatusStyle& s : html::status_styles())
    for (const html::PairView& p : pairs) {
      if (p.status != s.status || !p.has_details()) continue;
      if (!any) o << "<h2 id=\"pairs\">Pairs with failures, failed calls or rejections</h2>\n";
      any = true;
      html::write_pair_details(o, r, p);
    }

  if (!r.rejections.empty()) {
    o << "<h2 id=\"rejections\">Rejections by reason (" << r.rejections.size() << " call(s))</h2>\n";
    html::write_rejection_groups(o, r.rejections, 5);
  }
  o << "<h2 id=\"rules\">All rules</h2>\n<table class=\"rules\"><tr><th>rule</th><th>pass</th><th>fail</th><th>unspecified</th>"
       "<th>rejected</th><th>verdict</th></tr>\n";
  for (const auto& [rule, rr] : r.rules) {
    o << "<tr><td>";
    if (rr.counts.fail) o << "<a href=\"#" << html::rule_anchor(rule) << "\"><code>" << ref::rule_name(rule) << "</code></a>";
    else o << "<code>" << ref::rule_name(rule) << "</code>";
    o << "</td><td>" << rr.counts.pass << "</td><td" << (rr.counts.fail ? " class=\"bug-text\"" : "") << ">" << rr.counts.fail
      << "</td><td>" << rr.counts.unspecified << "</td><td>" << rr.counts.rejected << "</td><td>"
      << text(rr.counts.fail ? rr.verdict : "") << "</td></tr>\n";
  }
  o << "</table>\n</body></html>\n";
  return o.str();
}

}  // namespace castlike::harness
