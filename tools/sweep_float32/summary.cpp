// What the sweep prints: the header, each mismatch (the first --max-print), progress, and per
// configuration the counts, the first mismatch with the command that reproduces it and the SHA-256
// digests of the outputs, then the totals, the time and the rate.
#include <ctime>
#include <cstdio>
#include <utility>

#include "sweep.hpp"

namespace castlike::sweep {

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


Shard shard_of(const Options& o) {
  Shard s;
  s.begin = o.shard_index * kAllInputs / o.shard_count;
  s.end = o.shard_index + 1 == o.shard_count ? kAllInputs : (o.shard_index + 1) * kAllInputs / o.shard_count;
  s.blocks = static_cast<size_t>((s.inputs() + o.block - 1) / o.block);
  return s;
}

void print_header(const Options& o, const Shard& shard, const std::vector<std::string>& level_names) {
  std::string levels_text;
  for (const std::string& l : level_names) levels_text += (levels_text.empty() ? "" : " ") + l;
  std::printf(
      "sweep-float32: shard %llu/%llu = inputs %s..%s (%llu), %zu configurations, levels: %s "
      "(castlike_convert after castlike_force_isa), %u threads\n",
      static_cast<unsigned long long>(o.shard_index), static_cast<unsigned long long>(o.shard_count),
      hex(shard.begin).c_str(), hex(shard.end - 1).c_str(), static_cast<unsigned long long>(shard.inputs()),
      o.configs.size(), levels_text.c_str(), o.threads);
  std::fflush(stdout);
}

void add_block(const Options& o, const Block& b, Totals& totals) {
  for (size_t c = 0; c < o.configs.size(); ++c) {
    totals.mismatches += b.counts[c].mismatches();
    totals.counts[c].add(b.counts[c]);
  }
  for (const std::string& s : b.samples)
    if (totals.printed < o.max_print) {
      std::printf("MISMATCH %s\n", s.c_str());
      ++totals.printed;
    }
  totals.failures_seen += b.sampled_total;
  std::fflush(stdout);
}

int print_summary(const Options& o, const Shard& shard, const std::vector<std::string>& level_names, Totals& totals,
                  Digests& digests, const Timing& timing) {
  const size_t nc = o.configs.size(), nl = o.isas.size();
  if (totals.failures_seen > totals.printed)
    std::printf("MISMATCH ... and %llu more (--max-print %zu)\n",
                static_cast<unsigned long long>(totals.failures_seen - totals.printed), o.max_print);
  for (size_t c = 0; c < nc; ++c) {
    const Counts& t = totals.counts[c];
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
    std::vector<std::pair<std::string, std::string>> distinct;
    const auto add = [&](const std::string& d, const std::string& who) {
      for (auto& p : distinct)
        if (p.first == d) {
          p.second += " " + who;
          return;
        }
      distinct.emplace_back(d, who);
    };
    add(digests.reference[c].hex_digest(), "reference");
    for (size_t l = 0; l < nl; ++l) add(digests.levels[c][l].hex_digest(), level_names[l]);
    for (const auto& [d, who] : distinct) std::printf("    sha256 %s  %s\n", d.c_str(), who.c_str());
  }
  const uint64_t total = shard.inputs();
  const double results = static_cast<double>(total) * static_cast<double>(nc);
  std::printf(
      "total: %llu inputs x %zu configurations = %.0f reference results, each compared on %zu levels: "
      "%llu mismatches\n",
      static_cast<unsigned long long>(total), nc, results, nl, static_cast<unsigned long long>(totals.mismatches));
  std::printf("time: %.2f s wall, %.2f s CPU (reference %.2f, comparison %.2f, kernels + digests %.2f)\n", timing.wall,
              timing.cpu, timing.reference, timing.comparison, timing.kernels);
  if (timing.cpu > 0)
    std::printf(
        "rate: %.0f reference results per CPU-second = %.0f float32 inputs x %zu configurations per "
        "CPU-second; all 2^32 inputs x %zu configurations at this rate: %.1f core-hours\n",
        results / timing.cpu, static_cast<double>(total) / timing.cpu, nc, nc,
        static_cast<double>(kAllInputs) * static_cast<double>(nc) * (timing.cpu / results) / 3600);
  if (o.expect_mismatches) {
    std::printf("--expect-mismatches: %s\n", totals.mismatches != 0 ? "found, as expected" : "NONE FOUND");
    return totals.mismatches != 0 ? 0 : 1;
  }
  return totals.mismatches == 0 ? 0 : 1;
}

}  // namespace castlike::sweep
