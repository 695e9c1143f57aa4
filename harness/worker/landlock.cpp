#include "landlock.hpp"

#include <fcntl.h>
#include <linux/landlock.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

namespace castlike::harness {
namespace {

// The kernel's access rights by the ABI version that introduced them (the C library's headers may
// be older than the kernel: the values are the kernel's ABI, include/uapi/linux/landlock.h).
constexpr uint64_t kFsExecute = 1ull << 0, kFsReadFile = 1ull << 2, kFsReadDir = 1ull << 3;
constexpr uint64_t kFsAbi1 = (1ull << 13) - 1;  // execute .. make_sym
constexpr uint64_t kFsRefer = 1ull << 13;       // ABI 2
constexpr uint64_t kFsTruncate = 1ull << 14;    // ABI 3
constexpr uint64_t kFsIoctlDev = 1ull << 15;    // ABI 5
constexpr uint64_t kNetBindTcp = 1ull << 0, kNetConnectTcp = 1ull << 1;      // ABI 4
constexpr uint64_t kScopeAbstractUnixSocket = 1ull << 0, kScopeSignal = 1ull << 1;  // ABI 6

struct RulesetAttr {
  uint64_t handled_access_fs = 0;
  uint64_t handled_access_net = 0;
  uint64_t scoped = 0;
};

size_t ruleset_attr_size(int abi) { return abi >= 6 ? 24 : abi >= 4 ? 16 : 8; }

uint64_t handled_fs(int abi) {
  uint64_t a = kFsAbi1;
  if (abi >= 2) a |= kFsRefer;
  if (abi >= 3) a |= kFsTruncate;
  if (abi >= 5) a |= kFsIoctlDev;
  return a;
}

}  // namespace

int landlock_abi(std::string& why_not) {
  const long v = syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  if (v > 0) return static_cast<int>(v);
  why_not = errno == ENOSYS ? "this kernel has no Landlock"
          : errno == EOPNOTSUPP ? "Landlock is disabled at boot" : std::string("Landlock: ") + std::strerror(errno);
  return 0;
}

std::optional<std::string> restrict_with_landlock(int abi, const std::vector<std::string>& readable) {
  RulesetAttr attr;
  attr.handled_access_fs = handled_fs(abi);
  if (abi >= 4) attr.handled_access_net = kNetBindTcp | kNetConnectTcp;
  if (abi >= 6) attr.scoped = kScopeAbstractUnixSocket | kScopeSignal;
  const int ruleset = static_cast<int>(syscall(SYS_landlock_create_ruleset, &attr, ruleset_attr_size(abi), 0));
  if (ruleset < 0) return std::string("landlock_create_ruleset: ") + std::strerror(errno);
  std::optional<std::string> error;
  for (const auto& path : readable) {
    const int fd = ::open(path.c_str(), O_PATH | O_CLOEXEC);
    if (fd < 0) continue;  // not on this system
    struct stat st{};
    landlock_path_beneath_attr rule{};
    rule.parent_fd = fd;
    // A file rule may hold only the rights that apply to files.
    rule.allowed_access = kFsReadFile | kFsExecute;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) rule.allowed_access |= kFsReadDir;
    if (syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0)
      error = "landlock_add_rule(" + path + "): " + std::strerror(errno);
    ::close(fd);
    if (error) break;
  }
  if (!error && syscall(SYS_landlock_restrict_self, ruleset, 0) != 0)
    error = std::string("landlock_restrict_self: ") + std::strerror(errno);
  ::close(ruleset);
  return error;
}

}  // namespace castlike::harness
