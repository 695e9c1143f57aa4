#include "cpu_features.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define CASTLIKE_X86 1
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#define CASTLIKE_AARCH64_LINUX 1
#endif

namespace castlike::opt {
namespace {

#if CASTLIKE_X86
// xgetbv without requiring the XSAVE target attribute at compile time.
unsigned long long read_xcr0() {
  unsigned eax = 0, edx = 0;
  __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
  return (static_cast<unsigned long long>(edx) << 32) | eax;
}
#endif

CpuFeatures detect() {
  CpuFeatures f;
#if CASTLIKE_X86
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx)) return f;
  const unsigned max_leaf = eax;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return f;
  f.sse41 = (ecx >> 19) & 1;
  f.fma = (ecx >> 12) & 1;
  f.f16c = (ecx >> 29) & 1;
  f.avx = (ecx >> 28) & 1;
  const bool osxsave = (ecx >> 27) & 1;
  if (osxsave) {
    const unsigned long long xcr0 = read_xcr0();
    f.os_avx = (xcr0 & 0x6) == 0x6;                   // XMM and YMM state
    f.os_avx512 = f.os_avx && (xcr0 & 0xE0) == 0xE0;  // opmask, ZMM_Hi256, Hi16_ZMM
  }
  if (max_leaf >= 7) {
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    const unsigned max_subleaf = eax;
    f.avx2 = (ebx >> 5) & 1;
    f.bmi2 = (ebx >> 8) & 1;
    f.avx512f = (ebx >> 16) & 1;
    f.avx512dq = (ebx >> 17) & 1;
    f.avx512bw = (ebx >> 30) & 1;
    f.avx512vl = (ebx >> 31) & 1;
    f.avx512vbmi = (ecx >> 1) & 1;
    f.avx512fp16 = (edx >> 23) & 1;
    if (max_subleaf >= 1) {
      __cpuid_count(7, 1, eax, ebx, ecx, edx);
      f.avx512bf16 = (eax >> 5) & 1;
    }
  }
  if (!f.os_avx) f.avx = f.avx2 = f.fma = f.f16c = false;
  if (!f.os_avx512)
    f.avx512f = f.avx512bw = f.avx512vl = f.avx512dq = f.avx512vbmi = f.avx512bf16 = f.avx512fp16 = false;
#elif CASTLIKE_AARCH64_LINUX
  const unsigned long hwcap = getauxval(AT_HWCAP);
  f.neon = (hwcap & (1ul << 1)) != 0;        // HWCAP_ASIMD
  f.neon_fp16 = (hwcap & (1ul << 10)) != 0;  // HWCAP_ASIMDHP
#ifdef AT_HWCAP2
  const unsigned long hwcap2 = getauxval(AT_HWCAP2);
  f.neon_bf16 = (hwcap2 & (1ul << 14)) != 0;  // HWCAP2_BF16
#endif
#elif defined(__aarch64__)
  f.neon = true;  // AdvSIMD is architectural on AArch64
#endif
  return f;
}

}  // namespace

const CpuFeatures& cpu_features() {
  static const CpuFeatures features = detect();  // C++11 guarantees one thread-safe initialisation
  return features;
}

bool cpu_supports(Isa isa) {
  const CpuFeatures& f = cpu_features();
  switch (isa) {
    case Isa::kScalar:
      return true;
    // The AVX2 sources are compiled with -mavx2 -mfma -mf16c.
    case Isa::kAvx2:
      return f.avx2 && f.fma && f.f16c;
    // The AVX-512 sources add -mavx512f -mavx512bw -mavx512vl -mavx512bf16 -mavx512vbmi: the
    // compiler may use any of them anywhere in those files, so all are required.
    case Isa::kAvx512:
      return f.avx2 && f.fma && f.f16c && f.avx512f && f.avx512bw && f.avx512vl && f.avx512bf16 && f.avx512vbmi;
    case Isa::kNeon:
      return f.neon;
  }
  return false;
}

}  // namespace castlike::opt
