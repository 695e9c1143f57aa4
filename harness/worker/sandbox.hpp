// The plug-in worker's sandbox, installed after the worker has read its load request and BEFORE it
// loads the plug-in, so the library's constructors, castlike_validator_abi_version() and
// castlike_validator_name() run inside it like every call:
//
// - limits (set_worker_limits): no core file, not dumpable, a cap on file size and descriptors,
//   all hard limits that the filter below forbids raising;
// - Landlock (landlock.hpp), where the kernel has it: the worker reads its library, the libraries
//   it needs and the system's, nothing else; writes no file; connects and binds no TCP port; signals
//   no process outside itself;
// - a seccomp-bpf ALLOWLIST (libseccomp): the system calls a conversion and the worker's serving
//   need (memory, threads, its own descriptors, the channel, its own signals, exit). Any other call
//   stops the worker with SIGSYS, which the validator reports as a forbidden call.
//
// docs/isolation.md has the threat model: what a plug-in can and cannot do under each part.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace castlike::harness {

enum class SandboxMode { kFull, kSeccompOnly, kOff };

// CASTLIKE_PLUGIN_SANDBOX: "off" (no sandbox: for measuring its cost), "seccomp-only" (no Landlock:
// the fallback of a kernel without it, forced for tests), anything else or unset: full.
SandboxMode sandbox_mode();

// Hard limits on this process that the sandbox then forbids raising: no core file (and not
// dumpable), `file_size_limit` bytes per file written, `descriptor_limit` descriptors.
std::optional<std::string> set_worker_limits(uint64_t file_size_limit, uint64_t descriptor_limit);

// Confines this process for a plug-in at `library_path` talking on descriptor `channel_fd`.
// On success: what confines it ("seccomp allowlist, Landlock ABI 6"; a missing Landlock says why).
struct SandboxInstalled {
  std::string confinement;
};
std::optional<std::string> install_sandbox(const std::string& library_path, int channel_fd,
                                           SandboxMode mode, SandboxInstalled& installed);

}  // namespace castlike::harness
