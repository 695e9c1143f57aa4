// An exhaustive run's report (engine.hpp) as text (summary first, 80 columns) or JSON
// ("castlike-exhaustive-report", vectors/schema/README.md), and the strict JSON reader that
// `castlike merge-exhaustive` uses to combine shards.
#pragma once

#include <string>
#include <variant>

#include "engine.hpp"

namespace castlike::exhaustive {

inline constexpr int kExhaustiveReportVersion = 1;

std::string exhaustive_text(const ExhaustiveReport& r);
std::string exhaustive_json(const ExhaustiveReport& r);
// The verdict line: "kernels (avx2): 65536 inputs: 65536 pass, 0 fail, ...; PASS"
std::string exhaustive_verdict(const ExhaustiveReport& r);
// The report, or the first problem (not JSON, another format or version, a missing or mistyped
// field, an unknown configuration id, rule or outcome).
std::variant<ExhaustiveReport, std::string> exhaustive_from_json(const std::string& text);

}  // namespace castlike::exhaustive
