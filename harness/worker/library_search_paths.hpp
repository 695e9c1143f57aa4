// Where the loader may look for a plug-in's own dependencies beyond the system's directories: the
// library's DT_RUNPATH / DT_RPATH entries ($ORIGIN expanded) and LD_LIBRARY_PATH. The worker's
// Landlock rules (landlock.hpp) let it read these, so a plug-in built against a library in its own
// tree (a Python package's runtime, a build directory) still loads.
#pragma once

#include <string>
#include <vector>

namespace castlike::harness {

// Read from the ELF file at `library` (its program headers and dynamic section only), never run.
// An unreadable or non-ELF file gives the LD_LIBRARY_PATH entries alone (dlopen then says why).
std::vector<std::string> library_search_paths(const std::string& library);

}  // namespace castlike::harness
