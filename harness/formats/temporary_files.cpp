#include "formats/temporary_files.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <mutex>

namespace castlike::harness {
namespace {

// A fixed table, so that the handler reads no structure that could be mid-update: a slot's name
// and directory are written while it is claimed and published by the release store of kLive.
enum SlotState : int { kFree, kFilling, kLive };
constexpr int kSlots = 64;
constexpr size_t kNameBytes = 256;  // NAME_MAX and the terminating zero
struct Slot {
  std::atomic<int> state{kFree};
  int dir_fd = -1;
  char name[kNameBytes] = {};
};
Slot slots[kSlots];
static_assert(std::atomic<int>::is_always_lock_free, "the handler needs lock-free slot states");

// The process that registered the files: a child between fork and exec inherits the handler and
// the table, and must not remove its parent's files.
std::atomic<pid_t> owner{0};

extern "C" void remove_temporaries_and_reraise(int signo) {
  if (::getpid() == owner.load(std::memory_order_relaxed))
    for (Slot& s : slots)
      if (s.state.load(std::memory_order_acquire) == kLive) ::unlinkat(s.dir_fd, s.name, 0);
  // SA_RESETHAND restored the default action and the signal is blocked while this runs: it is
  // delivered again, and ends the process with the status it would have had, once this returns.
  ::raise(signo);
}

void install_handlers() {
  owner.store(::getpid(), std::memory_order_relaxed);
  for (const int signo : {SIGINT, SIGTERM}) {
    struct sigaction old {};
    if (::sigaction(signo, nullptr, &old) != 0 || old.sa_handler != SIG_DFL) continue;  // ignored, or someone's handler
    struct sigaction sa {};
    sa.sa_handler = remove_temporaries_and_reraise;
    sa.sa_flags = SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    ::sigaction(signo, &sa, nullptr);
  }
}

}  // namespace

TemporaryFileRegistration::TemporaryFileRegistration(int dir_fd, const std::string& name) {
  static std::once_flag installed;
  std::call_once(installed, install_handlers);
  if (name.size() >= kNameBytes) return;  // longer than a file name may be: openat refuses it anyway
  for (int i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (!slots[i].state.compare_exchange_strong(expected, kFilling, std::memory_order_acquire)) continue;
    slots[i].dir_fd = dir_fd;
    std::memcpy(slots[i].name, name.c_str(), name.size() + 1);
    slots[i].state.store(kLive, std::memory_order_release);
    slot_ = i;
    return;
  }
}

TemporaryFileRegistration::~TemporaryFileRegistration() {
  if (slot_ >= 0) slots[slot_].state.store(kFree, std::memory_order_release);
}

}  // namespace castlike::harness
