// A validation report as text (render_text.cpp), JSON (render_json.cpp; "castlike-validation-report",
// vectors/schema/README.md) or a self-contained HTML page (render_html.cpp), and the pieces the
// three share (render_common.cpp).
#pragma once

#include <string>
#include <vector>

#include "report.hpp"
#include "vector_file.hpp"

namespace castlike::conformance {

std::string report_text(const Report& r);
std::string report_json(const Report& r);
std::string report_html(const Report& r);

// "3 pass, 1 fail, 0 unspecified, 0 rejected"
std::string counts_text(const Counts& c);
// The exact value, short: the decimal expansion when it is short, else 17 significant digits and
// the exact dyadic m*2^e.
std::string exact_text(ElementType t, const ref::Element& e);
// Bits and exact value ("0x2f (0.46875)"), or the quoted text of a STRING.
std::string show(ElementType t, const ref::Element& e);
// What an expected NaN admits: " (any NaN of that sign)", " (any NaN)", or "" for other outcomes.
std::string expected_note(const Failure& f);
// One failure on one line: case, element, call, input, expected, actual, explaining readings.
std::string failure_line(const Failure& f);
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
// "opset 25, saturate=0": a vector file's call.
std::string call_of(const VectorFile& f);

}  // namespace castlike::conformance
