#include "formats/json_reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <type_traits>
#include <vector>

namespace castlike::harness {
namespace {

using nlohmann::json;

// The parser's events built into a document, as nlohmann's own DOM builder does, with castlike's
// checks on the way: a container opened deeper than kMaxJsonDepth stops the parse, and the first
// key given twice in one object is kept as a message. nlohmann's callback parser would do the same
// checks, but after each object it scans the whole enclosing array for discarded values: an array
// of n objects costs n^2 there. Here every event costs O(log k) at most (k: the keys of its
// object), so time and memory stay linear in the text.
class StrictBuilder {
 public:
  explicit StrictBuilder(json& root) : root_(root) {}

  std::string duplicate;  // the first key given twice, as a message
  bool too_deep = false;
  std::optional<JsonProblem> parse_problem;

  bool null() { return add(json(nullptr)); }
  bool boolean(bool v) { return add(json(v)); }
  bool number_integer(json::number_integer_t v) { return add(json(v)); }
  bool number_unsigned(json::number_unsigned_t v) { return add(json(v)); }
  bool number_float(json::number_float_t v, const json::string_t&) { return add(json(v)); }
  bool string(json::string_t& v) { return add(json(std::move(v))); }
  bool binary(json::binary_t& v) { return add(json::binary(std::move(v))); }

  bool start_object(std::size_t) { return open(json::value_t::object); }
  bool start_array(std::size_t) { return open(json::value_t::array); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool key(json::string_t& k) {
    Level& level = levels_.back();
    auto [it, inserted] = level.container->get_ref<json::object_t&>().emplace(k, json());
    if (!inserted && duplicate.empty()) duplicate = "key '" + k + "' appears twice in " + where();
    // A key given twice keeps its last value, as nlohmann's reader does (the message refuses it anyway).
    level.slot = &it->second;
    level.last_key = std::move(k);
    return true;
  }

  template <class Exception>
  bool parse_error(std::size_t, const std::string&, const Exception& e) {
    if constexpr (std::is_same_v<Exception, json::parse_error>)
      parse_problem = JsonProblem{e.byte > 0 ? e.byte - 1 : 0, e.what(), true};
    else  // e.g. out_of_range 406, a number beyond double (found by fuzz_vectors)
      parse_problem = JsonProblem{std::nullopt, e.what(), true};
    return false;
  }

 private:
  struct Level {
    json* container;
    json* slot = nullptr;  // an object's value for its last key
    std::string last_key;
  };
  json& root_;
  std::vector<Level> levels_;

  // Where the next value goes: the root, the end of an array, or the slot of an object's key.
  json* place(json&& value) {
    if (levels_.empty()) {
      root_ = std::move(value);
      return &root_;
    }
    Level& level = levels_.back();
    if (level.container->is_array()) {
      auto& array = level.container->get_ref<json::array_t&>();
      array.push_back(std::move(value));
      return &array.back();
    }
    *level.slot = std::move(value);
    return level.slot;
  }
  bool add(json&& value) {
    place(std::move(value));
    return true;
  }
  bool open(json::value_t type) {
    // levels_.size() counts the containers around the one opened.
    if (levels_.size() >= kMaxJsonDepth) {
      too_deep = true;
      return false;
    }
    json* container = place(json(type));
    levels_.push_back(Level{container, nullptr, std::string()});
    return true;
  }
  bool close() {
    levels_.pop_back();
    return true;
  }

  // The innermost object by the keys that lead to it: "the file", "source", "a.b".
  std::string where() const {
    std::string w;
    for (size_t i = 0; i + 1 < levels_.size(); ++i)
      if (levels_[i].container->is_object()) w += (w.empty() ? "" : ".") + levels_[i].last_key;
    return w.empty() ? "the file" : w;
  }
};

// The byte that opens the first container deeper than kMaxJsonDepth. The parser has accepted the
// text up to there, so counting brackets outside strings finds it.
size_t offset_too_deep(const std::string& text) {
  size_t depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      if (++depth > kMaxJsonDepth) return i;
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return text.size();
}

}  // namespace

std::string json_size_limit_text() {
  return std::to_string(kMaxJsonBytes) + " bytes (" + std::to_string(kMaxJsonBytes >> 20) +
         " MiB), the limit of a castlike JSON file or results line (vectors/schema/README.md, \"Limits\")";
}

std::variant<json, JsonProblem> parse_json(const std::string& text) {
  json doc;
  StrictBuilder builder(doc);
  json::sax_parse(text, &builder);
  if (builder.too_deep)
    return JsonProblem{offset_too_deep(text),
                       "nesting deeper than " + std::to_string(kMaxJsonDepth) +
                           " levels, the limit of a castlike JSON file (vectors/schema/README.md, \"Limits\")",
                       false};
  if (builder.parse_problem) return *builder.parse_problem;
  if (!builder.duplicate.empty()) return JsonProblem{std::nullopt, builder.duplicate, false};
  return doc;
}

size_t line_of_offset(const std::string& text, size_t offset) {
  size_t line = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

JsonFileText read_json_file(const std::string& path) {
  JsonFileText out;
  // Opened without blocking: a FIFO without a writer would otherwise stop the run forever.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    out.error = std::string("cannot read the file: ") + std::strerror(errno);
    return out;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    out.error = S_ISDIR(st.st_mode)    ? "is a directory, not a file"
                : S_ISFIFO(st.st_mode) ? "is a FIFO, not a file (castlike reads its JSON files whole, from disk)"
                                       : "is not a regular file";
    return out;
  }
  // One byte more than the limit tells a file at the limit from a larger one.
  constexpr size_t kChunk = size_t{1} << 16;
  while (out.text.size() <= kMaxJsonBytes) {
    const size_t at = out.text.size();
    out.text.resize(at + kChunk);
    const ssize_t got = ::read(fd, out.text.data() + at, kChunk);
    if (got < 0 && errno == EINTR) {
      out.text.resize(at);
      continue;
    }
    if (got < 0) {
      const int error = errno;
      ::close(fd);
      out.text.clear();
      out.error = std::string("cannot read the file: ") + std::strerror(error);
      return out;
    }
    out.text.resize(at + static_cast<size_t>(got));
    if (got == 0) break;
  }
  ::close(fd);
  if (out.text.size() > kMaxJsonBytes) {
    out.text.clear();
    out.error = "the file is larger than " + json_size_limit_text();
  }
  return out;
}

JsonLine read_json_line(std::istream& in, std::string& line) {
  line.clear();
  std::streambuf* buffer = in.rdbuf();
  for (;;) {
    int c = 0;
    try {
      c = buffer->sbumpc();
    } catch (const std::exception&) {  // libstdc++'s filebuf throws on a read error (EIO, EISDIR)
      in.setstate(std::ios::badbit);
      return JsonLine::kUnreadable;
    }
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return line.empty() ? JsonLine::kEnd : JsonLine::kLine;
    }
    if (c == '\n') return JsonLine::kLine;
    if (line.size() >= kMaxJsonBytes) return JsonLine::kTooLong;
    line.push_back(static_cast<char>(c));
  }
}

}  // namespace castlike::harness
