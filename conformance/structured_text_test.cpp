// The structured sets of the STRING source (harness/maps/structured_text_inputs.hpp,
// docs/exhaustive.md "Structured sets of STRING sources"):
//  - StructuredTextSets (label `maps`, default run): each set is one piece at most, the same on
//    every call, one text per line; it holds the exact decimal of every value of the narrow
//    float destinations; every spelling reads as the same value and every neighbour lies on its
//    side of its anchor with the digits it names; failures are named by class;
//  - ExhaustiveLevels/Full.EveryInput/STRING_structured_<level> (label `exhaustive`,
//    scripts/tests/test-exhaustive): the kernels' text path (castlike_convert_from_strings) with the
//    level forced, on every input of every configuration of STRING, judged against the
//    reference's expectations with judge_patterns().
#include <gtest/gtest.h>
#include <time.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <set>
#include <thread>

#include "castlike/castlike.h"
#include "castlike/packing.hpp"
#include "maps/derive.hpp"
#include "engine.hpp"
#include "maps/judge.hpp"
#include "structured/level_case.hpp"
#include "reference/decimal.hpp"
#include "structured_judging.hpp"

namespace castlike::exhaustive {
namespace {

using Family = TextClass::Family;
using Spelling = TextClass::Spelling;

// One configuration per destination: the set does not depend on the attributes.
std::vector<Configuration> one_per_destination() {
  std::vector<Configuration> out;
  for (const Configuration& c : configurations_from(ElementType::kString))
    if (out.empty() || out.back().to != c.to) out.push_back(c);
  return out;
}

bool same_value(const ref::ExactValue& a, const ref::ExactValue& b) {
  return a.kind == b.kind && a.negative == b.negative && (!a.is_finite() || ref::compare_magnitude(a, b) == 0);
}

TEST(StructuredTextSets, OnePieceDeterministicOneTextPerLine) {
  for (const Configuration& c : one_per_destination()) {
    const StructuredSet s = structured_set(c);
    ASSERT_TRUE(s.text) << c.name();
    ASSERT_EQ(s.text->texts.size(), s.inputs.size()) << c.name();
    ASSERT_EQ(s.text->classes.size(), s.inputs.size()) << c.name();
    EXPECT_LE(s.inputs.size(), kPieceInputs) << c.name();
    EXPECT_EQ(judged_inputs(c), s.inputs.size()) << c.name();
    for (size_t i = 0; i < s.inputs.size(); ++i) {
      ASSERT_EQ(s.inputs[i], i) << c.name();
      ASSERT_EQ(s.text->texts[i].find_first_of("\n\r"), std::string::npos) << c.name() << " at " << i;
    }
    if (s.inputs.size() < 200000) {  // DOUBLE's takes seconds
      EXPECT_EQ(structured_set(c).text->texts, s.text->texts) << c.name();
    }
  }
}

// Every finite value of a float destination of at most 8 bits is in its set: the exact decimal
// (positive, plain spelling) of each reads, through the reference, as exactly that pattern.
TEST(StructuredTextSets, HoldEveryValueOfTheNarrowFloats) {
  for (const Configuration& c : one_per_destination()) {
    if (!is_float(c.to) || info(c.to).bits > 8) continue;
    const StructuredSet s = structured_set(c);
    std::set<uint64_t> read;
    for (size_t i = 0; i < s.inputs.size(); ++i) {
      const TextClass& k = s.text->classes[i];
      if (k.negative || k.digit != 0 || k.spelling != Spelling::kPlain) continue;
      if (k.family != Family::kValue && k.family != Family::kZero) continue;
      const ref::Result r = ref::convert_element(ElementType::kString, ref::Element::of_text(s.text->texts[i]), c.to,
                                                 c.attributes);
      EXPECT_EQ(r.outcome, ref::OutcomeClass::kExact) << c.name() << " " << s.text->texts[i];
      read.insert(r.value.bits);
    }
    size_t finite = 0;
    const FloatFormat& f = info(c.to).format;
    const uint64_t positive = f.has_sign ? uint64_t{1} << (info(c.to).bits - 1) : uint64_t{1} << info(c.to).bits;
    for (uint64_t p = 0; p < positive; ++p) {
      const ref::Decoded d = ref::decode_element(c.to, ref::Element::of_bits(p));
      if (!d.value.is_finite() || d.value.negative) continue;
      ++finite;
      EXPECT_TRUE(read.count(p)) << c.name() << " 0x" << std::hex << p;
    }
    EXPECT_EQ(read.size(), finite) << c.name();
  }
}

// The texts of one anchor come in order: the exact decimal, then below and above at each digit,
// each in the four spellings. Every spelling reads as the same value; a neighbour lies strictly
// on its side of the exact decimal and has at most its digit's number of significant digits.
TEST(StructuredTextSets, SpellingsAgreeAndNeighboursBracketTheirAnchor) {
  for (ElementType to : {ElementType::kFloat8E4M3FN, ElementType::kFloat, ElementType::kInt8, ElementType::kFloat8E8M0}) {
    const StructuredSet s = structured_set({ElementType::kString, to, {}});
    const auto& texts = s.text->texts;
    const auto& classes = s.text->classes;
    std::optional<ref::ExactValue> anchor;
    size_t neighbours = 0;
    for (size_t i = 0; i + 3 < texts.size(); i += 4) {
      if (classes[i].family == Family::kSpecial) continue;  // four special words per sign
      const auto v = ref::parse_decimal(texts[i]);
      ASSERT_TRUE(v) << texts[i];
      for (size_t j = 1; j < 4; ++j) {
        const auto w = ref::parse_decimal(texts[i + j]);
        ASSERT_TRUE(w && same_value(*v, *w)) << "'" << texts[i] << "' and '" << texts[i + j] << "'";
        ASSERT_EQ(classes[i + j].spelling, static_cast<Spelling>(j));
      }
      const TextClass& k = classes[i];
      if (k.digit == 0) {
        anchor = *v;
        continue;
      }
      ASSERT_TRUE(anchor) << texts[i];
      EXPECT_EQ(ref::compare_magnitude(*v, *anchor), k.direction) << texts[i];  // below / above in magnitude
      std::string digits;
      for (char ch : texts[i].substr(0, texts[i].find_first_of("eE"))) if (ch >= '0' && ch <= '9') digits += ch;
      digits.erase(0, digits.find_first_not_of('0'));
      digits.erase(digits.find_last_not_of('0') + 1);
      EXPECT_LE(digits.size(), k.digit) << texts[i];
      ++neighbours;
    }
    EXPECT_GT(neighbours, 0u) << info(to).name;
  }
}

// A planted failure is named by its class: every positive midpoint's 20th-digit neighbour above,
// exponent spelling, of STRING -> FLOAT8E4M3FN gives exactly that class back.
TEST(StructuredTextSets, FailuresAreNamedByClass) {
  const StructuredSet s = structured_set({ElementType::kString, ElementType::kFloat8E4M3FN, {}});
  std::vector<StructuredFailure> failures;
  int lo = 1000, hi = -1000;
  for (size_t i = 0; i < s.inputs.size(); ++i) {
    const TextClass& k = s.text->classes[i];
    if (!k.negative && k.family == Family::kMidpoint && k.spelling == Spelling::kExponent && k.digit == 20 &&
        k.direction == 1) {
      failures.push_back({i, 1, 2, ref::OutcomeClass::kExact, ref::RuleId::kIdentity});
      lo = std::min<int>(lo, k.level), hi = std::max<int>(hi, k.level);
    }
  }
  const std::vector<Interval> classes = failing_classes(s, failures);
  ASSERT_EQ(classes.size(), 1u);
  EXPECT_EQ(classes[0].count, failures.size());
  EXPECT_EQ(classes[0].pattern_class, "positive, midpoint 2^" + std::to_string(lo) + "..2^" + std::to_string(hi) +
                                          ", exponent spelling, 20th digit above");
}

// ---- The kernels' text path at every level ----------------------------------------------------

struct Case {
  std::string name;
  castlike_isa isa;
  std::string skipped;
};
void PrintTo(const Case& k, std::ostream* os) { *os << k.name; }  // the test's name, not the bytes

std::vector<Case> cases() {
  std::vector<Case> out;
  for (castlike_isa isa : {CASTLIKE_ISA_SCALAR, CASTLIKE_ISA_AVX2, CASTLIKE_ISA_AVX512, CASTLIKE_ISA_NEON}) {
    const std::string level = castlike_isa_name(isa);
#if defined(__aarch64__)
    if (isa != CASTLIKE_ISA_SCALAR && isa != CASTLIKE_ISA_NEON) continue;
#else
    if (isa == CASTLIKE_ISA_NEON) continue;
#endif
    out.push_back({"STRING_structured_" + level, isa, castlike_isa_available(isa) ? "" : "this CPU lacks the level"});
  }
  return out;
}
// The text path at `k`'s level on the inputs of every configuration of STRING (every input, or the
// share_of() `every`: positions into the set's texts), judged against the reference's expectations.
void run_case(const Case& k, uint64_t every) {
  if (!k.skipped.empty()) GTEST_SKIP() << k.skipped;
  ASSERT_EQ(castlike_force_isa(k.isa), CASTLIKE_OK);  // the process's level: each case runs in its own
  LevelCase r;
  uint64_t whole = 0;
  const unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  for (const Configuration& c : configurations_from(ElementType::kString)) {
    const double t0 = cpu_seconds();
    auto expected = expectations_for(c, jobs);
    if (auto* why = std::get_if<std::string>(&expected)) {
      ADD_FAILURE() << c.name() << ": " << *why;
      continue;
    }
    whole += std::get<StructuredExpectation>(expected).set.inputs.size();
    const StructuredExpectation e = share_of(std::get<StructuredExpectation>(expected), every);
    const size_t n = e.set.inputs.size();
    std::vector<const char*> texts(n);
    for (size_t i = 0; i < n; ++i) texts[i] = e.set.text->texts[static_cast<size_t>(e.set.inputs[i])].c_str();
    std::vector<uint8_t> out(*storage_bytes(c.to, n) + 8);
    castlike_attributes attrs;
    attrs.saturate = c.attributes.saturate ? 1 : 0;
    attrs.round_mode = c.attributes.round_mode;
    const double t1 = cpu_seconds();
    ASSERT_EQ(castlike_convert_from_strings(texts.data(), nullptr, n, static_cast<castlike_type>(c.to), out.data(), 0,
                                            &attrs),
              CASTLIKE_OK)
        << c.name();
    const double t2 = cpu_seconds();
    const Judgement j = judge_patterns(e.expectations, e.run_starts.data(), e.set.inputs.data(), 0, n, out.data(), 8);
    r.expect_cpu += t1 - t0, r.kernel_cpu += t2 - t1, r.judge_cpu += cpu_seconds() - t2;
    std::printf("  %s: %zu inputs, kernel %.3f CPU-s (%.2f M inputs per CPU-second)\n", c.name().c_str(), n, t2 - t1,
                static_cast<double>(n) / std::max(1e-9, t2 - t1) / 1e6);
    r.inputs += n, r.failures += j.failures, r.unspecified += j.unspecified;
    for (const FailingInterval& f : j.intervals)
      ADD_FAILURE() << c.name() << ": \"" << texts[static_cast<size_t>(f.first)] << "\" x" << f.count
                    << " expected 0x" << std::hex << f.expected << " actual 0x" << f.actual;
  }
  if (every > 1) std::printf("%s: a share of %llu of the sets' %llu inputs\n", k.name.c_str(),
                             static_cast<unsigned long long>(r.inputs), static_cast<unsigned long long>(whole));
  r.print(k.name);
  EXPECT_EQ(r.failures, 0u);
}

class Full : public testing::TestWithParam<Case> {};
TEST_P(Full, EveryInput) { run_case(GetParam(), 1); }
// Named as the other sources' cases (exhaustive_levels_test.cpp, structured_levels_test.cpp), so
// that scripts/tests/test-exhaustive's level and source filters take these too.
INSTANTIATE_TEST_SUITE_P(ExhaustiveLevels, Full, testing::ValuesIn(cases()),
                         [](const testing::TestParamInfo<Case>& p) { return p.param.name; });

// A share of every set (share_of(): every run's first and last text and about 1 in
// kStructuredShare of the others), for a level whose tests run under an emulator (the
// NEON cross build under qemu, label `kernels`; natively label `exhaustive`, where Full judges
// every text), as structured_levels_test.cpp's Share.
class Share : public testing::TestWithParam<Case> {};
TEST_P(Share, ShareOfEveryInput) { run_case(GetParam(), kStructuredShare); }
INSTANTIATE_TEST_SUITE_P(ExhaustiveLevels, Share, testing::ValuesIn(cases()),
                         [](const testing::TestParamInfo<Case>& p) { return p.param.name; });

}  // namespace
}  // namespace castlike::exhaustive
