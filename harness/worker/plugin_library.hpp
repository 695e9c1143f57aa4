// Loading a validator plug-in with dlopen and checking its symbols (three, five more optional) and ABI version. Used in
// the worker process (isolated) and by InProcessPlugin; the error texts are the validator's.
#pragma once

#include <string>
#include <variant>

#include "castlike/validator_abi.h"
#include "plugin.hpp"

namespace castlike::harness {

struct PluginLibrary {
  void* handle = nullptr;  // never dlclosed: a plug-in's destructors may be as hostile as its calls
  castlike_validator_cast_like_fn cast_like = nullptr;
  castlike_validator_cast_fn cast = nullptr;  // optional: a library without it runs CastLike only
  // optional: with CASTLIKE_VALIDATOR_CAN_ELEMENT_PHASES, the calls whose packed side starts
  // inside a byte (the functions exported beside cast_like and cast)
  castlike_validator_cast_at_fn cast_like_at = nullptr, cast_at = nullptr;
  uint32_t capabilities = 0;  // castlike_validator_capabilities(), optional: 0 without it
  std::optional<DeclaredCoverage> coverage;  // castlike_validator_coverage(), optional: nullopt without it
  std::string name;        // castlike_validator_name(), as returned (may be any bytes)
};

std::variant<PluginLibrary, std::string> load_plugin_library(const std::string& path);

// The rejection of a Cast call to a library without castlike_validator_cast.
inline constexpr const char* kNoCastFunction =
    "the library exports no castlike_validator_cast: it runs CastLike nodes only";

}  // namespace castlike::harness
