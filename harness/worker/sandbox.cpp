#include "sandbox.hpp"

#include <fcntl.h>
#include <sched.h>
#ifndef CASTLIKE_WITHOUT_SECCOMP
#include <seccomp.h>
#endif
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace castlike::harness {

bool sandbox_disabled() {
  const char* v = std::getenv("CASTLIKE_PLUGIN_SANDBOX");
  return v && std::strcmp(v, "off") == 0;
}

#ifdef CASTLIKE_WITHOUT_SECCOMP
std::optional<std::string> install_sandbox() { return std::string("this build has no libseccomp"); }
#else
namespace {

// Always stopped. A name the native ABI lacks (aarch64 has no open, fork...) is skipped.
constexpr const char* kForbidden[] = {
    // Other processes: trace, read or write their memory, get their descriptors, signal them by pidfd.
    "ptrace", "process_vm_readv", "process_vm_writev", "pidfd_open", "pidfd_getfd", "pidfd_send_signal",
    "process_madvise", "kcmp",
    // New processes and programs (clone: below): nothing may outlive the call or leave the group.
    "fork", "vfork", "execve", "execveat", "setsid", "setpgid",
    // Files: no creating, removing, renaming, linking, resizing or changing owners and modes.
    "creat", "unlink", "unlinkat", "rename", "renameat", "renameat2", "mkdir", "mkdirat", "rmdir", "link",
    "linkat", "symlink", "symlinkat", "mknod", "mknodat", "truncate", "ftruncate", "fallocate", "chmod", "fchmod",
    "fchmodat", "chown", "fchown", "lchown", "fchownat", "name_to_handle_at", "open_by_handle_at",
    // openat2's flags are behind a pointer the filter cannot read; io_uring would bypass the filter.
    "openat2", "io_uring_setup", "io_uring_enter", "io_uring_register",
    // What root could otherwise do to the machine or its own view of it.
    "mount", "umount2", "pivot_root", "chroot", "unshare", "setns", "move_mount", "fsopen", "fsmount",
    "open_tree", "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module", "reboot", "bpf"};

// Signals: allowed only to this process itself (raise, abort, a fault handler re-raising).
constexpr const char* kSignalToTarget[] = {"kill", "tkill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo"};

int resolve(const char* name) { return seccomp_syscall_resolve_name(name); }

}  // namespace

std::optional<std::string> install_sandbox() {
  scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
  if (!ctx) return std::string("seccomp_init failed");
  const auto failed = [&](const char* what, int rc) {
    seccomp_release(ctx);
    return std::optional<std::string>(std::string(what) + ": " + std::strerror(-rc));
  };
  // SIGSYS with the call's number: the worker's handler records it for the validator. Calls of
  // another ABI (int 0x80, x32) are stopped the same way; every thread gets the filter.
  int rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_TRAP);
  if (rc == 0) rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1);
  if (rc != 0) return failed("seccomp_attr_set", rc);
  for (const char* name : kForbidden)
    if (const int nr = resolve(name); nr >= 0 && (rc = seccomp_rule_add(ctx, SCMP_ACT_TRAP, nr, 0)) != 0)
      return failed(name, rc);
  const auto self = static_cast<scmp_datum_t>(getpid());
  for (const char* name : kSignalToTarget)
    if ((rc = seccomp_rule_add(ctx, SCMP_ACT_TRAP, resolve(name), 1, SCMP_A0(SCMP_CMP_NE, self))) != 0)
      return failed(name, rc);
  // A thread is refused rather than stopped: pthread_create blocks every signal around the call,
  // so a SIGSYS would kill the worker before its handler could say why. The plug-in sees EAGAIN
  // (and may go on single-threaded); no thread exists to outlive the call. clone3 takes its flags
  // through a pointer the filter cannot read: ENOSYS sends the C library to clone, whose flags it
  // can; a clone without CLONE_THREAD is a new process, stopped.
  const int clone = resolve("clone");
  if ((rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), resolve("clone3"), 0)) != 0 ||
      (rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EAGAIN), clone, 1,
                             SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD))) != 0 ||
      (rc = seccomp_rule_add(ctx, SCMP_ACT_TRAP, clone, 1, SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0))) != 0)
    return failed("clone", rc);
  // The worker's SIGSYS handler is what reports a stopped call: the plug-in may not replace it.
  if ((rc = seccomp_rule_add(ctx, SCMP_ACT_TRAP, resolve("rt_sigaction"), 1, SCMP_A0(SCMP_CMP_EQ, SIGSYS))) != 0)
    return failed("rt_sigaction", rc);
  // Opening for reading only: any write access, creation or truncation is stopped.
  const struct {
    const char* name;
    unsigned flags_arg;
  } opens[] = {{"open", 1}, {"openat", 2}};
  const struct {
    scmp_datum_t mask, value;
  } writes[] = {{O_ACCMODE, O_WRONLY}, {O_ACCMODE, O_RDWR}, {O_ACCMODE, O_ACCMODE}, {O_CREAT, O_CREAT},
                {O_TRUNC, O_TRUNC}};
  for (const auto& o : opens) {
    const int nr = resolve(o.name);
    if (nr < 0) continue;
    for (const auto& w : writes) {
      const scmp_arg_cmp cmp = {o.flags_arg, SCMP_CMP_MASKED_EQ, w.mask, w.value};
      if ((rc = seccomp_rule_add_array(ctx, SCMP_ACT_TRAP, nr, 1, &cmp)) != 0) return failed(o.name, rc);
    }
  }
  rc = seccomp_load(ctx);
  seccomp_release(ctx);
  if (rc != 0) return std::string("seccomp_load: ") + std::strerror(-rc);
  return std::nullopt;
}
#endif

}  // namespace castlike::harness
