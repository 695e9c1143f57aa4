// The explanation pass of validate(): which named readings (readings.hpp) explain the failures of
// each rule, a verdict per rule (a greedy cover of the failures, single readings before profiles),
// and per (case, rule) the discrepancy rows a known-discrepancies file lists.
#include <algorithm>
#include <tuple>

#include "render.hpp"
#include "validator.hpp"

namespace castlike::conformance {

using ref::Element;

void explain_failures(const VectorSet& set, const std::vector<CaseOutput>& outputs,
                      const std::map<ref::RuleId, std::vector<std::pair<size_t, size_t>>>& failing,
                      const ValidateOptions& options, Report& report) {
  // Explanations: every candidate on every failure.
  const auto& cands = candidates();
  for (const auto& [rule, list] : failing) {
    RuleResult& rr = report.rules[rule];
    std::vector<uint64_t> explained(cands.size(), 0);
    // (case) -> failures, explained-all flags per candidate
    std::map<size_t, std::pair<std::vector<size_t>, std::vector<bool>>> per_case;
    std::map<size_t, std::vector<Failure>> case_examples;  // (case) -> its first failures of the rule
    std::vector<std::vector<char>> flags;  // per failure (list order): which candidates explain it
    for (const auto& [fi, i] : list) {
      flags.emplace_back(cands.size(), 0);
      const VectorFile& f = set.files[fi];
      const Element& actual = *outputs[fi].elements[i];
      Failure failure{f.name, i, f.from, f.to, call_of(f), f.input[i], f.expected[i], actual, f.outcomes[i], {},
                      f.opset,  f.saturate, f.round_mode};
      auto& pc = per_case[fi];
      if (pc.second.empty()) pc.second.assign(cands.size(), true);
      pc.first.push_back(i);
      for (size_t k = 0; k < cands.size(); ++k) {
        const bool e = explains(cands[k], f, i, actual);
        if (e) {
          flags.back()[k] = 1;
          ++explained[k];
          failure.explained_by.push_back(cands[k].name);
        }
        pc.second[k] = pc.second[k] && e;
      }
      if (rr.examples.size() < options.examples_per_rule) rr.examples.push_back(failure);
      if (case_examples[fi].size() < options.examples_per_rule) case_examples[fi].push_back(failure);
      if (failure.explained_by.empty()) {
        ++rr.unexplained;
        if (rr.unexplained_examples.size() < options.examples_per_rule) rr.unexplained_examples.push_back(failure);
      }
    }
    std::vector<size_t> order;
    for (size_t k = 0; k < cands.size(); ++k)
      if (explained[k]) order.push_back(k);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return explained[a] > explained[b]; });
    for (size_t k : order) rr.explanations.push_back({cands[k].name, cands[k].description, explained[k]});
    const uint64_t total = list.size();
    // A greedy cover of the explained failures: single readings first, profiles (bundles) last.
    std::vector<std::string> chosen;
    {
      std::vector<size_t> remaining;
      for (size_t n = 0; n < flags.size(); ++n)
        if (std::find(flags[n].begin(), flags[n].end(), 1) != flags[n].end()) remaining.push_back(n);
      const auto is_profile = [&](size_t k) { return cands[k].name.rfind("profile ", 0) == 0; };
      bool allow_profiles = false;
      while (!remaining.empty()) {
        size_t best = 0, best_count = 0;
        for (size_t k : order) {
          if (is_profile(k) && !allow_profiles) continue;
          size_t n = 0;
          for (size_t x : remaining) n += flags[x][k];
          if (n > best_count) {
            best = k;
            best_count = n;
          }
        }
        if (best_count == 0) {
          if (allow_profiles) break;
          allow_profiles = true;
          continue;
        }
        chosen.push_back(cands[best].name + " (" + std::to_string(best_count) + ")");
        std::vector<size_t> rest;
        for (size_t x : remaining)
          if (!flags[x][best]) rest.push_back(x);
        remaining = std::move(rest);
      }
    }
    std::vector<std::string> full;
    for (const auto& e : rr.explanations)
      if (e.explained == total) full.push_back(e.candidate);
    std::stable_partition(full.begin(), full.end(), [](const std::string& n) { return n.rfind("profile ", 0) != 0; });
    if (!full.empty()) {
      rr.verdict = "follows variant " + full.front();
      if (full.size() > 1) {
        rr.verdict += " (also explained by";
        for (size_t k = 1; k < full.size(); ++k) rr.verdict += (k > 1 ? ", " : " ") + full[k];
        rr.verdict += ")";
      }
    } else if (!chosen.empty()) {
      rr.verdict = rr.unexplained == 0 ? "follows variants" : "partly explained by";
      for (size_t k = 0; k < chosen.size(); ++k) rr.verdict += (k ? " + " : " ") + chosen[k];
      if (rr.unexplained) rr.verdict += "; " + std::to_string(rr.unexplained) + " of " + std::to_string(total) + " unexplained";
    } else {
      rr.verdict = "unexplained";
    }
    for (const auto& [fi, pc] : per_case) {
      Discrepancy d;
      d.case_name = set.files[fi].name;
      d.rule = std::string(ref::rule_name(rule));
      d.failures = pc.first.size();
      d.first_index = pc.first.front();
      d.examples = std::move(case_examples[fi]);
      for (size_t k = 0; k < cands.size(); ++k)
        if (pc.second[k]) d.explained_by += (d.explained_by.empty() ? "" : "|") + cands[k].name;
      report.discrepancies.push_back(d);
    }
  }
  std::sort(report.discrepancies.begin(), report.discrepancies.end(), [](const Discrepancy& a, const Discrepancy& b) {
    return std::tie(a.case_name, a.rule) < std::tie(b.case_name, b.rule);
  });
}

}  // namespace castlike::conformance
