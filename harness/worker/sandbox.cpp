#include "sandbox.hpp"

#include <fcntl.h>
#include <sched.h>
#ifndef CASTLIKE_WITHOUT_SECCOMP
#include <seccomp.h>
#endif
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "landlock.hpp"
#include "library_search_paths.hpp"

namespace castlike::harness {

SandboxMode sandbox_mode() {
  const char* v = std::getenv("CASTLIKE_PLUGIN_SANDBOX");
  if (v && std::strcmp(v, "off") == 0) return SandboxMode::kOff;
  if (v && std::strcmp(v, "seccomp-only") == 0) return SandboxMode::kSeccompOnly;
  return SandboxMode::kFull;
}

std::optional<std::string> set_worker_limits(uint64_t file_size_limit, uint64_t descriptor_limit) {
  const struct {
    int resource;
    rlim_t value;
    const char* name;
  } limits[] = {{RLIMIT_CORE, 0, "RLIMIT_CORE"},
                {RLIMIT_FSIZE, file_size_limit, "RLIMIT_FSIZE"},
                {RLIMIT_NOFILE, descriptor_limit, "RLIMIT_NOFILE"}};
  for (const auto& l : limits) {
    rlimit current{};
    if (getrlimit(l.resource, &current) != 0) return std::string("getrlimit(") + l.name + "): " + std::strerror(errno);
    // Never above what the validator itself was given.
    const rlim_t value = current.rlim_max != RLIM_INFINITY && current.rlim_max < l.value ? current.rlim_max : l.value;
    const rlimit limit{value, value};
    if (setrlimit(l.resource, &limit) != 0) return std::string("setrlimit(") + l.name + "): " + std::strerror(errno);
  }
  if (prctl(PR_SET_DUMPABLE, 0) != 0) return std::string("prctl(PR_SET_DUMPABLE): ") + std::strerror(errno);
  return std::nullopt;
}

namespace {

// Files the loader and a conversion library read on any system: the system's libraries and the
// loader's cache, CPU and memory facts a thread pool or a CPU-feature probe reads, the worker's
// own /proc entry (its handlers read /proc/self/status), and the devices a C library uses.
constexpr const char* kSystemReadable[] = {
    "/usr/lib", "/usr/lib64", "/usr/lib32", "/usr/local/lib", "/lib", "/lib64", "/lib32", "/etc/ld.so.cache",
    "/etc/ld.so.preload", "/sys/devices/system/cpu", "/proc/cpuinfo", "/proc/meminfo", "/proc/self", "/dev/null",
    "/dev/zero", "/dev/urandom"};

#ifndef CASTLIKE_WITHOUT_SECCOMP
// Allowed whatever their arguments: memory, threads and waiting, facts about this process,
// its own signal handling, descriptors it already has (files open read-only: below) and exit.
// A name the native ABI lacks (aarch64 has no open, stat, pipe...) is skipped.
constexpr const char* kAllowed[] = {
    "brk", "mmap", "munmap", "mremap", "mprotect", "pkey_mprotect", "madvise", "mincore", "membarrier",
    "futex", "futex_waitv", "set_robust_list", "get_robust_list", "set_tid_address", "rseq", "sched_yield",
    "getcpu", "nanosleep", "clock_nanosleep", "clock_gettime", "clock_getres", "gettimeofday", "time",
    "arch_prctl", "sched_getparam", "sched_getscheduler", "sched_get_priority_max", "sched_get_priority_min",
    "getpid", "gettid", "getppid", "getuid", "geteuid", "getgid", "getegid", "getresuid", "getresgid",
    "getgroups", "getpgrp", "getpriority", "uname", "sysinfo", "getrusage", "times", "getrandom", "getrlimit",
    "rt_sigprocmask", "rt_sigreturn", "rt_sigpending", "rt_sigtimedwait", "rt_sigsuspend", "sigaltstack",
    "restart_syscall", "read", "readv", "pread64", "preadv", "preadv2", "write", "writev", "pwrite64", "pwritev",
    "pwritev2", "lseek", "close", "dup", "dup2", "dup3", "fstat", "newfstatat", "stat", "lstat", "statx",
    "fstatfs", "statfs", "readlink", "readlinkat", "getdents", "getdents64", "access", "faccessat",
    "faccessat2", "getcwd", "poll", "ppoll", "select", "pselect6", "epoll_create", "epoll_create1",
    "epoll_ctl", "epoll_wait", "epoll_pwait", "epoll_pwait2", "eventfd", "eventfd2", "pipe", "pipe2", "exit",
    "exit_group"};

// fcntl commands on a descriptor of its own. Not F_SETOWN / F_SETSIG (a signal to another
// process when the descriptor is ready), leases, notifications or locks.
constexpr int kFcntlAllowed[] = {F_GETFD, F_SETFD, F_GETFL, F_SETFL, F_DUPFD, F_DUPFD_CLOEXEC, F_GET_SEALS};
// prctl options: a thread's name and reading its own state. Not PR_SET_DUMPABLE and the rest.
constexpr int kPrctlAllowed[] = {PR_SET_NAME, PR_GET_NAME, PR_GET_DUMPABLE, PR_GET_TIMERSLACK, 0x53564d41 /* PR_SET_VMA */};
// ioctl: whether a descriptor is a terminal (the C library asks before buffering a stream).
constexpr unsigned long kIoctlAllowed[] = {TCGETS, FIONBIO, FIOCLEX};
// Signals: only to this process itself (raise, abort, a handler re-raising, its threads).
constexpr const char* kSignalToTarget[] = {"kill", "tkill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo"};

int resolve(const char* name) { return seccomp_syscall_resolve_name(name); }

std::optional<std::string> install_allowlist(int channel_fd) {
  // Anything not allowed below: SIGSYS with the call's number, which the worker's handler records
  // for the validator. Calls of another ABI (int 0x80, x32) too; every thread gets the filter.
  scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_TRAP);
  if (!ctx) return std::string("seccomp_init failed");
  int rc = 0;
  const char* failed_at = nullptr;
  const auto rule = [&](const char* name, uint32_t action, std::vector<scmp_arg_cmp> args) {
    const int nr = resolve(name);
    if (rc != 0 || nr < 0) return;
    rc = seccomp_rule_add_array(ctx, action, nr, static_cast<unsigned>(args.size()), args.data());
    if (rc != 0) failed_at = name;
  };
  rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_TRAP);
  if (rc == 0) rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1);
  if (rc != 0) failed_at = "seccomp_attr_set";
  for (const char* name : kAllowed) rule(name, SCMP_ACT_ALLOW, {});
  for (int cmd : kFcntlAllowed) rule("fcntl", SCMP_ACT_ALLOW, {SCMP_A1(SCMP_CMP_EQ, static_cast<scmp_datum_t>(cmd))});
  for (int option : kPrctlAllowed)
    rule("prctl", SCMP_ACT_ALLOW, {SCMP_A0(SCMP_CMP_EQ, static_cast<scmp_datum_t>(option))});
  for (unsigned long request : kIoctlAllowed) rule("ioctl", SCMP_ACT_ALLOW, {SCMP_A1(SCMP_CMP_EQ, request)});
  const auto self = static_cast<scmp_datum_t>(getpid());
  for (const char* name : kSignalToTarget) rule(name, SCMP_ACT_ALLOW, {SCMP_A0(SCMP_CMP_EQ, self)});
  // The worker's SIGSYS handler is what reports a stopped call: the plug-in may not replace it.
  rule("rt_sigaction", SCMP_ACT_ALLOW, {SCMP_A0(SCMP_CMP_NE, SIGSYS)});
  // Threads yes (a conversion library's thread pool): a clone with CLONE_THREAD. A clone without
  // it is a new process: stopped. clone3 takes its flags through a pointer the filter cannot read:
  // ENOSYS sends the C library to clone.
  rule("clone", SCMP_ACT_ALLOW, {SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD)});
  rule("clone3", SCMP_ACT_ERRNO(ENOSYS), {});
  // Limits: reading its own only (setrlimit and a prlimit that sets are stopped: the limits hold).
  rule("prlimit64", SCMP_ACT_ALLOW, {SCMP_A0(SCMP_CMP_EQ, 0), SCMP_A2(SCMP_CMP_EQ, 0)});
  // CPU affinity of its own threads by the calling thread; of anyone else: refused, not stopped
  // (a thread pool pinning its threads goes on unpinned).
  for (const char* name : {"sched_getaffinity", "sched_setaffinity"}) {
    rule(name, SCMP_ACT_ALLOW, {SCMP_A0(SCMP_CMP_EQ, 0)});
    rule(name, SCMP_ACT_ERRNO(EPERM), {SCMP_A0(SCMP_CMP_NE, 0)});
  }
  // The channel: the worker's socket only (no other socket can exist: socket() is not allowed).
  const auto channel = static_cast<scmp_datum_t>(channel_fd);
  for (const char* name : {"recvmsg", "recvfrom", "sendmsg", "sendto"})
    rule(name, SCMP_ACT_ALLOW, {SCMP_A0(SCMP_CMP_EQ, channel)});
  // Opening for reading only (Landlock says which files): any write access, creation or
  // truncation is stopped. openat2's flags are behind a pointer: ENOSYS sends callers to openat.
  rule("open", SCMP_ACT_ALLOW, {SCMP_A1(SCMP_CMP_MASKED_EQ, O_ACCMODE | O_CREAT | O_TRUNC, O_RDONLY)});
  rule("openat", SCMP_ACT_ALLOW, {SCMP_A2(SCMP_CMP_MASKED_EQ, O_ACCMODE | O_CREAT | O_TRUNC, O_RDONLY)});
  rule("openat2", SCMP_ACT_ERRNO(ENOSYS), {});
  if (rc == 0) rc = seccomp_load(ctx);
  else if (!failed_at) failed_at = "seccomp_load";
  seccomp_release(ctx);
  if (rc != 0) return std::string(failed_at ? failed_at : "seccomp_load") + ": " + std::strerror(-rc);
  return std::nullopt;
}
#endif

}  // namespace

