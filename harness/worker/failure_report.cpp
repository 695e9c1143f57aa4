#include "failure_report.hpp"

#ifndef CASTLIKE_WITHOUT_SECCOMP
#include <seccomp.h>
#endif
#include <signal.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace castlike::harness {

namespace p = protocol;
using Kind = PluginOutcome::Kind;

std::string signal_name(int signal) {
  const char* abbrev = sigabbrev_np(signal);
  return abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(signal);
}

namespace {

std::string bytes(uint64_t n) { return std::to_string(n) + (n == 1 ? " byte" : " bytes"); }

std::string hex(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(v));
  return b;
}

// Where a fault hit, relative to the buffers: " at a write 1 byte past the output buffer". An
// address inside the areas' reservation is named after the nearest buffer, by its distance.
WorkerFailure describe_fault(const p::ControlBlock& c, const std::string& crashed) {
  const uint64_t a = c.fault_address;
  const char* access = c.access == p::Access::kWrite ? "write" : c.access == p::Access::kRead ? "read" : "access";
  const struct {
    const p::BufferAddresses& b;
    const char* name;
  } buffers[] = {{c.output, "output buffer"}, {c.message, "message buffer"}, {c.input, "input buffer"}};
  const auto distance = [a](const p::BufferAddresses& b) {
    return a >= b.end ? a - b.end + 1 : a < b.start ? b.start - a : 0;
  };
  if (c.reserve_begin != 0 && a >= c.reserve_begin && a < c.reserve_end) {
    const auto* nearest = &buffers[0];
    for (const auto& candidate : buffers)
      if (distance(candidate.b) < distance(nearest->b)) nearest = &candidate;
    const auto& [b, name] = *nearest;
    const Kind kind = c.access != p::Access::kRead ? Kind::kWroteOutsideBuffer : Kind::kCrashed;
    if (a >= b.end) return {kind, crashed + " at a " + access + " " + bytes(a - b.end + 1) + " past the " + name};
    if (a < b.start) return {kind, crashed + " at a " + access + " " + bytes(b.start - a) + " before the " + name};
    return {kind, crashed + " at a " + access + " into the " + name + " (byte " + std::to_string(a - b.start) +
                      (std::strcmp(name, "input buffer") == 0 ? ", read-only)" : ")")};
  }
  // The stack is mapped right up to its limit, so a fault next to the stack pointer is the stack
  // running out (recursion, a huge local array), not a wild pointer.
  const uint64_t sp = c.stack_pointer, near = 64 * 1024;
  if (sp && a + near >= sp && a <= sp + near)
    return {Kind::kCrashed, crashed + " (stack overflow: a " + access + " of address " + hex(a) + ")"};
  std::string where = a < 4096 ? " (a null pointer)" : "";
  return {Kind::kCrashed, crashed + " at a " + access + " of address " + hex(a) + where};
}

const char* const kSignalCalls[] = {"kill", "tkill", "rt_sigqueueinfo"};  // (target, signal)
const char* const kThreadSignalCalls[] = {"tgkill", "rt_tgsigqueueinfo"};  // (process, thread, signal)

// The call the sandbox stopped, from what the worker's SIGSYS handler recorded: "unlinkat",
// "kill(4242, SIGSTOP)", "a system call of another ABI (number 37, AUDIT_ARCH 0x40000003)".
std::string forbidden_call(const p::ControlBlock& c) {
#ifdef CASTLIKE_WITHOUT_SECCOMP
  const std::string name = "system call " + std::to_string(c.system_call);  // no sandbox stops any
#else
  if (c.system_call_arch != seccomp_arch_native())
    return "a system call of another ABI (number " + std::to_string(c.system_call) + ", AUDIT_ARCH " +
           hex(c.system_call_arch) + ")";
  char* resolved = seccomp_syscall_resolve_num_arch(c.system_call_arch, c.system_call);
  const std::string name = resolved ? resolved : "system call " + std::to_string(c.system_call);
  std::free(resolved);
#endif
  const auto signed_arg = [&](int i) { return std::to_string(static_cast<int32_t>(c.system_call_args[i])); };
  for (const char* call : kSignalCalls)
    if (name == call) return name + "(" + signed_arg(0) + ", " + signal_name(static_cast<int>(c.system_call_args[1])) + ")";
  for (const char* call : kThreadSignalCalls)
    if (name == call)
      return name + "(" + signed_arg(0) + ", " + signed_arg(1) + ", " +
             signal_name(static_cast<int>(c.system_call_args[2])) + ")";
  return name;
}

}  // namespace

