#include "dispatch.hpp"

#include <array>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "castlike/isa_levels.hpp"
#include "cpu_features.hpp"
#if CASTLIKE_SEEDED_FAULTS
#include "fault_hook.hpp"
#endif

namespace castlike::opt {
namespace {

constexpr size_t kTypes = kTypeTable.size();
constexpr int kLevels = static_cast<int>(kIsaLevels.size());
static_assert(static_cast<int>(Isa::kNeon) == CASTLIKE_ISA_NEON && static_cast<int>(Isa::kNeon) + 1 == kLevels,
              "Isa and castlike_isa name the same levels by the same values");

KernelFn own_kernel(Isa level, ElementType from, ElementType to) {
  switch (level) {
    case Isa::kScalar:
      return scalar_lookup(from, to);
    case Isa::kAvx2:
      return isa_built(Isa::kAvx2) ? avx2_lookup(from, to) : nullptr;
    case Isa::kAvx512:
      return isa_built(Isa::kAvx512) ? avx512_lookup(from, to) : nullptr;
    case Isa::kNeon:
      return isa_built(Isa::kNeon) ? neon_lookup(from, to) : nullptr;
  }
  return nullptr;
}

Isa fallback(Isa level) {
  switch (level) {
    case Isa::kAvx512:
      return Isa::kAvx2;
    default:
      return Isa::kScalar;
  }
}

using Table = std::array<KernelFn, kTypes * kTypes>;

const Table& table(Isa level) {
  static std::array<Table, kLevels> tables;
  static std::array<std::once_flag, kLevels> once;
  const int l = static_cast<int>(level);
  std::call_once(once[l], [l] {
    for (size_t i = 0; i < kTypes; ++i) {
      for (size_t j = 0; j < kTypes; ++j) {
        const ElementType from = kTypeTable[i].type, to = kTypeTable[j].type;
        Isa at = static_cast<Isa>(l);
        KernelFn k = own_kernel(at, from, to);
        while (k == nullptr && at != Isa::kScalar) {
          at = fallback(at);
          k = own_kernel(at, from, to);
        }
#if CASTLIKE_SEEDED_FAULTS
        k = faults::decorate(static_cast<Isa>(l), at, from, to, k);  // the fault build's only hook
#endif
        tables[l][i * kTypes + j] = k;
      }
    }
  });
  return tables[l];
}

bool equals_ignoring_case(const char* a, const char* b) {
  for (; *a != '\0' && *b != '\0'; ++a, ++b) {
    const char ca = (*a >= 'A' && *a <= 'Z') ? static_cast<char>(*a - 'A' + 'a') : *a;
    if (ca != *b) return false;
  }
  return *a == *b;
}

// isa_name is the one table of the levels' names.
bool parse_isa(const char* name, Isa& out) {
  for (int l = 0; l < kLevels; ++l) {
    if (equals_ignoring_case(name, isa_name(static_cast<Isa>(l)))) {
      out = static_cast<Isa>(l);
      return true;
    }
  }
  return false;
}

std::atomic<int>& active_level() {
  static std::atomic<int> level{[] {
    Isa chosen = best_isa();
    if (const char* env = std::getenv("CASTLIKE_ISA"); env != nullptr && *env != '\0') {
      Isa requested;
      if (parse_isa(env, requested) && isa_available(requested)) chosen = requested;
    }
    return static_cast<int>(chosen);
  }()};
  return level;
}

}  // namespace

bool isa_built(Isa isa) {
  switch (isa) {
    case Isa::kScalar:
      return true;
#if CASTLIKE_HAVE_AVX2_KERNELS
    case Isa::kAvx2:
      return true;
#endif
#if CASTLIKE_HAVE_AVX512_KERNELS
    case Isa::kAvx512:
      return true;
#endif
#if CASTLIKE_HAVE_NEON_KERNELS
    case Isa::kNeon:
      return true;
#endif
    default:
      return false;
  }
}

bool isa_available(Isa isa) { return isa_built(isa) && cpu_supports(isa); }

Isa best_isa() {
  for (Isa isa : {Isa::kAvx512, Isa::kAvx2, Isa::kNeon})
    if (isa_available(isa)) return isa;
  return Isa::kScalar;
}

Isa active_isa() { return static_cast<Isa>(active_level().load(std::memory_order_relaxed)); }

bool force_isa(Isa isa) {
  const int l = static_cast<int>(isa);
  if (l < 0 || l >= kLevels || !isa_available(isa)) return false;
  active_level().store(l, std::memory_order_relaxed);
  return true;
}

KernelFn kernel_at(Isa level, ElementType from, ElementType to) {
  const int l = static_cast<int>(level);
  const size_t i = type_index(from), j = type_index(to);
  if (l < 0 || l >= kLevels || i >= kTypes || j >= kTypes) return nullptr;
  return table(level)[i * kTypes + j];
}

const char* isa_name(Isa isa) {
  switch (isa) {
    case Isa::kScalar:
      return "scalar";
    case Isa::kAvx2:
      return "avx2";
    case Isa::kAvx512:
      return "avx512";
    case Isa::kNeon:
      return "neon";
  }
  return "unknown";
}

}  // namespace castlike::opt
