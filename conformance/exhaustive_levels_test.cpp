// The kernels at every ISA level this build has, judged against the whole input -> output maps
// (harness/maps, docs/exhaustive.md) of every derivable configuration:
//  - Narrow: every input of every source of <= 16 bits (label `kernels`: the default run, and the
//    NEON cross build under qemu);
//  - Sampled: every run boundary of every 32-bit configuration +-2 and 10^6 random inputs (2*10^5
//    in a cross build, under an emulator) (label
//    `kernels` in a cross build, whose tests run under an emulator, e.g. NEON under qemu;
//    `exhaustive` natively, where Full covers it);
//  - Full: all 2^32 inputs of every 32-bit configuration, one test case per configuration and
//    level (label `exhaustive`, not in the default run; scripts/tests/test-exhaustive).
// Configurations come from all_configurations(); those derive() refuses are skipped and counted
// (docs/exhaustive.md says which and why), so a configuration that becomes derivable joins here.
//
// A level's kernel for a pair is the dispatch table's (opt::kernel_at: the level's own kernel, or
// the level below where it does not vectorise the pair), called on whole buffers as castlike_convert
// calls it; no process-wide level is forced. Built with CASTLIKE_TEST_AVX512_EMULATED the binary
// holds the AVX-512 kernels compiled against SIMDe (avx512_emulation.hpp) and its only level is
// those, so a CPU without AVX-512 checks their logic too (at SIMDe's speed, not the hardware's).
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "castlike/packing.hpp"
#include "maps/config_id.hpp"
#include "maps/derive.hpp"
#include "dispatch.hpp"
#include "maps/export.hpp"
#include "maps/judge.hpp"

