// sweep_float32: every float32 bit pattern (or a shard of them) to each narrowing destination,
// through the kernel library's public API (castlike_convert) on every ISA level this machine has,
// compared element by element with the exact reference (issue 3, scripts/sweep-float32).
//
// Shards. `--shard i/n` (0 <= i < n <= 2^32; decimal or 0x hex) is the contiguous range of input
// bit patterns [floor(i * 2^32 / n), floor((i + 1) * 2^32 / n)): the n shards of one n partition
// 0x00000000..0xffffffff exactly, in order, and differ in size by at most one. `--shard 0/1` (the
// default) is the whole sweep; `--shard 0x3f880000/0x100000000` is the single input 0x3f880000.
//
// Configurations. By default the 17 of the issue: FLOAT16, BFLOAT16, the 4 float8 types x saturate
// 1/0, FLOAT4E2M1, FLOAT8E8M0 x saturate 1/0 x round_mode up/down/nearest. `--dest NAME[,saturate=S]
// [,round_mode=M]` (repeatable) picks some instead; NAME is any numeric ONNX type name other than
// FLOAT (the integer destinations too), `--dest all` every numeric destination.
//
// Per block of 64 Ki inputs: the reference result of every (input, configuration), computed once
// for all levels by a worker thread; then, on the main thread and in input order (the ISA level is
// process-wide), each level through castlike_force_isa + castlike_convert; then, by a worker, every
// element compared by outcome class (kernel_test_support.hpp: exact -> the same bits; nan -> a NaN
// of the destination, with the sign where the format has signed NaNs); unspecified results must be
// the reference's documented bits and identical on every level.
// Printed per configuration: inputs, exact / nan / unspecified counts, mismatches and SHA-256
// digests of the shard's output tensor (the destination's raw ONNX layout, inputs in order) for the
// reference and for each level, so runs on other machines or ISAs can be compared line by line.
//
// Exit status: 0 clean, 1 mismatches (or, with --expect-mismatches, none), 2 bad usage, 3 an API
// error or an exception.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <deque>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "kernel_test_support.hpp"
#include "sha256.hpp"

namespace castlike::sweep {
namespace {

namespace ref = castlike::ref;
using kt::hex;
using kt::Tally;
using kt::Variant;

constexpr uint64_t kAllInputs = uint64_t{1} << 32;
constexpr size_t kDefaultBlock = size_t{1} << 16;

struct Config {
  ElementType to;
  Variant variant;
  std::string label() const { return kt::name(to) + " [" + variant.name + "]"; }
  // The --dest text that selects exactly this configuration.
  std::string dest_spec() const {
    std::string s = kt::name(to);
    if (kt::is_float8(to) || to == ElementType::kFloat8E8M0) s += ",saturate=" + std::to_string(variant.attrs.saturate);
    if (to == ElementType::kFloat8E8M0) s += ",round_mode=" + std::string(round_mode_name(variant.attrs.round_mode));
    return s;
  }
};

// The reference result of one element, compactly (a block's results wait for the comparison).
struct Expect {
  uint16_t bits;  // the result's bits (destinations of 16 bits or fewer; wider ones: Block::wide)
  uint8_t outcome;
  uint8_t nan_sign_matters;
  uint16_t rule;
};

// Per configuration: counts over the inputs (the outcome classes) and over inputs x levels (the
// mismatches).
struct Counts {
  uint64_t inputs = 0, exact = 0, nan = 0, unspecified = 0;
  uint64_t outcome_failures = 0;           // exact / nan expectations not met
  uint64_t unspecified_undocumented = 0;   // unspecified bits other than the reference's documented choice
  uint64_t unspecified_across_levels = 0;  // unspecified bits that differ from the first level's
  std::optional<uint64_t> first_mismatch;  // its input bits
  uint64_t mismatches() const { return outcome_failures + unspecified_undocumented + unspecified_across_levels; }
  void add(const Counts& o) {
    inputs += o.inputs;
    exact += o.exact;
    nan += o.nan;
    unspecified += o.unspecified;
    outcome_failures += o.outcome_failures;
    unspecified_undocumented += o.unspecified_undocumented;
    unspecified_across_levels += o.unspecified_across_levels;
    if (!first_mismatch) first_mismatch = o.first_mismatch;
  }
};

// One block of inputs [first, first + n) on its way through the pipeline.
struct Block {
  uint64_t first = 0;
  size_t n = 0;
  // Stage 1 (a worker): the reference, per configuration.
  std::vector<std::vector<Expect>> expect;       // [config][i]
  std::vector<std::vector<uint64_t>> wide;       // [config][i], only for destinations wider than 16 bits
  std::vector<std::vector<uint8_t>> ref_packed;  // [config]: the expected bits in the destination's layout
  // Stage 2 (the main thread, in order): each level's output, raw bytes in the destination's layout.
  std::vector<std::vector<std::vector<uint8_t>>> out;  // [config][level]
  // Stage 3 (a worker): the comparison.
  std::vector<Counts> counts;        // [config]
  std::vector<std::string> samples;  // failure descriptions, in order (at most max_print)
  uint64_t sampled_total = 0;        // all failures, also those not kept
  enum class State { kReference, kConverted, kCompared } state = State::kReference;

