// Derivation of a configuration's map (map.hpp) from the exact reference alone
// (ref::convert_element), and the list of configurations castlike judges exhaustively.
#pragma once

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

// The map, or why it cannot be derived (docs/exhaustive.md: sources of <= 16 bits are
// enumerated; 32-bit sources are searched for affine and staircase runs, and a map needing more
// than limits.max_runs runs is reported as not compact, never truncated). Every configuration of
// all_configurations() derives; cross_check (crosscheck.hpp) must pass before a map is trusted.
std::variant<Map, std::string> derive(const Configuration& config, const DeriveLimits& limits = {});

}  // namespace castlike::exhaustive
