#include "validator.hpp"

#include "call_checks.hpp"
#include "expectation.hpp"

namespace castlike::conformance {

Report validate(const VectorSet& set, Implementation& implementation, const ValidateOptions& options) {
  Report report;
  // Every text an implementation (or the command line) hands over is shown escaped in every format.
  report.implementation = harness::printable(implementation.name());
  report.description = harness::printable(implementation.description());
  for (const auto& root : set.roots) report.vector_roots.push_back(harness::printable(root));
  report.cases = set.files.size();
  // Failures grouped by rule, for the explanation pass.
  std::map<ref::RuleId, std::vector<std::pair<size_t, size_t>>> failing;  // rule -> (file, element)
  std::vector<CaseOutput> outputs(set.files.size());

  for (size_t fi = 0; fi < set.files.size(); ++fi) {
    const VectorFile& f = set.files[fi];
    const auto rules = rules_of(f);
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
    outputs[fi] = implementation.run(f, fi);
    CaseOutput& out = outputs[fi];
    out.message = harness::printable(out.message);
    if (out.status == CaseOutput::Status::kCallFailed) {
      CallFailure failure{f.name,       harness::printable(f.path), call_of(f), out.failure_kind, out.message,
                          options.reproduce ? harness::printable(options.reproduce(f)) : "", f.input.size()};
      pair.call_failures.push_back(failure);
      report.call_failures.push_back(failure);
      result.call_failure = out.message;
      continue;
    }
    if (out.status == CaseOutput::Status::kRejected) {
      Rejection rej{f.name, call_of(f), out.message, f.input.size()};
      pair.rejections.push_back(rej);
      report.rejections.push_back(rej);
      result.rejection = out.message;
      for (size_t i = 0; i < f.input.size(); ++i) {
        Counts c;
        (f.outcomes[i] == ref::OutcomeClass::kUnspecified ? c.unspecified : c.rejected) = 1;
        count(c, i);
      }
      continue;
    }
    std::map<std::string, uint64_t> element_errors;  // message -> count
    for (size_t i = 0; i < f.input.size(); ++i) {
      Counts c;
      const bool unspecified = f.outcomes[i] == ref::OutcomeClass::kUnspecified;
      if (!out.elements[i]) {
        (unspecified ? c.unspecified : c.rejected) = 1;
        if (!unspecified) ++element_errors[out.element_errors[i]];
      } else if (unspecified) {
        c.unspecified = 1;
      } else if (element_matches(f, i, *out.elements[i])) {
        c.pass = 1;
      } else {
        c.fail = 1;
        failing[rules[i]].emplace_back(fi, i);
        if (result.failures.size() < options.examples_per_rule)
          result.failures.push_back(
              {f.name, i, f.from, f.to, call_of(f), f.input[i], f.expected[i], *out.elements[i], f.outcomes[i], {},
               f.opset, f.saturate, f.round_mode});
      }
      count(c, i);
    }
    for (const auto& [message, n] : element_errors) {
      Rejection rej{f.name, call_of(f), "on " + std::to_string(n) + " element(s): " + harness::printable(message), n};
      pair.rejections.push_back(rej);
      report.rejections.push_back(rej);
      if (result.rejection.empty()) result.rejection = rej.message;
    }
  }
  explain_failures(set, outputs, failing, options, report);
  return report;
}

}  // namespace castlike::conformance