  uint64_t expected_bits(size_t c, size_t i) const { return wide[c].empty() ? expect[c][i].bits : wide[c][i]; }
};

ref::Result to_result(const Expect& e, uint64_t bits) {
  ref::Result r;
  r.value = ref::Element::of_bits(bits);
  r.outcome = static_cast<ref::OutcomeClass>(e.outcome);
  r.rule = static_cast<ref::RuleId>(e.rule);
  r.nan_sign_matters = e.nan_sign_matters != 0;
  return r;
}

// Every input of the block to every configuration through the reference: one call per (input,
// configuration), shared by all the levels.
void compute_reference(const std::vector<Config>& configs, Block& b) {
  b.expect.assign(configs.size(), {});
  b.wide.assign(configs.size(), {});
  b.ref_packed.assign(configs.size(), {});
  for (size_t c = 0; c < configs.size(); ++c) {
    const Config& cfg = configs[c];
    const ref::Attributes ra = kt::ref_attrs(cfg.variant.attrs);
    std::vector<Expect>& ex = b.expect[c];
    ex.resize(b.n);
    const unsigned width = info(cfg.to).bits;
    const bool wide = width > 16;
    if (wide) b.wide[c].resize(b.n);
    std::vector<uint8_t>& packed = b.ref_packed[c];
    packed.assign(*storage_bytes(cfg.to, b.n), 0);
    for (size_t i = 0; i < b.n; ++i) {
      const ref::Result r = ref::convert_element(ElementType::kFloat, ref::Element::of_bits(b.first + i), cfg.to, ra);
      ex[i] = {static_cast<uint16_t>(r.value.bits), static_cast<uint8_t>(r.outcome),
               static_cast<uint8_t>(r.nan_sign_matters ? 1 : 0), static_cast<uint16_t>(r.rule)};
      if (wide) b.wide[c][i] = r.value.bits;
      if (width == 8) {
        packed[i] = static_cast<uint8_t>(r.value.bits);
      } else if (width == 16) {
        packed[2 * i] = static_cast<uint8_t>(r.value.bits);
        packed[2 * i + 1] = static_cast<uint8_t>(r.value.bits >> 8);
      } else {
        store_bits(cfg.to, packed.data(), i, r.value.bits);
      }
    }
  }
}

// Element i of a destination buffer (raw layout).
inline uint64_t element_at(ElementType to, unsigned bits, const uint8_t* data, size_t i) {
  if (bits == 8) return data[i];
  if (bits == 16) return uint64_t{data[2 * i]} | uint64_t{data[2 * i + 1]} << 8;
  return load_bits(to, data, i);
}

// The comparison of configuration c of a block on every level (--self-test exercises it on wrong
// outputs): b.out[c][l] holds level l's output bytes. Adds to `counts`; failure descriptions go to
// `samples` (at most `sample_limit` kept; *total counts them all).
//
// Every element goes through kt::check (ref::matches by outcome class, as the other kernel suites),
// except the two cases with nothing to report that make up nearly all elements: an `exact`
// expectation met by identical bits (ref::matches is "same bits" there) and an `unspecified` one
// with the documented bits, the same as on the first level. Skipping the call for them cuts the
// comparison's cost by 5-10x.
void compare_config(const Config& cfg, const std::vector<std::string>& level_names, const Block& b, size_t c,
                    Counts& counts, std::vector<std::string>& samples, size_t sample_limit, uint64_t* total) {
  const size_t n = b.n;
  const uint64_t mask = bit_mask(cfg.to);
  const unsigned width = info(cfg.to).bits;
  const std::vector<Expect>& ex = b.expect[c];
  counts.inputs += n;
  for (size_t i = 0; i < n; ++i) {
    switch (static_cast<ref::OutcomeClass>(ex[i].outcome)) {
      case ref::OutcomeClass::kExact: ++counts.exact; break;
      case ref::OutcomeClass::kNan: ++counts.nan; break;
      case ref::OutcomeClass::kUnspecified: ++counts.unspecified; break;
    }
  }
  const auto add_sample = [&](std::string s) {
    ++*total;
    if (samples.size() < sample_limit) samples.push_back(std::move(s));
  };
  const std::vector<std::vector<uint8_t>>& out = b.out[c];
  for (size_t l = 0; l < out.size(); ++l) {
    Tally t;
    for (size_t i = 0; i < n; ++i) {
      const Expect& e = ex[i];
      const uint64_t want = b.expected_bits(c, i);
      const uint64_t got = element_at(cfg.to, width, out[l].data(), i) & mask;
      const auto outcome = static_cast<ref::OutcomeClass>(e.outcome);
      if (outcome == ref::OutcomeClass::kExact && got == want) continue;  // = ref::matches (see above)
      if (outcome == ref::OutcomeClass::kUnspecified && got == want &&
          (l == 0 || got == (element_at(cfg.to, width, out[0].data(), i) & mask)))
        continue;  // the documented bits, as on the first level: nothing to report
      const auto what = [&] { return "FLOAT " + hex(b.first + i) + " -> " + cfg.label() + " on " + level_names[l]; };
      const size_t failures_before = t.failures, undocumented_before = t.unspecified_not_documented;
      const uint64_t mismatches_before = counts.mismatches();
      kt::check(cfg.to, to_result(e, want), got, t, what);
      if (t.failures != failures_before) {
        ++counts.outcome_failures;
        add_sample(t.samples.empty() ? what() : t.samples.back());
        t.samples.clear();
      }
      if (t.unspecified_not_documented != undocumented_before) {
        ++counts.unspecified_undocumented;
        add_sample(what() + ": got " + hex(got) + ", want the documented " + hex(want) + " (unspecified, " +
                   std::string(ref::rule_name(static_cast<ref::RuleId>(e.rule))) + ")");
      }
      if (l > 0 && outcome == ref::OutcomeClass::kUnspecified) {
        const uint64_t first_level = element_at(cfg.to, width, out[0].data(), i) & mask;
        if (got != first_level) {
          ++counts.unspecified_across_levels;
          add_sample(what() + ": unspecified bits " + hex(got) + " differ from " + level_names[0] + "'s " +
                     hex(first_level) + " (" + std::string(ref::rule_name(static_cast<ref::RuleId>(e.rule))) + ")");
        }
      }
      if (counts.mismatches() != mismatches_before && !counts.first_mismatch) counts.first_mismatch = b.first + i;
    }
  }
}

// ---- options -------------------------------------------------------------------------------------

struct Options {
  uint64_t shard_index = 0, shard_count = 1;
  std::vector<Config> configs;
  unsigned threads = 0;
  std::vector<castlike_isa> isas;
  size_t block = kDefaultBlock;
  size_t max_print = 50;
  double progress_seconds = 60;
  bool expect_mismatches = false;
  bool self_test = false;
};

const char* kUsage =
    "usage: sweep_float32 [--shard I/N] [--dest NAME[,saturate=0|1][,round_mode=up|down|nearest]]...\n"
    "                     [--threads T] [--isa LEVEL[,LEVEL...]] [--block K] [--max-print M]\n"
    "                     [--progress SECONDS] [--expect-mismatches] | --self-test | --list\n"
    "  --shard I/N   inputs [floor(I*2^32/N), floor((I+1)*2^32/N)) (decimal or 0x hex; default 0/1: all)\n"
    "  --dest        a destination (repeatable; default: the 17 narrowing configurations; 'all': every\n"
    "                numeric destination); without attributes every combination that matters\n"
    "  --threads     reference worker threads (default: hardware concurrency)\n"
    "  --isa         levels to run (default: every available one of scalar, avx2, avx512, neon)\n"
    "  --block       inputs per block, a multiple of 4 (default 65536)\n"
    "  --max-print   mismatches printed in full (default 50; the rest are counted)\n"
    "  --progress    seconds between progress lines on stderr (default 60; 0: none)\n"
    "  --expect-mismatches  exit 0 only if there were mismatches (to show that a seeded fault is found)\n"
    "  --self-test   check the comparison on fabricated wrong outputs, then exit\n"
    "  --list        print the configurations and exit\n";

[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr, "sweep_float32: %s\n%s", message.c_str(), kUsage);
  std::exit(2);
}

std::optional<uint64_t> parse_number(const std::string& s) {
  if (s.empty()) return std::nullopt;
  size_t pos = 0;
  uint64_t v = 0;
  try {
    v = std::stoull(s, &pos, 0);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (pos != s.size() || s[0] == '-' || s[0] == '+') return std::nullopt;
  return v;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    const size_t p = s.find(sep, start);
    out.push_back(s.substr(start, p == std::string::npos ? std::string::npos : p - start));
    if (p == std::string::npos) return out;
    start = p + 1;
  }
}

std::vector<Config> default_configs() {
  std::vector<Config> out;
  for (ElementType to :
       {ElementType::kFloat16, ElementType::kBfloat16, ElementType::kFloat8E4M3FN, ElementType::kFloat8E4M3FNUZ,
        ElementType::kFloat8E5M2, ElementType::kFloat8E5M2FNUZ, ElementType::kFloat4E2M1, ElementType::kFloat8E8M0})
    for (const Variant& v : kt::variants_for(to)) out.push_back({to, v});
  return out;
}

std::vector<Config> all_configs() {
  std::vector<Config> out;
  for (const TypeInfo& t : kTypeTable)
    if (t.type != ElementType::kString && t.type != ElementType::kFloat)
      for (const Variant& v : kt::variants_for(t.type)) out.push_back({t.type, v});
  return out;
}

std::vector<Config> parse_dest(const std::string& text) {
  if (text == "all") return all_configs();
  const std::vector<std::string> parts = split(text, ',');
  const std::optional<ElementType> to = type_from_name(parts[0]);
  if (!to || *to == ElementType::kString || *to == ElementType::kFloat)
    usage_error("--dest: '" + parts[0] + "' is not a numeric destination type other than FLOAT");
  std::optional<int> saturate;
  std::optional<castlike_round_mode> mode;
  for (size_t k = 1; k < parts.size(); ++k) {
    const size_t eq = parts[k].find('=');
    const std::string key = parts[k].substr(0, eq), value = eq == std::string::npos ? "" : parts[k].substr(eq + 1);
    if (key == "saturate" && (value == "0" || value == "1")) {
      saturate = value == "1" ? 1 : 0;
    } else if (key == "round_mode" && round_mode_from_name(value)) {
      mode = *round_mode_from_name(value);
    } else {
      usage_error("--dest: bad attribute '" + parts[k] + "' (saturate=0|1, round_mode=up|down|nearest)");
    }
  }
  std::vector<Config> out;
  for (const Variant& v : kt::variants_for(*to)) {
    if (saturate && v.attrs.saturate != *saturate) continue;
    if (mode && v.attrs.round_mode != *mode) continue;
    out.push_back({*to, v});
  }
  if (out.empty())
    usage_error("--dest " + text +
                ": no such configuration (saturate matters for the float8 types and FLOAT8E8M0, "
                "round_mode for FLOAT8E8M0 only)");
  return out;
}

Options parse_options(int argc, char** argv) {
  Options o;
  bool dest_given = false;
  const auto value = [&](int& k) -> std::string {
    if (k + 1 >= argc) usage_error(std::string(argv[k]) + " needs a value");
    return argv[++k];
  };
  for (int k = 1; k < argc; ++k) {
    const std::string a = argv[k];
    if (a == "-h" || a == "--help") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    } else if (a == "--shard") {
      const std::string v = value(k);
      const size_t slash = v.find('/');
      const auto i = parse_number(v.substr(0, slash));
      const auto n = slash == std::string::npos ? std::nullopt : parse_number(v.substr(slash + 1));
      if (!i || !n || *n == 0 || *n > kAllInputs || *i >= *n)
        usage_error("--shard '" + v + "': want I/N with 0 <= I < N <= 2^32 (4294967296)");
      o.shard_index = *i;
      o.shard_count = *n;
    } else if (a == "--dest") {
      if (!dest_given) o.configs.clear();
      dest_given = true;
      for (Config& c : parse_dest(value(k))) o.configs.push_back(std::move(c));
    } else if (a == "--threads") {
      const auto t = parse_number(value(k));
      if (!t || *t == 0 || *t > 1024) usage_error("--threads: want 1..1024");
      o.threads = static_cast<unsigned>(*t);
    } else if (a == "--isa") {
      for (const std::string& name : split(value(k), ',')) {
        std::optional<castlike_isa> found;
        for (castlike_isa i : {CASTLIKE_ISA_SCALAR, CASTLIKE_ISA_AVX2, CASTLIKE_ISA_AVX512, CASTLIKE_ISA_NEON})
          if (name == castlike_isa_name(i)) found = i;
        if (!found) usage_error("--isa: unknown level '" + name + "' (scalar, avx2, avx512, neon)");
        if (!castlike_isa_available(*found)) usage_error("--isa: level '" + name + "' is not available here");
        o.isas.push_back(*found);
      }
    } else if (a == "--block") {
      const auto b = parse_number(value(k));
      // Multiples of 4: every block but the last ends on a byte boundary of the packed (2-bit)
      // types, so the digests are those of the whole shard's tensor.
      if (!b || *b == 0 || *b % 4 != 0 || *b > (size_t{1} << 24))
        usage_error("--block: want a multiple of 4 up to 16777216");
      o.block = static_cast<size_t>(*b);
    } else if (a == "--max-print") {
      const auto m = parse_number(value(k));
      if (!m) usage_error("--max-print: want a count");
      o.max_print = static_cast<size_t>(*m);
    } else if (a == "--progress") {
      const auto p = parse_number(value(k));
      if (!p) usage_error("--progress: want whole seconds");
      o.progress_seconds = static_cast<double>(*p);
    } else if (a == "--expect-mismatches") {
      o.expect_mismatches = true;
    } else if (a == "--self-test") {
      o.self_test = true;
    } else if (a == "--list") {
      if (!dest_given) o.configs = default_configs();
      for (const Config& c : o.configs) std::printf("%s\n", c.label().c_str());
      std::exit(0);
    } else {
      usage_error("unknown argument '" + a + "'");
    }
  }
  if (!dest_given) o.configs = default_configs();
  if (o.threads == 0) o.threads = std::max(1u, std::thread::hardware_concurrency());
  if (o.isas.empty()) o.isas = kt::available_isas();
  return o;
}

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}
double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// ---- --self-test: the comparison must flag wrong outputs -----------------------------------------

