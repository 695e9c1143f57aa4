#include "formats/json_reader.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <functional>
#include <set>
#include <vector>

namespace castlike::harness {
namespace {

using nlohmann::json;

struct TooDeep {};

// The parser callback: refuses a container opened deeper than kMaxJsonDepth (by throwing, so the
// parser stops there), and finds the first key given twice in one object. Each object keeps its
// keys and its last key only; the object's name is put together once, for the message, so memory
// stays linear in the input whatever the depth.
class StrictCallback {
 public:
  std::string duplicate;  // the first key given twice, as a message

  bool operator()(int depth, json::parse_event_t event, json& parsed) {
    using E = json::parse_event_t;
    switch (event) {
      case E::object_start:
      case E::array_start:
        // `depth` counts the containers around the one opened.
        if (static_cast<size_t>(depth) >= kMaxJsonDepth) throw TooDeep{};
        if (event == E::object_start) objects_.emplace_back();
        break;
      case E::object_end:
        if (!objects_.empty()) objects_.pop_back();
        break;
      case E::key: {
        if (objects_.empty()) break;
        Object& o = objects_.back();
        o.last_key = parsed.is_string() ? parsed.get<std::string>() : std::string();
        if (!o.keys.insert(o.last_key).second && duplicate.empty())
          duplicate = "key '" + o.last_key + "' appears twice in " + where();
        break;
      }
      default: break;
    }
    return true;
  }

 private:
  struct Object {
    std::set<std::string> keys;
    std::string last_key;
  };
  std::vector<Object> objects_;

  // The innermost object by the keys that lead to it: "the file", "source", "a.b".
  std::string where() const {
    if (objects_.size() < 2) return "the file";
    std::string w;
    for (size_t i = 0; i + 1 < objects_.size(); ++i) w += (w.empty() ? "" : ".") + objects_[i].last_key;
    return w;
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
  StrictCallback callback;
  json doc;
  try {
    doc = json::parse(text, std::ref(callback));
  } catch (const TooDeep&) {
    return JsonProblem{offset_too_deep(text),
                       "nesting deeper than " + std::to_string(kMaxJsonDepth) +
                           " levels, the limit of a castlike JSON file (vectors/schema/README.md, \"Limits\")",
                       false};
  } catch (const json::parse_error& e) {
    return JsonProblem{e.byte > 0 ? e.byte - 1 : 0, e.what(), true};
  } catch (const json::exception& e) {  // e.g. out_of_range 406, a number beyond double (found by fuzz_vectors)
    return JsonProblem{std::nullopt, e.what(), true};
  }
  if (!callback.duplicate.empty()) return JsonProblem{std::nullopt, callback.duplicate, false};
  return doc;
}

size_t line_of_offset(const std::string& text, size_t offset) {
  size_t line = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

JsonFileText read_json_file(const std::string& path) {
  JsonFileText out;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    out.error = std::string("cannot read the file: ") + std::strerror(errno);
    return out;
  }
  // One byte more than the limit tells a file at the limit from a larger one.
  constexpr size_t kChunk = size_t{1} << 16;
  while (out.text.size() <= kMaxJsonBytes) {
    const size_t at = out.text.size();
    out.text.resize(at + kChunk);
    in.read(out.text.data() + at, static_cast<std::streamsize>(kChunk));
    out.text.resize(at + static_cast<size_t>(in.gcount()));
    if (!in) break;
  }
  if (in.bad()) {
    out.text.clear();
    out.error = "cannot read the file";
  } else if (out.text.size() > kMaxJsonBytes) {
    out.text.clear();
    out.error = "the file is larger than " + json_size_limit_text();
  }
  return out;
}

JsonLine read_json_line(std::istream& in, std::string& line) {
  line.clear();
  std::streambuf* buffer = in.rdbuf();
  for (;;) {
    const auto c = buffer->sbumpc();
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
