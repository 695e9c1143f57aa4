// Writing output files without ever losing data: every report and vector file goes to a temporary
// file in the destination's own directory and is renamed over the name only once it is complete,
// so a reader (or a crash) sees the old file or the new one, never a part. A name that is a
// symlink (or anything but a regular file) is refused rather than followed or replaced, so no
// write lands outside the directory the caller chose.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace castlike::conformance {

// An open directory: opened without following a symlink at `path` itself, so every file written
// through it stays inside it even if the path is changed meanwhile.
class OutputDirectory {
 public:
  // nullopt and `error` set when `path` is missing, a symlink, or not a directory.
  static std::optional<OutputDirectory> open(const std::string& path, std::string* error);
  OutputDirectory(OutputDirectory&& other) noexcept;
  OutputDirectory& operator=(OutputDirectory&&) = delete;
  ~OutputDirectory();

  const std::string& path() const { return path_; }
  int fd() const { return fd_; }

  // What is at `name` (a plain file name, no '/'): nothing, a regular file, or something else
  // (symlink, directory, FIFO...), which no write or removal here touches.
  enum class Entry { kMissing, kRegularFile, kOther };
  Entry entry(const std::string& name) const;

  // Writes `bytes` to name through a temporary file and a rename; an error message on failure
  // (the temporary file is removed, an existing file at name stays as it was).
  std::optional<std::string> write_atomically(const std::string& name, std::string_view bytes) const;
  // Removes the regular file `name` (never a symlink's target, never a directory).
  std::optional<std::string> remove_file(const std::string& name) const;

 private:
  OutputDirectory(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  std::string path_;
  int fd_ = -1;
};

// One file anywhere (a report): its directory is opened as above (symlinks on the way to it are
// the caller's choice), then the file is written atomically; a symlink at the name itself is refused.
std::optional<std::string> write_file_atomically(const std::string& path, std::string_view bytes);

}  // namespace castlike::conformance
