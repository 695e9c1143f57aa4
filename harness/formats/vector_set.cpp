#include "formats/vector_set.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "formats/printable.hpp"
#include "formats/json_format.hpp"
#include "formats/json_reader.hpp"
#include "formats/sha256.hpp"

namespace castlike::harness {
namespace {

namespace fs = std::filesystem;

}  // namespace

const VectorSetEntry* VectorSet::find(const std::string& name, size_t* index) const {
  const auto it = std::lower_bound(entries_.begin(), entries_.end(), name,
                                   [](const VectorSetEntry& e, const std::string& n) { return e.name < n; });
  if (it == entries_.end() || it->name != name) return nullptr;
  if (index) *index = static_cast<size_t>(it - entries_.begin());
  return &*it;
}

VectorSetEntry entry_of(const VectorFile& f, std::string sha256) {
  return {f.path, f.name, std::move(sha256), f.from, f.to, f.input.size(), f.opset, f.saturate, f.round_mode, f.kind, f.op};
}

void VectorSet::add(VectorSetEntry entry) {
  entries_.push_back(std::move(entry));
  resident_.emplace_back();
}

void VectorSet::add_resident(VectorFile file, std::string sha256) {
  entries_.push_back(entry_of(file, std::move(sha256)));
  resident_.push_back(std::make_shared<const VectorFile>(std::move(file)));
}

std::shared_ptr<const VectorFile> VectorSet::load(size_t i) const {
  if (resident_[i]) return resident_[i];
  const VectorSetEntry& e = entries_[i];
  const JsonFileText file = read_json_file(e.path);
  if (!file.error.empty())
    throw InputChanged(harness::printable(e.path + ": " + file.error + " (removed or changed during the run?)"));
  // The bytes the set was checked with, or the results file's sha256 and every count taken from
  // the entry would describe another file.
  if (sha256_hex(file.text) != e.sha256)
    throw InputChanged(harness::printable(e.path + ": the file changed during the run (its sha256 is not the one checked)"));
  auto parsed = parse_vector_text(file.text, e.path);
  if (auto* error = std::get_if<std::string>(&parsed)) throw InputChanged(*error);
  return std::make_shared<const VectorFile>(std::move(std::get<VectorFile>(parsed)));
}

std::variant<VectorSetEntry, std::string> check_vector_file(const std::string& path, VectorFile* file) {
  const JsonFileText read = read_json_file(path);
  if (!read.error.empty()) return harness::printable(path + ": " + read.error);
  auto parsed = parse_vector_text(read.text, path);
  if (auto* error = std::get_if<std::string>(&parsed)) return *error;
  auto& f = std::get<VectorFile>(parsed);
  const std::string stem = fs::path(path).stem().string();
  if (f.name != stem)
    return harness::printable(path + ":1: the case name '" + f.name + "' is not the file name '" + stem + "'");
  VectorSetEntry entry = entry_of(f, sha256_hex(read.text));
  entry.path = path;
  if (file) *file = std::move(f);
  return entry;
}

std::variant<VectorSet, std::string> load_vector_set(const std::vector<std::string>& paths,
                                                     const std::function<void(size_t, size_t)>& checked) {
  if (paths.empty()) return std::string("no vector directory given");
  std::vector<std::string> files;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_regular_file(p, ec)) {
      files.push_back(p);
      continue;
    }
    if (!fs::is_directory(p, ec)) return p + ": no such vector file or directory";
    const VectorFileList found = find_vector_files(p);
    if (!found.problems.empty()) return found.problems.front().first + ": " + found.problems.front().second;
    if (found.vectors.empty()) return p + ": no vector files (*.json) in this directory or below";
    files.insert(files.end(), found.vectors.begin(), found.vectors.end());
  }
  // One file reached twice (the same directory given twice, or a directory and a file in it) is an
  // error: counting it twice would inflate every count, and silently dropping one hides a typo.
  {
    std::vector<std::pair<std::string, std::string>> real;
    for (const std::string& f : files) {
      std::error_code ec;
      const fs::path r = fs::canonical(f, ec);
      real.emplace_back(ec ? f : r.string(), f);
    }
    std::sort(real.begin(), real.end());
    for (size_t i = 1; i < real.size(); ++i)
      if (real[i].first == real[i - 1].first)
        return real[i].second + ": this vector file is given twice (also as " + real[i - 1].second +
               "); give each directory or file once";
  }
  // Every file is checked before the implementation runs on any (a bad file found after hours of a
  // slow plug-in would waste them), and only its entry is kept.
  std::vector<VectorSetEntry> entries;
  for (const std::string& path : files) {
    auto checked_file = check_vector_file(path);
    if (auto* error = std::get_if<std::string>(&checked_file)) return *error;
    entries.push_back(std::move(std::get<VectorSetEntry>(checked_file)));
    if (checked) checked(entries.size(), files.size());
  }
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  VectorSet set;
  set.roots = paths;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (i > 0 && entries[i].name == entries[i - 1].name)
      return entries[i].path + ": case name '" + entries[i].name + "' also used by " + entries[i - 1].path;
    set.add(std::move(entries[i]));
  }
  return set;
}

