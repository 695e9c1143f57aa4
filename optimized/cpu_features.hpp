// CPU feature detection, done once (thread-safe) and cached: cpuid + xgetbv on x86, getauxval's
// HWCAP words on AArch64. Internal to optimized/.
#pragma once

#include "kernel.hpp"

namespace castlike::opt {

struct CpuFeatures {
  // x86: instruction set bits (cpuid) and whether the OS saves the register state (xgetbv).
  bool sse41 = false, avx = false, avx2 = false, fma = false, f16c = false, bmi2 = false;
  bool avx512f = false, avx512bw = false, avx512vl = false, avx512dq = false, avx512vbmi = false, avx512bf16 = false,
       avx512fp16 = false;
  bool os_avx = false;     // XCR0: SSE and AVX (YMM) state
  bool os_avx512 = false;  // XCR0: opmask, ZMM_Hi256, Hi16_ZMM state
  // AArch64 (HWCAP / HWCAP2).
  bool neon = false, neon_fp16 = false, neon_bf16 = false;
};

// Detected on first use; later calls return the same object.
const CpuFeatures& cpu_features();

// Whether this CPU can run an ISA level's kernels (the level's whole compile-flag set).
bool cpu_supports(Isa isa);

}  // namespace castlike::opt
