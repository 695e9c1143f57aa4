#include "judging/validator.hpp"

#include <algorithm>

#include "judging/expectation.hpp"
#include "judging/shape_cases.hpp"
#include "formats/printable.hpp"

namespace castlike::harness {

Report validate(const VectorSet& set, Implementation& implementation, const ValidateOptions& options) {
  implementation.require(Mode::kCases);
  Report report;
  // Every text an implementation (or the command line) hands over is shown escaped in every format.
  report.implementation = harness::printable(implementation.name());
  report.description = harness::printable(implementation.description());
  for (const auto& root : set.roots) report.vector_roots.push_back(harness::printable(root));
  if (options.rules)
    for (const ref::RuleId rule : *options.rules) report.rule_filter.emplace_back(ref::rule_name(rule));
  report.strict_text = options.strict_text;
  FailureExplainer explainer(options);
  const bool shapes = options.shapes && implementation.takes_case_shapes();
  uint64_t elements_done = 0;
  const std::optional<DeclaredCoverage> declared = implementation.coverage();
  report.coverage_declared = declared.has_value();

  for (size_t fi = 0; fi < set.size(); ++fi) {
    const std::shared_ptr<const VectorFile> loaded = set.load(fi);
    std::optional<VectorFile> strict;
    if (options.strict_text && judges_texts_by_value(*loaded)) judge_texts_strictly(strict.emplace(*loaded));
    const VectorFile& f = strict ? *strict : *loaded;
    const auto rules = rules_of(f);
    // The elements judged: all, or those of the rules asked for.
    std::vector<char> judged(f.input.size(), 1);
    size_t judged_count = f.input.size();
    if (options.rules) {
      judged_count = 0;
      for (size_t i = 0; i < f.input.size(); ++i) judged_count += judged[i] = options.rules->count(rules[i]) != 0;
      if (judged_count == 0) {
        if (options.progress) options.progress(fi + 1, set.size(), elements_done);
        continue;
      }
    }
    if (declared && !declared->covers(f.op, f.from, f.to, f.saturate ? static_cast<int32_t>(*f.saturate) : -1,
                                      f.round_mode)) {
      // Outside the declared coverage: not called, and in no count but the one line.
      const std::string pair = std::string(info(f.from).name) + "-" + std::string(info(f.to).name);
      if (std::find(report.not_covered_pairs.begin(), report.not_covered_pairs.end(), pair) ==
          report.not_covered_pairs.end())
        report.not_covered_pairs.push_back(pair);
      ++report.not_covered_cases;
      report.not_covered_elements += judged_count;
      if (options.progress) options.progress(fi + 1, set.size(), elements_done);
      continue;
    }
    ++report.cases;
    PairResult& pair = report.pairs[{f.from, f.to}];
    CaseResult& result = report.case_results.emplace_back();
    result.name = f.name;
    result.path = f.path;
    result.from = f.from;
    result.to = f.to;
    result.call = call_of(f);
    const auto count = [&](const Counts& c, size_t i) {
      pair.counts.add(c);
      report.rules[rules[i]].counts.add(c);
      report.total.add(c);
      result.counts.add(c);
    };
    CaseOutput out = implementation.run(f, fi);
    elements_done += judged_count;
    out.message = harness::printable(out.message);
    if (out.status == CaseOutput::Status::kCallFailed) {
      CallFailure failure{f.name,       harness::printable(f.path), call_of(f), out.failure_kind, out.message,
                          options.reproduce ? harness::printable(options.reproduce(f)) : "", judged_count};
      pair.call_failures.push_back(failure);
      report.call_failures.push_back(failure);
      result.call_failure = out.message;
    } else if (out.status == CaseOutput::Status::kRejected) {
      Rejection rej{f.name, call_of(f), out.message, judged_count};
      pair.rejections.push_back(rej);
      report.rejections.push_back(rej);
      result.rejection = out.message;
      for (size_t i = 0; i < f.input.size(); ++i) {
        if (!judged[i]) continue;
        Counts c;
        (f.outcomes[i] == ref::OutcomeClass::kUnspecified ? c.unspecified : c.rejected) = 1;
        count(c, i);
      }
    } else {
      std::map<std::string, uint64_t> element_errors;    // message -> count
      std::map<ref::RuleId, std::vector<size_t>> failing;  // rule -> failing elements
      std::map<ref::RuleId, std::vector<size_t>> passing;  // rule -> passing elements
      for (size_t i = 0; i < f.input.size(); ++i) {
        if (!judged[i]) continue;
        Counts c;
        const bool unspecified = f.outcomes[i] == ref::OutcomeClass::kUnspecified;
        if (!out.elements[i]) {
          (unspecified ? c.unspecified : c.rejected) = 1;
          if (!unspecified) ++element_errors[out.element_errors[i]];
        } else if (unspecified) {
          c.unspecified = 1;
        } else if (element_matches(f, i, *out.elements[i])) {
          c.pass = 1;
          passing[rules[i]].push_back(i);
        } else {
          c.fail = 1;
          failing[rules[i]].push_back(i);
          if (result.failures.size() < options.examples_per_rule)
            result.failures.push_back(failure_of(f, i, f.expected[i], *out.elements[i]));
        }
        count(c, i);
      }
      for (const auto& [message, n] : element_errors) {
        Rejection rej{f.name, call_of(f), "on " + std::to_string(n) + " element(s): " + harness::printable(message), n};
        pair.rejections.push_back(rej);
        report.rejections.push_back(rej);
        if (result.rejection.empty()) result.rejection = rej.message;
      }
      explainer.add_file(f, out, failing, passing, report);
      if (shapes) shape_pass_of_file(implementation, f, judged, options.examples_per_rule, report);
    }
    if (options.progress) options.progress(fi + 1, set.size(), elements_done);
  }
  explainer.finish(report);
  return report;
}

}  // namespace castlike::harness
