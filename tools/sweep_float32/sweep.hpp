// sweep_float32: every float32 bit pattern (or a shard of them) to each narrowing destination,
// through the kernel library's public API (castlike_convert) on every ISA level this machine has,
// compared element by element with the exact reference (scripts/tests/sweep-float32).
//
// Shards. `--shard i/n` (0 <= i < n <= 2^32; decimal or 0x hex) is the contiguous range of input
// bit patterns [floor(i * 2^32 / n), floor((i + 1) * 2^32 / n)): the n shards of one n partition
// 0x00000000..0xffffffff exactly, in order, and differ in size by at most one. `--shard 0/1` (the
// default) is the whole sweep; `--shard 0x3f880000/0x100000000` is the single input 0x3f880000.
//
// Configurations. By default every float narrower than FLOAT, read off the type table, with each
// attribute setting its destination reads (`--list` prints them). `--dest NAME[,saturate=S]
// [,round_mode=M]` (repeatable) picks some instead; NAME is any numeric ONNX type name other than
// FLOAT (the integer destinations too), `--dest all` every numeric destination, `--dest
// finite-only` every float without NaN and infinity.
//
// Per block of 64 Ki inputs: the reference result of every (input, configuration), computed once
// for all levels by a worker thread; then, on the main thread and in input order (the ISA level is
// process-wide), each level through castlike_force_isa + castlike_convert; then, by a worker, every
// element compared by outcome class (tools/kernel_comparison.hpp, shared with the kernel suites:
// exact -> the same bits; nan -> a NaN of the destination, with the sign where the format has
// signed NaNs); unspecified results must be the reference's documented bits and identical on every
// level.
// Printed per configuration: inputs, exact / nan / unspecified counts, mismatches and SHA-256
// digests of the shard's output tensor (the destination's raw ONNX layout, inputs in order) for the
// reference and for each level, so runs on other machines or ISAs can be compared line by line.
//
// Exit status: 0 clean, 1 mismatches (or, with --expect-mismatches, none), 2 bad usage, 3 an API
//
// The program's parts: sweep.hpp (the shared types), options.cpp (the command line), stages.cpp
// (the work on one block: reference, kernels, comparison), pipeline.cpp (blocks through the
// stages on threads), summary.cpp (what is printed), main.cpp. Its self-test, that the comparison
// flags wrong outputs, is conformance/sweep_float32_self_test.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "castlike/packing.hpp"
#include "tools/kernel_comparison.hpp"
#include "formats/sha256.hpp"

namespace castlike::sweep {

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
    if (reads_saturate(to)) s += ",saturate=" + std::to_string(variant.attrs.saturate);
    if (reads_round_mode(to)) s += ",round_mode=" + std::string(round_mode_name(variant.attrs.round_mode));
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

// ---- options (options.cpp) ------------------------------------------------------------------------

struct Options {
  uint64_t shard_index = 0, shard_count = 1;
  std::vector<Config> configs;
  unsigned threads = 0;
  std::vector<castlike_isa> isas;
  size_t block = kDefaultBlock;
  size_t max_print = 50;
  double progress_seconds = 60;
  bool expect_mismatches = false;
};

// Exits with status 2 and the usage on a bad command line (0 after --help or --list).
Options parse_options(int argc, char** argv);

// ---- the stages of one block (stages.cpp) ---------------------------------------------------------

// Stage 1: every input of the block to every configuration through the reference: one call per
// (input, configuration), shared by all the levels.
void compute_reference(const std::vector<Config>& configs, Block& b);

// The reference and each level's digest of one configuration's output tensor, fed block by block.
struct Digests {
  std::vector<harness::Sha256> reference;           // [config]
  std::vector<std::vector<harness::Sha256>> levels;  // [config][level]
};

// Stage 2 (the main thread, in block order: castlike_force_isa is process-wide): the block through
// castlike_convert on every level, feeding the digests. "" or what went wrong with the API.
std::string convert_block(const Options& o, const std::vector<std::string>& level_names, Block& b, Digests& digests);

// Stage 3: the comparison of configuration c of a block on every level (sweep_float32_self_test
// exercises it on wrong outputs): b.out[c][l] holds level l's output bytes. Adds to `counts`;
// failure descriptions go to `samples` (at most `sample_limit` kept; *total counts them all).
void compare_config(const Config& cfg, const std::vector<std::string>& level_names, const Block& b, size_t c,
                    Counts& counts, std::vector<std::string>& samples, size_t sample_limit, uint64_t* total);

// ---- the shard's results (summary.cpp) ------------------------------------------------------------

struct Shard {
  uint64_t begin = 0, end = 0;  // inputs [begin, end)
  size_t blocks = 0;
  uint64_t inputs() const { return end - begin; }
};
Shard shard_of(const Options& o);

struct Totals {
  std::vector<Counts> counts;  // [config]
  uint64_t failures_seen = 0, printed = 0, mismatches = 0;
};

struct Timing {
  double wall = 0, cpu = 0;                          // seconds, the whole process
  double reference = 0, comparison = 0, kernels = 0;  // thread CPU seconds per stage
};

double thread_cpu_seconds();
double process_cpu_seconds();

void print_header(const Options& o, const Shard& shard, const std::vector<std::string>& level_names);
// A compared block's counts into the totals; its failures printed (the first --max-print).
void add_block(const Options& o, const Block& b, Totals& totals);
// Per configuration the counts, first mismatch and digests; the totals, time and rate. The exit status.
int print_summary(const Options& o, const Shard& shard, const std::vector<std::string>& level_names, Totals& totals,
                  Digests& digests, const Timing& timing);

// ---- the program -----------------------------------------------------------------------------------

int run(const Options& o);  // pipeline.cpp

}  // namespace castlike::sweep
