// The worker process as the validator side sees it: started with posix_spawn in its own process
// group, talked to over a socket with a deadline on every wait, watched through a pidfd (so a
// dead worker is noticed even if a child of the plug-in still holds the socket), and always
// reaped: no zombie, no process group left behind.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <variant>

namespace castlike::harness {

class WorkerProcess {
 public:
  using Clock = std::chrono::steady_clock;
  enum class Io { kOk, kTimedOut, kClosed };  // kClosed: end of stream, an error, or the worker died

  struct End {
    bool exited = false;  // else killed by `signal`
    int code = 0;         // exit status, or the signal number
    bool killed_by_us = false;
  };

  // fd 3 of the worker: its end of the socket; fd 4: `memfd`; stdout goes to our stderr (a chatty
  // plug-in must not mix into a report on stdout); stdin is /dev/null.
  static std::variant<std::unique_ptr<WorkerProcess>, std::string> spawn(const std::string& executable, int memfd,
                                                                          uint64_t memory_limit);
  ~WorkerProcess();  // kills and reaps the process group
  WorkerProcess(const WorkerProcess&) = delete;
  WorkerProcess& operator=(const WorkerProcess&) = delete;

  // `attach_fd` >= 0: sent along with the first byte (SCM_RIGHTS).
  Io send(const void* data, size_t size, Clock::time_point deadline, int attach_fd = -1);
  Io receive(void* data, size_t size, Clock::time_point deadline);
  bool exited_already();  // without waiting
  bool has_unread_input() const;  // bytes wait on the socket that no request asked for (between calls)
  uint64_t vm_peak_kib() const;  // 0 when unknown
  // Waits until `deadline` for the worker to end by itself, then kills it; reaps it.
  End finish(Clock::time_point deadline);
  pid_t pid() const { return pid_; }

 private:
  WorkerProcess() = default;
  pid_t pid_ = -1;
  int socket_ = -1, pidfd_ = -1;
  bool reaped_ = false;
  End end_;
};

}  // namespace castlike::harness