namespace {

const char* special_kind(const struct stat& st) {
  if (S_ISFIFO(st.st_mode)) return "a FIFO";
  if (S_ISSOCK(st.st_mode)) return "a socket";
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return "a device";
  return "not a regular file";
}

// Whether `path` is `root` or below it (both canonical).
bool inside(const fs::path& path, const fs::path& root) {
  const auto [r, p] = std::mismatch(root.begin(), root.end(), path.begin(), path.end());
  return r == root.end();
}

// One directory level below `root` (canonical); `ancestors` holds the (device, inode) of every
// directory on the way down, so a symbolic link back up the tree is a reported loop instead of an
// endless walk. A symbolic link to a directory out of the tree is a problem, not followed (a link
// to / would walk the whole filesystem); one to a file is followed, as a set curated from links to
// vector files elsewhere is, and that file is read as any other (/proc/self/mem: a read error).
void walk(const fs::path& dir, const fs::path& root, std::vector<std::pair<dev_t, ino_t>>& ancestors,
          VectorFileList& out) {
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) {
    out.problems.emplace_back(dir.string(), "cannot read the directory: " + ec.message());
    return;
  }
  std::vector<fs::path> entries;
  for (; !ec && it != fs::directory_iterator(); it.increment(ec)) entries.push_back(it->path());
  if (ec) out.problems.emplace_back(dir.string(), "cannot read the directory: " + ec.message());
  std::sort(entries.begin(), entries.end());
  for (const fs::path& p : entries) {
    struct stat link{}, st{};
    if (::lstat(p.c_str(), &link) != 0) {
      out.problems.emplace_back(p.string(), std::string("cannot inspect: ") + std::strerror(errno));
      continue;
    }
    if (::stat(p.c_str(), &st) != 0) {
      const int error = errno;
      if (S_ISLNK(link.st_mode))
        out.problems.emplace_back(p.string(), error == ELOOP ? "symbolic link loop" : "dangling symbolic link");
      else
        out.problems.emplace_back(p.string(), std::string("cannot inspect: ") + std::strerror(error));
      continue;
    }
    if (S_ISLNK(link.st_mode) && S_ISDIR(st.st_mode)) {
      std::error_code target_error;
      const fs::path target = fs::canonical(p, target_error);
      if (target_error || !inside(target, root)) {
        out.problems.emplace_back(p.string(), "symbolic link to a directory out of the vector directory" +
                                                  (target_error ? std::string() : " (to " + target.string() + ")") +
                                                  "; give that directory as a --vectors of its own");
        continue;
      }
    }
    if (S_ISDIR(st.st_mode)) {
      if (p.filename() == "schema") continue;
      const std::pair<dev_t, ino_t> id{st.st_dev, st.st_ino};
      if (std::find(ancestors.begin(), ancestors.end(), id) != ancestors.end()) {
        out.problems.emplace_back(p.string(), "symbolic link loop (leads back to a directory above it)");
        continue;
      }
      ancestors.push_back(id);
      walk(p, root, ancestors, out);
      ancestors.pop_back();
      continue;
    }
    if (p.extension() != ".json") continue;
    if (!S_ISREG(st.st_mode)) {
      out.problems.emplace_back(p.string(), std::string("is ") + special_kind(st) + ", not a vector file");
      continue;
    }
    // Another castlike JSON format is not a vector file; anything else (malformed JSON included)
    // goes to the loader, which reports what is wrong with it.
    std::ifstream in(p, std::ios::binary);
    if (!in) {
      out.problems.emplace_back(p.string(), std::string("cannot read the file: ") + std::strerror(errno));
      continue;
    }
    const auto format = json_format(in);
    if (format && *format != "castlike-vectors") {
      out.other.emplace_back(p.string(), *format);
      continue;
    }
    out.vectors.push_back(p.string());
  }
}

}  // namespace

VectorFileList find_vector_files(const std::string& dir) {
  VectorFileList out;
  struct stat st{};
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    out.problems.emplace_back(dir, "not a directory");
    return out;
  }
  std::vector<std::pair<dev_t, ino_t>> ancestors{{st.st_dev, st.st_ino}};
  std::error_code ec;
  const fs::path root = fs::canonical(dir, ec);
  if (ec) {
    out.problems.emplace_back(dir, "cannot resolve the directory: " + ec.message());
    return out;
  }
  walk(dir, root, ancestors, out);
  std::sort(out.vectors.begin(), out.vectors.end());
  std::sort(out.other.begin(), out.other.end());
  return out;
}

}  // namespace castlike::harness
