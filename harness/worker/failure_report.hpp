// Turning what the validator side observes of a failed call into a PluginOutcome kind and text:
// the worker's exit status with the control block its handlers filled, and the canaries.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "plugin.hpp"
#include "protocol.hpp"
#include "worker_process.hpp"

namespace castlike::harness {

std::string signal_name(int signal);  // "SIGSEGV"

struct WorkerFailure {
  PluginOutcome::Kind kind = PluginOutcome::Kind::kWorkerError;
  std::string message;
};

// How the worker ended while the plug-in ran (`timed_out`: we killed it at the deadline, after
// `timeout_text`). `memory_limit` 0: none; `vm_peak_kib`: the worker's peak when known.
WorkerFailure describe_end(const WorkerProcess::End& end, const protocol::ControlBlock& control, bool timed_out,
                     const std::string& timeout_text, uint64_t memory_limit, uint64_t vm_peak_kib);

// The canaries of a buffer of `size` bytes at area offset `start` of the area at `area` (capacity
// bytes; `memfd_offset` its offset in the memfd): nullopt if intact, else "wrote 1 byte past the
// output buffer". Only the buffer's own pages hold canaries (the rest of the area is PROT_NONE in
// the worker).
std::optional<std::string> check_canaries(const uint8_t* area, uint64_t memfd_offset, uint64_t capacity,
                                          uint64_t start, uint64_t size, uint64_t page, const char* buffer_name);
void fill_canaries(uint8_t* area, uint64_t memfd_offset, uint64_t capacity, uint64_t start, uint64_t size,
                   uint64_t page);

}  // namespace castlike::harness
