// The details section of one type pair in the HTML report: its counts, failed calls, each failing
// rule with the readings that explain it here and its failing elements as a table, and its
// rejections grouped by reason. Also the failed-call and rejection tables the page shows whole.
#include <algorithm>

#include "rendering/render_html.hpp"

namespace castlike::harness::html {
namespace {

std::string code(const std::string& s) { return "<code>" + text(s) + "</code>"; }

std::string rule_link(ref::RuleId rule) {
  return "<a href=\"#" + rule_anchor(rule) + "\">" + code(std::string(ref::rule_name(rule))) + "</a>";
}

void failure_table(std::ostream& o, const std::vector<const PairFailure*>& rows) {
  o << "<table class=\"cases\"><colgroup><col class=\"w-case\"><col class=\"w-el\"><col class=\"w-val\"><col class=\"w-val\">"
       "<col class=\"w-val\"><col class=\"w-rule\"><col class=\"w-read\"><col class=\"w-repro\"></colgroup>\n"
       "<tr><th>case</th><th>element</th><th>input</th><th>expected</th><th>actual</th><th>rule</th><th>reading</th>"
       "<th>reproduce</th></tr>\n";
  for (const PairFailure* pf : rows) {
    const Failure& f = *pf->failure;
    std::string rules;
    for (ref::RuleId rule : pf->rules) rules += (rules.empty() ? "" : " or ") + code(std::string(ref::rule_name(rule)));
    const bool unexplained = pf->reading.rfind("none", 0) == 0;
    o << "<tr><td>" << code(f.case_name) << "<br><span class=\"call\">" << text(f.call) << "</span></td><td>" << f.index
      << "</td><td>" << code(show(f.from, f.input)) << "</td><td>" << code(show(f.to, f.expected)) << text(expected_note(f))
      << "</td><td class=\"actual\">" << code(show(f.to, f.actual)) << text(actual_note(f)) << "</td><td>" << rules << "</td><td"
      << (unexplained ? " class=\"bug-text\"" : "") << ">" << text(pf->reading) << "</td><td>" << code(explain_command(f))
      << "</td></tr>\n";
  }
  o << "</table>\n";
}

void rule_in_pair(std::ostream& o, const Report& r, const PairView& p, const RuleInPair& ri) {
  const RuleResult& rr = r.rules.at(ri.rule);
  o << "<h4>" << rule_link(ri.rule) << ": " << ri.failures << " failure(s) here in " << ri.cases << " case(s), ";
  if (ri.explained == ri.failures) o << "each case explained by a named reading</h4>\n";
  else o << "<span class=\"bug-text\">" << ri.failures - ri.explained << " unexplained</span></h4>\n";
  o << "<p class=\"sum\">" << text(std::string(ref::rule_summary(ri.rule))) << "</p>\n";
  std::vector<std::pair<std::string, uint64_t>> readings(ri.readings.begin(), ri.readings.end());
  std::stable_sort(readings.begin(), readings.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  if (!readings.empty()) {
    o << "<ul class=\"readings\">\n";
    for (const auto& [name, n] : readings) {
      const std::string& reading = name;  // a structured binding cannot be captured (C++17)
      const auto e = std::find_if(rr.explanations.begin(), rr.explanations.end(),
                                  [&](const Explanation& x) { return x.candidate == reading; });
      o << "<li>" << code(reading) << " explains " << n << " of the " << ri.failures << " here";
      if (e != rr.explanations.end()) o << ": " << text(e->description);
      o << "</li>\n";
    }
    o << "</ul>\n";
  }
  std::vector<const PairFailure*> rows;
  for (const PairFailure& pf : p.failures)
    if (pf.rules.size() == 1 && pf.rules[0] == ri.rule) rows.push_back(&pf);
  if (rows.empty()) o << "<p class=\"note\">No failing element of this rule here is in the report (--examples 0).</p>\n";
  else failure_table(o, rows);
}

}  // namespace

void write_failed_calls(std::ostream& o, const std::vector<CallFailure>& failures,
                        const std::map<std::string, std::string>& pair_of_case) {
  o << "<table class=\"calls\"><tr><th>case</th><th>call</th><th>elements</th><th>what happened</th><th>reproduce</th></tr>\n";
  for (const CallFailure& f : failures) {
    const auto pair = pair_of_case.find(f.case_name);
    o << "<tr><td>" << code(f.case_name);
    if (pair != pair_of_case.end()) o << " <a href=\"#" << pair->second << "\">(pair)</a>";
    o << "</td><td>" << text(f.call) << "</td><td>" << f.elements << "</td><td class=\"call-text\">" << text(f.message)
      << "</td><td>" << (f.reproduce.empty() ? "" : code(f.reproduce)) << "</td></tr>\n";
  }
  o << "</table>\n";
}

void write_rejection_groups(std::ostream& o, const std::vector<Rejection>& rejections, size_t shown_per_reason) {
  o << "<table class=\"rejections\"><tr><th>calls</th><th>elements</th><th>reason</th><th>cases</th></tr>\n";
  for (const RejectionGroup& g : rejections_by_reason(rejections)) {
    o << "<tr><td>" << g.calls.size() << "</td><td>" << g.elements << "</td><td>" << text(g.message) << "</td><td>";
    for (size_t i = 0; i < g.calls.size() && i < shown_per_reason; ++i)
      o << (i ? ", " : "") << code(g.calls[i]->case_name) << " <span class=\"call\">(" << text(g.calls[i]->call) << ")</span>";
    if (g.calls.size() > shown_per_reason) o << " and " << g.calls.size() - shown_per_reason << " more";
    o << "</td></tr>\n";
  }
  o << "</table>\n";
}

void write_pair_details(std::ostream& o, const Report& r, const PairView& p) {
  const PairResult& pr = *p.result;
  const StatusStyle& st = style_of(p.status);
  o << "<section class=\"pair\" id=\"" << p.anchor() << "\">\n<h3><span class=\"sw " << st.css_class << "\"></span>"
    << text(p.title()) << " <span class=\"status\">" << text(st.label) << "</span> <a class=\"up\" href=\"#matrix\">\u2191 matrix</a></h3>\n";
  o << "<p>" << text(counts_text(pr.counts));
  if (pr.counts.fail)
    o << "; " << p.explained << " of " << pr.counts.fail << " failure(s) in cases a named reading explains";
  if (!pr.call_failures.empty()) o << "; " << pr.call_failures.size() << " failed call(s)";
  if (!pr.rejections.empty()) o << "; " << pr.rejections.size() << " rejected call(s)";
  o << "</p>\n";
  if (!pr.call_failures.empty()) {
    o << "<h4 class=\"call-text\">Failed calls (each case fails as a whole; its elements are in no count)</h4>\n";
    write_failed_calls(o, pr.call_failures, {});
  }
  uint64_t accounted = 0;
  for (const RuleInPair& ri : p.rules) {
    rule_in_pair(o, r, p, ri);
    accounted += ri.failures;
  }
  if (pr.counts.fail > accounted)
    o << "<p class=\"bug-text\">" << pr.counts.fail - accounted
      << " failure(s) of this pair name no case in this report (it was made with --examples 0): counted as "
         "unexplained.</p>\n";
  std::vector<const PairFailure*> unknown;
  for (const PairFailure& pf : p.failures)
    if (pf.rules.size() != 1) unknown.push_back(&pf);
  if (!unknown.empty()) {
    o << "<h4>Other failing elements</h4>\n<p class=\"note\">Of cases failing more than one rule: the report does "
         "not record which of them each of these elements is judged by.</p>\n";
    failure_table(o, unknown);
  }
  if (!pr.rejections.empty()) {
    o << "<h4>Rejections</h4>\n";
    write_rejection_groups(o, pr.rejections, pr.rejections.size());
  }
  o << "</section>\n";
}

}  // namespace castlike::harness::html
