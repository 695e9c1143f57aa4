// The text report, summary first: the verdict and the failing rules (those no named reading
// explains before those one does), each with its first cases and their reproduce lines; then the
// coverage (pairs with failures or rejections, rejections grouped by reason); then every rule's
// counts. Lines are kept to 80 columns (wrapped_text) except the ready-to-paste `castlike explain`
// lines, the summary line (one line to grep) and words longer than a line, such as a path.
#include <sstream>

#include "judging/shape_calls.hpp"
#include "rendering/render.hpp"

namespace castlike::harness {
namespace {

std::string type_name(ElementType t) { return std::string(info(t).name); }

void rule_block(std::ostringstream& o, ref::RuleId rule, const RuleResult& rr) {
  o << "\n  " << ref::rule_name(rule) << ": " << rr.counts.fail << " failure(s)\n" << wrapped_text("    ", rr.verdict);
  o << "    (" << ref::rule_summary(rule) << ")\n";
  for (const auto& e : rr.explanations)
    o << "    " << e.candidate << " explains " << e.explained << " of " << rr.counts.fail << ":\n"
      << wrapped_text("      ", e.description);
  const bool partly = rr.unexplained && !rr.explanations.empty();
  // A partly explained rule shows the cases no reading explains first: those are the bugs.
  if (partly) {
    o << "    unexplained cases (" << rr.unexplained << "):\n";
    for (const auto& f : rr.unexplained_examples) o << failure_block(f, "      ");
  }
  o << "    first cases:\n";
  for (const auto& f : rr.examples) o << failure_block(f, "      ");
}

}  // namespace

std::string report_text(const Report& r) {
  std::ostringstream o;
  std::vector<ref::RuleId> genuine, explained;
  for (const auto& [rule, rr] : r.rules)
    if (rr.counts.fail) (rr.unexplained ? genuine : explained).push_back(rule);

  o << "castlike validate: " << r.implementation << ": " << (r.ok() ? "PASS" : "FAIL") << "\n";
  o << "  failing rules: " << genuine.size() << " unexplained, " << explained.size()
    << " explained by a named reading\n  rejected calls: " << r.rejections.size() << "\n";
  if (!r.call_failures.empty())
    o << "  failed calls: " << r.call_failures.size() << " (crashed, hung, exited or wrote outside its buffers)\n";
  o << wrapped_text("", "implementation: " + r.description);
  o << "vectors:";
  for (const auto& v : r.vector_roots) o << " " << v;
  uint64_t failed_elements = 0;  // those of failed calls are in no count
  for (const auto& f : r.call_failures) failed_elements += f.elements;
  o << " (" << r.cases << " cases, " << r.total.total() + failed_elements << " elements)\n";
  if (!r.rule_filter.empty()) {
    o << "rules (only these judged):";
    for (const auto& rule : r.rule_filter) o << " " << rule;
    o << "\n";
  }
  if (r.strict_text) o << "number-to-text results: judged by their exact text (--strict-text)\n";
  o << "total: " << counts_text(r.total) << "\n";
  if (const std::string line = coverage_line(r); !line.empty()) o << line << "\n";
  if (r.shapes.ran) {
    o << shapes_line(r.shapes.in_place) << "\n";
    if (r.shapes.phases_left_out) o << phases_left_out_line() << "\n";
    o << "  " << shape_pass_text(r.shapes) << "\n";
    if (!r.shapes.failures.empty()) {
      o << "\nfailures that depend on the call's shape (right in aligned calls of full blocks):\n";
      for (const Failure& f : r.shapes.failures) o << shape_failure_block(f, "  ");
    }
  }
  if (!r.call_failures.empty()) {
    o << "\nfailed calls (" << r.call_failures.size()
      << "; crashed, hung, exited or gave no valid answer: the case fails as a whole):\n";
    for (const auto& f : r.call_failures) {
      o << "  " << f.case_name << " (" << f.call << ", " << f.elements << " elements): " << f.message << "\n";
      if (!f.reproduce.empty()) o << "      reproduce: " << f.reproduce << "\n";
    }
  }

  if (!genuine.empty()) {
    o << "\nfailing rules no named reading explains:\n";
    for (ref::RuleId rule : genuine) rule_block(o, rule, r.rules.at(rule));
  }
  if (!explained.empty()) {
    o << "\nfailing rules a named reading explains:\n";
    for (ref::RuleId rule : explained) rule_block(o, rule, r.rules.at(rule));
  }

  size_t clean = 0;
  o << "\ncoverage: pairs with failures or rejections\n";
  o << "  (from -> to: pass / fail / unspecified / rejected)\n";
  for (const auto& [pair, pr] : r.pairs) {
    if (pr.counts.fail == 0 && pr.counts.rejected == 0 && pr.rejections.empty() && pr.call_failures.empty()) {
      ++clean;
      continue;
    }
    o << "  " << type_name(pair.first) << " -> " << type_name(pair.second) << ":\n      " << counts_text(pr.counts)
      << "\n";
    for (const auto& f : pr.call_failures) o << "      failed call " << f.case_name << " (" << f.call << "): " << f.message << "\n";
  }
  o << "  (" << clean << " of " << r.pairs.size() << " pairs have no failure and no rejection)\n";

  if (!r.rejections.empty()) {
    o << "\nrejections by reason (" << r.rejections.size() << " call(s)):\n";
    for (const RejectionGroup& g : rejections_by_reason(r.rejections)) {
      o << "  " << g.calls.size() << " call(s), " << g.elements << " element(s): " << g.message << "\n";
      for (size_t i = 0; i < g.calls.size() && i < 3; ++i)
        o << "      rejected " << g.calls[i]->case_name << " (" << g.calls[i]->call << ")\n";
      if (g.calls.size() > 3) o << "      ... and " << g.calls.size() - 3 << " more\n";
    }
  }

  o << "\nrules (pass / fail / unspecified / rejected):\n";
  for (const auto& [rule, rr] : r.rules) {
    o << "  " << ref::rule_name(rule) << ": " << counts_text(rr.counts) << "\n";
    if (rr.counts.fail) o << wrapped_text("      ", "-> " + rr.verdict);
  }
  o << "\nsummary: " << r.implementation << ": " << counts_text(r.total) << ";\n  " << r.rejections.size()
    << " rejection(s); ";
  if (!r.call_failures.empty()) o << r.call_failures.size() << " failed call(s); ";
  o << (r.ok() ? "PASS" : "FAIL") << "\n";
  return o.str();
}

}  // namespace castlike::harness
