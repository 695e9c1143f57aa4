#include "atomic_write.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>

namespace castlike::conformance {
namespace {

std::string errno_text() { return std::strerror(errno); }

// The permissions a newly created file gets (0666 less the umask), as open(2) would give.
mode_t new_file_mode() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

}  // namespace

std::optional<OutputDirectory> OutputDirectory::open(const std::string& path, std::string* error) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode))
      *error = "'" + path + "' is a symlink; castlike writes only into a real directory";
    else if (::lstat(path.c_str(), &st) == 0 && !S_ISDIR(st.st_mode))
      *error = "'" + path + "' exists and is not a directory";
    else
      *error = "cannot open directory '" + path + "': " + errno_text();
    return std::nullopt;
  }
  return OutputDirectory(path, fd);
}

OutputDirectory::OutputDirectory(OutputDirectory&& other) noexcept : path_(std::move(other.path_)), fd_(other.fd_) {
  other.fd_ = -1;
}

OutputDirectory::~OutputDirectory() {
  if (fd_ >= 0) ::close(fd_);
}

OutputDirectory::Entry OutputDirectory::entry(const std::string& name) const {
  struct stat st {};
  if (::fstatat(fd_, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return Entry::kMissing;
  return S_ISREG(st.st_mode) ? Entry::kRegularFile : Entry::kOther;
}

std::optional<std::string> OutputDirectory::write_atomically(const std::string& name, std::string_view bytes) const {
  const std::string shown = (std::filesystem::path(path_) / name).string();
  if (name.empty() || name.find('/') != std::string::npos) return "'" + name + "' is not a plain file name";
  if (entry(name) == Entry::kOther)
    return "'" + shown + "' exists and is not a regular file (a symlink, directory or device); not replaced";
  // O_CREAT | O_EXCL never follows a symlink and never reuses an existing file.
  std::random_device seed;
  std::string tmp;
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    tmp = "." + name + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(seed());
    fd = ::openat(fd_, tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, new_file_mode());
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) return "cannot create a temporary file in '" + path_ + "': " + errno_text();
  const char* p = bytes.data();
  size_t left = bytes.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string why = errno_text();
      ::close(fd);
      ::unlinkat(fd_, tmp.c_str(), 0);
      return "cannot write '" + shown + "': " + why;
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    const std::string why = errno_text();
    ::unlinkat(fd_, tmp.c_str(), 0);
    return "cannot write '" + shown + "': " + why;
  }
  if (::renameat(fd_, tmp.c_str(), fd_, name.c_str()) != 0) {
    const std::string why = errno_text();
    ::unlinkat(fd_, tmp.c_str(), 0);
    return "cannot rename the temporary file to '" + shown + "': " + why;
  }
  return std::nullopt;
}

std::optional<std::string> OutputDirectory::remove_file(const std::string& name) const {
  const std::string shown = (std::filesystem::path(path_) / name).string();
  if (entry(name) != Entry::kRegularFile) return "'" + shown + "' is not a regular file; not removed";
  if (::unlinkat(fd_, name.c_str(), 0) != 0) return "cannot remove '" + shown + "': " + errno_text();
  return std::nullopt;
}

std::optional<std::string> write_file_atomically(const std::string& path, std::string_view bytes) {
  const std::filesystem::path p(path);
  const std::string name = p.filename().string();
  if (name.empty() || name == "." || name == "..") return "'" + path + "' names a directory, not a file";
  const std::string dir = p.has_parent_path() ? p.parent_path().string() : ".";
  // The report's directory may be reached through symlinks the user chose; only the last step is guarded.
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return "cannot open directory '" + dir + "': " + errno_text();
  ::close(fd);
  std::string error;
  auto d = OutputDirectory::open(std::filesystem::canonical(dir).string(), &error);
  if (!d) return error;
  return d->write_atomically(name, bytes);
}

}  // namespace castlike::conformance
