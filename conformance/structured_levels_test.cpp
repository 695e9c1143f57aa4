// The structured input sets of the 64-bit sources (harness/maps/structured_inputs.hpp,
// docs/exhaustive.md "Structured sets of 64-bit sources"):
//  - StructuredSets (label `maps`, default run): every set is in input order, distinct, one piece
//    of the exhaustive run at most, the same on every call; its classes name what it varies;
//  - ExhaustiveLevels/Full.EveryInput/<SOURCE>_structured_<level> (label `exhaustive`,
//    scripts/tests/test-exhaustive): the kernels at every ISA
//    level on every input of every configuration of DOUBLE, INT64 and UINT64, one case per source
//    and level, judged against the reference's expectations with judge_patterns(); under an
//    emulator (scripts/tests/test-neon) the expectations are read from the files a native process wrote
//    (CASTLIKE_STRUCTURED_EXPECTATIONS, level_case.hpp), as exhaustive_levels_test reads its maps.
// A level's kernel is the dispatch table's (opt::kernel_at), called on the whole set at once.
#include <gtest/gtest.h>
#include <time.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <thread>

#include "castlike/packing.hpp"
#include "maps/derive.hpp"
#include "dispatch.hpp"
#include "engine.hpp"
#include "maps/judge.hpp"
#include "structured/level_case.hpp"
#include "structured_export.hpp"
#include "structured_judging.hpp"

