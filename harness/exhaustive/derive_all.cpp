// castlike_exhaustive_derive [--threads N] [--check RANDOM] [--only SOURCE] [OUTPUT_DIR]: derives
// every configuration's map, cross-checks it (run ends, every group boundary of staircase runs and
// RANDOM random inputs; default: no cross-check), prints one line per configuration (runs, of
// them staircases, JSON bytes, seconds) and the totals, and writes
// OUTPUT_DIR/<source>-<destination>[-sat<N>][-<mode>].json when a directory is given (created if
// missing; written through harness/formats/output_guard.hpp, so never over a file that is not a map).
// Exit status 1 when a configuration does not derive, a cross-check fails or a file cannot be
// written; 2 when the directory cannot be opened or created.
//
// castlike_exhaustive_derive --structured [--threads N] [--only SOURCE] [OUTPUT_DIR]: the same for
// the structured sets of the sources wider than 32 bits (structured_judging.hpp): per configuration
// the reference's expectations of its set (inputs, runs, seconds), written as
// OUTPUT_DIR/<id>.structured (structured_export.hpp) for a build whose tests run under an emulator,
// where the reference costs more than judging the kernels (scripts/tests/test-neon).
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "maps/config_id.hpp"
#include "maps/crosscheck.hpp"
#include "maps/derive.hpp"
#include "maps/export.hpp"
#include "formats/output_guard.hpp"
#include "structured_export.hpp"

using namespace castlike;
using namespace castlike::exhaustive;

namespace {

std::string file_name(const Configuration& c) { return configuration_id(c) + ".json"; }

}  // namespace

int main(int argc, char** argv) {
  unsigned threads = 2;
  uint64_t check = 0;
  std::string dir, only;
  bool structured = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--threads" && i + 1 < argc) threads = static_cast<unsigned>(std::stoul(argv[++i]));
    else if (a == "--check" && i + 1 < argc) check = std::stoull(argv[++i]);
    else if (a == "--only" && i + 1 < argc) only = argv[++i];
    else if (a == "--structured") structured = true;
    else if (!a.empty() && a[0] != '-') dir = a;
    else {
      std::fprintf(stderr, "usage: castlike_exhaustive_derive [--threads N] [--check RANDOM] [--only SOURCE] [--structured] [DIR]\n");
      return 2;
    }
  }
  std::optional<harness::OutputDirectory> out_dir;
  if (!dir.empty()) {
    auto opened = harness::OutputDirectory::open(dir, /*create=*/true);
    if (auto* error = std::get_if<std::string>(&opened)) {
      std::fprintf(stderr, "castlike_exhaustive_derive: %s\n", error->c_str());
      return 2;
    }
    out_dir.emplace(std::move(std::get<harness::OutputDirectory>(opened)));
  }
  const harness::InputFiles no_inputs;
  std::vector<Configuration> configs;
  for (const Configuration& c : structured ? structured_configurations() : all_configurations())
    if (only.empty() || info(c.from).name == only) configs.push_back(c);
  if (structured && check > 0) {
    std::fprintf(stderr, "castlike_exhaustive_derive: --check is for maps; structured expectations are exact per input\n");
    return 2;
  }
  std::atomic<size_t> next{0};
  std::atomic<size_t> underived{0}, failed{0}, total_runs{0}, total_bytes{0};
  std::mutex out_mutex;
  const auto t0 = std::chrono::steady_clock::now();
  const auto work = [&] {
    for (size_t i; (i = next++) < configs.size();) {
      const Configuration& c = configs[i];
      const auto s = std::chrono::steady_clock::now();
      if (structured) {
        // One thread per configuration: the pool runs configurations side by side.
        const StructuredExpectation e = expect_structured(structured_set(c), 1);
        const std::string bytes = structured_expectations_bytes(e);
        char timing[32];
        std::snprintf(timing, sizeof timing, "%.4f s",
                      std::chrono::duration<double>(std::chrono::steady_clock::now() - s).count());
        std::string line = c.name() + ": " + std::to_string(e.set.inputs.size()) + " inputs, " +
                           std::to_string(e.expectations.runs.size()) + " runs, " + std::to_string(bytes.size()) +
                           " B, " + timing;
        total_runs += e.expectations.runs.size();
        total_bytes += bytes.size();
        if (out_dir)
          if (auto error = out_dir->write(configuration_id(c) + ".structured", bytes, kStructuredExpectationsKind,
                                          no_inputs)) {
            line += ", CANNOT WRITE: " + *error;
            ++failed;
          }
        std::lock_guard<std::mutex> lock(out_mutex);
        std::printf("%s\n", line.c_str());
        std::fflush(stdout);
        continue;
      }
      auto d = derive(c);
      const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - s).count();
      std::string line;
      if (auto* why = std::get_if<std::string>(&d)) {
        ++underived;
        line = c.name() + ": NOT DERIVED (" + *why + ") after " + std::to_string(secs) + " s";
      } else {
        const Map& m = std::get<Map>(d);
        total_runs += m.runs.size();
        size_t staircases = 0;
        for (const Run& r : m.runs) staircases += r.staircase != Staircase::kAffine;
        const std::string json = to_json(m);
        total_bytes += json.size();
        char timing[32];
        std::snprintf(timing, sizeof timing, "%.4f s", secs);
        line = c.name() + ": " + std::to_string(m.runs.size()) + " runs (" + std::to_string(staircases) +
               " staircases), " + std::to_string(json.size()) + " B JSON, " + timing;
        if (check > 0) {
          const auto cs = std::chrono::steady_clock::now();
          const CrossCheck cc = cross_check(m, check);
          std::snprintf(timing, sizeof timing, " in %.1f s", std::chrono::duration<double>(std::chrono::steady_clock::now() - cs).count());
          line += ", cross-check " + std::to_string(cc.points) + " points" + timing + ": " +
                  (cc.ok() ? std::string("ok") : std::to_string(cc.mismatch_count) + " MISMATCHES " + cc.mismatches[0]);
          if (!cc.ok()) ++failed;
        }
        if (out_dir) {
          // a map that was not written must not pass for one that was
          if (auto error = out_dir->write(file_name(c), json, harness::kExhaustiveMapKind, no_inputs)) {
            line += ", CANNOT WRITE: " + *error;
            ++failed;
          }
        }
      }
      std::lock_guard<std::mutex> lock(out_mutex);
      std::printf("%s\n", line.c_str());
      std::fflush(stdout);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work);
  for (auto& t : pool) t.join();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%zu configurations, %zu not derived, %zu cross-check or write failures, %zu runs in all, %zu B %s, "
              "%.1f s wall on %u threads\n",
              configs.size(), underived.load(), failed.load(), total_runs.load(), total_bytes.load(),
              structured ? "structured expectations" : "JSON", secs, threads);
  return failed == 0 && underived == 0 ? 0 : 1;
}
