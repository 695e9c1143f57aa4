// What a structured set's case of the kernels at one level measures and prints
// (structured_levels_test.cpp, structured_text_test.cpp): the CPU time of the reference's
// expectations, of the kernel and of judge(), and the counts, in one line per case.
#pragma once

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

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

}  // namespace castlike::exhaustive
