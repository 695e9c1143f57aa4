#include "formats/output_guard.hpp"

#include <dirent.h>
#include <signal.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#if __has_include(<linux/openat2.h>)
#include <linux/openat2.h>
#endif

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <istream>
#include <streambuf>
#include <random>
#include <sstream>

#include "formats/json_format.hpp"
#include "formats/json_reader.hpp"
#include "formats/temporary_files.hpp"
#include "formats/vector_set.hpp"

namespace castlike::harness {

// The formats and the first bytes each renderer writes (vectors/schema/README.md names the formats).
const OutputKind kVectorFileKind{"castlike vector file", {"castlike-vectors"}, {}};
const OutputKind kReportKind{
    "castlike report",
    {"castlike-validation-report", "castlike-exhaustive-report"},
    {"castlike validate", "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>castlike validate",
     "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"castlike validate\""}};
const OutputKind kBaselineKind{"castlike baseline", {"castlike-known-discrepancies"}, {}};
const OutputKind kExhaustiveMapKind{"castlike exhaustive map", {"castlike-exhaustive-map"}, {}};
const OutputKind kExhaustiveInputsKind{"castlike exhaustive input stream", {}, {}};

namespace {

std::string errno_text(int error = errno) { return std::strerror(error); }

int open_component(int dir_fd, const char* name) {
  return ::openat(dir_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

// The directory at `path` opened one component at a time from the root (or the working directory),
// none followed when it is a symlink; missing ones are made when `create`.
std::variant<int, std::string> open_each_component(const std::string& path, bool create) {
  int fd = ::open(path.starts_with('/') ? "/" : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return "cannot open the directory '" + path + "': " + errno_text();
  std::string so_far = path.starts_with('/') ? "/" : "";
  std::istringstream parts(path);
  for (std::string part; std::getline(parts, part, '/');) {
    if (part.empty() || part == ".") continue;
    so_far += (so_far.empty() || so_far.ends_with('/') ? "" : "/") + part;
    int next = open_component(fd, part.c_str());
    if (next < 0 && errno == ENOENT && create && (::mkdirat(fd, part.c_str(), 0777) == 0 || errno == EEXIST))
      next = open_component(fd, part.c_str());
    if (next < 0) {
      const int error = errno;
      struct stat st {};
      const bool exists = ::fstatat(fd, part.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0;
      ::close(fd);
      if (exists && S_ISLNK(st.st_mode))
        return "'" + so_far + "' is a symlink; castlike writes only through real directories";
      if (exists && !S_ISDIR(st.st_mode)) return "'" + so_far + "' exists and is not a directory";
      return "cannot open the directory '" + so_far + "': " + errno_text(error);
    }
    ::close(fd);
    fd = next;
  }
  return fd;
}

std::variant<int, std::string> open_directory(const std::string& path, bool create) {
  if (path.empty()) return std::string("an empty path is not a directory");
#if defined(SYS_openat2) && defined(RESOLVE_NO_SYMLINKS)
  // One call that refuses a symlink anywhere on the way. On a kernel without it, and on any
  // refusal (the walk then names the component, or makes the missing ones), the walk decides.
  struct open_how how {};
  how.flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC;
  how.resolve = RESOLVE_NO_SYMLINKS;
  const long fd = ::syscall(SYS_openat2, AT_FDCWD, path.c_str(), &how, sizeof how);
  if (fd >= 0) return static_cast<int>(fd);
#endif
  return open_each_component(path, create);
}

// A file's first bytes as a stream, read in blocks: at most `limit` bytes, and never more than a
// block held at once.
class HeadBuffer : public std::streambuf {
 public:
  HeadBuffer(int fd, size_t limit) : fd_(fd), left_(limit) {}

 protected:
  int_type underflow() override {
    while (left_ > 0) {
      const ssize_t n = ::read(fd_, block_, std::min(sizeof block_, left_));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      left_ -= static_cast<size_t>(n);
      setg(block_, block_, block_ + n);
      return traits_type::to_int_type(block_[0]);
    }
    return traits_type::eof();
  }

 private:
  int fd_;
  size_t left_;
  char block_[65536];
};

// Whether `name` in `dir_fd` is a regular file (never through a symlink) of `kind`, by a bounded
// read of its head: a text kind by its first bytes, a JSON kind by its top-level "format" within
// the first kMaxJsonBytes (the most of a castlike JSON file any reader takes), streamed through
// the format sniffer block by block. A file of gigabytes at an output path (or a sparse one of
// terabytes) costs one block of memory, never the file.
bool file_of_kind(int dir_fd, const std::string& name, const OutputKind& kind) {
  const int fd = ::openat(dir_fd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st {};
  bool recognised = false;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    std::string head(kind.longest_prefix(), '\0');
    ssize_t n = 0;
    while ((n = ::pread(fd, head.data(), head.size(), 0)) < 0 && errno == EINTR) {
    }
    head.resize(n > 0 ? static_cast<size_t>(n) : 0);
    recognised = kind.recognises_prefix(head);
    if (!recognised && !kind.json_formats.empty()) {
      HeadBuffer buffer(fd, kMaxJsonBytes);
      std::istream in(&buffer);
      recognised = kind.recognises_format(json_format(in));
    }
  }
  ::close(fd);
  return recognised;
}

bool plain_name(const std::string& name) {
  return !name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos;
}

}  // namespace

size_t OutputKind::longest_prefix() const {
  size_t longest = 0;
  for (const std::string_view prefix : prefixes) longest = std::max(longest, prefix.size());
  return longest;
}

bool OutputKind::recognises_prefix(std::string_view bytes) const {
  for (const std::string_view prefix : prefixes)
    if (bytes.starts_with(prefix)) return true;
  return false;
}

bool OutputKind::recognises_format(const std::optional<std::string>& format) const {
  return format && std::find(json_formats.begin(), json_formats.end(), *format) != json_formats.end();
}

bool OutputKind::recognises(std::string_view bytes) const {
  if (recognises_prefix(bytes)) return true;
  if (json_formats.empty()) return false;
  std::istringstream in{std::string(bytes)};
  return recognises_format(json_format(in));
}

void InputFiles::add_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) files_.push_back({st.st_dev, st.st_ino, path});
}

void InputFiles::add_vectors(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return;
  if (!S_ISDIR(st.st_mode)) return add_file(path);
  for (const std::string& file : find_vector_files(path).vectors) add_file(file);
}

const std::string* InputFiles::find(dev_t device, ino_t inode) const {
  for (const Identity& i : files_)
    if (i.device == device && i.inode == inode) return &i.path;
  return nullptr;
}

std::variant<OutputDirectory, std::string> OutputDirectory::open(const std::string& path, bool create) {
  auto fd = open_directory(path, create);
  if (auto* error = std::get_if<std::string>(&fd)) return *error;
  return OutputDirectory(path, std::get<int>(fd));
}

OutputDirectory::OutputDirectory(OutputDirectory&& other) noexcept
    : path_(std::move(other.path_)), fd_(other.fd_), temporaries_(std::move(other.temporaries_)) {
  other.fd_ = -1;
}

OutputDirectory::~OutputDirectory() {
  if (fd_ >= 0) ::close(fd_);
}

std::string OutputDirectory::shown(const std::string& name) const {
  return path_ == "." ? name : (std::filesystem::path(path_) / name).string();
}

std::string OutputDirectory::quoted(const std::string& name) const {
  std::string q = "'";
  q += shown(name);
  q += '\'';
  return q;
}

std::optional<std::string> OutputDirectory::refusal(const std::string& name, const OutputKind& kind,
                                                    const InputFiles& inputs) const {
  if (!plain_name(name)) return "'" + name + "' is not a plain file name";
  struct stat st {};
  if (::fstatat(fd_, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
    if (errno == ENOENT) return std::nullopt;
    return "cannot inspect '" + shown(name) + "': " + errno_text();
  }
  if (!S_ISREG(st.st_mode))
    return quoted(name) + " exists and is not a regular file (a symlink, directory or device); not replaced";
  if (const std::string* input = inputs.find(st.st_dev, st.st_ino))
    return quoted(name) + " is the input '" + *input + "'; the output would overwrite it";
  if (!file_of_kind(fd_, name, kind))
    return quoted(name) + " exists and is not a " + std::string(kind.name) + "; castlike replaces only its own files";
  return std::nullopt;
}

namespace {

// All of `bytes` to `fd`, synced to disk; false with errno set on failure.
bool write_all(int fd, std::string_view bytes) {
  for (const char* p = bytes.data(); p < bytes.data() + bytes.size();) {
    const ssize_t n = ::write(fd, p, static_cast<size_t>(bytes.data() + bytes.size() - p));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;
      return false;
    }
    p += n;
  }
  return ::fsync(fd) == 0;
}

// The name of a temporary file for `name`: .NAME.tmp-PID-N.
std::string temporary_prefix(const std::string& name) { return "." + name + ".tmp-"; }

// The process id in a temporary file's name, or 0 when `entry` is not one of `name`'s.
pid_t temporary_owner(const std::string& entry, const std::string& name) {
  const std::string prefix = temporary_prefix(name);
  if (!entry.starts_with(prefix)) return 0;
  const size_t dash = entry.find('-', prefix.size());
  if (dash == std::string::npos || dash == prefix.size() || dash + 1 == entry.size()) return 0;
  pid_t pid = 0;
  for (size_t i = prefix.size(); i < dash; ++i) {
    if (entry[i] < '0' || entry[i] > '9' || pid > 99999999) return 0;
    pid = pid * 10 + (entry[i] - '0');
  }
  for (size_t i = dash + 1; i < entry.size(); ++i)
    if (entry[i] < '0' || entry[i] > '9') return 0;
  return pid;
}

}  // namespace

void OutputDirectory::remove_stale_temporaries(const std::string& name) const {
  // The directory is listed once, at its first write: an export writes thousands of names there.
  if (!temporaries_) {
    temporaries_.emplace();
    for (std::string& entry : names())
      if (entry.starts_with('.') && entry.find(".tmp-") != std::string::npos) temporaries_->push_back(std::move(entry));
  }
  for (const std::string& entry : *temporaries_) {
    const pid_t pid = temporary_owner(entry, name);
    if (pid <= 0 || ::kill(pid, 0) == 0 || errno != ESRCH) continue;  // a live run's, or not one
    struct stat st {};
    if (::fstatat(fd_, entry.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode))
      ::unlinkat(fd_, entry.c_str(), 0);
  }
}

std::optional<std::string> OutputDirectory::write(const std::string& name, std::string_view bytes,
                                                  const OutputKind& kind, const InputFiles& inputs) const {
  if (auto why = refusal(name, kind, inputs)) return why;
  remove_stale_temporaries(name);
  std::random_device seed;
  const auto temporary_name = [&] {
    return temporary_prefix(name) + std::to_string(::getpid()) + "-" + std::to_string(seed());
  };
  std::string tmp;
  std::optional<TemporaryFileRegistration> registration;
  // First an unnamed file (O_TMPFILE), which no kill at any moment can leave behind. Complete,
  // it is linked at NAME itself where NAME is free (one atomic step, no temporary name at all);
  // over an existing file it gets a temporary name for the instant between link and rename.
  if (const int unnamed = ::openat(fd_, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666); unnamed >= 0) {
    if (!write_all(unnamed, bytes)) {
      const std::string why = errno_text();
      ::close(unnamed);
      return "cannot write '" + shown(name) + "': " + why;
    }
    const std::string self = "/proc/self/fd/" + std::to_string(unnamed);
    const auto link_as = [&](const std::string& target) {
      int linked = ::linkat(AT_FDCWD, self.c_str(), fd_, target.c_str(), AT_SYMLINK_FOLLOW);
      if (linked != 0 && errno == ENOENT)  // no /proc: the call that needs CAP_DAC_READ_SEARCH
        linked = ::linkat(unnamed, "", fd_, target.c_str(), AT_EMPTY_PATH);
      return linked;
    };
    // linkat never replaces and never follows a symlink at NAME: EEXIST sends it to the rename.
    if (link_as(name) == 0) {
      ::close(unnamed);
      return std::nullopt;
    }
    int linked = -1;
    for (int attempt = 0; attempt < 100 && linked != 0; ++attempt) {
      tmp = temporary_name();
      registration.reset();
      registration.emplace(fd_, tmp);
      linked = link_as(tmp);
      if (linked != 0 && errno != EEXIST) break;
    }
    ::close(unnamed);
    if (linked == 0) {
      if (::renameat(fd_, tmp.c_str(), fd_, name.c_str()) != 0) {
        const std::string why = errno_text();
        ::unlinkat(fd_, tmp.c_str(), 0);
        return "cannot rename the temporary file to '" + shown(name) + "': " + why;
      }
      return std::nullopt;
    }
    // Linking is refused (no /proc, no privilege): the named temporary file below.
  }
  // O_CREAT | O_EXCL never follows a symlink and never reuses an existing file.
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    tmp = temporary_name();
    registration.reset();
    registration.emplace(fd_, tmp);
    fd = ::openat(fd_, tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                  0666);  // less the umask, as any new file
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) return "cannot create a temporary file in '" + path_ + "': " + errno_text();
  const auto fail = [&](const std::string& what) {
    const std::string why = errno_text();
    ::unlinkat(fd_, tmp.c_str(), 0);
    return what + ": " + why;
  };
  if (!write_all(fd, bytes)) {
    auto error = fail("cannot write '" + shown(name) + "'");
    ::close(fd);
    return error;
  }
  if (::close(fd) != 0) return fail("cannot write '" + shown(name) + "'");
  if (::renameat(fd_, tmp.c_str(), fd_, name.c_str()) != 0)
    return fail("cannot rename the temporary file to '" + shown(name) + "'");
  return std::nullopt;
}

std::vector<std::string> OutputDirectory::names() const {
  std::vector<std::string> out;
  const int fd = ::openat(fd_, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR* dir = fd >= 0 ? ::fdopendir(fd) : nullptr;
  if (!dir) {
    if (fd >= 0) ::close(fd);
    return out;
  }
  while (const dirent* e = ::readdir(dir))
    if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0) out.emplace_back(e->d_name);
  ::closedir(dir);
  std::sort(out.begin(), out.end());
  return out;
}

bool OutputDirectory::holds(const std::string& name, const OutputKind& kind) const {
  return plain_name(name) && file_of_kind(fd_, name, kind);
}

std::optional<std::string> OutputDirectory::remove(const std::string& name, const OutputKind& kind) const {
  if (!holds(name, kind)) return quoted(name) + " is not a " + std::string(kind.name) + "; not removed";
  if (::unlinkat(fd_, name.c_str(), 0) != 0) return "cannot remove '" + shown(name) + "': " + errno_text();
  return std::nullopt;
}

std::variant<OutputFile, std::string> OutputFile::open(const std::string& option, const std::string& path,
                                                       const OutputKind& kind, const InputFiles& inputs) {
  const std::filesystem::path p(path);
  const std::string name = p.filename().string();
  if (!plain_name(name)) return option + " '" + path + "' names a directory, not a file";
  auto dir = OutputDirectory::open(p.has_parent_path() ? p.parent_path().string() : ".", /*create=*/false);
  if (auto* error = std::get_if<std::string>(&dir)) return option + " '" + path + "': " + *error;
  auto& d = std::get<OutputDirectory>(dir);
  if (auto why = d.refusal(name, kind, inputs)) return option + " " + *why;
  return OutputFile(std::move(d), name, path, kind, inputs);
}

std::optional<std::string> OutputFile::write(std::string_view bytes) const {
  return dir_.write(name_, bytes, *kind_, inputs_);
}

std::optional<std::string> OutputFile::remove_earlier() const {
  if (!dir_.holds(name_, *kind_)) return std::nullopt;
  return dir_.remove(name_, *kind_);
}

bool OutputFile::same_file(const OutputFile& other) const {
  struct stat a {}, b {};
  if (::fstat(dir_.fd(), &a) == 0 && ::fstat(other.dir_.fd(), &b) == 0 && a.st_dev == b.st_dev &&
      a.st_ino == b.st_ino && name_ == other.name_)
    return true;
  return ::fstatat(dir_.fd(), name_.c_str(), &a, AT_SYMLINK_NOFOLLOW) == 0 &&
         ::fstatat(other.dir_.fd(), other.name_.c_str(), &b, AT_SYMLINK_NOFOLLOW) == 0 && a.st_dev == b.st_dev &&
         a.st_ino == b.st_ino;
}

}  // namespace castlike::harness
