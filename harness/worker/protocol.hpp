// What the validator side (isolated_plugin.cpp) and the worker (worker_main.cpp) exchange.
//
// Transport: a Unix stream socket (the worker's fd 3) carries small fixed-size headers plus a few
// strings; a memfd (the worker's fd 4), mapped by both, carries the tensors, so an element is
// copied once each way. The memfd holds, each part a whole number of pages:
//
//   [control block][message area][input area][output area]
//
// In the worker the three areas sit in that order in one reservation, kGuardBytes of PROT_NONE
// between them and kOuterGuardBytes before the first and after the last, so a stray address near
// a buffer is always inside it and is named after the nearest buffer; the pages of an area before
// the page holding the buffer's start are PROT_NONE too. A buffer
// ends at most kBufferAlignment - 1 bytes before the area's end (it starts kBufferAlignment-aligned,
// like malloc's memory); the slack on both sides inside its pages is filled with canary bytes by
// the validator before the call and checked after it. The control block is written by the
// worker's signal handlers, so the validator learns where a crashing plug-in faulted, or which
// system call the sandbox (sandbox.hpp) stopped.
//
// The memfd is made for one layout, exactly its size, and sealed against growing, shrinking and
// further seals: a larger layout is a new memfd, sent to the worker with the request that needs it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace castlike::harness::protocol {

constexpr int kSocketFd = 3;  // the worker's end of the socket
constexpr int kMemoryFd = 4;  // the shared memfd
constexpr const char* kWorkerFlag = "--castlike-plugin-worker";

constexpr uint32_t kRequestMagic = 0x51524c43;   // "CLRQ"
constexpr uint32_t kResponseMagic = 0x53524c43;  // "CLRS"
constexpr uint64_t kGuardBytes = 64 * 1024;      // PROT_NONE between two areas
constexpr uint64_t kOuterGuardBytes = 1 << 20;   // PROT_NONE before the first area and after the last
constexpr uint64_t kBufferAlignment = 16;
constexpr uint64_t kMessageSize = 1024;          // output->message_size
constexpr uint64_t kMaxMessageBytes = 64 * 1024;  // a response's message (name, error, reason)
// kLoad: the declared coverage's text (DeclaredCoverage::text(), at most kMaxCoverageEntries lines
// of at most kMaxCoverageLine bytes) follows the name and the confinement.
constexpr uint64_t kMaxCoverageEntries = 4096;  // above every pair times every attribute setting
constexpr uint64_t kMaxCoverageLine = 96;
constexpr uint64_t kMaxTextBytes = uint64_t{1} << 30;
constexpr uint64_t kTextNotSet = ~uint64_t{0};
constexpr uint32_t kNoRoundMode = ~uint32_t{0};

enum class MessageType : uint32_t { kLoad = 1, kCall = 2 };

// Offsets and sizes in the memfd, in bytes, all page multiples. Chosen by the validator side.
struct Layout {
  uint64_t shm_size = 0;
  uint64_t message_offset = 0, message_capacity = 0;
  uint64_t input_offset = 0, input_capacity = 0;
  uint64_t output_offset = 0, output_capacity = 0;
  bool operator==(const Layout&) const = default;
};

// Where a buffer of `size` bytes starts inside an area of `capacity` bytes.
constexpr uint64_t buffer_start(uint64_t capacity, uint64_t size) {
  return (capacity - size) / kBufferAlignment * kBufferAlignment;
}
// A call in a shape (PluginCall::placement): the buffer starts `misalignment` bytes past a
// kShapeBoundary-aligned offset (areas are page-aligned, so the worker's address is aligned the
// same way), as far toward the area's end as that allows; kNotPlaced: buffer_start.
constexpr uint32_t kNotPlaced = ~uint32_t{0};
constexpr uint64_t kShapeBoundary = 64;
constexpr uint64_t placed_buffer_start(uint64_t capacity, uint64_t size, uint32_t misalignment) {
  if (misalignment == kNotPlaced) return buffer_start(capacity, size);
  return (capacity - size - misalignment) / kShapeBoundary * kShapeBoundary + misalignment;
}
// The canary byte at memfd offset `offset` (never 0x00 or 0xff, which plug-ins write most).
constexpr uint8_t canary(uint64_t offset) { return static_cast<uint8_t>(0xa0 | (offset & 0x0f)); }

