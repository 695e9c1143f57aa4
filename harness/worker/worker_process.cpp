#include "worker_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <vector>

#include "protocol.hpp"

extern char** environ;

namespace castlike::harness {
namespace {

int remaining_ms(WorkerProcess::Clock::time_point deadline) {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - WorkerProcess::Clock::now()).count();
  return left <= 0 ? 0 : left > 1000000 ? 1000000 : static_cast<int>(left);
}

// A copy of fd numbered >= 10, close-on-exec, so posix_spawn's dup2 onto 3 and 4 cannot clobber it.
int high_copy(int fd) { return fcntl(fd, F_DUPFD_CLOEXEC, 10); }

}  // namespace

std::variant<std::unique_ptr<WorkerProcess>, std::string> WorkerProcess::spawn(const std::string& executable,
                                                                               int memfd, uint64_t memory_limit) {
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
    return std::string("socketpair: ") + std::strerror(errno);
  const int child_socket = high_copy(sv[1]), child_memfd = high_copy(memfd);
  ::close(sv[1]);
  std::unique_ptr<WorkerProcess> w(new WorkerProcess);
  w->socket_ = sv[0];
  if (child_socket < 0 || child_memfd < 0) {
    if (child_socket >= 0) ::close(child_socket);
    if (child_memfd >= 0) ::close(child_memfd);
    return std::string("fcntl: ") + std::strerror(errno);
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, child_socket, protocol::kSocketFd);
  posix_spawn_file_actions_adddup2(&actions, child_memfd, protocol::kMemoryFd);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, 2, 1);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &all);  // SIGPIPE and the rest at their defaults in the worker
  posix_spawnattr_setpgroup(&attr, 0);          // its own group: killing it kills the plug-in's children
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
  const std::string parent = std::to_string(getpid()), limit = std::to_string(memory_limit);
  std::vector<char*> argv = {const_cast<char*>(executable.c_str()), const_cast<char*>(protocol::kWorkerFlag),
                             const_cast<char*>(parent.c_str()), const_cast<char*>(limit.c_str()), nullptr};
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, executable.c_str(), &actions, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(child_socket);
  ::close(child_memfd);
  if (rc != 0) return "cannot start the plug-in worker " + executable + ": " + std::strerror(rc);
  w->pid_ = pid;
  w->pidfd_ = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));  // -1 on old kernels: the socket alone
  return w;
}

WorkerProcess::~WorkerProcess() {
  finish(Clock::now());
  if (socket_ >= 0) ::close(socket_);
  if (pidfd_ >= 0) ::close(pidfd_);
}

WorkerProcess::Io WorkerProcess::send(const void* data, size_t size, Clock::time_point deadline, int attach_fd) {
  const auto* b = static_cast<const uint8_t*>(data);
  // A request fits in the socket buffer: send at once, wait only while it is full.
  while (size > 0) {
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    iovec iov = {const_cast<uint8_t*>(b), size};
    msghdr m{};
    m.msg_iov = &iov;
    m.msg_iovlen = 1;
    if (attach_fd >= 0) {
      m.msg_control = control;
      m.msg_controllen = sizeof control;
      cmsghdr* c = CMSG_FIRSTHDR(&m);
      c->cmsg_level = SOL_SOCKET;
      c->cmsg_type = SCM_RIGHTS;
      c->cmsg_len = CMSG_LEN(sizeof(int));
      std::memcpy(CMSG_DATA(c), &attach_fd, sizeof attach_fd);
    }
    const ssize_t r = ::sendmsg(socket_, &m, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (r > 0) {
      attach_fd = -1;
      b += r;
      size -= static_cast<size_t>(r);
      continue;
    }
    if (r < 0 && errno == EINTR) continue;
    if (r == 0 || errno != EAGAIN) return Io::kClosed;
    pollfd fds[2] = {{socket_, POLLOUT, 0}, {pidfd_, POLLIN, 0}};
    const int n = poll(fds, pidfd_ >= 0 ? 2 : 1, remaining_ms(deadline));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Io::kClosed;
    if (n == 0) return Io::kTimedOut;
    if (!(fds[0].revents & POLLOUT)) return Io::kClosed;  // only the pidfd: the worker died
  }
  return Io::kOk;
}

WorkerProcess::Io WorkerProcess::receive(void* data, size_t size, Clock::time_point deadline) {
  auto* b = static_cast<uint8_t*>(data);
  while (size > 0) {
    pollfd fds[2] = {{socket_, POLLIN, 0}, {pidfd_, POLLIN, 0}};
    const int n = poll(fds, pidfd_ >= 0 ? 2 : 1, remaining_ms(deadline));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Io::kClosed;
    if (n == 0) return Io::kTimedOut;
    if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) return Io::kClosed;  // the worker died
    const ssize_t r = ::recv(socket_, b, size, MSG_DONTWAIT);
    if (r < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (r <= 0) return Io::kClosed;
    b += r;
    size -= static_cast<size_t>(r);
  }
  return Io::kOk;
}

bool WorkerProcess::exited_already() {
  if (reaped_) return true;
  if (pidfd_ >= 0) {
    pollfd fd = {pidfd_, POLLIN, 0};
    return poll(&fd, 1, 0) > 0;
  }
  return false;
}

bool WorkerProcess::has_unread_input() const {
  char byte;
  return ::recv(socket_, &byte, 1, MSG_PEEK | MSG_DONTWAIT) > 0;
}

uint64_t WorkerProcess::vm_peak_kib() const {
  std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
  std::string key;
  uint64_t value = 0;
  while (status >> key) {
    if (key == "VmPeak:") return (status >> value) ? value : 0;
    status.ignore(4096, '\n');
  }
  return 0;
}

WorkerProcess::End WorkerProcess::finish(Clock::time_point deadline) {
  if (reaped_ || pid_ < 0) return end_;
  if (pidfd_ >= 0) {
    pollfd fd = {pidfd_, POLLIN, 0};
    while (poll(&fd, 1, remaining_ms(deadline)) < 0 && errno == EINTR) {
    }
  }
  // Not reaped yet (WNOWAIT): while the worker is a zombie its process group id cannot be reused,
  // so killing the group hits only what the plug-in started.
  siginfo_t info{};
  const bool ended = waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_;
  if (!ended) end_.killed_by_us = true;
  kill(-pid_, SIGKILL);
  if (!ended) kill(pid_, SIGKILL);
  int status = 0;
  pid_t r;
  while ((r = waitpid(pid_, &status, 0)) < 0 && errno == EINTR) {
  }
  reaped_ = true;
  if (r == pid_) {
    end_.exited = WIFEXITED(status);
    end_.code = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  }
  return end_;
}

}  // namespace castlike::harness
