// The export format of maps (docs/exhaustive.md): one JSON document per configuration, written
// and read back with strict validation.
#pragma once

#include <string>
#include <variant>

#include "map.hpp"

namespace castlike::exhaustive {

// Version 2 added staircase runs (10 fields); version 1 documents (7-field runs only) still read.
inline constexpr int kMapFormatVersion = 2;

std::string to_json(const Map& map);
// The map, or an error naming the first thing wrong (unknown or missing keys, wrong types,
// unknown type/rule/outcome names, and every structural check of check_structure).
std::variant<Map, std::string> from_json(const std::string& text);

}  // namespace castlike::exhaustive