WorkerFailure describe_end(const WorkerProcess::End& end, const p::ControlBlock& control, bool timed_out,
                     const std::string& timeout_text, uint64_t memory_limit, uint64_t vm_peak_kib) {
  WorkerFailure f;
  if (timed_out) {
    f = {Kind::kTimedOut, timeout_text};
  } else if (end.exited) {
    f.kind = Kind::kExited;
    const std::string code = std::to_string(end.code);
    if (!control.in_call) f = {Kind::kWorkerError, "the worker ended with status " + code + " outside the call"};
    else if (control.exit_called) f.message = "called exit(" + code + ") during the call";
    else f.message = "ended the process with _exit(" + code + ") during the call";
  } else if (end.killed_by_us) {
    f = {Kind::kWorkerError, "the worker stopped answering and was killed"};
  } else {
    const std::string crashed = "crashed with " + signal_name(end.code);
    f.kind = Kind::kCrashed;
    if ((end.code == SIGSEGV || end.code == SIGBUS) && control.signal == end.code) f = describe_fault(control, crashed);
    else if (end.code == SIGSYS) f = {Kind::kForbiddenCall, "was stopped by the sandbox at a forbidden system call" +
                                                             (control.signal == SIGSYS ? ": " + forbidden_call(control)
                                                                                        : " (made with SIGSYS blocked: which one is not known)")};
    else if (end.code == SIGABRT) f.message = crashed + " (abort)";
    else if (end.code == SIGKILL) f.message = "was killed with SIGKILL (by the kernel's OOM killer or another process)";
    else f.message = crashed;
  }
  const uint64_t peak = vm_peak_kib ? vm_peak_kib : control.vm_peak_kib;
  // Growing allocations stop within one allocation of the limit: a sixteenth of it is margin enough.
  if (memory_limit && control.memory_limited && peak && peak * 1024 + memory_limit / 16 >= memory_limit) {
    f.message = "ran out of memory (its address space reached the " + std::to_string(memory_limit >> 20) +
                " MiB limit), then " + f.message;
    f.kind = Kind::kOutOfMemory;
  }
  return f;
}

void fill_canaries(uint8_t* area, uint64_t memfd_offset, uint64_t capacity, uint64_t start, uint64_t size,
                   uint64_t page) {
  for (uint64_t i = start / page * page; i < start; ++i) area[i] = p::canary(memfd_offset + i);
  std::memset(area + start, 0, size);
  for (uint64_t i = start + size; i < capacity; ++i) area[i] = p::canary(memfd_offset + i);
}

std::optional<std::string> check_canaries(const uint8_t* area, uint64_t memfd_offset, uint64_t capacity,
                                          uint64_t start, uint64_t size, uint64_t page, const char* name) {
  const uint64_t end = start + size;
  uint64_t near_after = 0, far_after = 0;  // 1-based distances past the end
  for (uint64_t i = end; i < capacity; ++i)
    if (area[i] != p::canary(memfd_offset + i)) {
      if (!near_after) near_after = i - end + 1;
      far_after = i - end + 1;
    }
  uint64_t near_before = 0, far_before = 0;  // 1-based distances before the start
  for (uint64_t i = start / page * page; i < start; ++i)
    if (area[i] != p::canary(memfd_offset + i)) {
      if (!far_before) far_before = start - i;
      near_before = start - i;
    }
  std::string what;
  if (far_after)
    what = near_after == 1 ? "wrote " + bytes(far_after) + " past the " + name
                           : "wrote past the " + std::string(name) + " (bytes " + std::to_string(near_after) + ".." +
                                 std::to_string(far_after) + " after its end changed)";
  if (far_before) {
    if (!what.empty()) what += "; ";
    what += near_before == 1 ? "wrote " + bytes(far_before) + " before the " + name
                             : "wrote before the " + std::string(name) + " (bytes " + std::to_string(far_before) +
                                   ".." + std::to_string(near_before) + " before its start changed)";
  }
  if (what.empty()) return std::nullopt;
  return what;
}

}  // namespace castlike::harness
