// The one guard every file castlike writes goes through (vector files, reports, baselines, maps),
// so that writing never loses data:
// - the directory is opened without following a symlink in any component of its path, a trailing
//   slash included (openat2 with RESOLVE_NO_SYMLINKS, else one O_NOFOLLOW open per component),
//   and every file is written relative to that open directory, so the path cannot be swapped
//   afterwards;
// - a file is written to a temporary file beside it and renamed over the name only once complete
//   (a reader, or a crash, sees the old file or the new one). The temporary file is unnamed
//   (O_TMPFILE) until complete where the filesystem allows, then linked at a free NAME directly
//   or, over an existing file, named for the instant before the rename; it is named
//   .NAME.tmp-PID-N throughout otherwise. SIGINT and SIGTERM remove the named ones
//   (temporary_files.hpp), and the next write of NAME removes those of runs that are gone;
// - whether a file is castlike's is decided by a bounded read of its head, never the whole file;
// - a name is replaced only when it holds a castlike file of the kind being written: a symlink, a
//   directory, any other file, or one of the command's inputs (every input it was given, the same
//   file through any path or hard link) is refused, naming it.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace castlike::harness {

// What castlike writes, as far as recognising one of its own files goes: a JSON object whose
// "format" is one of `json_formats`, or text that begins with one of `prefixes`.
struct OutputKind {
  std::string_view name;  // "castlike vector file"
  std::vector<std::string_view> json_formats;
  std::vector<std::string_view> prefixes;
  bool recognises(std::string_view bytes) const;  // a whole file's bytes
  // The parts of `recognises` that a bounded read of a file's head decides with.
  size_t longest_prefix() const;
  bool recognises_prefix(std::string_view head) const;
  bool recognises_format(const std::optional<std::string>& format) const;
};
extern const OutputKind kVectorFileKind;    // castlike export
extern const OutputKind kReportKind;        // validate, validate --exhaustive, merge-exhaustive: any --format
extern const OutputKind kBaselineKind;      // validate --write-expect
extern const OutputKind kExhaustiveMapKind;  // castlike_exhaustive_derive
// validate --exhaustive --write-inputs: raw input patterns, which nothing tells apart from any
// other bytes, so an existing file is never replaced.
extern const OutputKind kExhaustiveInputsKind;

// Every file a command reads, by identity (device, inode), resolved once before anything is
// filtered out: an output that is one of them is refused.
class InputFiles {
 public:
  // A file (a missing one is skipped: it cannot be overwritten).
  void add_file(const std::string& path);
  // A --vectors argument: the file, or every vector file under the directory (find_vector_files).
  void add_vectors(const std::string& path);
  // The input that is (device, inode), or nullptr.
  const std::string* find(dev_t device, ino_t inode) const;

 private:
  struct Identity {
    dev_t device;
    ino_t inode;
    std::string path;
  };
  std::vector<Identity> files_;
};

// An open output directory.
class OutputDirectory {
 public:
  // `path` (created when missing and `create`), opened without following any symlink; the error
  // names the component that is a symlink or not a directory.
  static std::variant<OutputDirectory, std::string> open(const std::string& path, bool create);
  OutputDirectory(OutputDirectory&& other) noexcept;
  OutputDirectory& operator=(OutputDirectory&&) = delete;
  ~OutputDirectory();

  const std::string& path() const { return path_; }
  int fd() const { return fd_; }
  // `name` as the user would write it (the directory's path and the name).
  std::string shown(const std::string& name) const;
  std::string quoted(const std::string& name) const;  // 'shown', for messages

  // Why `name` may not be written as a file of `kind`: not a plain file name, a symlink or
  // anything but a regular file, one of `inputs`, or a file that is not of `kind`; nullopt when
  // it is missing or a file of `kind`.
  std::optional<std::string> refusal(const std::string& name, const OutputKind& kind, const InputFiles& inputs) const;
  // Checks `name` again (refusal) and writes `bytes` there through a temporary file and a rename;
  // an error message on failure (no temporary file is left, a file at name stays as it was).
  std::optional<std::string> write(const std::string& name, std::string_view bytes, const OutputKind& kind,
                                   const InputFiles& inputs) const;

  // Removes the temporary files of `name` (.NAME.tmp-PID-N, regular files only) whose process is
  // gone: a run killed by a signal no handler sees (SIGKILL, SIGQUIT) left them. Not thread-safe
  // (nor is a directory written from several threads).
  void remove_stale_temporaries(const std::string& name) const;
  // The entries' names, sorted.
  std::vector<std::string> names() const;
  // Whether `name` is a regular file of `kind` (never a symlink's target).
  bool holds(const std::string& name, const OutputKind& kind) const;
  // Removes the regular file `name` when it is of `kind`; an error message otherwise.
  std::optional<std::string> remove(const std::string& name, const OutputKind& kind) const;

 private:
  OutputDirectory(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  std::string path_;
  int fd_ = -1;
  // The entries that may be temporary files (.*.tmp-*), listed at the first write.
  mutable std::optional<std::vector<std::string>> temporaries_;
};

// One output file given by an option (--out FILE, --write-expect FILE): checked when opened,
// before the command's work, and again when written.
class OutputFile {
 public:
  // `option` names the file in messages ("--out"). The error when the directory cannot be opened
  // as above or the name is refused (OutputDirectory::refusal).
  static std::variant<OutputFile, std::string> open(const std::string& option, const std::string& path,
                                                    const OutputKind& kind, const InputFiles& inputs);
  std::optional<std::string> write(std::string_view bytes) const;
  // Removes a file of the kind at the name, written by an earlier run, when the command starts: a
  // run that is killed before it writes must not leave an earlier verdict that reads as its own.
  // Anything else at the name is left (and refused when written). An error message on failure.
  std::optional<std::string> remove_earlier() const;
  // Whether `other` names the same file (the same directory and name, or one file by two links).
  bool same_file(const OutputFile& other) const;
  const std::string& path() const { return path_; }

 private:
  OutputFile(OutputDirectory dir, std::string name, std::string path, const OutputKind& kind, InputFiles inputs)
      : dir_(std::move(dir)), name_(std::move(name)), path_(std::move(path)), kind_(&kind), inputs_(std::move(inputs)) {}
  OutputDirectory dir_;
  std::string name_, path_;
  const OutputKind* kind_;  // one of the kinds above, which live as long as the program
  InputFiles inputs_;
};

}  // namespace castlike::harness
