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

struct Selected {
  SeededFault fault = SeededFault::kNone;
  FaultScope scope = FaultScope::kBoth;
};

Selected read_fault() {
  const char* env = std::getenv("CASTLIKE_FAULT");
  if (env == nullptr || *env == '\0') return {};
  const char* at = std::strchr(env, '@');
  const size_t name_length = at ? static_cast<size_t>(at - env) : std::strlen(env);
  Selected s;
  bool known = false;
  for (const auto& f : kFaults) {
    if (std::strlen(f.name) == name_length && std::strncmp(env, f.name, name_length) == 0) {
      s.fault = f.fault;
      known = true;
    }
  }
  if (at != nullptr) {
    if (std::strcmp(at, "@scalar") == 0) s.scope = FaultScope::kScalar;
    else if (std::strcmp(at, "@simd") == 0) s.scope = FaultScope::kSimd;
    else known = false;
  }
  if (known) return s;
  std::fprintf(stderr, "castlike: unknown CASTLIKE_FAULT '%s'; known:", env);
  for (const auto& f : kFaults) std::fprintf(stderr, " %s", f.name);
  std::fprintf(stderr, " (optionally with @scalar or @simd)\n");
  std::exit(2);
}

const Selected& selected() {
  static const Selected s = read_fault();
  return s;
}

}  // namespace

SeededFault seeded_fault() { return selected().fault; }
FaultScope seeded_fault_scope() { return selected().scope; }

}  // namespace castlike::opt

#endif  // CASTLIKE_SEEDED_FAULTS
