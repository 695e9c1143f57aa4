// The explanation pass of validate(): which named readings (readings.hpp) explain the failures of
// each rule, a verdict per rule (a greedy cover of the failures, single readings before profiles),
// and per (case, rule) the discrepancy rows a known-discrepancies file lists. A reading is a model
// of the implementation: each row also names the readings explaining some of its failures that a
// passing element of the case and rule contradicts (the findings refuse those as the row's model).
#include <algorithm>
#include <tuple>

#include "judging/validator.hpp"

namespace castlike::harness {

void FailureExplainer::add_file(const VectorFile& f, const CaseOutput& out,
                                const std::map<ref::RuleId, std::vector<size_t>>& failing,
                                const std::map<ref::RuleId, std::vector<size_t>>& passing, Report& report) {
  // Explanations: every candidate on every failure; then, for each candidate explaining one, the
  // passing elements of the rule until one contradicts it (only those candidates: the passing
  // elements are most of a file).
  const auto& cands = candidates();
  for (const auto& [rule, elements] : failing) {
    RuleResult& rr = report.rules[rule];
    RuleTally& tally = tallies_[rule];
    if (tally.explained.empty()) tally.explained.assign(cands.size(), 0);
    std::vector<bool> explains_all(cands.size(), true);  // this file's failures of the rule
    std::vector<char> explains_some(cands.size(), 0);
    std::vector<Failure> case_examples;                  // its first failures of the rule
    for (const size_t i : elements) {
      const ref::Element& actual = *out.elements[i];
      Failure failure = failure_of(f, i, f.expected[i], actual);
      std::vector<char> explainers(cands.size(), 0);
      for (size_t k = 0; k < cands.size(); ++k) {
        const bool e = explains(cands[k], f, i, actual);
        explains_some[k] = explains_some[k] || e;
        if (e) {
          explainers[k] = 1;
          ++tally.explained[k];
          failure.explained_by.push_back(cands[k].name);
        }
        explains_all[k] = explains_all[k] && e;
      }
      ++tally.explainers[explainers];
      ++tally.failures;
      if (rr.examples.size() < options_.examples_per_rule) rr.examples.push_back(failure);
      if (case_examples.size() < options_.examples_per_rule) case_examples.push_back(failure);
      if (failure.explained_by.empty()) {
        ++rr.unexplained;
        if (rr.unexplained_examples.size() < options_.examples_per_rule) rr.unexplained_examples.push_back(failure);
      }
    }
    Discrepancy d;
    d.case_name = f.name;
    d.rule = std::string(ref::rule_name(rule));
    d.failures = elements.size();
    d.first_index = elements.front();
    d.examples = std::move(case_examples);
    for (size_t k = 0; k < cands.size(); ++k)
      if (explains_all[k]) d.explained_by += (d.explained_by.empty() ? "" : "|") + cands[k].name;
    if (const auto right = passing.find(rule); right != passing.end())
      for (size_t k = 0; k < cands.size(); ++k)
        for (size_t j = 0; explains_some[k] && j < right->second.size(); ++j) {
          const size_t i = right->second[j];
          const auto predicted = contradiction(cands[k], f, i, *out.elements[i]);
          if (!predicted) continue;
          d.contradicted.push_back({cands[k].name, failure_of(f, i, *predicted, *out.elements[i])});
          break;
        }
    report.discrepancies.push_back(d);
  }
}

void FailureExplainer::finish(Report& report) {
  const auto& cands = candidates();
  for (const auto& [rule, tally] : tallies_) {
    RuleResult& rr = report.rules[rule];
    const std::vector<uint64_t>& explained = tally.explained;
    std::vector<size_t> order;
    for (size_t k = 0; k < cands.size(); ++k)
      if (explained[k]) order.push_back(k);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return explained[a] > explained[b]; });
    for (size_t k : order) rr.explanations.push_back({cands[k].name, cands[k].description, explained[k]});
    const uint64_t total = tally.failures;
    // A greedy cover of the explained failures: single readings first, profiles (bundles) last.
    // Failures explained by the same readings are alike to it, so it runs on their counts.
    std::vector<std::string> chosen;
    {
      std::vector<std::pair<const std::vector<char>*, uint64_t>> remaining;
      for (const auto& [explainers, n] : tally.explainers)
        if (std::find(explainers.begin(), explainers.end(), 1) != explainers.end()) remaining.emplace_back(&explainers, n);
      const auto is_profile = [&](size_t k) { return cands[k].name.rfind("profile ", 0) == 0; };
      bool allow_profiles = false;
      while (!remaining.empty()) {
        size_t best = 0;
        uint64_t best_count = 0;
        for (size_t k : order) {
          if (is_profile(k) && !allow_profiles) continue;
          uint64_t n = 0;
          for (const auto& [explainers, count] : remaining) n += (*explainers)[k] ? count : 0;
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
        std::vector<std::pair<const std::vector<char>*, uint64_t>> rest;
        for (const auto& entry : remaining)
          if (!(*entry.first)[best]) rest.push_back(entry);
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
  }
  std::sort(report.discrepancies.begin(), report.discrepancies.end(), [](const Discrepancy& a, const Discrepancy& b) {
    return std::tie(a.case_name, a.rule) < std::tie(b.case_name, b.rule);
  });
}

}  // namespace castlike::harness
