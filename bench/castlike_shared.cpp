// The kernel library as a shared object for scripts/bench/bench-peers (ctypes): the whole C API of
// castlike.h (castlike_optimized is linked whole, see bench/CMakeLists.txt), plus one timing loop.
//
// Why a loop in C: at 16 KiB a conversion takes about a microsecond, as long as one ctypes call,
// so timing castlike_convert from Python would mostly measure the interpreter.
#include <chrono>
#include <cstddef>
#include <cstdint>

#include "castlike/castlike.h"

extern "C" __attribute__((visibility("default"))) castlike_status castlike_bench_best_ns(
    castlike_type from, const void* src, castlike_type to, void* dst, size_t n, const castlike_attributes* attrs,
    uint32_t calls, uint32_t rounds, double* best_ns_per_call) {
  // The best of `rounds` means of `calls` back-to-back conversions: the minimum filters out the
  // other jobs of a shared machine, the mean within a round the clock's resolution.
  if (calls == 0 || rounds == 0 || best_ns_per_call == nullptr) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  double best = 0;
  for (uint32_t r = 0; r < rounds; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    for (uint32_t c = 0; c < calls; ++c) {
      const castlike_status s = castlike_convert(from, src, 0, to, dst, 0, n, attrs);
      if (s != CASTLIKE_OK) return s;
    }
    const std::chrono::duration<double, std::nano> dt = std::chrono::steady_clock::now() - t0;
    const double per_call = dt.count() / calls;
    if (r == 0 || per_call < best) best = per_call;
  }
  *best_ns_per_call = best;
  return CASTLIKE_OK;
}