namespace castlike::exhaustive {
namespace {

TEST(StructuredSets, InOrderDistinctAndDeterministic) {
  for (const Configuration& c : structured_configurations()) {
    if (c.attributes.saturate != true || c.attributes.round_mode != CASTLIKE_ROUND_UP) continue;  // same set
    const StructuredSet s = structured_set(c);
    ASSERT_EQ(s.inputs.size(), s.classes.size()) << c.name();
    ASSERT_FALSE(s.inputs.empty()) << c.name();
    // One piece: a set's failures are named by class when its piece is judged.
    EXPECT_LE(s.inputs.size(), kPieceInputs) << c.name();
    for (size_t i = 1; i < s.inputs.size(); ++i) ASSERT_LT(s.inputs[i - 1], s.inputs[i]) << c.name() << " at " << i;
  }
  const Configuration c{ElementType::kDouble, ElementType::kFloat16, {}};
  EXPECT_EQ(structured_set(c).inputs, structured_set(c).inputs);
  EXPECT_EQ(judged_inputs(c), structured_set(c).inputs.size());
}

// The decisions of DOUBLE -> FLOAT16 are in the set: the smallest subnormal's tie (2^-25) and
// what is just above it, the tie below the largest finite value's successor (65520), each with the
// sticky bit alone in the low word; the source's ends.
TEST(StructuredSets, HoldTheDecidingInputsOfDoubleToFloat16) {
  const StructuredSet s = structured_set({ElementType::kDouble, ElementType::kFloat16, {}});
  const auto has = [&](uint64_t x) { return std::binary_search(s.inputs.begin(), s.inputs.end(), x); };
  const uint64_t two_m25 = uint64_t{1023 - 25} << 52, f65520 = 0x40EFFE0000000000ULL;
  for (uint64_t x : std::initializer_list<uint64_t>{two_m25, two_m25 | 1, f65520, f65520 | 1, f65520 - 1, uint64_t{0}, uint64_t{1},
                     0x7FF0000000000000ULL, 0xFFF0000000000000ULL, 0x7FEFFFFFFFFFFFFFULL, 0x8000000000000000ULL})
    EXPECT_TRUE(has(x)) << std::hex << x;
  // Its class: 65520 + 1 ulp of DOUBLE has the round bit set, the bit below clear, bit 0 sticky.
  const size_t i = static_cast<size_t>(std::lower_bound(s.inputs.begin(), s.inputs.end(), f65520 | 1) - s.inputs.begin());
  const InputClass& k = s.classes[i];
  EXPECT_EQ(k.lsb, 1);
  EXPECT_EQ(k.round, 1);
  EXPECT_EQ(k.guard, 0);
  EXPECT_EQ(k.sticky, InputClass::Sticky::kBit);
  EXPECT_EQ(k.sticky_bit, 0);
  EXPECT_EQ(k.level, 1023 + 15);
}

// The 4-/2-bit integers keep the low bits of every finite value (INT4.RNE_WRAP, INT.WRAP), so
// their result depends on a source level's low bits at every magnitude, not only within their
// range: for every 64-bit source and every such destination, each level from the destination's
// width up to the source's largest holds an input of every code that level can give (a float
// level 2^e at or above 2^(mantissa bits) gives only the multiples of 2^(e - mantissa bits), and
// 0 alone from 2^(mantissa bits + destination bits) on: that level and a representative of the
// rest), and the inputs of the largest integers
// are there (DOUBLE 2^53 - 1: exponent 52, low bits all ones; 2^54 - 2).
TEST(StructuredSets, EveryCodeOfAWrappingDestinationAtEveryLevel) {
  size_t destinations = 0;
  for (const TypeInfo& to : kTypeTable) {
    if (is_float(to.type) || !is_packed(to.type)) continue;
    ++destinations;
    const int d = static_cast<int>(to.bits);
    for (const TypeInfo& from : kTypeTable) {
      if (!has_structured_set(from.type) || from.type == ElementType::kString) continue;
      const Configuration c{from.type, to.type, {}};
      const StructuredExpectation e = expect_structured(structured_set(c), 2);
      const std::vector<uint8_t> bytes = expected_outputs(e);
      std::map<std::pair<bool, int>, std::set<uint64_t>> codes;  // per sign and level
      for (size_t i = 0; i < e.set.inputs.size(); ++i)
        codes[{e.set.classes[i].negative, e.set.classes[i].level}].insert(load_bits(to.type, bytes.data(), i));
      const auto has = [&](uint64_t x) { return std::binary_search(e.set.inputs.begin(), e.set.inputs.end(), x); };
      if (is_float(from.type)) {
        const FloatFormat& f = from.format;
        const int m = f.mantissa_bits;
        for (bool negative : {false, true})
          for (int field = f.bias + d; field < static_cast<int>(f.max_exponent_field()); ++field) {
            const int above = field - f.bias - m;  // the source's last bit weighs 2^above
            const size_t want = above <= 0 ? size_t{1} << d : above < d ? size_t{1} << (d - above) : 1;
            // Where every value is 0 modulo the destination, the first such level and one
            // representative of the rest stand for all.
            if (want == 1 && above > d && !codes.count({negative, field})) continue;
            EXPECT_EQ((codes[{negative, field}].size()), want) << c.name() << (negative ? " negative" : " positive")
                                                             << " exponent field " << field;
          }
        for (uint64_t x : {0x433FFFFFFFFFFFFFULL, 0xC33FFFFFFFFFFFFFULL, 0x4330000000000001ULL, 0x434FFFFFFFFFFFFFULL,
                           0x7FEFFFFFFFFFFFFFULL})
          EXPECT_TRUE(has(x)) << c.name() << " lacks 0x" << std::hex << x;
      } else {
        const bool is_signed = is_signed_integer(from.type);
        for (bool negative : is_signed ? std::vector<bool>{false, true} : std::vector<bool>{false})
          for (int length = d + 1; length <= static_cast<int>(from.bits) - (is_signed ? 1 : 0); ++length)
            EXPECT_EQ((codes[{negative, length}].size()), size_t{1} << d)
                << c.name() << (negative ? " negative" : " positive") << " bit length " << length;
        for (uint64_t x : {(uint64_t{1} << 53) - 1, (uint64_t{1} << 63) - 1, uint64_t{1} << 63, ~uint64_t{0}})
          EXPECT_TRUE(has(x)) << c.name() << " lacks 0x" << std::hex << x;
      }
    }
  }
  EXPECT_GE(destinations, 2u) << "no 4-/2-bit integer destination in the type table";
}

// A planted failure is named by its class: flipping the outputs of every input of one class
// (positive, round 1, guard 0, sticky bit 0..31) gives exactly that class back.
TEST(StructuredSets, FailuresAreNamedByClass) {
  const StructuredSet s = structured_set({ElementType::kDouble, ElementType::kFloat16, {}});
  std::vector<StructuredFailure> failures;
  for (size_t i = 0; i < s.inputs.size(); ++i) {
    const InputClass& k = s.classes[i];
    if (!k.negative && k.lsb == 0 && k.round == 1 && k.guard == 0 && k.sticky == InputClass::Sticky::kBit &&
        k.sticky_bit < 32 && k.level >= 1023 - 14 && k.level <= 1023 + 15)
      failures.push_back({i, 1, 2, ref::OutcomeClass::kExact, ref::RuleId::kIdentity});
  }
  const std::vector<Interval> classes = failing_classes(s, failures);
  ASSERT_EQ(classes.size(), 1u);
  EXPECT_EQ(classes[0].count, failures.size());
  EXPECT_EQ(classes[0].pattern_class,
            "positive, exponent field 1009..1038 (2^-14..2^15), lsb 0 round 1 guard 0, sticky bit 0..31");
}

// The expectations are runs over source patterns, affine in the pattern: at every input of a set
// they (and the bytes expected_outputs() expands from them) state the reference's answer, and
// judge_patterns() finds exactly the outputs planted wrong (every 97th) among outputs written from
// the reference, whatever the runs' lengths.
TEST(StructuredSets, JudgedByRunsExactlyAsTheReferenceSays) {
  for (ElementType to : {ElementType::kFloat8E4M3FN, ElementType::kInt8, ElementType::kDouble, ElementType::kUint4}) {
    for (ElementType from : {ElementType::kDouble, ElementType::kInt64}) {
      const Configuration c{from, to, {}};
      const StructuredExpectation e = expect_structured(structured_set(c), 2);
      const size_t n = e.set.inputs.size();
      EXPECT_LT(e.expectations.runs.size() * 4, n) << c.name() << ": runs are not much fewer than inputs";
      std::vector<uint8_t> out(*storage_bytes(to, n) + 8);
      std::vector<uint64_t> planted;
      const std::vector<uint8_t> bytes = expected_outputs(e);
      for (size_t i = 0; i < n; ++i) {
        const ref::Result want = ref::convert_element(from, ref::Element::of_bits(e.set.inputs[i]), to, c.attributes);
        ASSERT_EQ(load_bits(to, bytes.data(), i), want.value.bits & bit_mask(to)) << c.name() << " expected_outputs at " << i;
        const ref::Result said = e.expectations.expected(e.set.inputs[i]);
        ASSERT_EQ(said.value.bits, want.value.bits & bit_mask(to)) << c.name() << " at 0x" << std::hex << e.set.inputs[i];
        ASSERT_EQ(said.outcome, want.outcome) << c.name();
        uint64_t bits = want.value.bits & bit_mask(to);
        if (i % 97 == 5 && want.outcome == ref::OutcomeClass::kExact) bits ^= 1, planted.push_back(i);
        store_bits(to, out.data(), i, bits);
      }
      // Whole, and in batches that start inside runs (777 inputs: neither a block nor a run).
      for (size_t batch : {n, size_t{777}}) {
        std::vector<uint64_t> found;
        for (size_t a = 0; a < n; a += batch) {
          const size_t b = std::min(n, a + batch);
          std::vector<uint8_t> part(*storage_bytes(to, b - a) + 8);
          for (size_t i = a; i < b; ++i) store_bits(to, part.data(), i - a, load_bits(to, out.data(), i));
          const Judgement j =
              judge_patterns(e.expectations, e.run_starts.data(), e.set.inputs.data() + a, a, b, part.data(), SIZE_MAX);
          for (const FailingInterval& f : j.intervals)
            for (uint64_t x = f.first; x <= f.last; ++x) found.push_back(x);
        }
        EXPECT_EQ(found, planted) << c.name() << " in batches of " << batch;
      }
    }
  }
}

// The expectations written to a file and read back are the same runs; a file of another
// configuration or set, or a damaged one, is refused with the reason.
TEST(StructuredSets, ExpectationsFileRoundTripAndRefusals) {
  const Configuration c{ElementType::kDouble, ElementType::kFloat8E4M3FN, {true, CASTLIKE_ROUND_UP}};
  const StructuredExpectation e = expect_structured(structured_set(c), 2);
  const std::string bytes = structured_expectations_bytes(e);
  EXPECT_TRUE(kStructuredExpectationsKind.recognises(bytes));
  auto back = read_structured_expectations(bytes, structured_set(c));
  ASSERT_TRUE(std::holds_alternative<StructuredExpectation>(back)) << std::get<std::string>(back);
  const StructuredExpectation& r = std::get<StructuredExpectation>(back);
  EXPECT_EQ(r.set.inputs, e.set.inputs);
  EXPECT_EQ(r.run_starts, e.run_starts);
  ASSERT_EQ(r.expectations.runs.size(), e.expectations.runs.size());
  for (size_t i = 0; i < r.expectations.runs.size(); ++i) {
    const castlike::exhaustive::Run &a = r.expectations.runs[i], &b = e.expectations.runs[i];
    ASSERT_TRUE(a.first == b.first && a.last == b.last && a.base == b.base && a.step == b.step &&
                a.outcome == b.outcome && a.rule == b.rule && a.nan_sign_matters == b.nan_sign_matters)
        << "run " << i;
  }
  const auto refused = [&](const std::string& text, StructuredSet set, const std::string& why) {
    auto got = read_structured_expectations(text, std::move(set));
    ASSERT_TRUE(std::holds_alternative<std::string>(got)) << why;
    EXPECT_NE(std::get<std::string>(got).find(why), std::string::npos) << std::get<std::string>(got);
  };
  // Another attribute combination has the same set but another id; another destination another set.
  refused(bytes, structured_set({c.from, c.to, {false, CASTLIKE_ROUND_UP}}), "not DOUBLE-FLOAT8E4M3FN-sat0");
  StructuredSet changed = structured_set(c);
  changed.inputs[5] ^= 1;
  refused(bytes, changed, "other inputs than this build's");
  changed.inputs.pop_back();
  refused(bytes, changed, "(the sets differ)");
  refused("castlike-structured-expectations 2\n" + bytes.substr(kStructuredExpectationsFirstLine.size()),
          structured_set(c), "not castlike structured expectations");
  refused(bytes.substr(0, bytes.size() - 1), structured_set(c), "runs need");
  const size_t body = bytes.size() - e.expectations.runs.size() * 40;
  std::string bad = bytes;
  bad[body + 40 + 36] = 7;  // the second run's outcome
  refused(bad, structured_set(c), "run 1: unknown outcome class");
  bad = bytes;
  bad[body + 40 + 8] = 0;  // the second run's first input: at the first run's
  refused(bad, structured_set(c), "run 1: does not start at an input of the set");
}

// A share keeps every run's first and last input and about 1 in `every` of the others; its runs
// state the reference's answer at each of its inputs, and a planted failure among them is found.
TEST(StructuredSets, ShareKeepsRunEndsAndJudgesAsTheReference) {
  for (const Configuration& c : {Configuration{ElementType::kDouble, ElementType::kFloat16, {}},
                                 Configuration{ElementType::kInt64, ElementType::kUint4, {}}}) {
    const StructuredExpectation e = expect_structured(structured_set(c), 2);
    const StructuredExpectation s = share_of(e, 16);
    const size_t n = e.set.inputs.size(), m = s.set.inputs.size();
    ASSERT_EQ(s.set.classes.size(), m);
    size_t ends = 0;
    for (size_t i = 0; i < e.run_starts.size(); ++i) {
      const uint64_t end = i + 1 < e.run_starts.size() ? e.run_starts[i + 1] : n;
      for (uint64_t p : {e.run_starts[i], end - 1})
        EXPECT_TRUE(std::binary_search(s.set.inputs.begin(), s.set.inputs.end(), e.set.inputs[p])) << c.name();
      ends += end - e.run_starts[i] >= 2 ? 2 : 1;
    }
    // The hashed inputs: 1 in 16 of the others, within a generous margin.
    const double others = static_cast<double>(n - ends), kept = static_cast<double>(m - ends);
    EXPECT_NEAR(kept / others, 1.0 / 16, 0.01) << c.name();
    EXPECT_EQ(share_of(e, 1).set.inputs, e.set.inputs);
    std::vector<uint8_t> out(*storage_bytes(c.to, m) + 8);
    std::vector<uint64_t> planted;
    for (size_t i = 0; i < m; ++i) {
      const ref::Result want = ref::convert_element(c.from, ref::Element::of_bits(s.set.inputs[i]), c.to, c.attributes);
      uint64_t bits = want.value.bits & bit_mask(c.to);
      if (i % 101 == 3 && want.outcome == ref::OutcomeClass::kExact) bits ^= 1, planted.push_back(i);
      store_bits(c.to, out.data(), i, bits);
    }
    const Judgement j = judge_patterns(s.expectations, s.run_starts.data(), s.set.inputs.data(), 0, m, out.data(), SIZE_MAX);
    std::vector<uint64_t> found;
    for (const FailingInterval& f : j.intervals)
      for (uint64_t x = f.first; x <= f.last; ++x) found.push_back(x);
    EXPECT_EQ(found, planted) << c.name();
    EXPECT_FALSE(planted.empty());
  }
}

// ---- The kernels at every level ------------------------------------------------------------------

struct Case {
  std::string name;
  ElementType from;
  opt::Isa isa;
  std::string skipped;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const TypeInfo& t : kTypeTable) {
    if (!has_structured_set(t.type) || t.type == ElementType::kString) continue;  // texts: structured_text_test
#if defined(CASTLIKE_TEST_AVX512_EMULATED)
    // The AVX-512 kernels compiled against SIMDe (as in exhaustive_levels_test.cpp): where the CPU
    // has AVX-512 the native binary runs the real kernels, and emulating them is redundant.
    out.push_back({std::string(t.name) + "_structured_avx512emulated", t.type, opt::Isa::kAvx512,
                   opt::isa_available(opt::Isa::kAvx512) ? "this CPU has AVX-512: the native level runs it" : ""});
#else
    for (opt::Isa isa : {opt::Isa::kScalar, opt::Isa::kAvx2, opt::Isa::kAvx512, opt::Isa::kNeon})
      if (opt::isa_built(isa))
        out.push_back({std::string(t.name) + "_structured_" + opt::isa_name(isa), t.type, isa,
                       opt::isa_available(isa) ? "" : "this CPU lacks the level"});
#endif
  }
  return out;
}
std::string case_name(const testing::TestParamInfo<Case>& p) { return p.param.name; }
void PrintTo(const Case& k, std::ostream* os) { *os << k.name; }

// Inputs per kernel call and judge_patterns() call: the batch's inputs and outputs stay in the
// core's cache between the two.
constexpr size_t kBatch = size_t{1} << 12;

// The kernel of `k`'s level on every input of every configuration of its source, judged against
// the reference's expectations (computed, or read: expectations_for()).
void run_case(const Case& k) {
  if (!k.skipped.empty()) GTEST_SKIP() << k.skipped;
  const unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  LevelCase r;
  std::vector<uint8_t> out;  // reused, as the engine reuses its batch buffers
  for (const Configuration& c : configurations_from(k.from)) {
    const double t0 = cpu_seconds();
    auto expected = expectations_for(c, jobs);
    if (auto* why = std::get_if<std::string>(&expected)) {
      ADD_FAILURE() << c.name() << ": " << *why;
      continue;
    }
    const StructuredExpectation& e = std::get<StructuredExpectation>(expected);
    const size_t n = e.set.inputs.size();
    // The expected bytes, and each batch's unspecified inputs, once per configuration: a batch
    // whose outputs are these bytes passes (expected_outputs()); only a batch that differs is
    // judged input by input.
    const std::vector<uint8_t> want = expected_outputs(e);
    std::vector<uint64_t> unspecified((n + kBatch - 1) / kBatch, 0);
    for (size_t ri = 0; ri < e.run_starts.size(); ++ri) {
      if (e.expectations.runs[ri].outcome != ref::OutcomeClass::kUnspecified) continue;
      const size_t end = ri + 1 < e.run_starts.size() ? static_cast<size_t>(e.run_starts[ri + 1]) : n;
      for (size_t i = static_cast<size_t>(e.run_starts[ri]); i < end; ++i) ++unspecified[i / kBatch];
    }
    r.expect_cpu += cpu_seconds() - t0;
    out.resize(std::max(out.size(), *storage_bytes(c.to, kBatch) + 8));
    const opt::KernelFn kernel = opt::kernel_at(k.isa, c.from, c.to);
    ASSERT_NE(kernel, nullptr) << c.name();
    castlike_attributes attrs;
    attrs.saturate = c.attributes.saturate ? 1 : 0;
    attrs.round_mode = c.attributes.round_mode;
    // Batches of kBatch inputs, so that the kernel's outputs are judged while they are in cache.
    Judgement j;
    double kernel_cpu = 0, judge_cpu = 0;  // this configuration's
    size_t exact_batches = 0;              // judged input by input: their bytes differ from the expected
    for (size_t a = 0; a < n; a += kBatch) {
      const size_t k = std::min(kBatch, n - a);
      const double t1 = cpu_seconds();
      kernel(e.set.inputs.data() + a, out.data(), k, attrs);
      const double t2 = cpu_seconds();
      // Batches start at multiples of kBatch: byte boundaries of the packed layouts too.
      if (std::memcmp(out.data(), want.data() + *storage_bytes(c.to, a), *storage_bytes(c.to, k)) == 0) {
        j.unspecified += unspecified[a / kBatch];
      } else {
        ++exact_batches;
        const Judgement part = judge_patterns(e.expectations, e.run_starts.data(), e.set.inputs.data() + a, a, a + k,
                                              out.data(), 8);
        j.failures += part.failures, j.unspecified += part.unspecified;
        j.intervals.insert(j.intervals.end(), part.intervals.begin(), part.intervals.end());
      }
      kernel_cpu += t2 - t1, judge_cpu += cpu_seconds() - t2;
    }
    r.kernel_cpu += kernel_cpu, r.judge_cpu += judge_cpu;
    r.inputs += n, r.failures += j.failures, r.unspecified += j.unspecified;
    std::printf("  %s: %zu inputs, kernel %.4f CPU-s, judge %.4f CPU-s (%.0f M inputs per CPU-second of both; "
                "%zu of %zu batches judged input by input)\n",
                c.name().c_str(), n, kernel_cpu, judge_cpu,
                static_cast<double>(n) / std::max(1e-9, kernel_cpu + judge_cpu) / 1e6, exact_batches,
                unspecified.size());
    for (const FailingInterval& f : j.intervals)
      ADD_FAILURE() << c.name() << ": input 0x" << std::hex << e.set.inputs[static_cast<size_t>(f.first)] << " x"
                    << std::dec << f.count << " expected 0x" << std::hex << f.expected << " actual 0x" << f.actual;
  }
  r.print(k.name);
  EXPECT_EQ(r.failures, 0u);
}

class Full : public testing::TestWithParam<Case> {};
TEST_P(Full, EveryInput) { run_case(GetParam()); }
// Named as the 32-bit sources' cases (exhaustive_levels_test.cpp), so that scripts/tests/test-exhaustive's
// level and source filters take both.
INSTANTIATE_TEST_SUITE_P(ExhaustiveLevels, Full, testing::ValuesIn(cases()), case_name);


}  // namespace
}  // namespace castlike::exhaustive