int self_test() {
  int problems = 0;
  const std::vector<std::string> levels = {"level-a", "level-b"};
  struct Case {
    const char* what;
    ElementType to;
    int saturate;
    castlike_round_mode mode;
    uint32_t input;
    // makes level b's output from the expected bits
    uint64_t (*corrupt)(uint64_t);
    uint64_t want_failures, want_undocumented, want_across;
  };
  const Case cases[] = {
      {"correct FLOAT16 1.0", ElementType::kFloat16, 1, CASTLIKE_ROUND_UP, 0x3f800000u, [](uint64_t b) { return b; }, 0,
       0, 0},
      {"exact result off by one ulp", ElementType::kFloat16, 1, CASTLIKE_ROUND_UP, 0x3f800000u,
       [](uint64_t b) { return b + 1; }, 1, 0, 0},
      {"tie rounded away instead of to even", ElementType::kFloat8E4M3FN, 1, CASTLIKE_ROUND_UP, 0x3f880000u,
       [](uint64_t b) { return b + 1; }, 1, 0, 0},
      {"NaN replaced by a number", ElementType::kBfloat16, 1, CASTLIKE_ROUND_UP, 0x7fc00001u,
       [](uint64_t) { return uint64_t{0x3f80}; }, 1, 0, 0},
      {"NaN with another payload (allowed)", ElementType::kBfloat16, 1, CASTLIKE_ROUND_UP, 0x7fc00001u,
       [](uint64_t b) { return b ^ 1; }, 0, 0, 0},
      {"-NaN losing its sign", ElementType::kFloat8E5M2, 0, CASTLIKE_ROUND_UP, 0xffc00000u,
       [](uint64_t b) { return b & 0x7f; }, 1, 0, 0},
      {"FNUZ NaN (no sign to keep)", ElementType::kFloat8E4M3FNUZ, 1, CASTLIKE_ROUND_UP, 0xffc00000u,
       [](uint64_t b) { return b; }, 0, 0, 0},
      {"saturate=0 overflow given max instead of NaN", ElementType::kFloat8E4M3FN, 0, CASTLIKE_ROUND_UP, 0x43f00000u,
       [](uint64_t) { return uint64_t{0x7e}; }, 1, 0, 0},
      {"FLOAT4E2M1 packed nibble wrong", ElementType::kFloat4E2M1, 1, CASTLIKE_ROUND_UP, 0x40400000u,
       [](uint64_t b) { return b ^ 0x8; }, 1, 0, 0},
      {"E8M0 negative (unspecified) with other bits", ElementType::kFloat8E8M0, 1, CASTLIKE_ROUND_NEAREST, 0xc0000000u,
       [](uint64_t b) { return b + 1; }, 0, 1, 1},
      {"E8M0 exact off by one", ElementType::kFloat8E8M0, 0, CASTLIKE_ROUND_DOWN, 0x40400000u,
       [](uint64_t b) { return b + 1; }, 1, 0, 0},
  };
  // Three neighbouring inputs; level a is right everywhere, level b wrong (or not) in the middle.
  for (const Case& k : cases) {
    castlike_attributes a;
    a.saturate = k.saturate;
    a.round_mode = k.mode;
    const std::vector<Config> cfg{{k.to, {a, "self-test"}}};
    Block b;
    b.first = k.input - 1;
    b.n = 3;
    compute_reference(cfg, b);
    std::vector<uint64_t> right(3), wrong(3);
    for (size_t i = 0; i < 3; ++i) right[i] = wrong[i] = b.expected_bits(0, i);
    wrong[1] = k.corrupt(right[1]) & bit_mask(k.to);
    b.out = {{kt::pack(k.to, right), kt::pack(k.to, wrong)}};
    Counts counts;
    std::vector<std::string> samples;
    uint64_t total = 0;
    compare_config(cfg[0], levels, b, 0, counts, samples, 10, &total);
    const bool ok =
        counts.outcome_failures == k.want_failures && counts.unspecified_undocumented == k.want_undocumented &&
        counts.unspecified_across_levels == k.want_across && total == counts.mismatches() && samples.size() == total &&
        counts.inputs == 3 && (counts.mismatches() == 0 ? !counts.first_mismatch : counts.first_mismatch == k.input);
    std::printf("%s %-46s outcome %llu, undocumented %llu, across levels %llu%s%s\n", ok ? "ok  " : "FAIL", k.what,
                static_cast<unsigned long long>(counts.outcome_failures),
                static_cast<unsigned long long>(counts.unspecified_undocumented),
                static_cast<unsigned long long>(counts.unspecified_across_levels), samples.empty() ? "" : ": ",
                samples.empty() ? "" : samples.front().c_str());
    if (!ok) ++problems;
  }
  // The streaming digest is the one-shot digest of the same bytes, whatever the pieces.
  std::string bytes;
  for (int i = 0; i < 1000; ++i) bytes += static_cast<char>(i * 7 + 3);
  conformance::Sha256 s;
  for (size_t p = 0, step = 1; p < bytes.size(); p += step, step = step * 3 % 97 + 1)
    s.update(bytes.data() + p, std::min(step, bytes.size() - p));
  const bool digest_ok = s.hex_digest() == conformance::sha256_hex(bytes);
  std::printf("%s streaming SHA-256 equals the one-shot digest\n", digest_ok ? "ok  " : "FAIL");
  if (!digest_ok) ++problems;
  std::printf("self-test: %s\n", problems == 0 ? "passed" : "FAILED");
  return problems == 0 ? 0 : 1;
}

