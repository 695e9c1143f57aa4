// The HTML report: a self-contained page with the 24 x 24 pair matrix, the rules table and the
// failing rules' readings and cases.
#include <sstream>

#include "render.hpp"

namespace castlike::conformance {
namespace {

std::string html_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace

std::string report_html(const Report& r) {
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>castlike validate: "
    << html_escape(r.implementation) << "</title>\n<style>\n"
    << "body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}\n"
    << "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:2px 5px;font-size:12px}\n"
    << "table.m td{width:22px;height:22px;padding:0;text-align:center}\n"
    << "table.m th.c{writing-mode:vertical-rl;transform:rotate(180deg);white-space:nowrap}\n"
    << ".pass{background:#4caf50}.fail{background:#e53935}.rej{background:#616161}.partial{background:#ff9800}"
    << ".unspec{background:#c5e1a5}.none{background:#fff}\n"
    << "code{font-size:12px}.legend span{display:inline-block;width:14px;height:14px;margin:0 4px 0 12px;"
       "vertical-align:middle;border:1px solid #999}\n"
    << "</style></head><body>\n";
  o << "<h1>castlike validate: " << html_escape(r.implementation) << "</h1>\n";
  o << "<p>" << html_escape(r.description) << "<br>vectors:";
  for (const auto& v : r.vector_roots) o << " <code>" << html_escape(v) << "</code>";
  uint64_t failed_elements = 0;  // those of failed calls are in no count
  for (const auto& f : r.call_failures) failed_elements += f.elements;
  o << " (" << r.cases << " cases, " << r.total.total() + failed_elements << " elements)<br><b>" << (r.ok() ? "PASS" : "FAIL")
    << "</b>: " << html_escape(counts_text(r.total));
  if (!r.call_failures.empty()) o << "; " << r.call_failures.size() << " failed call(s)";
  if (!r.rule_filter.empty()) {
    o << "<br>rules (only these judged):";
    for (const auto& rule : r.rule_filter) o << " <code>" << html_escape(rule) << "</code>";
  }
  o << "</p>\n";
  if (!r.call_failures.empty()) {
    o << "<h2>Failed calls (crashed, hung, exited or gave no valid answer; each case fails as a whole)</h2>\n<table><tr><th>case</th><th>call</th>"
         "<th>elements</th><th>what happened</th><th>reproduce</th></tr>\n";
    for (const auto& f : r.call_failures)
      o << "<tr><td><code>" << html_escape(f.case_name) << "</code></td><td>" << html_escape(f.call) << "</td><td>"
        << f.elements << "</td><td class=\"fail\">" << html_escape(f.message) << "</td><td><code>"
        << html_escape(f.reproduce) << "</code></td></tr>\n";
    o << "</table>\n";
  }
  o << "<h2>Pairs (row: from, column: to)</h2>\n<p class=\"legend\"><span class=\"pass\"></span>all pass"
    << "<span class=\"unspec\"></span>pass, only unspecified elements otherwise"
    << "<span class=\"fail\"></span>failures<span class=\"partial\"></span>passes, but some calls rejected"
    << "<span class=\"rej\"></span>rejected (not supported)<span class=\"none\"></span>no vectors</p>\n";
  o << "<table class=\"m\"><tr><th></th>";
  for (const TypeInfo& t : kTypeTable) o << "<th class=\"c\">" << t.name << "</th>";
  o << "</tr>\n";
  for (const TypeInfo& from : kTypeTable) {
    o << "<tr><th>" << from.name << "</th>";
    for (const TypeInfo& to : kTypeTable) {
      const auto it = r.pairs.find({from.type, to.type});
      if (it == r.pairs.end()) {
        o << "<td class=\"none\" title=\"" << from.name << " -> " << to.name << ": no vectors\"></td>";
        continue;
      }
      const Counts& c = it->second.counts;
      std::string cls = "pass";
      if (c.fail || !it->second.call_failures.empty()) cls = "fail";
      else if (c.pass == 0 && (c.rejected || !it->second.rejections.empty())) cls = "rej";
      else if (c.rejected || !it->second.rejections.empty()) cls = "partial";
      else if (c.pass == 0) cls = "unspec";
      std::string title = std::string(from.name) + " -> " + std::string(to.name) + ": " + counts_text(c);
      for (const auto& f : it->second.call_failures) title += "\n" + f.case_name + ": " + f.message;
      for (const auto& rej : it->second.rejections) title += "\n" + rej.case_name + ": " + rej.message;
      o << "<td class=\"" << cls << "\" title=\"" << html_escape(title) << "\">"
        << (c.fail || !it->second.call_failures.empty() ? "&times;" : "") << "</td>";
    }
    o << "</tr>\n";
  }
  o << "</table>\n";
  o << "<h2>Rules</h2>\n<table><tr><th>rule</th><th>pass</th><th>fail</th><th>unspecified</th><th>rejected</th>"
       "<th>verdict</th></tr>\n";
  for (const auto& [rule, rr] : r.rules) {
    o << "<tr><td><code>" << ref::rule_name(rule) << "</code></td><td>" << rr.counts.pass << "</td><td"
      << (rr.counts.fail ? " class=\"fail\"" : "") << ">" << rr.counts.fail << "</td><td>" << rr.counts.unspecified
      << "</td><td>" << rr.counts.rejected << "</td><td>" << html_escape(rr.counts.fail ? rr.verdict : "") << "</td></tr>\n";
  }
  o << "</table>\n";
  for (const auto& [rule, rr] : r.rules) {
    if (!rr.counts.fail) continue;
    o << "<h3><code>" << ref::rule_name(rule) << "</code>: " << html_escape(rr.verdict) << "</h3>\n<p>"
      << html_escape(std::string(ref::rule_summary(rule))) << "</p>\n<ul>\n";
    for (const auto& e : rr.explanations)
      o << "<li><code>" << html_escape(e.candidate) << "</code> explains " << e.explained << " of " << rr.counts.fail
        << ": " << html_escape(e.description) << "</li>\n";
    o << "</ul>\n<ul>\n";
    for (const auto& f : rr.examples) o << "<li><code>" << html_escape(failure_line(f)) << "</code></li>\n";
    for (const auto& f : rr.unexplained_examples)
      if (!rr.explanations.empty()) o << "<li><code>" << html_escape(failure_line(f)) << "</code></li>\n";
    o << "</ul>\n";
  }
  if (!r.rejections.empty()) {
    o << "<h2>Rejections (coverage)</h2>\n<table><tr><th>case</th><th>call</th><th>elements</th><th>message</th></tr>\n";
    for (const auto& x : r.rejections)
      o << "<tr><td><code>" << html_escape(x.case_name) << "</code></td><td>" << html_escape(x.call) << "</td><td>"
        << x.elements << "</td><td>" << html_escape(x.message) << "</td></tr>\n";
    o << "</table>\n";
  }
  o << "</body></html>\n";
  return o.str();
}

}  // namespace castlike::conformance
