// The HTML report's pieces (harness/render_html*.cpp): any bytes become text; a pair is "explained"
// only when a named reading explains each of its failing cases, never on missing information; the
// counts that fit a cell. The page in a real browser: check_html_report.py.
#include <gtest/gtest.h>

#include "judging/baseline.hpp"
#include "subjects/implementation.hpp"
#include "rendering/render.hpp"
#include "rendering/render_html.hpp"
#include "judging/validator.hpp"
#include "formats/vector_set.hpp"

namespace castlike::harness {
namespace {

TEST(HtmlText, MarkupBecomesEntities) {
  EXPECT_EQ(html::text("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
}

TEST(HtmlText, InvalidUtf8AndControlsAreShownEscaped) {
  EXPECT_EQ(html::text("caf\xe9\x1b[31m\x07\xff"), "caf\\xe9\\x1b[31m\\x07\\xff");
  EXPECT_EQ(html::text(std::string("a\0b", 3)), "a\\x00b");
  // Characters that hide or reorder the text around them: C1 controls, bidirectional controls.
  EXPECT_EQ(html::text("a\u202eb\u2067c\u200fd\u0085e\u2028f"), "a\\u202eb\\u2067c\\u200fd\\u0085e\\u2028f");
  EXPECT_EQ(html::text("caf\u00e9 \u2192 \U0001F600\t"), "caf\u00e9 \u2192 \U0001F600\t");  // the rest is kept
}

TEST(HtmlText, CompactCountsFitACell) {
  EXPECT_EQ(html::compact_count(0), "0");
  EXPECT_EQ(html::compact_count(999), "999");
  EXPECT_EQ(html::compact_count(1000), "1.0k");
  EXPECT_EQ(html::compact_count(4599), "4.5k");  // never rounded up past the count
  EXPECT_EQ(html::compact_count(12345), "12k");
  EXPECT_EQ(html::compact_count(1999999), "1.9M");
  EXPECT_EQ(html::compact_count(123456789012ull), "123G");
}

// A report of one INT8 -> INT16 pair with two failing cases, the second one explained or not.
Report two_cases(bool second_explained) {
  Report r;
  PairResult& p = r.pairs[{ElementType::kInt8, ElementType::kInt16}];
  p.counts.pass = 5;
  p.counts.fail = 3;
  r.total = p.counts;
  r.rules[ref::RuleId::kIntWrap].counts = p.counts;
  for (const char* name : {"a", "b"}) {
    CaseResult& c = r.case_results.emplace_back();
    c.name = name;
    Failure f;
    f.case_name = name;
    f.from = ElementType::kInt8;
    f.to = ElementType::kInt16;
    c.failures.push_back(f);
  }
  r.discrepancies.push_back({"a", "INT.WRAP", 2, 0, "A8=truncate-wrap"});
  r.discrepancies.push_back({"b", "INT.WRAP", 1, 0, second_explained ? "saturate=0" : ""});
  return r;
}

const html::PairView& int8_to_int16(const std::vector<html::PairView>& views) {
  for (const auto& v : views)
    if (v.from == ElementType::kInt8 && v.to == ElementType::kInt16) return v;
  throw std::logic_error("no INT8 -> INT16 view");
}

TEST(HtmlPairs, ExplainedOnlyWhenEveryFailingCaseIs) {
  const auto views = html::pair_views(two_cases(false));
  ASSERT_EQ(views.size(), kTypeTable.size() * kTypeTable.size());
  const html::PairView& p = int8_to_int16(views);
  EXPECT_EQ(p.status, html::PairStatus::kUnexplained);
  EXPECT_EQ(p.explained, 2u);
  ASSERT_EQ(p.rules.size(), 1u);
  EXPECT_EQ(p.rules[0].failures, 3u);
  EXPECT_EQ(p.rules[0].readings.at("A8=truncate-wrap"), 2u);
  ASSERT_EQ(p.failures.size(), 2u);
  EXPECT_EQ(p.failures[0].reading, "A8=truncate-wrap");
  EXPECT_EQ(p.failures[1].reading, "none (unexplained)");  // the only failure of its case and rule

  EXPECT_EQ(int8_to_int16(html::pair_views(two_cases(true))).status, html::PairStatus::kExplained);
}

TEST(HtmlPairs, MostSeriousStatusWins) {
  Report r = two_cases(true);
  PairResult& p = r.pairs[{ElementType::kInt8, ElementType::kInt16}];
  p.rejections.push_back({"c", "opset 25", "not implemented", 2});
  EXPECT_EQ(int8_to_int16(html::pair_views(r)).status, html::PairStatus::kExplained);
  p.call_failures.push_back({"d", "d.json", "opset 25", "crashed", "crashed with SIGSEGV", "", 2});
  EXPECT_EQ(int8_to_int16(html::pair_views(r)).status, html::PairStatus::kFailedCall);
  p.call_failures.clear();
  p.counts.fail = 0;
  EXPECT_EQ(int8_to_int16(html::pair_views(r)).status, html::PairStatus::kPartlyRejected);
  p.counts.pass = 0;
  EXPECT_EQ(int8_to_int16(html::pair_views(r)).status, html::PairStatus::kRejected);
  p.rejections.clear();
  p.counts.unspecified = 4;
  EXPECT_EQ(int8_to_int16(html::pair_views(r)).status, html::PairStatus::kUnspecified);
}

// With a baseline, a failing pair is "known" exactly when each of its discrepancy rows is known:
// one new or changed row (even an explained one) keeps its own status; a failed call wins.
TEST(HtmlPairs, KnownOnlyWhenEveryRowIsKnown) {
  Report r = two_cases(false);
  Baseline all;
  all.entries = run_entries(r);
  const BaselineComparison known = compare_with_baseline(r, all, false);
  ASSERT_TRUE(known.ok());
  const html::PairView& p = int8_to_int16(html::pair_views(r, &known));
  EXPECT_EQ(p.status, html::PairStatus::kKnown);
  EXPECT_EQ(p.known_rows, 2u);
  EXPECT_EQ(p.new_rows, 0u);
  EXPECT_NE(report_html(r, &known).find("class=\"st-known\""), std::string::npos);

  Baseline one = all;
  one.entries.pop_back();  // case b's row is new
  const BaselineComparison added = compare_with_baseline(r, one, false);
  EXPECT_EQ(int8_to_int16(html::pair_views(r, &added)).status, html::PairStatus::kUnexplained);
  Report explained = two_cases(true);
  const BaselineComparison changed = compare_with_baseline(explained, all, false);  // b: now explained
  EXPECT_EQ(changed.changed.size(), 1u);
  EXPECT_EQ(int8_to_int16(html::pair_views(explained, &changed)).status, html::PairStatus::kExplained);

  r.pairs[{ElementType::kInt8, ElementType::kInt16}].call_failures.push_back(
      {"d", "d.json", "opset 25", "crashed", "crashed with SIGSEGV", "", 2});
  EXPECT_EQ(int8_to_int16(html::pair_views(r, &known)).status, html::PairStatus::kFailedCall);
  EXPECT_EQ(html::pair_views(r).size(), kTypeTable.size() * kTypeTable.size());
}

#ifdef CASTLIKE_SOURCE_DIR
// A report made with --examples 0 names no failing case: its failures cannot be shown explained.
TEST(HtmlPairs, FailuresWithoutCasesCountAsUnexplained) {
  auto loaded = load_vector_set({CASTLIKE_SOURCE_DIR "/vectors/spec-examples/test_cc_castlike_FLOAT_to_FLOAT4E2M1.json"});
  ASSERT_TRUE(std::holds_alternative<VectorSet>(loaded)) << std::get<std::string>(loaded);
  ref::Variants v;
  ASSERT_FALSE(ref::apply_variant_overrides(v, "A2=six"));
  auto impl = make_reference_implementation(v, "reference A2=six");
  for (size_t examples : {5, 0}) {
    ValidateOptions options;
    options.examples_per_rule = examples;
    const Report r = validate(std::get<VectorSet>(loaded), *impl, options);
    const auto views = html::pair_views(r);
    const html::PairView& p = views[0 * kTypeTable.size() + 20];  // FLOAT -> FLOAT4E2M1
    ASSERT_EQ(p.from, ElementType::kFloat);
    ASSERT_EQ(p.to, ElementType::kFloat4E2M1);
    ASSERT_GT(r.total.fail, 0u);
    EXPECT_EQ(p.status, examples ? html::PairStatus::kExplained : html::PairStatus::kUnexplained) << examples;
    const std::string page = report_html(r);
    EXPECT_EQ(page.find("name no case in this report") != std::string::npos, examples == 0) << examples;
  }
}
#endif

}  // namespace
}  // namespace castlike::harness
