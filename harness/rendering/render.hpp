// A validation report as text (render_text.cpp), JSON (render_json.cpp; "castlike-validation-report",
// vectors/schema/README.md), a self-contained HTML page (render_html.cpp) or JUnit XML
// (render_junit.cpp), and the pieces they share (render_common.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "judging/report.hpp"
#include "formats/vector_file.hpp"

namespace castlike::harness {

struct BaselineComparison;  // baseline.hpp

std::string report_text(const Report& r);
// With a baseline (`castlike validate --expect`), the JSON report has a "baseline" section.
std::string report_json(const Report& r, const BaselineComparison* baseline = nullptr);
// With a baseline, the HTML page has a baseline section beside the verdict and colours the pairs
// whose failures are all known.
std::string report_html(const Report& r, const BaselineComparison* baseline = nullptr);
// One <testcase> per vector file, as CI systems read it (pytest --junitxml's dialect); with a
// baseline, a case whose rows are all known is <skipped>.
std::string report_junit(const Report& r, const BaselineComparison* baseline = nullptr);
// Text as XML 1.0 character data (attribute: an attribute value in double quotes), well-formed
// whatever bytes it holds (render_junit.cpp says how).
std::string xml_escape(const std::string& text, bool attribute);
// ` name="value"`, the value escaped as an attribute.
std::string xml_attribute(const std::string& name, const std::string& value);
// The JUnit document both modes write (pytest --junitxml's dialect): one <testsuites> holding one
// <testsuite> named `suite_name`, its properties, `cases` (each a whole <testcase> element) and
// `system_out`; the counts of tests, failures, errors and skipped on both.
struct JunitSuite {
  std::string suites_name, suite_name;
  std::vector<std::pair<std::string, std::string>> properties;  // name, value
  std::vector<std::string> cases;
  size_t failures = 0, errors = 0, skipped = 0;
  std::string system_out;
};
std::string junit_document(const JunitSuite& suite);

// The one-line verdict: "kernels: 3 pass, 0 fail, ...; 0 rejection(s); PASS", with a baseline
// its summary first; PASS exactly when passes(report, baseline).
std::string verdict_line(const Report& r, const BaselineComparison* baseline = nullptr);
// The one line of the cases outside the coverage the implementation declares ("" when it declares
// none; "coverage: declared ..., every case covered" when none is outside).
std::string coverage_line(const Report& r);
bool passes(const Report& r, const BaselineComparison* baseline = nullptr);

// `text` after `indent`, broken at spaces so that lines fit 80 columns, the lines after the first
// indented two more (a word longer than a line, such as a path, stays whole); ends with "\n".
std::string wrapped_text(const std::string& indent, const std::string& text);
// "3 pass, 1 fail, 0 unspecified, 0 rejected"
std::string counts_text(const Counts& c);
// The exact value, short: the decimal expansion when it is short, else 17 significant digits and
// the exact dyadic m*2^e.
std::string exact_text(ElementType t, const ref::Element& e);
// Bits and exact value ("0x2f (0.46875)"; FLOAT8E8M0 0x00 with both its values, reading A12), or
// the quoted text of a STRING.
std::string show(ElementType t, const ref::Element& e);
// What an expected NaN admits: " (any NaN of that sign)", " (any NaN)", or "" for other outcomes.
std::string expected_note(const Failure& f);
// For a number-to-text failure: the element of the source type the actual text reads back to
// (" (reads back as 0x3eaaaaab (0.333333343...))"), or that it denotes none; "" otherwise.
std::string actual_note(const Failure& f);
// One failure on one line: case, element, call, input, expected, actual, explaining readings.
std::string failure_line(const Failure& f);
// A failing element over several short lines (input, expected, actual, the readings explaining
// it), then its reproduce line; each line starts with `indent`.
std::string failure_block(const Failure& f, const std::string& indent);
// The shape pass's summary: "shape pass: 1234 calls, 40 wrong (tail 40)" (ShapeResults).
std::string shape_pass_text(const ShapeResults& s);
// A failure of the shape pass: "position tail: " and failure_block(), its call's length and
// offsets on the reproduce line.
std::string shape_failure_block(const Failure& f, const std::string& indent);
// The ready-to-paste reproduce line of a failing element:
// "castlike explain --from FLOAT --to FLOAT8E4M3FN --opset 25 --saturate 0 --bits 0x3f000000".
std::string explain_command(const Failure& f);
// The rejected calls of one reason, in the report's order; groups with the most calls first.
struct RejectionGroup {
  std::string message;
  uint64_t elements = 0;
  std::vector<const Rejection*> calls;
};
std::vector<RejectionGroup> rejections_by_reason(const std::vector<Rejection>& rejections);
// The text report's opening with a baseline (render_baseline.cpp): verdict, summary, new and changed rows (each with its
// first failing cases), vanished and not-run rows. `report_text` follows it.
std::string baseline_text(const BaselineComparison& comparison, const Report& report);
// The same opening for any run: "HEADING: PASS against the baseline", the summary and the rows;
// `case_word` names what a row's case is ("case", "configuration").
std::string baseline_text(const BaselineComparison& comparison, const std::string& heading, size_t call_failures,
                          const std::string& case_word);

}  // namespace castlike::harness