// ---- the sweep -----------------------------------------------------------------------------------
//
// A pipeline over blocks of `--block` inputs. Workers take, first, blocks waiting for comparison
// (stage 3), else the next block's reference (stage 1). The main thread, in block order, runs the
// kernels of each finished block on every level (stage 2: castlike_force_isa is process-wide, so
// only this thread calls the library) and feeds the digests, then, also in order, adds up compared
// blocks and prints their failures. At most `window` blocks are in flight.

int run(const Options& o) {
  const uint64_t begin = o.shard_index * kAllInputs / o.shard_count;
  const uint64_t end =
      o.shard_index + 1 == o.shard_count ? kAllInputs : (o.shard_index + 1) * kAllInputs / o.shard_count;
  const uint64_t total = end - begin;
  const size_t nblocks = static_cast<size_t>((total + o.block - 1) / o.block);
  const size_t nc = o.configs.size(), nl = o.isas.size();
  std::vector<std::string> level_names;
  std::string levels_text;
  for (castlike_isa i : o.isas) {
    level_names.push_back(castlike_isa_name(i));
    levels_text += (levels_text.empty() ? "" : " ") + level_names.back();
  }
  std::printf(
      "sweep-float32: shard %llu/%llu = inputs %s..%s (%llu), %zu configurations, levels: %s "
      "(castlike_convert after castlike_force_isa), %u threads\n",
      static_cast<unsigned long long>(o.shard_index), static_cast<unsigned long long>(o.shard_count),
      hex(begin).c_str(), hex(end - 1).c_str(), static_cast<unsigned long long>(total), nc, levels_text.c_str(),
      o.threads);
  std::fflush(stdout);

  const size_t window = 2 * static_cast<size_t>(o.threads) + 2;
  std::mutex mu;
  std::condition_variable cv;
  std::map<size_t, std::unique_ptr<Block>> blocks;  // in flight
  std::deque<size_t> to_compare;
  size_t next_reference = 0, next_convert = 0, next_flush = 0;
  bool stop = false;
  std::string error;
  double reference_cpu = 0, compare_cpu = 0;  // thread CPU seconds, summed over the workers

  const auto worker = [&] {
    double ref_cpu = 0, cmp_cpu = 0;
    std::unique_lock<std::mutex> lock(mu);
    for (;;) {
      cv.wait(lock, [&] {
        return stop || !to_compare.empty() || (next_reference < nblocks && next_reference < next_flush + window);
      });
      if (stop) break;
      try {
        if (!to_compare.empty()) {
          const size_t k = to_compare.front();
          to_compare.pop_front();
          Block* b = blocks.at(k).get();
          lock.unlock();
          const double t0 = thread_cpu_seconds();
          b->counts.assign(nc, {});
          for (size_t c = 0; c < nc; ++c)
            compare_config(o.configs[c], level_names, *b, c, b->counts[c], b->samples, o.max_print, &b->sampled_total);
          b->out.clear();
          b->out.shrink_to_fit();
          cmp_cpu += thread_cpu_seconds() - t0;
          lock.lock();
          b->state = Block::State::kCompared;
        } else {
          const size_t k = next_reference++;
          lock.unlock();
          const double t0 = thread_cpu_seconds();
          auto b = std::make_unique<Block>();
          b->first = begin + static_cast<uint64_t>(k) * o.block;
          b->n = static_cast<size_t>(std::min<uint64_t>(o.block, end - b->first));
          compute_reference(o.configs, *b);
          ref_cpu += thread_cpu_seconds() - t0;
          lock.lock();
          blocks.emplace(k, std::move(b));
        }
      } catch (const std::exception& e) {
        if (!lock.owns_lock()) lock.lock();
        error = std::string("worker: ") + e.what();
        stop = true;
      }
      cv.notify_all();
    }
    reference_cpu += ref_cpu;
    compare_cpu += cmp_cpu;
  };

  const auto wall0 = std::chrono::steady_clock::now();
  const double cpu0 = process_cpu_seconds();
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < o.threads; ++t) threads.emplace_back(worker);

  const castlike_isa saved_isa = castlike_active_isa();
  std::vector<Counts> counts(nc);
  std::vector<conformance::Sha256> ref_digest(nc);
  std::vector<std::vector<conformance::Sha256>> level_digest(nc, std::vector<conformance::Sha256>(nl));
  uint64_t failures_seen = 0, printed = 0, mismatches = 0;
  auto last_progress = wall0;
  double main_cpu = 0;  // the kernels and the digests

  std::unique_lock<std::mutex> lock(mu);
  while (next_flush < nblocks) {
    cv.wait(lock, [&] {
      if (stop) return true;
      const auto f = blocks.find(next_flush);
      if (f != blocks.end() && f->second->state == Block::State::kCompared) return true;
      const auto c = blocks.find(next_convert);
      return c != blocks.end() && c->second->state == Block::State::kReference;
    });
    if (stop) break;
    const auto f = blocks.find(next_flush);
    if (f != blocks.end() && f->second->state == Block::State::kCompared) {
      const std::unique_ptr<Block> b = std::move(f->second);
      blocks.erase(f);
      ++next_flush;
      lock.unlock();
      cv.notify_all();
      for (size_t c = 0; c < nc; ++c) {
        mismatches += b->counts[c].mismatches();
        counts[c].add(b->counts[c]);
      }
      for (const std::string& s : b->samples)
        if (printed < o.max_print) {
          std::printf("MISMATCH %s\n", s.c_str());
          ++printed;
        }
      failures_seen += b->sampled_total;
      std::fflush(stdout);
      const auto now = std::chrono::steady_clock::now();
      if (o.progress_seconds > 0 && std::chrono::duration<double>(now - last_progress).count() >= o.progress_seconds) {
        last_progress = now;
        const double elapsed = std::chrono::duration<double>(now - wall0).count();
        const double done = static_cast<double>(next_flush) / static_cast<double>(nblocks);
        std::fprintf(stderr, "sweep-float32: %5.1f%% (%zu/%zu blocks), %llu mismatches, %.0f s elapsed, ~%.0f s left\n",
                     100 * done, next_flush, nblocks, static_cast<unsigned long long>(mismatches), elapsed,
                     elapsed / done - elapsed);
      }
      lock.lock();
      continue;
    }
    // Stage 2 for block next_convert.
    Block* b = blocks.at(next_convert).get();
    lock.unlock();
    const double t0 = thread_cpu_seconds();
    std::vector<uint32_t> src(b->n);
    for (size_t i = 0; i < b->n; ++i) src[i] = static_cast<uint32_t>(b->first + i);
    b->out.assign(nc, std::vector<std::vector<uint8_t>>(nl));
    std::string api_error;
    for (size_t c = 0; c < nc && api_error.empty(); ++c) {
      const Config& cfg = o.configs[c];
      const size_t bytes = b->ref_packed[c].size();
      ref_digest[c].update(b->ref_packed[c].data(), bytes);
      b->ref_packed[c] = {};
      for (size_t l = 0; l < nl; ++l) {
        std::vector<uint8_t>& dst = b->out[c][l];
        dst.assign(bytes + 16, 0xA5);
        castlike_status st = castlike_force_isa(o.isas[l]);
        if (st == CASTLIKE_OK)
          st = castlike_convert(CASTLIKE_FLOAT, src.data(), 0, kt::c_type(cfg.to), dst.data(), 0, b->n,
                                &cfg.variant.attrs);
        if (st != CASTLIKE_OK) {
          api_error = cfg.label() + " on " + level_names[l] + ": " + castlike_status_message(st);
          break;
        }
        for (size_t i = bytes; i < dst.size(); ++i)
          if (dst[i] != 0xA5) api_error = cfg.label() + " on " + level_names[l] + ": wrote past the output";
        dst.resize(bytes);
        // A packed slice ending inside a byte: castlike_convert keeps the other bits of that byte
        // (they are not its elements), and the digest wants ONNX's zero padding there.
        const unsigned width = info(cfg.to).bits;
        if (width < 8 && b->n * width % 8 != 0) {
          const unsigned used = static_cast<unsigned>(b->n * width % 8);
          const uint8_t pad = static_cast<uint8_t>(0xFF << used);
          if ((dst[bytes - 1] & pad) != (0xA5 & pad))
            api_error = cfg.label() + " on " + level_names[l] + ": changed bits after the last element";
          dst[bytes - 1] &= static_cast<uint8_t>(~pad);
        }
        level_digest[c][l].update(dst.data(), bytes);
      }
    }
    main_cpu += thread_cpu_seconds() - t0;
    lock.lock();
    if (!api_error.empty()) {
      error = api_error;
      stop = true;
      break;
    }
    b->state = Block::State::kConverted;
    to_compare.push_back(next_convert++);
    cv.notify_all();
  }
  stop = true;
  lock.unlock();
  cv.notify_all();
  for (auto& t : threads) t.join();
  castlike_force_isa(saved_isa);
  if (!error.empty()) {
    std::fprintf(stderr, "sweep-float32: error: %s\n", error.c_str());
    return 3;
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  const double cpu = process_cpu_seconds() - cpu0;

  if (failures_seen > printed)
    std::printf("MISMATCH ... and %llu more (--max-print %zu)\n",
                static_cast<unsigned long long>(failures_seen - printed), o.max_print);
  for (size_t c = 0; c < nc; ++c) {
    const Counts& t = counts[c];
    std::printf("%-44s inputs %llu  exact %llu  nan %llu  unspecified %llu  mismatches %llu",
                o.configs[c].label().c_str(), static_cast<unsigned long long>(t.inputs),
                static_cast<unsigned long long>(t.exact), static_cast<unsigned long long>(t.nan),
                static_cast<unsigned long long>(t.unspecified), static_cast<unsigned long long>(t.mismatches()));
    if (t.mismatches() != 0)
      std::printf(" (outcome %llu, unspecified not the documented bits %llu, unspecified differing across levels %llu)",
                  static_cast<unsigned long long>(t.outcome_failures),
                  static_cast<unsigned long long>(t.unspecified_undocumented),
                  static_cast<unsigned long long>(t.unspecified_across_levels));
    std::printf("\n");
    if (t.first_mismatch)
      std::printf("    first mismatch: input %s; reproduce: sweep_float32 --shard %s/0x100000000 --dest %s\n",
                  hex(*t.first_mismatch).c_str(), hex(*t.first_mismatch).c_str(), o.configs[c].dest_spec().c_str());
    // Equal digests are printed once, followed by the names of everything that produced them.
    std::vector<std::pair<std::string, std::string>> digests;
    const auto add = [&](const std::string& d, const std::string& who) {
      for (auto& p : digests)
        if (p.first == d) {
          p.second += " " + who;
          return;
        }
      digests.emplace_back(d, who);
    };
    add(ref_digest[c].hex_digest(), "reference");
    for (size_t l = 0; l < nl; ++l) add(level_digest[c][l].hex_digest(), level_names[l]);
    for (const auto& [d, who] : digests) std::printf("    sha256 %s  %s\n", d.c_str(), who.c_str());
  }
  const double results = static_cast<double>(total) * static_cast<double>(nc);
  std::printf(
      "total: %llu inputs x %zu configurations = %.0f reference results, each compared on %zu levels: "
      "%llu mismatches\n",
      static_cast<unsigned long long>(total), nc, results, nl, static_cast<unsigned long long>(mismatches));
  std::printf("time: %.2f s wall, %.2f s CPU (reference %.2f, comparison %.2f, kernels + digests %.2f)\n", wall, cpu,
              reference_cpu, compare_cpu, main_cpu);
  if (cpu > 0)
    std::printf(
        "rate: %.0f reference results per CPU-second = %.0f float32 inputs x %zu configurations per "
        "CPU-second; all 2^32 inputs x %zu configurations at this rate: %.1f core-hours\n",
        results / cpu, static_cast<double>(total) / cpu, nc, nc,
        static_cast<double>(kAllInputs) * static_cast<double>(nc) * (cpu / results) / 3600);
  if (o.expect_mismatches) {
    std::printf("--expect-mismatches: %s\n", mismatches != 0 ? "found, as expected" : "NONE FOUND");
    return mismatches != 0 ? 0 : 1;
  }
  return mismatches == 0 ? 0 : 1;
}

}  // namespace
}  // namespace castlike::sweep

int main(int argc, char** argv) {
  try {
    const castlike::sweep::Options o = castlike::sweep::parse_options(argc, argv);
    if (o.self_test) return castlike::sweep::self_test();
    return castlike::sweep::run(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "sweep_float32: error: %s\n", e.what());
    return 3;
  }
}
