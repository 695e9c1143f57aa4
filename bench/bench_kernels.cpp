// Throughput of the hot pairs at each ISA level this CPU runs, on a 16 KiB source array (in
// cache) and a 64 MiB one (memory bound), next to memcpy of the same source bytes in the same run.
// Counters: elements/s, and bytes/s = (bytes read + bytes written) / s, so that a kernel is
// compared with memcpy's 2 x size per copy. scripts/bench/bench-kernels prints the ratios.
//
//   castlike_bench --benchmark_filter='avx2/FLOAT->FLOAT8'   # a subset
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>

#include "castlike/packing.hpp"
#include "castlike/type_table.hpp"
#include "dispatch.hpp"

namespace {

using castlike::ElementType;
using castlike::opt::Isa;
using castlike::opt::KernelFn;
using T = ElementType;

struct Hot {
  ElementType from, to;
  castlike_attributes attrs;
};

// clang-format off
const Hot kHot[] = {
  {T::kFloat, T::kFloat16, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat, T::kBfloat16, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat16, T::kFloat, {1, CASTLIKE_ROUND_UP}},
  {T::kBfloat16, T::kFloat, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat16, T::kBfloat16, {1, CASTLIKE_ROUND_UP}},
  {T::kBfloat16, T::kFloat16, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat, T::kFloat8E4M3FN, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat, T::kFloat8E4M3FN, {0, CASTLIKE_ROUND_UP}},
  {T::kFloat, T::kFloat8E4M3FNUZ, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat, T::kFloat8E5M2, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat, T::kFloat8E5M2, {0, CASTLIKE_ROUND_UP}},
  {T::kFloat, T::kFloat8E5M2FNUZ, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat16, T::kFloat8E4M3FN, {1, CASTLIKE_ROUND_UP}},
  {T::kBfloat16, T::kFloat8E4M3FN, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat, T::kFloat4E2M1, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat, T::kFloat6E2M3, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat, T::kFloat6E3M2, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat, T::kFloat8E8M0, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat, T::kFloat8E8M0, {0, CASTLIKE_ROUND_NEAREST}},
  {T::kFloat8E4M3FN, T::kFloat, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat8E4M3FN, T::kFloat16, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat8E4M3FN, T::kBfloat16, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat8E5M2, T::kFloat, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat4E2M1, T::kFloat, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat6E2M3, T::kFloat, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat6E3M2, T::kFloat, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat8E8M0, T::kFloat, {1, CASTLIKE_ROUND_UP}},
  {T::kDouble, T::kFloat, {1, CASTLIKE_ROUND_UP}},
  {T::kDouble, T::kFloat16, {1, CASTLIKE_ROUND_UP}},
  {T::kDouble, T::kBfloat16, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat, T::kInt8, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat, T::kUint8, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat, T::kInt32, {1, CASTLIKE_ROUND_UP}},
  {T::kInt8, T::kFloat, {1, CASTLIKE_ROUND_UP}},
  {T::kInt32, T::kFloat, {1, CASTLIKE_ROUND_UP}},
  {T::kFloat, T::kInt4, {1, CASTLIKE_ROUND_UP}},
  {T::kInt4, T::kInt8, {1, CASTLIKE_ROUND_UP}},
  {T::kInt8, T::kInt4, {1, CASTLIKE_ROUND_UP}},
  {T::kInt4, T::kFloat, {1, CASTLIKE_ROUND_UP}},
  {T::kUint2, T::kUint8, {1, CASTLIKE_ROUND_UP}},
};
// clang-format on

constexpr size_t kSizes[] = {size_t{16} << 10, size_t{64} << 20};

// Buffers at a fixed placement: page aligned plus an offset, the source at +0 and the destination
// at +2 KiB. Two back-to-back heap vectors can sit a few bytes apart modulo 4 KiB, where AMD Zen 3's
// `rep movsb` (glibc's memcpy for these sizes) runs 20x slower and loads/stores alias: measured
// here, and not what either a kernel or memcpy costs.
struct Buffer {
  std::unique_ptr<uint8_t, decltype(&std::free)> base{nullptr, &std::free};
  uint8_t* data = nullptr;
  Buffer(size_t bytes, size_t offset, uint8_t fill) {
    base.reset(static_cast<uint8_t*>(std::aligned_alloc(4096, (bytes + offset + 4095) / 4096 * 4096 + 4096)));
    data = base.get() + offset;
    std::memset(data, fill, bytes);
  }
};
constexpr size_t kSrcOffset = 0, kDstOffset = 2048;

std::string size_name(size_t bytes) {
  return bytes >= (size_t{1} << 20) ? std::to_string(bytes >> 20) + "MiB" : std::to_string(bytes >> 10) + "KiB";
}

// Realistic inputs: floats from a normal distribution (scaled to exercise the float8 ranges,
// a few zeros), integers and small codes uniformly random. The kernels are branch-free apart
// from rare fix-ups, so the data matters little; it must just not be all-zero.
Buffer make_input(ElementType from, size_t bytes) {
  Buffer buf(bytes, kSrcOffset, 0);
  uint8_t* data = buf.data;
  std::mt19937_64 rng(42);
  std::normal_distribution<float> normal(0.0f, 8.0f);
  const size_t n = bytes * 8 / castlike::info(from).bits;
  switch (from) {
    case T::kFloat:
      for (size_t i = 0; i < n; ++i) {
        const float f = normal(rng);
        std::memcpy(data + 4 * i, &f, 4);
      }
      break;
    case T::kDouble:
      for (size_t i = 0; i < n; ++i) {
        const double d = normal(rng);
        std::memcpy(data + 8 * i, &d, 8);
      }
      break;
    case T::kFloat16:
    case T::kBfloat16:
      for (size_t i = 0; i < n; ++i) {
        // A value between 2^-8 and 2^8 with a random sign and mantissa.
        const uint32_t r = static_cast<uint32_t>(rng());
        const uint16_t exp = from == T::kFloat16 ? static_cast<uint16_t>(7 + r % 16) : static_cast<uint16_t>(119 + r % 16);
        const uint16_t bits = from == T::kFloat16 ? static_cast<uint16_t>((r >> 16 & 0x8000) | exp << 10 | (r >> 5 & 0x3FF))
                                                   : static_cast<uint16_t>((r >> 16 & 0x8000) | exp << 7 | (r >> 5 & 0x7F));
        std::memcpy(data + 2 * i, &bits, 2);
      }
      break;
    default:
      for (size_t i = 0; i < bytes; ++i) data[i] = static_cast<uint8_t>(rng());
  }
  return buf;
}

KernelFn level_kernel(Isa isa, ElementType from, ElementType to) {
  switch (isa) {
    case Isa::kScalar: return castlike::opt::scalar_lookup(from, to);
    case Isa::kAvx2: return castlike::opt::avx2_lookup(from, to);
    case Isa::kAvx512: return castlike::opt::avx512_lookup(from, to);
    case Isa::kNeon: return castlike::opt::neon_lookup(from, to);
  }
  return nullptr;
}

void bench_kernel(benchmark::State& state, KernelFn kernel, Hot hot, size_t src_bytes) {
  const Buffer in = make_input(hot.from, src_bytes);
  const size_t n = src_bytes * 8 / castlike::info(hot.from).bits;
  const size_t out_bytes = *castlike::storage_bytes(hot.to, n);
  Buffer out(out_bytes, kDstOffset, 1);
  for (auto _ : state) {
    kernel(in.data, out.data, n, hot.attrs);
    benchmark::DoNotOptimize(out.data);
    benchmark::ClobberMemory();
  }
  state.counters["elements/s"] = benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["bytes/s"] =
      benchmark::Counter(static_cast<double>(src_bytes + out_bytes), benchmark::Counter::kIsIterationInvariantRate);
}

void bench_memcpy(benchmark::State& state, size_t bytes) {
  Buffer in(bytes, kSrcOffset, 3), out(bytes, kDstOffset, 1);
  for (auto _ : state) {
    std::memcpy(out.data, in.data, bytes);
    benchmark::DoNotOptimize(out.data);
    benchmark::ClobberMemory();
  }
  state.counters["bytes/s"] =
      benchmark::Counter(static_cast<double>(2 * bytes), benchmark::Counter::kIsIterationInvariantRate);
}

std::string attrs_name(const Hot& h) {
  if (h.to == T::kFloat8E8M0)
    return "/sat" + std::to_string(h.attrs.saturate) + "_" + std::string(castlike::round_mode_name(h.attrs.round_mode));
  if (castlike::is_float8_family(h.to))
    return "/sat" + std::to_string(h.attrs.saturate);
  return "";
}

int register_all() {
  for (size_t bytes : kSizes) {
    benchmark::RegisterBenchmark(("memcpy/" + size_name(bytes)).c_str(), bench_memcpy, bytes)->UseRealTime();
    for (Isa isa : {Isa::kScalar, Isa::kAvx2, Isa::kAvx512, Isa::kNeon}) {
      if (!castlike::opt::isa_available(isa)) continue;
      for (const Hot& h : kHot) {
        const KernelFn k = level_kernel(isa, h.from, h.to);
        if (!k) continue;  // not vectorised at this level: the scalar row shows the fallback
        const std::string name = std::string(castlike::opt::isa_name(isa)) + "/" + std::string(castlike::info(h.from).name) +
                                 "->" + std::string(castlike::info(h.to).name) + attrs_name(h) + "/" + size_name(bytes);
        benchmark::RegisterBenchmark(name.c_str(), bench_kernel, k, h, bytes)->UseRealTime();
      }
    }
  }
  return 0;
}

const int kRegistered = register_all();

}  // namespace

BENCHMARK_MAIN();
