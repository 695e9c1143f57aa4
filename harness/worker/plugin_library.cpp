#include "plugin_library.hpp"

#include <dlfcn.h>

#include <filesystem>

namespace castlike::harness {

std::variant<PluginLibrary, std::string> load_plugin_library(const std::string& path) {
  PluginLibrary lib;
  // A bare file name would make dlopen search the library path: insist on a path.
  const std::string load_path = path.find('/') == std::string::npos ? "./" + path : path;
  lib.handle = dlopen(load_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib.handle) {
    const char* e = dlerror();
    return path + ": cannot load the shared library: " + (e ? e : "unknown dlopen error");
  }
  const auto symbol = [&](const char* name) { return dlsym(lib.handle, name); };
  auto version = reinterpret_cast<castlike_validator_abi_version_fn>(symbol("castlike_validator_abi_version"));
  auto name = reinterpret_cast<castlike_validator_name_fn>(symbol("castlike_validator_name"));
  lib.cast_like = reinterpret_cast<castlike_validator_cast_like_fn>(symbol("castlike_validator_cast_like"));
  lib.cast = reinterpret_cast<castlike_validator_cast_fn>(symbol("castlike_validator_cast"));
  if (!version || !name || !lib.cast_like)
    return path + ": not a castlike validator plug-in: it must export castlike_validator_abi_version, "
                  "castlike_validator_name and castlike_validator_cast_like (include/castlike/validator_abi.h)";
  const int32_t v = version();
  if (v != CASTLIKE_VALIDATOR_ABI_VERSION)
    return path + ": plug-in ABI version " + std::to_string(v) + ", this validator speaks " +
           std::to_string(CASTLIKE_VALIDATOR_ABI_VERSION);
  if (auto flags = reinterpret_cast<castlike_validator_capabilities_fn>(symbol("castlike_validator_capabilities")))
    lib.capabilities = flags();
  if (lib.capabilities & CASTLIKE_VALIDATOR_CAN_ELEMENT_PHASES) {
    lib.cast_like_at = reinterpret_cast<castlike_validator_cast_at_fn>(symbol("castlike_validator_cast_like_at"));
    lib.cast_at = reinterpret_cast<castlike_validator_cast_at_fn>(symbol("castlike_validator_cast_at"));
    if (!lib.cast_like_at || (lib.cast && !lib.cast_at))
      return path + ": declares CASTLIKE_VALIDATOR_CAN_ELEMENT_PHASES but exports no " +
             (lib.cast_like_at ? "castlike_validator_cast_at beside castlike_validator_cast"
                               : "castlike_validator_cast_like_at") +
             " (include/castlike/validator_abi.h, Element phases)";
  }
  if (auto covered = reinterpret_cast<castlike_validator_coverage_fn>(symbol("castlike_validator_coverage"))) {
    size_t count = 0;
    const castlike_validator_coverage_entry* entries = covered(&count);
    auto checked = declared_coverage(entries, count);
    if (auto* e = std::get_if<std::string>(&checked)) return path + ": " + *e;
    lib.coverage = std::get<DeclaredCoverage>(std::move(checked));
  }
  const char* label = name();
  lib.name = label && *label ? label : std::filesystem::path(path).filename().string();
  return lib;
}

}  // namespace castlike::harness
