#include "vector_set.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "sha256.hpp"

namespace castlike::conformance {
namespace {

namespace fs = std::filesystem;

std::string read_file(const std::string& path, bool* ok) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *ok = false;
    return {};
  }
  std::ostringstream text;
  text << in.rdbuf();
  *ok = true;
  return text.str();
}

}  // namespace

const VectorFile* VectorSet::find(const std::string& name, size_t* index) const {
  const auto it = std::lower_bound(files.begin(), files.end(), name,
                                   [](const VectorFile& f, const std::string& n) { return f.name < n; });
  if (it == files.end() || it->name != name) return nullptr;
  if (index) *index = static_cast<size_t>(it - files.begin());
  return &*it;
}

std::variant<VectorSet, std::string> load_vector_set(const std::vector<std::string>& paths) {
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
  std::vector<std::pair<VectorFile, std::string>> loaded;
  for (const std::string& path : files) {
    bool ok = false;
    const std::string text = read_file(path, &ok);
    if (!ok) return path + ": cannot read the file";
    auto parsed = parse_vector_text(text, path);
    if (auto* error = std::get_if<std::string>(&parsed)) return *error;
    auto& file = std::get<VectorFile>(parsed);
    const std::string stem = fs::path(path).stem().string();
    if (file.name != stem) return path + ":1: the case name '" + file.name + "' is not the file name '" + stem + "'";
    loaded.emplace_back(std::move(file), sha256_hex(text));
  }
  std::sort(loaded.begin(), loaded.end(), [](const auto& a, const auto& b) { return a.first.name < b.first.name; });
  VectorSet set;
  set.roots = paths;
  for (size_t i = 0; i < loaded.size(); ++i) {
    if (i > 0 && loaded[i].first.name == loaded[i - 1].first.name)
      return loaded[i].first.path + ": case name '" + loaded[i].first.name + "' also used by " + loaded[i - 1].first.path;
    set.files.push_back(std::move(loaded[i].first));
    set.sha256.push_back(std::move(loaded[i].second));
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

// One directory level; `ancestors` holds the (device, inode) of every directory on the way down, so a
// symbolic link back up the tree is a reported loop instead of an endless walk.
void walk(const fs::path& dir, std::vector<std::pair<dev_t, ino_t>>& ancestors, VectorFileList& out) {
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
    if (S_ISDIR(st.st_mode)) {
      if (p.filename() == "schema") continue;
      const std::pair<dev_t, ino_t> id{st.st_dev, st.st_ino};
      if (std::find(ancestors.begin(), ancestors.end(), id) != ancestors.end()) {
        out.problems.emplace_back(p.string(), "symbolic link loop (leads back to a directory above it)");
        continue;
      }
      ancestors.push_back(id);
      walk(p, ancestors, out);
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
    const auto j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (j.is_object() && j.contains("format") && j["format"].is_string() && j["format"] != "castlike-vectors") {
      out.other.emplace_back(p.string(), j["format"].get<std::string>());
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
  walk(dir, ancestors, out);
  std::sort(out.vectors.begin(), out.vectors.end());
  std::sort(out.other.begin(), out.other.end());
  return out;
}

}  // namespace castlike::conformance
