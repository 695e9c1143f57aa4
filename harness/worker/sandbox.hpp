// The plug-in worker's sandbox: a seccomp-bpf filter (libseccomp) the worker installs after it has
// loaded the plug-in and before the first call. It stops, with SIGSYS, every system call by which
// a plug-in could reach outside its worker: signalling, tracing or reading another process, starting
// a process, running another program, creating, removing, renaming or writing files, and the
// administrative calls root could otherwise make. Starting a thread fails with EAGAIN instead. What it allows is what a conversion and
// the worker's own serving need (memory, the socket, its own signals, exit). docs/isolation.md
// lists both, and what no filter can stop.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace castlike::harness {

// Installs the filter on this process (all its threads); the reason when it cannot.
// The environment variable CASTLIKE_PLUGIN_SANDBOX=off skips it (for measuring its cost).
std::optional<std::string> install_sandbox();
bool sandbox_disabled();

}  // namespace castlike::harness
