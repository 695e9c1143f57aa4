// The one reader of castlike JSON files (vector files, results lines, baselines, exhaustive reports):
// bounded in nesting depth and size, linear in time and memory, and strict where nlohmann is lenient
// (a key given twice would keep its last value, so a file would mean what a reader of its first
// occurrence does not see). The limits are those of vectors/schema/README.md, "Limits".
#pragma once

#include <cstddef>
#include <istream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>

namespace castlike::harness {

// Deeper nesting is refused while parsing, before any memory grows with it.
inline constexpr size_t kMaxJsonDepth = 64;
// A file, or one line of a results file; reading stops one byte past it.
inline constexpr size_t kMaxJsonBytes = size_t{64} << 20;

// What is wrong with a text: `offset` is the byte where the parser found it (none for a key given
// twice, which names its object instead). `message` echoes the file's bytes unescaped: the reader
// that prefixes the file name escapes the whole line (harness::printable).
struct JsonProblem {
  std::optional<size_t> offset;
  std::string message;
  bool malformed = false;  // not JSON at all (`message` is the parser's), rather than a limit or a key given twice
};

std::variant<nlohmann::json, JsonProblem> parse_json(const std::string& text);

// The 1-based line of a byte offset.
size_t line_of_offset(const std::string& text, size_t offset);

// A file's bytes, read to kMaxJsonBytes at most: `error` is empty, or says why there is no text
// ("cannot read the file: ...", "the file is larger than ...").
struct JsonFileText {
  std::string text, error;
};
JsonFileText read_json_file(const std::string& path);

// One line of a stream without its line end, read to kMaxJsonBytes at most (a stream without line
// ends, such as /dev/zero, stops there). kUnreadable: a read failed (/proc/self/mem, say).
enum class JsonLine { kLine, kEnd, kTooLong, kUnreadable };
JsonLine read_json_line(std::istream& in, std::string& line);

// "... larger than 67108864 bytes (64 MiB), the limit of ..." for the messages of the readers.
std::string json_size_limit_text();

}  // namespace castlike::harness
