// A results file as an implementation (JSON Lines, vectors/schema/README.md "Results files"): the
// outputs an implementation wrote for every case of a vector set, checked line by line.
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>

#include "castlike/packing.hpp"
#include "implementation.hpp"
#include "json_duplicate_keys.hpp"

namespace castlike::conformance {
namespace {

using nlohmann::json;
using ref::Element;

std::string type_name(ElementType t) { return std::string(info(t).name); }

class ResultsFileImplementation final : public Implementation {
 public:
  std::string name_, description_;
  std::map<std::string, CaseOutput> outputs;
  std::string name() const override { return name_; }
  std::string description() const override { return description_; }
  CaseOutput run(const VectorFile& file, size_t) override {
    const auto it = outputs.find(file.name);
    if (it == outputs.end()) {  // load_results_file guarantees every case; defensive only
      CaseOutput missing;
      missing.status = CaseOutput::Status::kRejected;
      missing.message = "no result for this case";
      return missing;
    }
    return it->second;
  }
};

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

}  // namespace

std::variant<std::unique_ptr<Implementation>, std::string> load_results_file(const std::string& path,
                                                                             const VectorSet& set) {
  // "-" is standard input (a results file piped from the implementation under test).
  std::ifstream in(path == "-" ? "/dev/stdin" : path, std::ios::binary);
  if (!in) return path + ": cannot open the results file";
  auto impl = std::make_unique<ResultsFileImplementation>();
  std::string line;
  size_t line_number = 0;
  bool header_seen = false, end_seen = false;
  size_t case_lines = 0;
  std::map<std::string, size_t> seen;  // case -> line
  while (std::getline(in, line)) {
    ++line_number;
    const std::string where = path + ":" + std::to_string(line_number) + ": ";
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (end_seen) return where + "text after the end line";
    json doc;
    DuplicateKeyFinder duplicates;
    try {
      doc = json::parse(line, std::ref(duplicates));
    } catch (const json::parse_error& e) {
      return where + "malformed JSON at column " + std::to_string(e.byte) + " (" + e.what() +
             "); each line must be one complete JSON object (truncated file?)";
    } catch (const json::exception& e) {  // e.g. out_of_range 406, a number beyond double (found by fuzz_vectors)
      return where + "malformed JSON (" + e.what() + ")";
    }
    if (!duplicates.problem.empty()) return where + duplicates.problem;
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
        std::string d = impl->name_;
        if (implementation.contains("version") && implementation["version"].is_string())
          d += " " + implementation["version"].get<std::string>();
        if (implementation.contains("description") && implementation["description"].is_string())
          d += " (" + implementation["description"].get<std::string>() + ")";
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
      size_t index = 0;
      const VectorFile* file = set.find(name, &index);
      if (!file)
        line_fail("case '" + name + "' is not in the vector set (" + std::to_string(set.files.size()) +
                  " cases); a results file for a different vector set?");
      if (const auto it = seen.find(name); it != seen.end())
        line_fail("case '" + name + "' appears twice (first on line " + std::to_string(it->second) + ")");
      seen[name] = line_number;
      ++case_lines;
      const std::string sha = string_member(doc, "sha256");
      if (sha != set.sha256[index])
        line_fail("case '" + name + "' was made from a different vector file (sha256 " + sha + ", the vector set's " +
                  file->path + " has " + set.sha256[index] + ")");
      for (const char* key : {"from", "to"}) {
        const std::string t = string_member(doc, key);
        const auto type = type_from_name(t);
        if (!type) line_fail(std::string("unknown element type '") + t + "' in field '" + key + "'");
        const ElementType expected = std::string(key) == "from" ? file->from : file->to;
        if (*type != expected)
          line_fail(std::string("field '") + key + "' is " + t + ", the vector file's is " + type_name(expected));
      }
      CaseOutput out;
      const std::string status = string_member(doc, "status");
      if (status == "rejected") {
        out.status = CaseOutput::Status::kRejected;
        out.message = string_member(doc, "message");
        if (out.message.empty()) line_fail("a rejected case needs a non-empty 'message'");
      } else if (status == "ok") {
        const size_t count = file->input.size();
        const bool text = file->to == ElementType::kString;
        const char* key = text ? "text" : "bits";
        if (doc.contains(text ? "bits" : "text"))
          line_fail(std::string("a ") + type_name(file->to) + " output goes in '" + key + "'");
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
            const auto bits = parse_hex_bits(v.get<std::string>(), info(file->to).bits);
            if (!bits)
              line_fail("bits[" + std::to_string(i) + "] = '" + v.get<std::string>() + "' is not a " + type_name(file->to) +
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
            out.element_errors[i] = string_member(e, "message");
          }
        }
        for (size_t i = 0; i < count; ++i)
          if (!out.elements[i] && out.element_errors[i].empty())
            line_fail(std::string(key) + "[" + std::to_string(i) + "] is null but 'errors' gives no message for it");
      } else {
        line_fail("unknown status '" + status + "' (ok or rejected)");
      }
      impl->outputs.emplace(name, std::move(out));
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
  for (const VectorFile& f : set.files)
    if (!seen.count(f.name)) missing.push_back(f.name);
  if (!missing.empty())
    return at_end + "the results cover " + std::to_string(set.files.size() - missing.size()) + " of the vector set's " +
           std::to_string(set.files.size()) + " cases; missing '" + missing.front() + "'" +
           (missing.size() > 1 ? " and " + std::to_string(missing.size() - 1) + " more" : std::string()) +
           " (a results file for a different vector set?)";
  return std::unique_ptr<Implementation>(std::move(impl));
}

}  // namespace castlike::conformance
