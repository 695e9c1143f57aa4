// The name of a configuration as the map export files and `castlike validate --exhaustive` spell
// it: <SOURCE>-<DESTINATION>[-sat<0|1>][-<round_mode>] (docs/exhaustive.md). The saturate part is
// there exactly when the destination reads saturate (float8 family, FLOAT8E8M0), the round mode
// exactly when it reads round_mode (FLOAT8E8M0).
#pragma once

#include <optional>
#include <string>

#include "map.hpp"

namespace castlike::exhaustive {

std::string configuration_id(const Configuration& c);

// The configuration named by `id`, or nullopt when it is not the id of a configuration of
// all_configurations() (unknown type, a missing or superfluous attribute part, a 64-bit source).
std::optional<Configuration> parse_configuration_id(const std::string& id);

}  // namespace castlike::exhaustive