namespace castlike::exhaustive {
namespace {

using Clock = std::chrono::steady_clock;

// The thread's CPU time: on a shared machine a test's wall time mostly measures the other jobs.
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// ---- Levels and configurations -----------------------------------------------------------------

struct Level {
  opt::Isa isa;
  std::string name;     // in test names and output
  std::string skipped;  // why it cannot run here (empty: it runs)
};

std::vector<Level> levels() {
#if defined(CASTLIKE_TEST_AVX512_EMULATED)
  // Where the CPU has AVX-512 the native binary runs the real kernels; emulating them is redundant.
  return {{opt::Isa::kAvx512, "avx512emulated",
           opt::isa_available(opt::Isa::kAvx512) ? "this CPU has AVX-512: the native level runs it" : ""}};
#else
  std::vector<Level> out;
  for (opt::Isa isa : {opt::Isa::kScalar, opt::Isa::kAvx2, opt::Isa::kAvx512, opt::Isa::kNeon})
    if (opt::isa_built(isa))
      out.push_back({isa, opt::isa_name(isa), opt::isa_available(isa) ? "" : "this CPU lacks the level"});
  return out;
#endif
}

std::string identifier(const std::string& text) {
  std::string out;
  for (char ch : text) {
    const bool alnum = (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
    if (alnum) out += ch;
    else if (!out.empty() && out.back() != '_') out += '_';
  }
  return out;
}

// A test case's parameter: the configurations it judges (one source's, or one configuration) at
// one level.
struct Case {
  std::string name;
  std::vector<Configuration> configurations;
  Level level;
};

std::vector<Case> cases(bool narrow, bool per_configuration) {
  std::vector<Case> out;
  for (const Level& level : levels()) {
    for (const TypeInfo& t : kTypeTable) {
      if (t.type == ElementType::kString || t.bits > 32 || (t.bits <= 16) != narrow) continue;
      const std::vector<Configuration> from = configurations_from(t.type);
      if (!per_configuration) {
        out.push_back({std::string(t.name) + "_" + level.name, from, level});
        continue;
      }
      for (const Configuration& c : from) out.push_back({identifier(c.name()) + "_" + level.name, {c}, level});
    }
  }
  return out;
}

std::string case_name(const testing::TestParamInfo<Case>& p) { return p.param.name; }
void PrintTo(const Case& k, std::ostream* os) { *os << k.name; }  // ctest -N shows the name

castlike_attributes attributes_of(const Configuration& c) {
  castlike_attributes a;
  a.saturate = c.attributes.saturate ? 1 : 0;
  a.round_mode = c.attributes.round_mode;
  return a;
}

// ---- Running and judging -----------------------------------------------------------------------

// Writes the source patterns first, first + 1, ... (n of them) in raw layout; n is a multiple of
// the patterns per byte, or the whole source.
void fill_patterns(ElementType from, uint64_t first, size_t n, uint8_t* out) {
  if (info(from).bits == 32) {
    uint32_t* words = reinterpret_cast<uint32_t*>(out);  // the buffers are vectors of uint32_t
    for (size_t i = 0; i < n; ++i) words[i] = static_cast<uint32_t>(first + i);
  } else {
    for (size_t i = 0; i < n; ++i) store_bits(from, out, i, first + i);
  }
}

// Totals of one test case; printed as one line per configuration and in sum.
struct Tally {
  uint64_t inputs = 0, failures = 0, unspecified = 0;
  double kernel_seconds = 0, judge_seconds = 0;  // CPU time
  std::vector<std::string> samples;  // the first failing intervals

  void add(const Configuration& c, const Judgement& j) {
    inputs += j.inputs, failures += j.failures, unspecified += j.unspecified;
    for (const FailingInterval& f : j.intervals) {
      if (samples.size() >= 8) break;
      char line[200];
      std::snprintf(line, sizeof line, "%s: [0x%llx, 0x%llx] x%llu %s expected 0x%llx actual 0x%llx",
                    c.name().c_str(), static_cast<unsigned long long>(f.first),
                    static_cast<unsigned long long>(f.last), static_cast<unsigned long long>(f.count),
                    std::string(ref::rule_name(f.rule)).c_str(), static_cast<unsigned long long>(f.expected),
                    static_cast<unsigned long long>(f.actual));
      samples.push_back(line);
    }
  }
  void add(const Tally& o) {
    inputs += o.inputs, failures += o.failures, unspecified += o.unspecified;
    kernel_seconds += o.kernel_seconds, judge_seconds += o.judge_seconds;
    for (const std::string& s : o.samples)
      if (samples.size() < 8) samples.push_back(s);
  }
  // "<what> [<level>]: N inputs, F failures, U unspecified; CPU: kernel K s, judge J s, R M inputs/s"
  void print(const std::string& what, const Level& level) const {
    const double total = kernel_seconds + judge_seconds;
    std::printf("%s [%s]: %llu inputs, %llu failures, %llu unspecified; CPU: kernel %.2f s, judge %.2f s, %.1f M "
                "inputs/s\n",
                what.c_str(), level.name.c_str(), static_cast<unsigned long long>(inputs),
                static_cast<unsigned long long>(failures), static_cast<unsigned long long>(unspecified),
                kernel_seconds, judge_seconds, total > 0 ? inputs / total / 1e6 : 0.0);
  }
};

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Inputs [a, b) of a configuration through the level's kernel, judged in chunks that stay in cache.
Tally judge_range(const Map& m, opt::KernelFn kernel, uint64_t a, uint64_t b) {
  constexpr uint64_t kChunk = uint64_t{1} << 16;
  const Configuration& c = m.config;
  const castlike_attributes attrs = attributes_of(c);
  std::vector<uint32_t> src(*storage_bytes(c.from, kChunk) / 4 + 2), out(*storage_bytes(c.to, kChunk) / 4 + 2);
  Tally t;
  for (uint64_t x = a; x < b; x += kChunk) {
    const size_t n = static_cast<size_t>(std::min(kChunk, b - x));
    fill_patterns(c.from, x, n, reinterpret_cast<uint8_t*>(src.data()));
    const double t0 = cpu_seconds();
    kernel(src.data(), out.data(), n, attrs);
    const double t1 = cpu_seconds();
    t.add(c, judge(m, x, x + n, reinterpret_cast<const uint8_t*>(out.data()), 8));
    t.kernel_seconds += t1 - t0;
    t.judge_seconds += cpu_seconds() - t1;
  }
  return t;
}

// Single inputs, in one kernel call, each judged on its own.
Tally judge_points(const Map& m, opt::KernelFn kernel, const std::vector<uint64_t>& points) {
  const Configuration& c = m.config;
  std::vector<uint8_t> src(*storage_bytes(c.from, points.size()) + 8), out(*storage_bytes(c.to, points.size()) + 8);
  for (size_t i = 0; i < points.size(); ++i) store_bits(c.from, src.data(), i, points[i]);
  Tally t;
  const double t0 = cpu_seconds();
  kernel(src.data(), out.data(), points.size(), attributes_of(c));
  const double t1 = cpu_seconds();
  for (size_t i = 0; i < points.size(); ++i) {
    uint8_t cell[8] = {};
    store_bits(c.to, cell, 0, load_bits(c.to, out.data(), i));
    t.add(c, judge(m, points[i], points[i] + 1, cell, 8));
  }
  t.kernel_seconds = t1 - t0;
  t.judge_seconds = cpu_seconds() - t1;
  return t;
}

// Every run boundary +-2, then `random` uniformly random inputs.
std::vector<uint64_t> sample_points(const Map& m, uint64_t random) {
  std::vector<uint64_t> out;
  const uint64_t n = m.input_count();
  for (const Run& r : m.runs)
    for (uint64_t x = r.first >= 2 ? r.first - 2 : 0; x <= r.first + 2 && x < n; ++x) out.push_back(x);
  std::mt19937_64 rng(0x5eed ^ m.runs.size());
  for (uint64_t i = 0; i < random; ++i) out.push_back(rng() & (n - 1));
  return out;
}

size_t peak_rss_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<size_t>(u.ru_maxrss) / 1024;
}

// The configuration's map: derived here, or, with CASTLIKE_EXHAUSTIVE_MAPS=DIR, read from the
// DIR/<id>.json that castlike_exhaustive_derive wrote natively. The maps are the reference's and
// do not depend on the machine; under an emulator (the NEON cross build under qemu) deriving them
// costs more than judging the kernels, so scripts/tests/test-neon derives them once natively. A missing
// or invalid file is an error, never a silent fallback.
std::variant<Map, std::string> map_for(const Configuration& c) {
  const char* dir = std::getenv("CASTLIKE_EXHAUSTIVE_MAPS");
  if (dir == nullptr || *dir == '\0') return derive(c);
  const std::string path = std::string(dir) + "/" + configuration_id(c) + ".json";
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    ADD_FAILURE() << "CASTLIKE_EXHAUSTIVE_MAPS: cannot read " << path;
    return "no map file " + path;
  }
  std::ostringstream text;
  text << in.rdbuf();
  auto m = from_json(text.str());
  if (auto* why = std::get_if<std::string>(&m)) {
    ADD_FAILURE() << path << ": " << *why;
    return *why;
  }
  if (configuration_id(std::get<Map>(m).config) != configuration_id(c)) {
    ADD_FAILURE() << path << " describes " << configuration_id(std::get<Map>(m).config);
    return "wrong map file " + path;
  }
  return m;
}

// Derives, runs and judges the case's configurations; refused ones are counted and named.
template <class JudgeOne>
void run_case(const Case& k, JudgeOne judge_one) {
  if (!k.level.skipped.empty()) GTEST_SKIP() << k.level.name << ": " << k.level.skipped;
  Tally sum;
  size_t refused = 0;
  const Clock::time_point start = Clock::now();
  const double cpu_start = cpu_seconds();
  for (const Configuration& c : k.configurations) {
    auto d = map_for(c);
    if (auto* why = std::get_if<std::string>(&d)) {
      ++refused;
      std::printf("%s: refused (%s), not judged\n", c.name().c_str(), why->c_str());
      continue;
    }
    const Map& m = std::get<Map>(d);
    const opt::KernelFn kernel = opt::kernel_at(k.level.isa, c.from, c.to);
    ASSERT_NE(kernel, nullptr) << c.name();
    const Tally t = judge_one(m, kernel);
    if (k.configurations.size() > 1) t.print(c.name(), k.level);
    sum.add(t);
  }
  if (refused == k.configurations.size()) GTEST_SKIP() << "every configuration refused by derive()";
  sum.print(k.name + " (" + std::to_string(k.configurations.size() - refused) + " configurations, " +
                std::to_string(refused) + " refused)",
            k.level);
  std::printf("%s: %.1f s wall, %.1f s CPU (derivation included), peak RSS %zu MB\n", k.name.c_str(),
              seconds_since(start), cpu_seconds() - cpu_start, peak_rss_mb());
  EXPECT_EQ(sum.failures, 0u) << [&] {
    std::string s;
    for (const std::string& line : sum.samples) s += "\n  " + line;
    return s;
  }();
}

// ---- The suites --------------------------------------------------------------------------------

Tally every_input(const Map& m, opt::KernelFn kernel) {
  const Tally t = judge_range(m, kernel, 0, m.input_count());
  EXPECT_EQ(t.inputs, m.input_count());
  return t;
}

class Narrow : public testing::TestWithParam<Case> {};
TEST_P(Narrow, EveryInput) { run_case(GetParam(), every_input); }
INSTANTIATE_TEST_SUITE_P(ExhaustiveLevels, Narrow, testing::ValuesIn(cases(true, false)), case_name);

// Random inputs per configuration: fewer where the tests run under an emulator (the NEON cross
// build under qemu, in CI's time budget), where this suite is the only judge of the 32-bit sources.
#ifndef CASTLIKE_SAMPLED_RANDOM_INPUTS
#define CASTLIKE_SAMPLED_RANDOM_INPUTS 1000000
#endif

class Sampled : public testing::TestWithParam<Case> {};
TEST_P(Sampled, RunBoundariesAndRandomInputs) {
  run_case(GetParam(), [](const Map& m, opt::KernelFn kernel) {
    const std::vector<uint64_t> points = sample_points(m, CASTLIKE_SAMPLED_RANDOM_INPUTS);
    const Tally t = judge_points(m, kernel, points);
    EXPECT_EQ(t.inputs, points.size());
    return t;
  });
}
INSTANTIATE_TEST_SUITE_P(ExhaustiveLevels, Sampled, testing::ValuesIn(cases(false, false)), case_name);

class Full : public testing::TestWithParam<Case> {};
TEST_P(Full, EveryInput) { run_case(GetParam(), every_input); }
INSTANTIATE_TEST_SUITE_P(ExhaustiveLevels, Full, testing::ValuesIn(cases(false, true)), case_name);

}  // namespace
}  // namespace castlike::exhaustive
