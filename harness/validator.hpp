// The validator (`castlike validate`, `castlike report`): runs an implementation over a vector set
// and reports, per type pair and per rule id, pass / fail / unspecified / rejected counts; for each
// failing rule the first cases (input, expected, actual as bits and exact values) and the named
// readings of the specification that would explain the actual output (explanation.cpp). This
// header gathers what a caller needs: the vector set, the implementations, the report, rendering.
#pragma once

#include <functional>

#include "implementation.hpp"
#include "readings.hpp"
#include "render.hpp"
#include "report.hpp"
#include "vector_set.hpp"

namespace castlike::conformance {

struct ValidateOptions {
  size_t examples_per_rule = 5;
  // The command that repeats one case's call alone, for the report of a failed call (empty: none).
  std::function<std::string(const VectorFile&)> reproduce;
};

Report validate(const VectorSet& set, Implementation& implementation, const ValidateOptions& options = {});

// The explanation pass of validate(): every reading on every failure of each rule (`failing`:
// rule -> (file, element) of each failure, with the outputs), giving each failing rule its
// explanations, examples and verdict, and the report its discrepancy rows.
void explain_failures(const VectorSet& set, const std::vector<CaseOutput>& outputs,
                      const std::map<ref::RuleId, std::vector<std::pair<size_t, size_t>>>& failing,
                      const ValidateOptions& options, Report& report);

}  // namespace castlike::conformance
