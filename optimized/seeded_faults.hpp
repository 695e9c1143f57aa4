// Seeded faults: deliberate bugs the fuzzers must find (scripts/fuzz-faults, docs/fuzzing.md).
//
// Only a build configured with -DCASTLIKE_SEEDED_FAULTS=ON has them. There, the environment variable
// CASTLIKE_FAULT (read once) names at most one fault to switch on; unset, empty or "none" leaves the
// library exactly as it is without the option. A suffix "@scalar" or "@simd" keeps the fault to the
// hooks of the scalar kernels or of the SIMD ones (to show that each is found on its own). Without
// the option this header declares nothing and every hook (`#ifdef CASTLIKE_SEEDED_FAULTS`) compiles
// to nothing.
//
//   fnuz-negative-zero         FLOAT8E4M3FNUZ: a negative value that rounds to zero gives 0x80 (its NaN)
//   ties-away                  float -> float8: ties rounded away from zero instead of to even
//   saturate-off-at-threshold  float8, saturate=1: the value max + ulp/2 overflows as with saturate=0
//   nan-sign-lost              NaN to an IEEE / float8 / bfloat16 destination loses its sign
//   vector-tail-skipped        SIMD kernels skip the last partial block (the AVX2 kernels here)
//   double-rounding            DOUBLE -> BFLOAT16 rounds twice, through FLOAT
#pragma once

#ifdef CASTLIKE_SEEDED_FAULTS

namespace castlike::opt {

enum class SeededFault : int {
  kNone = 0,
  kFnuzNegativeZero,
  kTiesAway,
  kSaturateOffAtThreshold,
  kNanSignLost,
  kVectorTailSkipped,
  kDoubleRounding,
};

enum class FaultScope : int { kBoth = 0, kScalar, kSimd };

// The fault CASTLIKE_FAULT names (kNone when unset), and the kernels it is kept to. An unknown name
// stops the process with a message listing the known ones: a typo must not pass for "the fuzzer
// missed the fault".
SeededFault seeded_fault();
FaultScope seeded_fault_scope();

}  // namespace castlike::opt

#define CASTLIKE_FAULT(name) (::castlike::opt::seeded_fault() == ::castlike::opt::SeededFault::name)
// A hook in the scalar (kScalar) or SIMD (kSimd) kernels.
#define CASTLIKE_FAULT_IN(name, scope)                                                      \
  (CASTLIKE_FAULT(name) && (::castlike::opt::seeded_fault_scope() == ::castlike::opt::FaultScope::kBoth || \
                            ::castlike::opt::seeded_fault_scope() == ::castlike::opt::FaultScope::scope))

#endif  // CASTLIKE_SEEDED_FAULTS
