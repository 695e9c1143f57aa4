// An every-input run as rows (harness/judging/baseline.hpp): one discrepancy row per configuration
// and failing rule (its exact count and the readings that fit every kept interval of that rule),
// one rejection row per configuration and message. `castlike validate --exhaustive --expect`
// compares them with a baseline by the vectors mode's rules, `--write-baseline` writes them, the
// one-line summaries and the JUnit report (one test case per configuration) are built from them.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "engine.hpp"
#include "judging/baseline.hpp"

namespace castlike::exhaustive {

// The rows of the run, configurations in selection order, rules in id order; a configuration
// not covered (ExhaustiveReport::excused) has none.
std::vector<harness::BaselineEntry> exhaustive_rows(const ExhaustiveReport& r);

// The configurations whose calls all gave an answer (a baseline row of another one is "not run").
std::set<std::string> answered_configurations(const ExhaustiveReport& r);

// The run against a baseline.
harness::BaselineComparison compare_exhaustive(const ExhaustiveReport& r, const harness::Baseline& baseline,
                                               bool strict);

// The readings that fit every kept failing interval of the configuration (of `rule` only when
// given); empty when one interval has none, or when no interval was kept.
std::vector<std::string> common_readings(const ConfigurationReport& c, const ref::RuleId* rule = nullptr);

// The verdict with a baseline: no failed call and the comparison passes; without one: r.ok().
bool exhaustive_passes(const ExhaustiveReport& r, const harness::BaselineComparison* baseline);

// One <testsuite> with one <testcase> per configuration (classname castlike.exhaustive.FROM.TO,
// name the configuration id): one not covered is <skipped>, failing inputs or rejections are a <failure>, failed calls an
// <error>; with a baseline a configuration whose rows are all known is <skipped>, and the
// baseline's rows the run lacks are reported as the vectors mode's JUnit report does.
std::string exhaustive_junit(const ExhaustiveReport& r, const harness::BaselineComparison* baseline);

}  // namespace castlike::exhaustive
