// An exhaustive run's report (engine.hpp) as text (summary first, 80 columns) or JSON
// ("castlike-exhaustive-report", vectors/schema/README.md), and the strict JSON reader that
// `castlike merge-exhaustive` uses to combine shards.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine.hpp"
#include "judging/baseline.hpp"

namespace castlike::exhaustive {

inline constexpr int kExhaustiveReportVersion = 1;

// The text report: verdict, counts, coverage, the number of passing configurations and one line
// per configuration that does not pass (its failing inputs and the one reading that fits them
// all, or "unexplained"); with `details` also every kept failing interval, failed call,
// rejection, configuration not covered and not judged.
std::string exhaustive_text(const ExhaustiveReport& r, bool details = false);
std::string exhaustive_json(const ExhaustiveReport& r);
// The verdict line: "kernels (avx2): 65536 inputs: 65536 pass, 0 fail, ...; PASS"; with a
// baseline, its summary before the verdict, which is then the comparison's.
std::string exhaustive_verdict(const ExhaustiveReport& r, const harness::BaselineComparison* baseline = nullptr);
// The report, or the first problem, escaped (not JSON, beyond the limits of harness/formats/json_reader.hpp,
// another format or version, a missing or mistyped field, an unknown configuration id, rule or outcome).
std::variant<ExhaustiveReport, std::string> exhaustive_from_json(const std::string& text);

// A self-contained HTML page (the validation page's style sheet and helpers, harness/rendering/render_html.hpp):
// verdict and summary, a table of configurations coloured by status, each failing configuration's
// intervals, failed calls, rejections, configurations not judged.
std::string exhaustive_html(const ExhaustiveReport& r);

// The report in `format` ("text", "json" or "html"), or nullopt for another format.
std::optional<std::string> exhaustive_report_in(const std::string& format, const ExhaustiveReport& r,
                                                bool details = false);

// The configurations not covered (ExhaustiveReport::excused), in order, and the one line that
// reports them ("" when every configuration is covered and no pair is required).
std::vector<const ConfigurationReport*> not_covered(const ExhaustiveReport& r);
std::string coverage_line(const ExhaustiveReport& r);

// The texts the text and HTML reports share.
std::string hex_input(const Call& c, uint64_t x);      // "0x3f800000"
std::string plural(uint64_t n, const char* word);      // "1 input", "2 inputs"
std::string call_text(const Call& c);                  // "opset 25, saturate=1"
std::string counts(const ConfigurationReport& c);      // "255 pass, 0 fail, 0 unspecified, ..."
std::string range_text(const Call& c, uint64_t first, uint64_t last);  // "inputs 0x62 .. 0x63 (2 inputs)"
// The command that judges inputs [first, last] of `c` again (r.rerun must not be empty).
std::string rerun_line(const ExhaustiveReport& r, const Call& c, uint64_t first, uint64_t last);

}  // namespace castlike::exhaustive