std::optional<std::string> install_sandbox(const std::string& library_path, int channel_fd, SandboxMode mode,
                                           SandboxInstalled& installed) {
#ifdef CASTLIKE_WITHOUT_SECCOMP
  (void)library_path, (void)channel_fd, (void)mode, (void)installed;
  return std::string("this build has no libseccomp");
#else
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return std::string("prctl(PR_SET_NO_NEW_PRIVS): ") + std::strerror(errno);
  std::string landlock = "no Landlock (CASTLIKE_PLUGIN_SANDBOX=seccomp-only)";
  if (mode == SandboxMode::kFull) {
    std::string why_not;
    if (const int abi = landlock_abi(why_not); abi > 0) {
      std::vector<std::string> readable(std::begin(kSystemReadable), std::end(kSystemReadable));
      readable.push_back(library_path);
      for (auto& dir : library_search_paths(library_path)) readable.push_back(std::move(dir));
      if (auto e = restrict_with_landlock(abi, readable)) return *e;
      landlock = "Landlock ABI " + std::to_string(abi);
    } else {
      landlock = "no Landlock (" + why_not + "): files readable";
    }
  }
  if (auto e = install_allowlist(channel_fd)) return *e;
  installed.confinement = "seccomp allowlist, " + landlock;
  return std::nullopt;
#endif
}

}  // namespace castlike::harness
