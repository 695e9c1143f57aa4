// The kernel library's ISA levels as one table: the API's range checks, the CLI, the sweep tool,
// the fuzzers and the Python module read it, and castlike_isa_name names each level.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "castlike/castlike.h"

namespace castlike {

// Every level, in castlike_isa's order: a level's value is its index here.
inline constexpr std::array<castlike_isa, 4> kIsaLevels{CASTLIKE_ISA_SCALAR, CASTLIKE_ISA_AVX2, CASTLIKE_ISA_AVX512,
                                                        CASTLIKE_ISA_NEON};

// Whether an int a C caller passed as castlike_isa is one of the levels.
constexpr bool is_isa_level(int32_t value) { return value >= 0 && value < static_cast<int32_t>(kIsaLevels.size()); }

// The level castlike_isa_name calls `name`; nullopt for any other text.
inline std::optional<castlike_isa> isa_from_name(std::string_view name) {
  for (castlike_isa isa : kIsaLevels)
    if (name == castlike_isa_name(isa)) return isa;
  return std::nullopt;
}

// Every level's name, for messages and help: "scalar, avx2, avx512 or neon" (`last` " or "), or
// "scalar, avx2, avx512, neon" (`last` ", ").
inline std::string isa_names(std::string_view last) {
  std::string out;
  for (size_t i = 0; i < kIsaLevels.size(); ++i) {
    if (i > 0) out += i + 1 == kIsaLevels.size() ? last : std::string_view(", ");
    out += castlike_isa_name(kIsaLevels[i]);
  }
  return out;
}

}  // namespace castlike
