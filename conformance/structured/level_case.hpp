// What a structured set's case of the kernels at one level measures and prints
// (structured_levels_test.cpp, structured_text_test.cpp): the CPU time of the reference's
// expectations, of the kernel and of judge(), and the counts, in one line per case; and where the
// expectations come from (computed, or read from the files a native process wrote).
#pragma once

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <variant>

#include "maps/config_id.hpp"
#include "structured_export.hpp"

namespace castlike::exhaustive {

inline double cpu_seconds() {  // the process's: the expectations are computed on every core
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

struct LevelCase {
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  double expect_cpu = 0, kernel_cpu = 0, judge_cpu = 0;
  uint64_t inputs = 0, failures = 0, unspecified = 0;

  void print(const std::string& name) const {
    std::printf("%s: %llu inputs, %llu failures, %llu unspecified; CPU: reference %.1f s, kernel %.3f s, judge %.3f s "
                "(%.2f M inputs per CPU-second of kernel and judging); %.1f s wall\n",
                name.c_str(), static_cast<unsigned long long>(inputs), static_cast<unsigned long long>(failures),
                static_cast<unsigned long long>(unspecified), expect_cpu, kernel_cpu, judge_cpu,
                static_cast<double>(inputs) / std::max(1e-9, kernel_cpu + judge_cpu) / 1e6,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
};

// The share of a set that structured_text_test's Share cases judge besides every run's first and
// last input: about 1 in this many of the others (share_of()). A build may set another (-DCASTLIKE_STRUCTURED_SHARE=K).
#ifndef CASTLIKE_STRUCTURED_SHARE
#define CASTLIKE_STRUCTURED_SHARE 16
#endif
inline constexpr uint64_t kStructuredShare = CASTLIKE_STRUCTURED_SHARE;

// The expectations of a configuration's set: computed here on `jobs` threads, or, with
// CASTLIKE_STRUCTURED_EXPECTATIONS=DIR, read from DIR/<id>.structured, which
// `castlike_exhaustive_derive --structured DIR` wrote natively (under an emulator the exact
// reference costs minutes per set; the set itself is rebuilt here and must be the file's). A
// missing or invalid file is an error, never a silent fallback.
inline std::variant<StructuredExpectation, std::string> expectations_for(const Configuration& c, unsigned jobs) {
  const char* dir = std::getenv("CASTLIKE_STRUCTURED_EXPECTATIONS");
  if (dir == nullptr || *dir == '\0') return expect_structured(structured_set(c), jobs);
  const std::string path = std::string(dir) + "/" + configuration_id(c) + ".structured";
  std::ifstream in(path, std::ios::binary);
  if (!in) return "CASTLIKE_STRUCTURED_EXPECTATIONS: cannot read " + path;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  auto e = read_structured_expectations(bytes.str(), structured_set(c));
  if (auto* why = std::get_if<std::string>(&e)) return path + ": " + *why;
  return e;
}

}  // namespace castlike::exhaustive
