// The text report: totals, the pairs with failures or rejections, every rule's counts, and per
// failing rule its explaining readings and first cases.
#include <sstream>

#include "render.hpp"

namespace castlike::conformance {
namespace {

std::string type_name(ElementType t) { return std::string(info(t).name); }

}  // namespace

std::string report_text(const Report& r) {
  std::ostringstream o;
  o << "castlike validate: " << r.implementation << "\n";
  o << "implementation: " << r.description << "\n";
  o << "vectors:";
  for (const auto& v : r.vector_roots) o << " " << v;
  uint64_t failed_elements = 0;  // those of failed calls are in no count
  for (const auto& f : r.call_failures) failed_elements += f.elements;
  o << " (" << r.cases << " cases, " << r.total.total() + failed_elements << " elements)\n";
  o << "total: " << counts_text(r.total) << "\n\n";
  if (!r.call_failures.empty()) {
    o << "failed calls (" << r.call_failures.size() << "; crashed, hung, exited or gave no valid answer: the case fails as a whole):\n";
    for (const auto& f : r.call_failures) {
      o << "  " << f.case_name << " (" << f.call << ", " << f.elements << " elements): " << f.message << "\n";
      if (!f.reproduce.empty()) o << "      reproduce: " << f.reproduce << "\n";
    }
    o << "\n";
  }

  size_t clean = 0;
  o << "pairs with failures or rejections (from -> to: pass / fail / unspecified / rejected):\n";
  for (const auto& [pair, pr] : r.pairs) {
    if (pr.counts.fail == 0 && pr.counts.rejected == 0 && pr.rejections.empty() && pr.call_failures.empty()) {
      ++clean;
      continue;
    }
    o << "  " << type_name(pair.first) << " -> " << type_name(pair.second) << ": " << counts_text(pr.counts) << "\n";
    for (const auto& f : pr.call_failures) o << "      failed call " << f.case_name << " (" << f.call << "): " << f.message << "\n";
    for (const auto& rej : pr.rejections)
      o << "      rejected " << rej.case_name << " (" << rej.call << "): " << rej.message << "\n";
  }
  o << "  (" << clean << " of " << r.pairs.size() << " pairs in the vector set have no failure and no rejection)\n\n";

  o << "rules (pass / fail / unspecified / rejected):\n";
  for (const auto& [rule, rr] : r.rules) {
    o << "  " << ref::rule_name(rule) << ": " << counts_text(rr.counts);
    if (rr.counts.fail) o << "  -> " << rr.verdict;
    o << "\n";
  }
  bool any_failure = false;
  for (const auto& [rule, rr] : r.rules) {
    if (!rr.counts.fail) continue;
    if (!any_failure) o << "\nfailing rules:\n";
    any_failure = true;
    o << "\n  " << ref::rule_name(rule) << " (" << ref::rule_summary(rule) << "): " << rr.counts.fail
      << " failures; " << rr.verdict << "\n";
    for (const auto& e : rr.explanations)
      o << "    " << e.candidate << " explains " << e.explained << " of " << rr.counts.fail << ": " << e.description << "\n";
    o << "    first cases:\n";
    for (const auto& f : rr.examples) o << "      " << failure_line(f) << "\n";
    if (rr.unexplained && !rr.explanations.empty()) {
      o << "    unexplained cases (" << rr.unexplained << "):\n";
      for (const auto& f : rr.unexplained_examples) o << "      " << failure_line(f) << "\n";
    }
  }
  o << "\nsummary: " << r.implementation << ": " << counts_text(r.total) << "; " << r.rejections.size()
    << " rejection(s); ";
  if (!r.call_failures.empty()) o << r.call_failures.size() << " failed call(s); ";
  o << (r.ok() ? "PASS" : "FAIL") << "\n";
  return o.str();
}

}  // namespace castlike::conformance
