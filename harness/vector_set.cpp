#include "vector_set.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

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
    std::vector<std::string> here;
    for (const auto& entry : fs::directory_iterator(p, ec))
      if (entry.is_regular_file() && entry.path().extension() == ".json") here.push_back(entry.path().string());
    if (here.empty()) return p + ": no vector files (*.json) in this directory";
    std::sort(here.begin(), here.end());
    files.insert(files.end(), here.begin(), here.end());
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

VectorFileList find_vector_files(const std::string& dir) {
  VectorFileList out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    const fs::path& p = it->path();
    if (it->is_directory() && p.filename() == "schema") {
      it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file() || p.extension() != ".json") continue;
    // Another castlike JSON format is not a vector file; anything else (malformed JSON included)
    // goes to the loader, which reports what is wrong with it.
    std::ifstream in(p);
    const auto j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (j.is_object() && j.contains("format") && j["format"].is_string() && j["format"] != "castlike-vectors") {
      out.other.emplace_back(p.string(), j["format"].get<std::string>());
      continue;
    }
    out.vectors.push_back(p.string());
  }
  std::sort(out.vectors.begin(), out.vectors.end());
  std::sort(out.other.begin(), out.other.end());
  return out;
}

}  // namespace castlike::conformance
