// Derivation of a configuration's map (map.hpp) from the exact reference alone
// (ref::convert_element), and the list of configurations castlike judges exhaustively.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "map.hpp"

namespace castlike::exhaustive {

// Every numeric source of <= 32 bits to every numeric destination, under every attribute
// combination that can change a result: saturate 0/1 for the float8 family, saturate x round_mode
// for FLOAT8E8M0, the defaults elsewhere.
std::vector<Configuration> all_configurations();
std::vector<Configuration> configurations_from(ElementType from);

struct DeriveLimits {
  size_t max_runs = size_t{1} << 20;  // a 32-bit map needing more is not compact in this form
};

// The map, or why it cannot be derived in this form (docs/exhaustive.md: sources of <= 16 bits
// are enumerated; 32-bit sources are searched, and a configuration whose map is not a bounded
// list of runs, or whose destination wraps a rounded value, is refused with the reason).
std::variant<Map, std::string> derive(const Configuration& config, const DeriveLimits& limits = {});

// The reason a 32-bit configuration is refused before any search, if it is.
std::optional<std::string> refused_before_search(const Configuration& config);

}  // namespace castlike::exhaustive
