// Whole input -> output maps (harness/exhaustive, docs/exhaustive.md): derived from the reference,
// cross-checked against it point by point, exported and read back strictly, and used to judge the
// kernels (castlike_convert at every ISA level this machine has) on every input of every source of
// <= 16 bits and on sampled ranges of the 32-bit sources. Built with CASTLIKE_EXHAUSTIVE_FULL the
// cross-check takes 10^6 random inputs per configuration and a few 32-bit configurations are
// judged on all 2^32 inputs (ctest label `exhaustive`).
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <map>
#include <mutex>

#include "castlike/castlike.h"
#include "castlike/packing.hpp"
#include "crosscheck.hpp"
#include "derive.hpp"
#include "export.hpp"
#include "judge.hpp"
#include "kernel_test_support.hpp"

namespace castlike::exhaustive {
namespace {

#ifdef CASTLIKE_EXHAUSTIVE_FULL
constexpr uint64_t kRandomChecks = 1000000;
#else
constexpr uint64_t kRandomChecks = 100000;
#endif

// Maps are derived once per process and shared by the tests.
const Map* map_of(const Configuration& c) {
  static std::mutex mu;
  static std::map<std::string, std::unique_ptr<Map>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = cache[c.name()];
  if (!slot) {
    auto d = derive(c);
    if (auto* m = std::get_if<Map>(&d)) slot = std::make_unique<Map>(std::move(*m));
  }
  return slot.get();
}

Configuration config(ElementType from, ElementType to, bool saturate = true,
                     castlike_round_mode mode = CASTLIKE_ROUND_UP) {
  return {from, to, {saturate, mode}};
}

std::vector<ElementType> sources(bool narrow) {
  std::vector<ElementType> out;
  for (const TypeInfo& t : kTypeTable)
    if (t.type != ElementType::kString && t.bits <= 32 && (t.bits <= 16) == narrow) out.push_back(t.type);
  return out;
}

std::string type_param_name(const testing::TestParamInfo<ElementType>& p) { return std::string(info(p.param).name); }

// The source patterns [a, b) in raw layout.
std::vector<uint8_t> source_patterns(ElementType from, uint64_t a, uint64_t b) {
  std::vector<uint8_t> buf(*storage_bytes(from, static_cast<size_t>(b - a)) + 8);
  if (info(from).bits == 32) {
    for (uint64_t x = a; x < b; ++x) {
      const uint32_t v = static_cast<uint32_t>(x);
      std::memcpy(buf.data() + (x - a) * 4, &v, 4);
    }
  } else {
    for (uint64_t x = a; x < b; ++x) store_bits(from, buf.data(), static_cast<size_t>(x - a), x);
  }
  return buf;
}

std::vector<uint8_t> run_kernels(const Configuration& c, const std::vector<uint8_t>& src, uint64_t n) {
  std::vector<uint8_t> out(*storage_bytes(c.to, static_cast<size_t>(n)) + 8);
  castlike_attributes a;
  a.saturate = c.attributes.saturate ? 1 : 0;
  a.round_mode = c.attributes.round_mode;
  const castlike_status st = castlike_convert(static_cast<castlike_type>(c.from), src.data(), 0,
                                              static_cast<castlike_type>(c.to), out.data(), 0, n, &a);
  EXPECT_EQ(st, CASTLIKE_OK) << c.name();
  return out;
}

std::string describe(const Configuration& c, const Judgement& j) {
  std::string s = c.name() + ": " + std::to_string(j.failures) + " failures";
  for (size_t i = 0; i < j.intervals.size() && i < 5; ++i) {
    const FailingInterval& f = j.intervals[i];
    s += "\n  [" + kt::hex(f.first) + ", " + kt::hex(f.last) + "] x" + std::to_string(f.count) + " " +
         std::string(ref::rule_name(f.rule)) + " expected " + kt::hex(f.expected) + " actual " + kt::hex(f.actual);
  }
  return s;
}

// Judges [a, b) of configuration c on the active level; returns the judgement.
Judgement judge_kernels(const Configuration& c, const Map& m, uint64_t a, uint64_t b) {
  const std::vector<uint8_t> src = source_patterns(c.from, a, b);
  const std::vector<uint8_t> out = run_kernels(c, src, b - a);
  return judge(m, a, b, out.data());
}

// ---- Derivation and cross-check ----------------------------------------------------------------

class DeriveNarrow : public testing::TestWithParam<ElementType> {};

// Sources of <= 16 bits: the derivation enumerates, and the cross-check compares every input.
TEST_P(DeriveNarrow, EveryConfigurationCrossChecksOnEveryInput) {
  for (const Configuration& c : configurations_from(GetParam())) {
    const Map* m = map_of(c);
    ASSERT_NE(m, nullptr) << c.name();
    EXPECT_EQ(check_structure(*m), "") << c.name();
    const CrossCheck cc = cross_check(*m, m->input_count());
    EXPECT_GE(cc.points, m->input_count());
    EXPECT_TRUE(cc.ok()) << c.name() << ": " << cc.mismatches.front();
  }
}
INSTANTIATE_TEST_SUITE_P(Sources, DeriveNarrow, testing::ValuesIn(sources(true)), type_param_name);

class DeriveWide : public testing::TestWithParam<ElementType> {};

// 32-bit sources: searched; every run's ends and neighbours plus random inputs against the
// reference. Exactly the configurations refused before the search have no map (the run cap of
// the search is never what refuses).
TEST_P(DeriveWide, EveryConfigurationCrossChecksOnBoundariesAndRandomInputs) {
  for (const Configuration& c : configurations_from(GetParam())) {
    auto d = derive(c);
    if (refused_before_search(c)) {
      EXPECT_TRUE(std::holds_alternative<std::string>(d)) << c.name();
      continue;
    }
    ASSERT_TRUE(std::holds_alternative<Map>(d)) << c.name() << ": " << std::get<std::string>(d);
    const Map& m = std::get<Map>(d);
    EXPECT_EQ(check_structure(m), "") << c.name();
    const CrossCheck cc = cross_check(m, kRandomChecks, 0x5eed ^ m.runs.size());
    EXPECT_GE(cc.points, kRandomChecks + m.runs.size());
    EXPECT_TRUE(cc.ok()) << c.name() << ": " << cc.mismatches.front();
  }
}
INSTANTIATE_TEST_SUITE_P(Sources, DeriveWide, testing::ValuesIn(sources(false)), type_param_name);

// A description with one run boundary moved by one input, either way, is caught by the cross-check
// (its boundary probes alone: no random inputs), at every boundary of a 32-bit map.
TEST(ExhaustiveMaps, ShiftedBoundaryIsCaught) {
  const Map* good = map_of(config(ElementType::kFloat, ElementType::kFloat8E4M3FN));
  ASSERT_NE(good, nullptr);
  const uint64_t mask = good->output_mask();
  size_t tried = 0;
  for (size_t i = 0; i + 1 < good->runs.size(); ++i) {
    for (int direction : {+1, -1}) {
      Map bad = *good;
      exhaustive::Run &r = bad.runs[i], &s = bad.runs[i + 1];
      if (direction > 0 && s.first == s.last) continue;
      if (direction < 0 && r.first == r.last) continue;
      const uint64_t moved = direction > 0 ? s.first : r.last;
      if (direction > 0) {
        s.base = s.bits_at(s.first + 1, mask);
        ++r.last, ++s.first;
      } else {
        s.base = (s.base - s.step) & mask;
        --r.last, --s.first;
      }
      ASSERT_EQ(check_structure(bad), "");
      ++tried;
      const CrossCheck cc = cross_check(bad, 0);
      EXPECT_FALSE(cc.ok()) << "boundary " << i << " moved " << direction << " (input " << kt::hex(moved)
                            << ") not caught";
    }
  }
  EXPECT_GT(tried, 200u);
}

// ---- Export ------------------------------------------------------------------------------------

TEST(ExhaustiveMaps, ExportRoundTripsAndTheReaderIsStrict) {
  for (const Configuration& c : {config(ElementType::kFloat, ElementType::kFloat8E8M0, false, CASTLIKE_ROUND_NEAREST),
                                 config(ElementType::kInt16, ElementType::kInt4),
                                 config(ElementType::kInt32, ElementType::kFloat16)}) {
    const Map* m = map_of(c);
    ASSERT_NE(m, nullptr);
    auto back = from_json(to_json(*m));
    ASSERT_TRUE(std::holds_alternative<Map>(back)) << std::get<std::string>(back);
    const Map& r = std::get<Map>(back);
    EXPECT_TRUE(r.config == c);
    ASSERT_EQ(r.runs.size(), m->runs.size());
    for (size_t i = 0; i < r.runs.size(); ++i) {
      const exhaustive::Run &a = r.runs[i], &b = m->runs[i];
      EXPECT_TRUE(a.first == b.first && a.last == b.last && a.base == b.base && a.step == b.step &&
                  a.outcome == b.outcome && a.rule == b.rule && a.nan_sign_matters == b.nan_sign_matters);
    }
  }
  const std::string good = to_json(*map_of(config(ElementType::kUint8, ElementType::kInt4)));
  ASSERT_TRUE(std::holds_alternative<Map>(from_json(good)));
  const auto rejects = [&](std::string text, const std::string& why) {
    auto r = from_json(text);
    ASSERT_TRUE(std::holds_alternative<std::string>(r)) << why;
    EXPECT_NE(std::get<std::string>(r).find(why), std::string::npos) << std::get<std::string>(r);
  };
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    const size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? s : s.replace(at, from.size(), to);
  };
  rejects("[1,2]", "not a JSON object");
  rejects("{", "invalid map");
  rejects(replaced("\"version\":1", "\"version\":1,\"extra\":0"), "unknown key \"extra\"");
  rejects(replaced("\"version\":1", "\"version\":2"), "unsupported version");
  rejects(replaced("\"source\":\"UINT8\"", "\"source\":\"STRING\""), "non-numeric");
  rejects(replaced("\"source_bits\":8", "\"source_bits\":16"), "do not match");
  rejects(replaced("\"saturate\":1", "\"saturate\":2"), "saturate must be 0 or 1");
  rejects(replaced("\"INT.WRAP\"", "\"INT.WRAPPED\""), "unknown rule");
  rejects(replaced("\"exact\"", "\"exactly\""), "unknown outcome");
  rejects(replaced("[[0,255,0,1,", "[[0,254,0,1,"), "the runs do not reach");
  rejects(replaced("[[0,255,0,1,", "[[1,255,0,1,"), "does not start");
  rejects(replaced("[[0,255,0,1,", "[[0,255,16,1,"), "beyond the destination's bits");
  rejects(replaced("[[0,255,0,1,", "[[0,255,-1,1,"), "not an unsigned integer");
}

// ---- Judging the kernels -----------------------------------------------------------------------

class KernelsNarrow : public testing::TestWithParam<ElementType> {};

// Every input of every <= 16-bit source, every configuration, every ISA level: zero failures
// (inputs whose result is unspecified are counted, not judged).
TEST_P(KernelsNarrow, EveryInputEveryLevelHasNoFailure) {
  kt::IsaGuard guard;
  for (const Configuration& c : configurations_from(GetParam())) {
    const Map* m = map_of(c);
    ASSERT_NE(m, nullptr);
    const std::vector<uint8_t> src = source_patterns(c.from, 0, m->input_count());
    for (castlike_isa isa : kt::available_isas()) {
      ASSERT_EQ(castlike_force_isa(isa), CASTLIKE_OK);
      const std::vector<uint8_t> out = run_kernels(c, src, m->input_count());
      const Judgement j = judge(*m, 0, m->input_count(), out.data());
      EXPECT_EQ(j.inputs, m->input_count());
      EXPECT_EQ(j.failures, 0u) << castlike_isa_name(isa) << " " << describe(c, j);
    }
  }
}
INSTANTIATE_TEST_SUITE_P(Sources, KernelsNarrow, testing::ValuesIn(sources(true)), type_param_name);

// Ranges of the 32-bit sources: around zero, one, the largest finite values, infinity and the
// NaNs, of both signs (for integers: small values, both ends, the sign change).
std::vector<std::pair<uint64_t, uint64_t>> sampled_ranges() {
  std::vector<std::pair<uint64_t, uint64_t>> out;
  for (uint64_t sign : {uint64_t{0}, uint64_t{1} << 31})
    for (uint64_t centre : {uint64_t{0x00000000}, uint64_t{0x00800000}, uint64_t{0x3F800000}, uint64_t{0x4B000000},
                            uint64_t{0x477FE000}, uint64_t{0x43E00000}, uint64_t{0x7F800000}, uint64_t{0x7FFFFFFF}}) {
      const uint64_t lo = centre >= (1u << 17) ? centre - (1u << 17) : 0;
      const uint64_t hi = std::min<uint64_t>(centre + (1u << 17), uint64_t{1} << 31);
      out.push_back({sign + lo, sign + hi});
    }
  return out;
}

class KernelsWide : public testing::TestWithParam<ElementType> {};

TEST_P(KernelsWide, SampledRangesEveryLevelHaveNoFailure) {
  kt::IsaGuard guard;
  for (const Configuration& c : configurations_from(GetParam())) {
    const Map* m = map_of(c);
    if (m == nullptr) continue;  // refused before the search (DeriveWide checks which)
    for (castlike_isa isa : kt::available_isas()) {
      ASSERT_EQ(castlike_force_isa(isa), CASTLIKE_OK);
      for (const auto& [a, b] : sampled_ranges()) {
        const Judgement j = judge_kernels(c, *m, a, b);
        EXPECT_EQ(j.failures, 0u) << castlike_isa_name(isa) << " " << describe(c, j);
      }
    }
  }
}
INSTANTIATE_TEST_SUITE_P(Sources, KernelsWide, testing::ValuesIn(sources(false)), type_param_name);

// A planted fault in the outputs of a 32-bit configuration is reported as exactly its interval:
// one cell, then three consecutive cells, then two cells apart.
TEST(ExhaustiveMaps, PlantedFaultIsReportedAsExactlyThatInterval) {
  const Configuration c = config(ElementType::kFloat, ElementType::kFloat8E4M3FN);
  const Map* m = map_of(c);
  ASSERT_NE(m, nullptr);
  const uint64_t a = 0x3F000000, b = a + (1u << 20);
  const std::vector<uint8_t> src = source_patterns(c.from, a, b);
  const std::vector<uint8_t> clean = run_kernels(c, src, b - a);
  ASSERT_EQ(judge(*m, a, b, clean.data()).failures, 0u);
  const uint64_t at = a + 123457;
  {
    std::vector<uint8_t> out = clean;
    out[at - a] ^= 0x01;
    const Judgement j = judge(*m, a, b, out.data());
    ASSERT_EQ(j.intervals.size(), 1u) << describe(c, j);
    EXPECT_EQ(j.failures, 1u);
    const FailingInterval& f = j.intervals[0];
    EXPECT_EQ(f.first, at);
    EXPECT_EQ(f.last, at);
    EXPECT_EQ(f.count, 1u);
    EXPECT_EQ(f.expected, clean[at - a]);
    EXPECT_EQ(f.actual, static_cast<uint64_t>(clean[at - a] ^ 0x01));
    EXPECT_EQ(f.rule, m->expected(at).rule);
  }
  {
    std::vector<uint8_t> out = clean;
    for (uint64_t k = 0; k < 3; ++k) out[at - a + k] ^= 0x40;
    out[at - a + 5] ^= 0x40;
    const Judgement j = judge(*m, a, b, out.data());
    ASSERT_EQ(j.intervals.size(), 2u) << describe(c, j);
    EXPECT_EQ(j.failures, 4u);
    EXPECT_EQ(j.intervals[0].first, at);
    EXPECT_EQ(j.intervals[0].last, at + 2);
    EXPECT_EQ(j.intervals[0].count, 3u);
    EXPECT_EQ(j.intervals[1].first, at + 5);
    EXPECT_EQ(j.intervals[1].count, 1u);
  }
}

// Expansion and judging throughput, FLOAT -> FLOAT8E4M3FN over 2^26 inputs; the expanded outputs
// judged against their own map must have no failure.
TEST(ExhaustiveMaps, ExpansionAndJudgingThroughput) {
  for (const Configuration& c : {config(ElementType::kFloat, ElementType::kFloat8E4M3FN),
                                 config(ElementType::kFloat, ElementType::kFloat16),
                                 config(ElementType::kFloat, ElementType::kFloat)}) {
    const Map* m = map_of(c);
    ASSERT_NE(m, nullptr);
    const uint64_t a = 0x30000000, n = uint64_t{1} << 26;
    std::vector<uint8_t> out(*storage_bytes(c.to, n));
    const auto t0 = std::chrono::steady_clock::now();
    expand(*m, a, a + n, out.data());
    const auto t1 = std::chrono::steady_clock::now();
    const Judgement j = judge(*m, a, a + n, out.data());
    const auto t2 = std::chrono::steady_clock::now();
    EXPECT_EQ(j.failures, 0u) << describe(c, j);
    const double e = std::chrono::duration<double>(t1 - t0).count(), g = std::chrono::duration<double>(t2 - t1).count();
    std::printf("%s: %zu runs; expansion %.2f G inputs/s, judging %.2f G inputs/s (one core)\n", c.name().c_str(),
                m->runs.size(), n / e / 1e9, n / g / 1e9);
  }
}

#ifdef CASTLIKE_EXHAUSTIVE_FULL
// All 2^32 inputs of a few 32-bit configurations, every level, in chunks of 2^24.
TEST(ExhaustiveMapsFull, EveryFloat32InputEveryLevel) {
  kt::IsaGuard guard;
  for (const Configuration& c : {config(ElementType::kFloat, ElementType::kFloat8E4M3FN, true),
                                 config(ElementType::kFloat, ElementType::kFloat8E4M3FN, false),
                                 config(ElementType::kFloat, ElementType::kFloat8E5M2, false),
                                 config(ElementType::kFloat, ElementType::kFloat16),
                                 config(ElementType::kFloat, ElementType::kBfloat16),
                                 config(ElementType::kFloat, ElementType::kFloat8E8M0, true, CASTLIKE_ROUND_NEAREST),
                                 config(ElementType::kInt32, ElementType::kFloat16)}) {
    const Map* m = map_of(c);
    ASSERT_NE(m, nullptr);
    for (castlike_isa isa : kt::available_isas()) {
      ASSERT_EQ(castlike_force_isa(isa), CASTLIKE_OK);
      uint64_t failures = 0, unspecified = 0;
      const auto t0 = std::chrono::steady_clock::now();
      for (uint64_t a = 0; a < m->input_count(); a += uint64_t{1} << 24) {
        const Judgement j = judge_kernels(c, *m, a, a + (uint64_t{1} << 24));
        failures += j.failures, unspecified += j.unspecified;
        EXPECT_EQ(j.failures, 0u) << castlike_isa_name(isa) << " " << describe(c, j);
      }
      std::printf("%s [%s]: 2^32 inputs, %llu failures, %llu unspecified, %.1f s\n", c.name().c_str(),
                  castlike_isa_name(isa), static_cast<unsigned long long>(failures),
                  static_cast<unsigned long long>(unspecified),
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
  }
}
#endif

}  // namespace
}  // namespace castlike::exhaustive
