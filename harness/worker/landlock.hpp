// Landlock for the plug-in worker (sandbox.hpp): which files the worker may read (its library, the
// directories that library names for its dependencies, the system's libraries and configuration
// the loader reads, its own /proc entry, a few devices); that it writes, creates, removes and
// renames no file; that it binds and connects no TCP port (Landlock ABI 4); that it signals no
// process outside itself and reaches no abstract Unix socket (ABI 6).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace castlike::harness {

// The Landlock ABI version this kernel offers; 0 and the reason when it has none.
int landlock_abi(std::string& why_not);

// Restricts this process (and the threads it will start) to reading `readable` paths (files or
// directory trees; missing ones are skipped). Needs no_new_privs set. The reason when it fails.
std::optional<std::string> restrict_with_landlock(int abi, const std::vector<std::string>& readable);

}  // namespace castlike::harness
