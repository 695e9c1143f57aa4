// The pieces of the HTML report (render_html.cpp): what each type pair's cell and details section
// show (render_html_pairs.cpp, derived from the report alone), the matrix (render_html_matrix.cpp)
// and the details sections (render_html_details.cpp).
#pragma once

#include <array>
#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "judging/baseline.hpp"
#include "rendering/render.hpp"

namespace castlike::harness::html {

// Any bytes as HTML text (element content or a quoted attribute value): invalid UTF-8 and control
// characters shown as \xNN (harness::printable), markup characters as entities.
std::string text(std::string_view s);

// The page's inline style sheet (<style>...</style>), the status colours included: the validation
// page and the exhaustive page (harness/exhaustive/render_exhaustive_html.cpp) share it.
void write_style_sheet(std::ostream& o);

// What a pair's cell says, most serious first. kShape: right in each file's own call, wrong (or
// failed) in some call shape of the shape pass, a code path's bug no reading explains. kKnown: with
// a baseline (--expect), a pair whose failing rows are all known to it.
enum class PairStatus {
  kFailedCall, kUnexplained, kShape, kExplained, kKnown, kRejected, kPartlyRejected, kUnspecified, kPass, kNoVectors
};

// The status of what was judged (a pair's elements, an exhaustive configuration's inputs): failed
// calls, then failures (`explained` of `fail` by a named reading), then rejections.
PairStatus status_from(bool failed_calls, uint64_t fail, uint64_t explained, bool rejections, uint64_t pass,
                       uint64_t unspecified);

struct StatusStyle {
  PairStatus status;
  const char* css_class;   // also the class of the legend swatch
  const char* background;  // the one place the colours are set (the page's style sheet)
  const char* foreground;
  const char* label;       // the legend's words
};
// Every status, most serious first (the legend's order).
const std::array<StatusStyle, 10>& status_styles();
const StatusStyle& style_of(PairStatus s);

// One failing rule in one pair, from the report's discrepancy rows (one per case and rule).
struct RuleInPair {
  ref::RuleId rule{};
  uint64_t failures = 0;
  uint64_t explained = 0;                   // of failures in cases a single reading explains whole
  size_t cases = 0, explained_cases = 0;
  std::map<std::string, uint64_t> readings;  // reading -> failures of whole cases it explains here
};

// A failing element of a pair with what the report knows of it.
struct PairFailure {
  const Failure* failure;
  std::vector<ref::RuleId> rules;  // one when known; the case's failing rules when not
  std::string reading;             // "A2=six, profile exact", "none (unexplained)", ...
};

struct PairView {
  ElementType from{}, to{};
  const PairResult* result = nullptr;  // null: no vectors of the pair
  PairStatus status = PairStatus::kNoVectors;
  uint64_t explained = 0;  // failures in cases one named reading explains whole (per rule)
  std::vector<RuleInPair> rules;
  std::vector<PairFailure> failures;  // the first failures of the pair's cases, in the set's order
  size_t known_rows = 0, new_rows = 0;  // with a baseline: its discrepancy rows known, and new or changed
  bool has_details() const;           // failures, failed calls or rejections: a details section
  std::string anchor() const;         // "pair-FLOAT-FLOAT16"
  std::string title() const;          // "FLOAT -> FLOAT16"
};

// Every pair of the type table, in the table's order (from-major). With a baseline, a failing pair without
// failed calls whose discrepancy rows are all known to it is kKnown.
std::vector<PairView> pair_views(const Report& r, const BaselineComparison* baseline = nullptr);

// "12", "4.5k", "12k", "3.1M": a count that fits a matrix cell.
std::string compact_count(uint64_t n);
std::string rule_anchor(ref::RuleId rule);  // "rule-F8.SAT.OVERFLOW"

void write_matrix(std::ostream& o, const std::vector<PairView>& pairs);
void write_pair_details(std::ostream& o, const Report& r, const PairView& p);
void write_rejection_groups(std::ostream& o, const std::vector<Rejection>& rejections, size_t shown_per_reason);
// pair_of_case: case name -> its pair's anchor, for a link (empty: none).
void write_failed_calls(std::ostream& o, const std::vector<CallFailure>& failures,
                        const std::map<std::string, std::string>& pair_of_case);

}  // namespace castlike::harness::html