// A buffer as the worker mapped it (worker addresses).
struct BufferAddresses {
  uint64_t start = 0, end = 0;
};

enum class Access : int32_t { kUnknown = 0, kRead = 1, kWrite = 2 };

// At memfd offset 0. Written by the worker only; read by the validator after the worker died.
struct ControlBlock {
  uint64_t seq = 0;           // the call the worker is in (or last was in)
  uint32_t in_call = 0;       // 1 while the plug-in runs
  uint32_t exit_called = 0;   // exit() ran the worker's atexit handler during a call
  int32_t signal = 0;         // a fatal signal the worker's handler saw (0: none)
  int32_t signal_code = 0;    // its si_code
  uint64_t fault_address = 0;
  uint64_t stack_pointer = 0;  // of the faulting context (0: unknown)
  Access access = Access::kUnknown;
  uint32_t memory_limited = 0;  // the worker applied RLIMIT_AS
  uint64_t vm_peak_kib = 0;     // VmPeak when the handler ran (0: not read)
  uint64_t reserve_begin = 0, reserve_end = 0;  // the areas' whole reservation, guards included
  BufferAddresses message, input, output;
  int32_t system_call = -1;     // SIGSYS from the sandbox: the call it stopped, its ABI (AUDIT_ARCH_*)
  uint32_t system_call_arch = 0;
  uint64_t system_call_args[3] = {0, 0, 0};  // its first three arguments
};

struct RequestHeader {
  uint32_t magic = kRequestMagic;
  MessageType type = MessageType::kCall;
  uint64_t seq = 0;
  Layout layout;
  int32_t opset = 0, from = 0, to = 0, saturate = -1;
  uint64_t count = 0;
  uint64_t input_size = 0;   // bytes in the input area (STRING: the NUL-terminated texts)
  uint64_t output_size = 0;  // numeric output bytes; 0 for STRING
  uint32_t text_output = 0;  // 1: STRING output (set_text)
  uint32_t round_mode_length = kNoRoundMode;  // kCall: bytes of round_mode following the header
  uint32_t path_length = 0;                   // kLoad: bytes of the library path following
  uint32_t op = 0;                            // kCall: 0 CastLike, 1 Cast (the plug-in function)
  uint32_t memfd_attached = 0;  // 1: this header came with a new memfd (SCM_RIGHTS) for `layout`
  // kCall in a shape: where the buffers start (placed_buffer_start); in place, the output buffer
  // holds the input (output_size bytes, the larger side) and the plug-in is given it as both, its
  // output being in_place_data_size bytes.
  uint32_t input_misalignment = kNotPlaced, output_misalignment = kNotPlaced;
  uint32_t in_place = 0;
  uint64_t in_place_data_size = 0;
  // kCall of a library with CASTLIKE_VALIDATOR_CAN_ELEMENT_PHASES: the element phases of the first
  // input and output elements (PluginCall::Placement); either nonzero, the call goes to the
  // library's _at function (never in place). input_size and output_size count the phase's bytes.
  uint32_t input_phase = 0, output_phase = 0;
};

struct ResponseHeader {
  uint32_t magic = kResponseMagic;
  MessageType type = MessageType::kCall;
  uint64_t seq = 0;
  int32_t status = 0;           // kLoad: 0 loaded (message = name, NUL, what confines the worker), else message = error
  uint32_t message_length = 0;  // bytes following the header
  uint64_t text_count = 0;      // STRING output: `count` lengths (uint64, kTextNotSet) follow,
  uint64_t text_bytes = 0;      // then the texts' bytes
  uint32_t capabilities = 0;    // kLoad: castlike_validator_capabilities() (0 without it)
};

}  // namespace castlike::harness::protocol
