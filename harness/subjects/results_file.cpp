// A results file as an implementation (JSON Lines, vectors/schema/README.md "Results files"): the
// outputs an implementation wrote for every case of a vector set, checked line by line. It answers
// by case name, so it serves vector sets only (every input is a raw output stream's job).
//
// The file is read twice and never held: a strict pass over every line before the run (which keeps
// where each case's line starts), then each case's line when validate() asks for that case.
// Standard input, a pipe or anything else that cannot seek is copied to an unlinked spool file in
// $TMPDIR during the first pass.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ext/stdio_filebuf.h>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "castlike/packing.hpp"
#include "subjects/implementation.hpp"
#include "formats/json_reader.hpp"
#include "formats/printable.hpp"

namespace castlike::harness {
namespace {

using nlohmann::json;
using ref::Element;

std::string type_name(ElementType t) { return std::string(info(t).name); }

struct LineProblem {
  std::string message;
};
[[noreturn]] void line_fail(const std::string& m) { throw LineProblem{m}; }

const json& member(const json& o, const char* key) {
  const auto it = o.find(key);
  if (it == o.end()) line_fail(std::string("missing field '") + key + "'");
  return *it;
}
std::string string_member(const json& o, const char* key) {
  const json& v = member(o, key);
  if (!v.is_string()) line_fail(std::string("field '") + key + "' is not a string");
  return v.get<std::string>();
}

// One line as JSON: the document, or the error after "path:line: ".
std::variant<json, std::string> parse_line(const std::string& line) {
  auto parsed = parse_json(line);
  const auto* p = std::get_if<JsonProblem>(&parsed);
  if (!p) return std::move(std::get<json>(parsed));
  const std::string at = p->offset ? " at column " + std::to_string(*p->offset + 1) : "";
  if (p->malformed)
    return "malformed JSON" + at + " (" + p->message + "); each line must be one complete JSON object (truncated file?)";
  return (p->offset ? "column " + std::to_string(*p->offset + 1) + ": " : "") + p->message;
}

// The line-too-long error after "path:line: ".
std::string line_too_long() { return "the line is longer than " + json_size_limit_text() + "; is this a results file?"; }

// A case line (already known to name `entry`'s case) as the outputs of that case.
CaseOutput case_output(const json& doc, const VectorSetEntry& entry) {
  const std::string& name = entry.name;
  const std::string sha = string_member(doc, "sha256");
  if (sha != entry.sha256)
    line_fail("case '" + name + "' was made from a different vector file (sha256 " + sha + ", the vector set's " +
              entry.path + " has " + entry.sha256 + ")");
  for (const char* key : {"from", "to"}) {
    const std::string t = string_member(doc, key);
    const auto type = type_from_file_name(t);
    if (!type) line_fail(std::string("unknown element type '") + t + "' in field '" + key + "'");
    const ElementType expected = std::string(key) == "from" ? entry.from : entry.to;
    if (*type != expected)
      line_fail(std::string("field '") + key + "' is " + t + ", the vector file's is " + type_name(expected));
  }
  CaseOutput out;
  const std::string status = string_member(doc, "status");
  if (status == "rejected") {
    out.status = CaseOutput::Status::kRejected;
    out.message = string_member(doc, "message");
    if (out.message.empty()) line_fail("a rejected case needs a non-empty 'message'");
    if (doc.contains("stage") && string_member(doc, "stage") != "load" && doc["stage"] != "run")
      line_fail("field 'stage' is '" + doc["stage"].get<std::string>() + "', not \"load\" or \"run\"");
  } else if (status == "ok") {
    const size_t count = entry.elements;
    const bool text = entry.to == ElementType::kString;
    const char* key = text ? "text" : "bits";
    if (doc.contains(text ? "bits" : "text"))
      line_fail(std::string("a ") + type_name(entry.to) + " output goes in '" + key + "'");
    const json& values = member(doc, key);
    if (!values.is_array()) line_fail(std::string("field '") + key + "' is not an array");
    if (values.size() != count)
      line_fail(std::string("field '") + key + "' has " + std::to_string(values.size()) + " elements, the case has " +
                std::to_string(count));
    out.elements.resize(count);
    out.element_errors.assign(count, "");
    for (size_t i = 0; i < count; ++i) {
      const json& v = values[i];
      if (v.is_null()) continue;  // an element-level error, message below
      if (!v.is_string()) line_fail(std::string(key) + "[" + std::to_string(i) + "] is neither a string nor null");
      if (text) {
        out.elements[i] = Element::of_text(v.get<std::string>());
      } else {
        const auto bits = parse_hex_bits(v.get<std::string>(), info(entry.to).bits);
        if (!bits)
          line_fail("bits[" + std::to_string(i) + "] = '" + v.get<std::string>() + "' is not a " + type_name(entry.to) +
                    " bit pattern");
        out.elements[i] = Element::of_bits(*bits);
      }
    }
    if (doc.contains("errors")) {
      const json& errors = doc["errors"];
      if (!errors.is_array()) line_fail("field 'errors' is not an array");
      for (const json& e : errors) {
        if (!e.is_object()) line_fail("an entry of 'errors' is not an object");
        const json& idx = member(e, "index");
        if (!idx.is_number_unsigned() || idx.get<uint64_t>() >= count)
          line_fail("errors[].index " + idx.dump() + " is not an element index");
        const size_t i = idx.get<size_t>();
        if (out.elements[i]) line_fail("errors[] names element " + std::to_string(i) + ", which has a value");
        if (!out.element_errors[i].empty()) line_fail("errors[] names element " + std::to_string(i) + " twice");
        out.element_errors[i] = string_member(e, "message");
        if (out.element_errors[i].empty()) line_fail("errors[] gives element " + std::to_string(i) + " an empty message");
      }
    }
    for (size_t i = 0; i < count; ++i)
      if (!out.elements[i] && out.element_errors[i].empty())
        line_fail(std::string(key) + "[" + std::to_string(i) + "] is null but 'errors' gives no message for it");
  } else {
    line_fail("unknown status '" + status + "' (ok or rejected)");
  }
  return out;
}

class ResultsFileImplementation final : public CasesOnly {
 public:
  ResultsFileImplementation()
      : CasesOnly("a results file answers the cases of a vector set by name; it holds no outputs of every input "
                  "(give those as a raw output stream)") {}
  struct Line {
    std::streamoff offset = 0;  // in `lines_source`
    size_t number = 0;          // in the results file
  };
  std::string name_, description_, path_;
  const VectorSet* set_ = nullptr;
  std::unique_ptr<std::istream> lines_source;  // the results file itself, or its spool
  std::map<std::string, Line> lines;           // case -> its line
  std::string name() const override { return name_; }
  std::string description() const override { return description_; }
  CaseOutput run(const VectorFile& file, size_t) override {
    const auto it = lines.find(file.name);
    if (it == lines.end()) {  // load_results_file guarantees every case; defensive only
      CaseOutput missing;
      missing.status = CaseOutput::Status::kRejected;
      missing.message = "no result for this case";
      return missing;
    }
    // The line passed the strict pass; reading it differently now means the file changed under us.
    const std::string where = path_ + ":" + std::to_string(it->second.number) + ": ";
    std::string line;
    lines_source->clear();
    lines_source->seekg(it->second.offset);
    const JsonLine read = read_json_line(*lines_source, line);
    if (read == JsonLine::kEnd)
      throw InputChanged(harness::printable(where + "cannot read the line again (the results file changed during the run?)"));
    if (read == JsonLine::kTooLong)
      throw InputChanged(harness::printable(where + line_too_long() + " (the results file changed during the run?)"));
    if (read == JsonLine::kUnreadable)
      throw InputChanged(harness::printable(where + "cannot read the line again (a read error)"));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    auto parsed = parse_line(line);
    if (auto* error = std::get_if<std::string>(&parsed))
      throw InputChanged(harness::printable(where + *error + " (the results file changed during the run?)"));
    const json& doc = std::get<json>(parsed);
    try {
      if (!doc.is_object() || !doc.contains("case") || doc["case"] != file.name)
        line_fail("the line no longer holds case '" + file.name + "'");
      const VectorSetEntry* entry = set_->find(file.name);
      if (!entry) line_fail("case '" + file.name + "' is not in the vector set");
      return case_output(doc, *entry);
    } catch (const LineProblem& p) {
      throw InputChanged(harness::printable(where + p.message + " (the results file changed during the run?)"));
    } catch (const json::exception& e) {
      throw InputChanged(harness::printable(where + e.what() + " (the results file changed during the run?)"));
    }
  }

};

// An unlinked file in $TMPDIR (else /tmp) open for writing and reading, or nullptr.
std::unique_ptr<std::fstream> open_spool() {
  const char* tmp = std::getenv("TMPDIR");
  std::string name = std::string(tmp && *tmp ? tmp : "/tmp") + "/castlike-results-XXXXXX";
  const int fd = ::mkstemp(name.data());
  if (fd < 0) return nullptr;
  auto spool = std::make_unique<std::fstream>(name, std::ios::in | std::ios::out | std::ios::binary | std::ios::trunc);
  ::close(fd);
  ::unlink(name.c_str());
  if (!*spool) return nullptr;
  return spool;
}

// load_results_file before its error is escaped.
std::variant<std::unique_ptr<Implementation>, std::string> read_results_file(const std::string& path,
                                                                             const VectorSet& set) {
  // "-" is standard input (a results file piped from the implementation under test). A path is
  // opened without blocking: opening a FIFO that has no writer would wait forever. A FIFO (a named
  // one, or a pipe such as <(...)) is then read with blocking reads, which wait for data while a
  // writer has it open and see the end at once when none has.
  std::unique_ptr<__gnu_cxx::stdio_filebuf<char>> fifo_buffer;
  std::unique_ptr<std::istream> file;
  if (path != "-") {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return path + ": cannot open the results file: " + std::strerror(errno);
    struct stat named {};
    const bool inspected = ::fstat(fd, &named) == 0;
    if (inspected && S_ISDIR(named.st_mode)) {
      ::close(fd);
      return path + ": is a directory, not a results file";
    }
    if (inspected && S_ISFIFO(named.st_mode)) {
      const int flags = ::fcntl(fd, F_GETFL);
      if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        ::close(fd);
        return path + ": cannot read the FIFO: " + std::strerror(errno);
      }
      fifo_buffer = std::make_unique<__gnu_cxx::stdio_filebuf<char>>(fd, std::ios::in | std::ios::binary);
      file = std::make_unique<std::istream>(fifo_buffer.get());
    } else {
      ::close(fd);
    }
  }
  if (!file) file = std::make_unique<std::ifstream>(path == "-" ? "/dev/stdin" : path, std::ios::binary);
  if (!*file) return path + ": cannot open the results file";
  auto impl = std::make_unique<ResultsFileImplementation>();
  impl->path_ = path;
  impl->set_ = &set;
  // What cannot seek is copied to a spool file as it is read, and the lines are read from there.
  struct stat st {};
  std::unique_ptr<std::fstream> spool;
  if (path == "-" || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
    spool = open_spool();
    if (!spool) return path + ": cannot create a spool file for the results in $TMPDIR (or /tmp)";
  }
  std::istream& in = *file;
  std::streamoff offset = 0;  // of the line about to be read, in the results file or the spool
  std::string line;
  size_t line_number = 0;
  bool header_seen = false, end_seen = false;
  size_t case_lines = 0;
  for (JsonLine read; (read = read_json_line(in, line)) != JsonLine::kEnd;) {
    ++line_number;
    if (read == JsonLine::kTooLong) return path + ":" + std::to_string(line_number) + ": " + line_too_long();
    if (read == JsonLine::kUnreadable)
      return path + ":" + std::to_string(line_number) + ": cannot read the results file (a read error)";
    const std::streamoff line_offset = offset;
    if (spool) {
      *spool << line << '\n';
      if (!*spool) return path + ": cannot write the spool file of the results in $TMPDIR (or /tmp); is it full?";
    }
    offset += static_cast<std::streamoff>(line.size()) + 1;
    const std::string where = path + ":" + std::to_string(line_number) + ": ";
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (end_seen) return where + "text after the end line";
    auto parsed = parse_line(line);
    if (auto* error = std::get_if<std::string>(&parsed)) return where + *error;
    const json& doc = std::get<json>(parsed);
    try {
      if (!doc.is_object()) line_fail("the line is not a JSON object");
      if (!header_seen) {
        if (!doc.contains("format")) line_fail("the first line must be the header {\"format\": \"castlike-results\", ...}");
        if (string_member(doc, "format") != "castlike-results")
          line_fail("field 'format' is not \"castlike-results\" (is this a results file?)");
        const json& v = member(doc, "format_version");
        if (!v.is_number_integer() || v.get<int64_t>() != 1) line_fail("unsupported format_version (this reader knows 1)");
        const json& implementation = member(doc, "implementation");
        if (!implementation.is_object()) line_fail("field 'implementation' is not an object");
        impl->name_ = string_member(implementation, "name");
        if (impl->name_.empty()) line_fail("field 'name' of 'implementation' is empty");
        std::string d = impl->name_;
        if (implementation.contains("version")) d += " " + string_member(implementation, "version");
        if (implementation.contains("description")) d += " (" + string_member(implementation, "description") + ")";
        impl->description_ = d + ", results file " + path;
        header_seen = true;
        continue;
      }
      if (doc.contains("end")) {
        const json& e = doc["end"];
        if (!e.is_boolean() || !e.get<bool>()) line_fail("field 'end' must be true");
        const json& n = member(doc, "cases");
        if (!n.is_number_unsigned() || n.get<uint64_t>() != case_lines)
          line_fail("the end line says " + n.dump() + " cases, the file has " + std::to_string(case_lines));
        end_seen = true;
        continue;
      }
      const std::string name = string_member(doc, "case");
      const VectorSetEntry* entry = set.find(name);
      if (!entry)
        line_fail("case '" + name + "' is not in the vector set (" + std::to_string(set.size()) +
                  " cases); a results file for a different vector set?");
      if (const auto it = impl->lines.find(name); it != impl->lines.end())
        line_fail("case '" + name + "' appears twice (first on line " + std::to_string(it->second.number) + ")");
      impl->lines[name] = {line_offset, line_number};
      ++case_lines;
      (void)case_output(doc, *entry);  // checked now, read again when the case runs
    } catch (const LineProblem& p) {
      return where + p.message;
    } catch (const json::exception& e) {
      return where + e.what();
    }
  }
  const std::string at_end = path + ":" + std::to_string(line_number) + ": ";
  if (!header_seen) return at_end + "empty results file (no header line)";
  if (!end_seen)
    return at_end + "truncated: the file ends without the end line {\"end\": true, \"cases\": N} (" +
           std::to_string(case_lines) + " case lines read)";
  std::vector<std::string> missing;
  for (const VectorSetEntry& e : set.entries())
    if (!impl->lines.count(e.name)) missing.push_back(e.name);
  if (!missing.empty())
    return at_end + "the results cover " + std::to_string(set.size() - missing.size()) + " of the vector set's " +
           std::to_string(set.size()) + " cases; missing '" + missing.front() + "'" +
           (missing.size() > 1 ? " and " + std::to_string(missing.size() - 1) + " more" : std::string()) +
           " (a results file for a different vector set?)";
  if (spool) {
    spool->flush();
    if (!*spool) return path + ": cannot write the spool file of the results in $TMPDIR (or /tmp); is it full?";
    impl->lines_source = std::move(spool);
  } else {
    impl->lines_source = std::move(file);
  }
  return std::unique_ptr<Implementation>(std::move(impl));
}

}  // namespace

std::variant<std::unique_ptr<Implementation>, std::string> load_results_file(const std::string& path,
                                                                             const VectorSet& set) {
  auto loaded = read_results_file(path, set);
  if (auto* error = std::get_if<std::string>(&loaded)) *error = harness::printable(*error);
  return loaded;
}

}  // namespace castlike::harness
