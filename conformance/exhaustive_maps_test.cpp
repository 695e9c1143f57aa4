// Whole input -> output maps (harness/maps, docs/exhaustive.md): derived from the reference,
// cross-checked against it point by point, exported and read back strictly, and used to judge the
// kernels (castlike_convert at every ISA level this machine has) on every input of every source of
// <= 16 bits and on sampled ranges of the 32-bit sources. Built with CASTLIKE_EXHAUSTIVE_FULL the
// cross-check takes 10^6 random inputs per configuration and a few 32-bit configurations are
// judged on all 2^32 inputs (ctest label `exhaustive`).
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <ctime>
#include <map>
#include <mutex>

#include "castlike/castlike.h"
#include "castlike/packing.hpp"
#include "maps/crosscheck.hpp"
#include "maps/derive.hpp"
#include "maps/export.hpp"
#include "maps/judge.hpp"
#include "test_support.hpp"

namespace castlike::exhaustive {
namespace {

#ifdef CASTLIKE_EXHAUSTIVE_FULL
constexpr uint64_t kRandomChecks = 1000000;
constexpr uint64_t kGroupProbes = UINT64_MAX;  // every group boundary of every staircase run
#else
constexpr uint64_t kRandomChecks = 100000;
constexpr uint64_t kGroupProbes = 2048;  // per staircase run: the first 1024 and 1024 at random
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

// 32-bit sources: searched; every configuration derives. Every run's ends and neighbours, both
// sides of the group boundaries of staircase runs (all of them in the full build, the first and
// random ones otherwise) and random inputs against the reference.
TEST_P(DeriveWide, EveryConfigurationCrossChecksOnBoundariesAndRandomInputs) {
  for (const Configuration& c : configurations_from(GetParam())) {
    const Map* m = map_of(c);
    ASSERT_NE(m, nullptr) << c.name() << ": " << std::get<std::string>(derive(c));
    EXPECT_EQ(check_structure(*m), "") << c.name();
    const CrossCheck cc = cross_check(*m, kRandomChecks, 0x5eed ^ m->runs.size(), kGroupProbes);
    EXPECT_GE(cc.points, kRandomChecks + m->runs.size());
    EXPECT_TRUE(cc.ok()) << c.name() << ": " << cc.mismatches.front();
  }
}
INSTANTIATE_TEST_SUITE_P(Sources, DeriveWide, testing::ValuesIn(sources(false)), type_param_name);

// Moves the start of run r by delta inputs (+1 or -1) keeping its formula for the inputs it still
// holds (or now holds): the description that has one boundary in the wrong place.
void move_first(exhaustive::Run& r, int delta, uint64_t mask) {
  if (r.staircase == exhaustive::Staircase::kAffine) {
    r.base = delta > 0 ? r.bits_at(r.first + 1, mask) : (r.base - r.step) & mask;
  } else {
    // The staircase position of the new first is offset + delta in the same period; the bits
    // there follow from the formula (the step count q is unchanged by the shift of origin).
    const uint64_t p = r.period();
    const exhaustive::Run old = r;
    r.offset = (r.offset + p + static_cast<uint64_t>(static_cast<int64_t>(delta))) % p;
    const uint64_t new_first = r.first + static_cast<uint64_t>(static_cast<int64_t>(delta));
    const uint64_t q_old = old.steps_at(new_first - old.first) - old.steps_at(0);  // mod 2^64
    r.base = (old.base + old.step * q_old) & mask;
  }
  r.first += static_cast<uint64_t>(static_cast<int64_t>(delta));
}

// Every boundary between two runs of `good` moved by one input, either way, where that changes an
// expectation: the cross-check (its boundary probes alone, no random inputs, a few group
// boundaries per staircase run) catches each.
void expect_every_shifted_boundary_caught(const Map& good, size_t min_tried) {
  const uint64_t mask = good.output_mask();
  size_t tried = 0;
  for (size_t i = 0; i + 1 < good.runs.size(); ++i) {
    for (int direction : {+1, -1}) {
      Map bad = good;
      exhaustive::Run &r = bad.runs[i], &s = bad.runs[i + 1];
      if (direction > 0 && s.first == s.last) continue;
      if (direction < 0 && r.first == r.last) continue;
      const uint64_t moved = direction > 0 ? s.first : r.last;
      move_first(s, direction, mask);
      r.last += static_cast<uint64_t>(static_cast<int64_t>(direction));
      ASSERT_EQ(check_structure(bad), "");
      // A staircase often extends one input beyond its run with the right bits: then the moved
      // description is as exact as the good one, and there is nothing to catch.
      const ref::Result was = good.expected(moved), now = bad.expected(moved);
      if (was.value.bits == now.value.bits && was.outcome == now.outcome && was.rule == now.rule &&
          was.nan_sign_matters == now.nan_sign_matters)
        continue;
      ++tried;
      const CrossCheck cc = cross_check(bad, 0, 1, 4);
      EXPECT_FALSE(cc.ok()) << good.config.name() << ": boundary " << i << " moved " << direction << " (input "
                            << kt::hex(moved) << ") not caught";
    }
  }
  EXPECT_GE(tried, min_tried) << good.config.name();
}

// A description with one run boundary moved by one input, either way, is caught by the cross-check
// (its boundary probes alone: no random inputs), at every boundary of a 32-bit map.
TEST(ExhaustiveMaps, ShiftedBoundaryIsCaught) {
  const Map* good = map_of(config(ElementType::kFloat, ElementType::kFloat8E4M3FN));
  ASSERT_NE(good, nullptr);
  expect_every_shifted_boundary_caught(*good, 20);
}

// Staircase maps corrupted three ways, each caught by the cross-check: a run boundary moved by
// one input (every boundary, both ways); a staircase shifted by one input inside its run (every
// group boundary moves: the offset off by one, either way); a wrong increment per step.
TEST(ExhaustiveMaps, CorruptedStaircaseIsCaught) {
  for (const Configuration& c : {config(ElementType::kFloat, ElementType::kInt32),
                                 config(ElementType::kInt32, ElementType::kFloat),
                                 config(ElementType::kFloat, ElementType::kInt4)}) {
    const Map* good = map_of(c);
    ASSERT_NE(good, nullptr) << c.name();
    expect_every_shifted_boundary_caught(*good, 20);
    size_t staircases = 0;
    for (size_t i = 0; i < good->runs.size(); ++i) {
      const exhaustive::Run& g = good->runs[i];
      if (g.staircase == exhaustive::Staircase::kAffine) continue;
      ++staircases;
      for (int delta : {+1, -1}) {
        Map bad = *good;
        exhaustive::Run& r = bad.runs[i];
        r.offset = (r.offset + r.period() + static_cast<uint64_t>(static_cast<int64_t>(delta))) % r.period();
        r.base = g.base;  // the same bits at first: only the group boundaries move
        ASSERT_EQ(check_structure(bad), "");
        EXPECT_FALSE(cross_check(bad, 0, 1, 4).ok()) << c.name() << ": run " << i << " offset moved " << delta;
      }
      Map bad = *good;
      bad.runs[i].step = (g.step + 1) & good->output_mask();
      EXPECT_FALSE(cross_check(bad, 0, 1, 4).ok()) << c.name() << ": run " << i << " step + 1 not caught";
    }
    EXPECT_GT(staircases, 10u) << c.name();
  }
}

// ---- Export ------------------------------------------------------------------------------------

TEST(ExhaustiveMaps, ExportRoundTripsAndTheReaderIsStrict) {
  for (const Configuration& c : {config(ElementType::kFloat, ElementType::kFloat8E8M0, false, CASTLIKE_ROUND_NEAREST),
                                 config(ElementType::kInt16, ElementType::kInt4),
                                 config(ElementType::kInt32, ElementType::kFloat16),
                                 config(ElementType::kInt32, ElementType::kFloat),
                                 config(ElementType::kFloat, ElementType::kUint64)}) {
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
                  a.outcome == b.outcome && a.rule == b.rule && a.nan_sign_matters == b.nan_sign_matters &&
                  a.staircase == b.staircase && a.shift == b.shift && a.offset == b.offset);
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
  rejects(replaced("\"version\":2", "\"version\":2,\"extra\":0"), "unknown key \"extra\"");
  rejects(replaced("\"version\":2", "\"version\":3"), "unsupported version");
  rejects(replaced("\"version\":2", "\"version\":0"), "unsupported version");
  rejects(replaced("\"source\":\"UINT8\"", "\"source\":\"STRING\""), "non-numeric");
  rejects(replaced("\"source_bits\":8", "\"source_bits\":16"), "do not match");
  rejects(replaced("\"saturate\":1", "\"saturate\":2"), "saturate must be 0 or 1");
  rejects(replaced("\"INT.WRAP\"", "\"INT.WRAPPED\""), "unknown rule");
  rejects(replaced("\"exact\"", "\"exactly\""), "unknown outcome");
  rejects(replaced("[[0,255,0,1,", "[[0,254,0,1,"), "the runs do not reach");
  rejects(replaced("[[0,255,0,1,", "[[1,255,0,1,"), "does not start");
  rejects(replaced("[[0,255,0,1,", "[[0,255,16,1,"), "beyond the destination's bits");
  rejects(replaced("[[0,255,0,1,", "[[0,255,-1,1,"), "not an unsigned integer");
  // Version 1 documents (affine runs only) are still read; staircase runs need version 2.
  ASSERT_TRUE(std::holds_alternative<Map>(from_json(replaced("\"version\":2", "\"version\":1"))));
  const std::string stair = to_json(*map_of(config(ElementType::kInt32, ElementType::kFloat)));
  ASSERT_TRUE(std::holds_alternative<Map>(from_json(stair)));
  const auto stair_replaced = [&](const std::string& from, const std::string& to) {
    std::string s = stair;
    const size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? s : s.replace(at, from.size(), to);
  };
  rejects(stair_replaced("\"version\":2", "\"version\":1"), "not an array of 7 fields");
  rejects(stair_replaced("\"alternating\"", "\"zigzag\""), "unknown staircase \"zigzag\"");
  rejects(stair_replaced("\"alternating\",1,", "\"alternating\",0,"), "staircase shift outside 1..31");
  rejects(stair_replaced("\"alternating\",1,", "\"alternating\",1,4"), "offset not below its period");
  rejects(stair_replaced(",true,\"alternating\"", ",true,\"alternating\",1,0,1"), "not an array of 7 or 10");
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
    ASSERT_NE(m, nullptr) << c.name();
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

// This thread's CPU time: throughput on a shared, loaded machine (wall time counts the waits).
double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Expansion and judging throughput over 2^26 inputs per class of output (1-byte exact, NaN runs
// of a saturate=0 float8, 2- and 4-byte exact, packed 4-bit, staircases), in the same run; the
// expanded outputs judged against their own map must have no failure.
TEST(ExhaustiveMaps, ExpansionAndJudgingThroughput) {
  struct Case {
    Configuration c;
    uint64_t a;  // start of the 2^26 inputs
  };
  for (const Case& k : {Case{config(ElementType::kFloat, ElementType::kFloat8E4M3FN), 0x30000000},
                        // Every input overflows 448: NaN runs only.
                        Case{config(ElementType::kFloat, ElementType::kFloat8E4M3FN, false), 0x50000000},
                        // Two NaN runs (+/- NaN inputs, the sign matters) of 2^23 inputs each.
                        Case{config(ElementType::kFloat, ElementType::kFloat8E5M2, false), 0x7C000000},
                        Case{config(ElementType::kFloat, ElementType::kFloat16), 0x30000000},
                        Case{config(ElementType::kFloat, ElementType::kFloat), 0x30000000},
                        Case{config(ElementType::kFloat, ElementType::kInt32), 0x30000000},
                        Case{config(ElementType::kInt32, ElementType::kFloat), 0x30000000},
                        Case{config(ElementType::kFloat, ElementType::kFloat4E2M1), 0x30000000},
                        Case{config(ElementType::kFloat, ElementType::kInt4), 0x30000000},
                        Case{config(ElementType::kFloat, ElementType::kUint2), 0x30000000}}) {
    const Configuration& c = k.c;
    const Map* m = map_of(c);
    ASSERT_NE(m, nullptr);
    const uint64_t a = k.a, n = uint64_t{1} << 26;
    std::vector<uint8_t> out(*storage_bytes(c.to, n));
    const double t0 = thread_cpu_seconds();
    expand(*m, a, a + n, out.data());
    const double t1 = thread_cpu_seconds();
    const Judgement j = judge(*m, a, a + n, out.data());
    const double t2 = thread_cpu_seconds();
    EXPECT_EQ(j.failures, 0u) << describe(c, j);
    std::printf("%s from 0x%08llx: %zu runs; expansion %.2f G inputs/s, judging %.2f G inputs/s "
                "(thread CPU time)\n",
                c.name().c_str(), static_cast<unsigned long long>(a), m->runs.size(), n / (t1 - t0) / 1e9,
                n / (t2 - t1) / 1e9);
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

// All 2^32 inputs of the configurations whose maps are staircases of ~2^24 to ~2^26 steps (once,
// at the level the library dispatches to): truncation to 32/64-bit integers, round-then-wrap to
// 4/2-bit integers, 32-bit integers rounded to FLOAT.
TEST(ExhaustiveMapsFull, EveryInputOfTheStaircaseConfigurationsDispatchedLevel) {
  for (const Configuration& c :
       {config(ElementType::kFloat, ElementType::kInt32), config(ElementType::kInt32, ElementType::kFloat),
        config(ElementType::kUint32, ElementType::kFloat), config(ElementType::kFloat, ElementType::kUint32),
        config(ElementType::kFloat, ElementType::kInt64), config(ElementType::kFloat, ElementType::kUint64),
        config(ElementType::kFloat, ElementType::kInt4), config(ElementType::kFloat, ElementType::kUint4),
        config(ElementType::kFloat, ElementType::kInt2), config(ElementType::kFloat, ElementType::kUint2)}) {
    const Map* m = map_of(c);
    ASSERT_NE(m, nullptr);
    uint64_t failures = 0, unspecified = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (uint64_t a = 0; a < m->input_count(); a += uint64_t{1} << 24) {
      const Judgement j = judge_kernels(c, *m, a, a + (uint64_t{1} << 24));
      failures += j.failures, unspecified += j.unspecified;
      EXPECT_EQ(j.failures, 0u) << castlike_isa_name(castlike_active_isa()) << " " << describe(c, j);
    }
    std::printf("%s [%s]: 2^32 inputs, %llu failures, %llu unspecified, %.1f s\n", c.name().c_str(),
                castlike_isa_name(castlike_active_isa()), static_cast<unsigned long long>(failures),
                static_cast<unsigned long long>(unspecified),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
}
#endif

}  // namespace
}  // namespace castlike::exhaustive
