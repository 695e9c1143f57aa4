// CASTLIKE_FAULT, read once (see seeded_faults.hpp). Empty unless CASTLIKE_SEEDED_FAULTS.
#include "seeded_faults.hpp"

#ifdef CASTLIKE_SEEDED_FAULTS

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace castlike::opt {
namespace {

constexpr struct {
  const char* name;
  SeededFault fault;
} kFaults[] = {
    {"none", SeededFault::kNone},
    {"fnuz-negative-zero", SeededFault::kFnuzNegativeZero},
    {"ties-away", SeededFault::kTiesAway},
    {"saturate-off-at-threshold", SeededFault::kSaturateOffAtThreshold},
    {"nan-sign-lost", SeededFault::kNanSignLost},
    {"vector-tail-skipped", SeededFault::kVectorTailSkipped},
    {"double-rounding", SeededFault::kDoubleRounding},
};

SeededFault read_fault() {
  const char* env = std::getenv("CASTLIKE_FAULT");
  if (env == nullptr || *env == '\0') return SeededFault::kNone;
  for (const auto& f : kFaults)
    if (std::strcmp(env, f.name) == 0) return f.fault;
  std::fprintf(stderr, "castlike: unknown CASTLIKE_FAULT '%s'; known:", env);
  for (const auto& f : kFaults) std::fprintf(stderr, " %s", f.name);
  std::fprintf(stderr, "\n");
  std::exit(2);
}

}  // namespace

SeededFault seeded_fault() {
  static const SeededFault fault = read_fault();
  return fault;
}

}  // namespace castlike::opt

#endif  // CASTLIKE_SEEDED_FAULTS
