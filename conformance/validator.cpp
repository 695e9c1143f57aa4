#include "validator.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "castlike/packing.hpp"
#include "castlike/validator_abi.h"
#include "reference/cast_like.hpp"
#include "reference/decimal.hpp"
#include "reference/round.hpp"
#include "sha256.hpp"

namespace castlike::conformance {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using ref::Element;

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

std::string call_of(const VectorFile& f) {
  std::string s = "opset " + std::to_string(f.opset);
  if (f.saturate) s += ", saturate=" + std::to_string(*f.saturate);
  if (f.round_mode) s += ", round_mode=" + *f.round_mode;
  return s;
}

std::string type_name(ElementType t) { return std::string(info(t).name); }

}  // namespace

// =============================================================================================
// Vector sets

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

// =============================================================================================
// The reference as an implementation

namespace {

std::vector<std::optional<Element>> unpack(ElementType to, const ref::Tensor& t, size_t count) {
  std::vector<std::optional<Element>> out;
  out.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    if (to == ElementType::kString) out.push_back(Element::of_text(t.strings[i]));
    else out.push_back(Element::of_bits(load_bits(to, t.data.data(), i)));
  }
  return out;
}

class ReferenceImplementation final : public Implementation {
 public:
  ReferenceImplementation(const ref::Variants& v, std::string label) : variants_(v), label_(std::move(label)) {}
  std::string name() const override { return label_; }
  std::string description() const override {
    const std::string v = ref::describe_variants(variants_);
    return "castlike exact reference (" + (v.empty() ? std::string("default profile") : "variants " + v) + ")";
  }
  CaseOutput run(const VectorFile& file, size_t) override {
    CaseOutput out;
    const auto r = ref::cast_like(file.request(), variants_);
    if (const auto* error = std::get_if<std::string>(&r)) {
      out.status = CaseOutput::Status::kRejected;
      out.message = *error;
      return out;
    }
    out.elements = unpack(file.to, std::get<ref::CastLikeOutput>(r).output, file.input.size());
    out.element_errors.assign(out.elements.size(), "");
    return out;
  }

 private:
  ref::Variants variants_;
  std::string label_;
};

}  // namespace

std::unique_ptr<Implementation> make_reference_implementation(const ref::Variants& variants, const std::string& label) {
  return std::make_unique<ReferenceImplementation>(variants, label);
}

// =============================================================================================
// Results files (JSON Lines, vectors/schema/README.md "Results files")

namespace {

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
  std::ifstream in(path, std::ios::binary);
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
    try {
      doc = json::parse(line);
    } catch (const json::parse_error& e) {
      return where + "malformed JSON at column " + std::to_string(e.byte) + " (" + e.what() +
             "); each line must be one complete JSON object (truncated file?)";
    } catch (const json::exception& e) {  // e.g. out_of_range 406, a number beyond double (found by fuzz_vectors)
      return where + "malformed JSON (" + e.what() + ")";
    }
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

// =============================================================================================
// Shared libraries (validator_abi.h)

namespace {

class SharedLibraryImplementation final : public Implementation {
 public:
  void* handle = nullptr;
  std::string path, label;
  castlike_validator_cast_like_fn cast_like = nullptr;
  ~SharedLibraryImplementation() override {
    if (handle) dlclose(handle);
  }
  std::string name() const override { return label; }
  std::string description() const override { return label + ", shared library " + path; }
  CaseOutput run(const VectorFile& file, size_t) override {
    const ref::CastLikeRequest r = file.request();
    const size_t count = file.input.size();
    std::vector<const char*> texts;
    for (const auto& s : r.input.strings) texts.push_back(s.c_str());
    castlike_validator_request request{};
    request.opset = file.opset;
    request.from = static_cast<int32_t>(file.from);
    request.to = static_cast<int32_t>(file.to);
    request.saturate = file.saturate ? static_cast<int32_t>(*file.saturate) : -1;
    request.round_mode = file.round_mode ? file.round_mode->c_str() : nullptr;
    request.count = count;
    request.input = file.from == ElementType::kString ? nullptr : r.input.data.data();
    request.input_text = file.from == ElementType::kString ? texts.data() : nullptr;

    std::vector<uint8_t> data;
    struct TextSink {
      std::vector<std::optional<std::string>> values;
    } sink;
    castlike_validator_output output{};
    if (file.to == ElementType::kString) {
      sink.values.resize(count);
      output.set_text = [](void* context, size_t index, const char* text, size_t length) -> int32_t {
        auto* s = static_cast<TextSink*>(context);
        if (index >= s->values.size() || (text == nullptr && length != 0)) return -1;
        s->values[index] = std::string(text ? text : "", length);
        return 0;
      };
      output.context = &sink;
    } else {
      data.assign(*storage_bytes(file.to, count), 0);
      output.data = data.data();
      output.data_size = data.size();
    }
    char message[1024] = {};
    output.message = message;
    output.message_size = sizeof message;
    const int32_t status = cast_like(&request, &output);
    message[sizeof message - 1] = '\0';
    CaseOutput out;
    if (status != CASTLIKE_VALIDATOR_OK) {
      out.status = CaseOutput::Status::kRejected;
      out.message = message[0] ? message : "rejected (status " + std::to_string(status) + ", no message)";
      return out;
    }
    out.elements.resize(count);
    out.element_errors.assign(count, "");
    for (size_t i = 0; i < count; ++i) {
      if (file.to == ElementType::kString) {
        if (sink.values[i]) out.elements[i] = Element::of_text(*sink.values[i]);
        else out.element_errors[i] = "the library did not set this output string";
      } else {
        out.elements[i] = Element::of_bits(load_bits(file.to, data.data(), i));
      }
    }
    return out;
  }
};

}  // namespace

std::variant<std::unique_ptr<Implementation>, std::string> load_shared_library(const std::string& path) {
  auto impl = std::make_unique<SharedLibraryImplementation>();
  impl->path = path;
  // A bare file name would make dlopen search the library path: insist on a path.
  const std::string load_path = path.find('/') == std::string::npos ? "./" + path : path;
  impl->handle = dlopen(load_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!impl->handle) {
    const char* e = dlerror();
    return path + ": cannot load the shared library: " + (e ? e : "unknown dlopen error");
  }
  const auto symbol = [&](const char* name) { return dlsym(impl->handle, name); };
  auto version = reinterpret_cast<castlike_validator_abi_version_fn>(symbol("castlike_validator_abi_version"));
  auto name = reinterpret_cast<castlike_validator_name_fn>(symbol("castlike_validator_name"));
  impl->cast_like = reinterpret_cast<castlike_validator_cast_like_fn>(symbol("castlike_validator_cast_like"));
  if (!version || !name || !impl->cast_like)
    return path + ": not a castlike validator plug-in: it must export castlike_validator_abi_version, "
                  "castlike_validator_name and castlike_validator_cast_like (include/castlike/validator_abi.h)";
  const int32_t v = version();
  if (v != CASTLIKE_VALIDATOR_ABI_VERSION)
    return path + ": plug-in ABI version " + std::to_string(v) + ", this validator speaks " +
           std::to_string(CASTLIKE_VALIDATOR_ABI_VERSION);
  const char* label = name();
  impl->label = label && *label ? label : fs::path(path).filename().string();
  return std::unique_ptr<Implementation>(std::move(impl));
}

// =============================================================================================
// Explanation candidates

namespace {

bool nan_sign_matters(const VectorFile& f, size_t i);

struct Candidate {
  enum class Kind {
    kVariants,        // the reference under other variants (a single switch or a profile)
    kAttributes,      // the reference with other attributes
    kNanSign,         // a NaN of the other sign
    kRoundTripText,   // another text that reads back to the same value (A10)
    kPrintfDigits,    // C's %.<digits>g (A10)
    kRoundAwayWrap,   // sub-byte integers: round half away from zero, then wrap (A8 family)
    kIntTextPrefix,   // text to integer / bool: only the leading integer digits are read (strtoll)
    kBoolTextNonEmpty,  // text to bool: any non-empty text is true (Python truthiness)
    kBoolFromBits,    // float to bool: tests the bit pattern, so -0 is true
    kE5M2OverflowNan, // FLOAT8E5M2 saturate=0: a value rounding beyond max gives NaN, not +-inf
    kIdentityConverts,  // a cast to the same type converts (through FLOAT, onnx-reference profile)
  };
  int digits = 0;  // kPrintfDigits
  std::string name, description;
  Kind kind = Kind::kVariants;
  ref::Variants variants;
  std::optional<int64_t> saturate;        // kAttributes: override (value 0/1)
  std::optional<std::string> round_mode;  // kAttributes: override
};

const std::vector<Candidate>& candidates() {
  static const std::vector<Candidate> list = [] {
    std::vector<Candidate> c;
    const std::pair<const char*, const char*> switches[] = {
        {"A1=nan", "float8 FNUZ: +-inf with saturate=1 gives NaN (the float8 technical note's table)"},
        {"A2=six", "NaN to FLOAT4E2M1 gives +6 (the float4 technical note; onnxruntime, CUDA)"},
        {"A2=negzero", "NaN to FLOAT4E2M1 gives 0b1000 (-0), ml_dtypes' float4 NaN pattern"},
        {"A3=nan", "FLOAT8E8M0 from +inf gives NaN even with saturate=1 (ONNX reference)"},
        {"A4=onnx-bits", "FLOAT8E8M0 from float32 subnormals rounds as the ONNX reference's bit code does"},
        {"A5=through-float32", "FLOAT8E8M0: every input is cast to float32 first, then encoded (ONNX reference)"},
        {"A6=min", "FLOAT8E8M0 from 0 gives 0x00 whatever saturate says (ONNX reference, CUDA)"},
        {"A7=ignored", "CastLike-25 ignores round_mode and always rounds up (ONNX reference)"},
        {"A8=truncate-wrap", "float to INT4/UINT4/INT2/UINT2 truncates toward zero, then keeps the low bits (ml_dtypes)"},
        {"A8=round-clamp", "float to INT4/UINT4/INT2/UINT2 rounds to nearest even, then clamps (older ONNX)"},
        {"A9=through-float32", "wide to narrow float rounds through float32 first (double rounding)"},
        {"A9=through-double", "integers and decimal text go through double first (double rounding)"},
        {"A10=printf-g", "number to text with C's %.<max_digits10>g"},
        {"A11=rounded", "FLOAT8E8M0 range judged on the rounded value, not on x"},
        {"A12=exact", "FLOAT8E8M0 0x00 decodes to 2^-127 (its definition), not to 0 as the example prints"},
    };
    for (const auto& [spec, description] : switches) {
      Candidate k;
      k.name = spec;
      k.description = description;
      const auto error = ref::apply_variant_overrides(k.variants, spec);
      if (error) throw std::logic_error("validator candidate " + std::string(spec) + ": " + *error);
      c.push_back(k);
    }
    Candidate nan_sign;
    nan_sign.name = "nan-sign";
    nan_sign.description = "a NaN of the other sign: the sign of NaN is not kept";
    nan_sign.kind = Candidate::Kind::kNanSign;
    c.push_back(nan_sign);
    Candidate text;
    text.name = "A10=other-text";
    text.description = "number to text: another spelling that reads back to the same value (A10: the text is not fixed)";
    text.kind = Candidate::Kind::kRoundTripText;
    c.push_back(text);
    const auto reading_only = [&](const char* name, Candidate::Kind kind, const char* description) {
      Candidate k;
      k.name = name;
      k.kind = kind;
      k.description = std::string(description) + " (a reading found in peers, not a reference switch)";
      c.push_back(k);
    };
    for (int d : {6, 7, 8, 9, 15, 16, 17}) {
      Candidate k;
      k.name = "A10=%." + std::to_string(d) + "g";
      k.kind = Candidate::Kind::kPrintfDigits;
      k.digits = d;
      k.description = "number to text with C's %." + std::to_string(d) + "g (A10: fixed digits)";
      c.push_back(k);
    }
    reading_only("A8=round-away-wrap", Candidate::Kind::kRoundAwayWrap,
                 "float to INT4/UINT4/INT2/UINT2 rounds half away from zero (std::round), then keeps the low bits");
    reading_only("text-int-prefix", Candidate::Kind::kIntTextPrefix,
                 "text to an integer or bool reads only the leading integer digits (strtoll: \"2.5e+1\" -> 2)");
    reading_only("text-bool-nonempty", Candidate::Kind::kBoolTextNonEmpty,
                 "text to bool: every non-empty text is true (Python truthiness: \"0\" -> true)");
    reading_only("bool-from-bits", Candidate::Kind::kBoolFromBits,
                 "float to bool tests the bit pattern, not the value (-0 -> true)");
    reading_only("e5m2-overflow-nan", Candidate::Kind::kE5M2OverflowNan,
                 "FLOAT8E5M2 with saturate=0: a finite value beyond the largest gives NaN instead of +-inf");
    reading_only("identity-converts", Candidate::Kind::kIdentityConverts,
                 "a cast to the same type converts (through FLOAT, onnx-reference profile) instead of copying the bits");
    for (int s : {0, 1}) {
      Candidate a;
      a.name = "saturate=" + std::to_string(s);
      a.description = s == 0 ? "behaves as saturate=0 whatever the attribute says (saturate ignored)"
                             : "behaves as saturate=1 whatever the attribute says (saturate ignored)";
      a.kind = Candidate::Kind::kAttributes;
      a.saturate = s;
      c.push_back(a);
    }
    for (const char* m : {"up", "down", "nearest"}) {
      Candidate a;
      a.name = std::string("round_mode=") + m;
      a.description = std::string("behaves as round_mode=") + m + " whatever the attribute says";
      a.kind = Candidate::Kind::kAttributes;
      a.round_mode = m;
      c.push_back(a);
    }
    for (const char* p : {"exact", "onnx-reference"}) {
      Candidate k;
      k.name = std::string("profile ") + p;
      k.variants = *ref::profile_by_name(p);
      k.description = std::string("the profile '") + p + "' (" + ref::describe_variants(k.variants) + ")";
      c.push_back(k);
    }
    return c;
  }();
  return list;
}

bool float8_like(ElementType t) {
  return t == ElementType::kFloat8E4M3FN || t == ElementType::kFloat8E4M3FNUZ || t == ElementType::kFloat8E5M2 ||
         t == ElementType::kFloat8E5M2FNUZ || t == ElementType::kFloat8E8M0;
}

// The result of one element under a reading (variants, optionally other attributes); nullopt when
// the reading does not apply or leaves the element unspecified.
std::optional<ref::Result> reading(const VectorFile& f, size_t i, const ref::Variants& variants,
                                   const std::optional<int64_t>& saturate, const std::optional<std::string>& round_mode) {
  VectorFile one;
  one.from = f.from;
  one.to = f.to;
  one.shape = {1};
  one.input = {f.input[i]};
  ref::CastLikeRequest r = one.request();
  r.opset = f.opset;
  r.saturate = saturate;
  r.round_mode = round_mode;
  const auto out = ref::cast_like(r, variants);
  if (!std::holds_alternative<ref::CastLikeOutput>(out)) return std::nullopt;
  const auto& o = std::get<ref::CastLikeOutput>(out);
  ref::Result result;
  result.outcome = o.outcomes[0];
  result.rule = o.rules[0];
  if (f.to == ElementType::kString) result.value = Element::of_text(o.output.strings[0]);
  else result.value = Element::of_bits(load_bits(f.to, o.output.data.data(), 0));
  if (result.outcome == ref::OutcomeClass::kUnspecified) return std::nullopt;
  return result;
}

// Does this candidate reading produce `actual` for element i of the file (where the default
// reading does not)?
bool explains(const Candidate& c, const VectorFile& f, size_t i, const Element& actual) {
  switch (c.kind) {
    case Candidate::Kind::kNanSign: {
      if (f.outcomes[i] != ref::OutcomeClass::kNan || !is_float(f.to) || !nan_sign_matters(f, i)) return false;
      const FloatFormat& fmt = info(f.to).format;
      const uint64_t bits = actual.bits & bit_mask(f.to);
      return ref::is_nan_bits(fmt, bits) && (bits & ref::sign_bit(fmt)) != (f.expected[i].bits & ref::sign_bit(fmt));
    }
    case Candidate::Kind::kRoundTripText: {
      if (f.to != ElementType::kString || f.from == ElementType::kString) return false;
      const auto parsed = ref::parse_decimal(actual.text);
      if (!parsed) return false;
      const auto input = ref::decode_element(f.from, f.input[i]);
      if (is_float(f.from)) {
        const FloatFormat& fmt = info(f.from).format;
        const uint64_t in_bits = f.input[i].bits & bit_mask(f.from);
        if (input.value.is_nan()) return parsed->is_nan();
        // Read the text back into the source type (round to nearest even, no saturation).
        ref::Attributes a;
        a.saturate = false;
        a.round_mode = CASTLIKE_ROUND_NEAREST;
        const ref::Result back = ref::convert_element(ElementType::kString, actual, f.from, a);
        if (f.from == ElementType::kFloat8E8M0) return back.value.bits == in_bits;
        return back.value.bits == in_bits && !ref::is_nan_bits(fmt, in_bits);
      }
      // integers and bool: the same number (bool: 0 / 1)
      return parsed->is_finite() && ref::is_integral(*parsed) &&
             ref::compare_magnitude(*parsed, input.value) == 0 &&
             (parsed->is_zero() || parsed->negative == input.value.negative);
    }
    case Candidate::Kind::kPrintfDigits: {
      if (f.to != ElementType::kString || !is_float(f.from)) return false;
      const auto v = ref::decode_element(f.from, f.input[i]).value;
      if (!v.is_finite()) return false;
      return ref::format_printf_g(v, c.digits) == actual.text && f.expected[i].text != actual.text;
    }
    case Candidate::Kind::kRoundAwayWrap: {
      if (!is_packed(f.to) || !is_integer(f.to) || !(is_float(f.from) || f.from == ElementType::kString)) return false;
      const auto d = ref::decode_element(f.from, f.input[i]);
      if (d.not_a_number || !d.value.is_finite()) return false;
      const auto q = ref::round_magnitude(d.value, 0, ref::Direction::kNearestAway);
      const ref::BigInt n = d.value.negative ? ref::BigInt(-q.count) : q.count;
      const ref::BigInt modulus = ref::BigInt(1) << info(f.to).bits;
      ref::BigInt r = n % modulus;
      if (r < 0) r += modulus;
      return static_cast<uint64_t>(r) == (actual.bits & bit_mask(f.to));
    }
    case Candidate::Kind::kIntTextPrefix: {
      if (f.from != ElementType::kString || !(is_integer(f.to) || f.to == ElementType::kBool)) return false;
      const std::string& t = f.input[i].text;
      size_t k = 0;
      while (k < t.size() && (t[k] == ' ' || t[k] == '\t' || t[k] == '\n')) ++k;
      bool negative = false;
      if (k < t.size() && (t[k] == '+' || t[k] == '-')) negative = t[k++] == '-';
      const size_t start = k;
      while (k < t.size() && t[k] >= '0' && t[k] <= '9') ++k;
      if (k == start) return false;
      ref::BigInt n(t.substr(start, k - start));
      if (negative) n = -n;
      uint64_t bits;
      if (f.to == ElementType::kBool) {
        bits = n != 0 ? 1 : 0;
      } else {
        const ref::BigInt modulus = ref::BigInt(1) << info(f.to).bits;
        ref::BigInt r = n % modulus;
        if (r < 0) r += modulus;
        bits = static_cast<uint64_t>(r);
      }
      return bits == (actual.bits & bit_mask(f.to));
    }
    case Candidate::Kind::kBoolTextNonEmpty:
      return f.from == ElementType::kString && f.to == ElementType::kBool &&
             (actual.bits & 0xFF) == (f.input[i].text.empty() ? 0u : 1u);
    case Candidate::Kind::kBoolFromBits:
      return is_float(f.from) && f.to == ElementType::kBool &&
             (actual.bits & 0xFF) == ((f.input[i].bits & bit_mask(f.from)) != 0 ? 1u : 0u);
    case Candidate::Kind::kE5M2OverflowNan: {
      if (f.to != ElementType::kFloat8E5M2 || f.saturate.value_or(1) != 0) return false;
      const auto d = ref::decode_element(f.from, f.input[i]);
      const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
      return !d.not_a_number && d.value.is_finite() && plain && plain->rule == ref::RuleId::kF8NoSaturateOverflow &&
             ref::is_nan_bits(info(f.to).format, actual.bits & 0xFF) &&
             (actual.bits & 0x80) == (f.expected[i].bits & 0x80);
    }
    case Candidate::Kind::kIdentityConverts: {
      if (f.from != f.to || !is_float(f.from) || f.from == ElementType::kFloat || f.from == ElementType::kDouble) return false;
      const ref::Variants onnx = *ref::profile_by_name("onnx-reference");
      ref::Attributes a;
      a.saturate = f.saturate.value_or(1) != 0;
      if (f.round_mode) a.round_mode = round_mode_from_name(*f.round_mode).value_or(CASTLIKE_ROUND_UP);
      const ref::Result to_float = ref::convert_element(f.from, f.input[i], ElementType::kFloat, a, onnx);
      const ref::Result back = ref::convert_element(ElementType::kFloat, to_float.value, f.to, a, onnx);
      if (back.outcome == ref::OutcomeClass::kUnspecified) return false;
      return ref::matches(f.to, back, actual);
    }
    case Candidate::Kind::kVariants:
    case Candidate::Kind::kAttributes: {
      std::optional<int64_t> saturate = f.saturate;
      std::optional<std::string> round_mode = f.round_mode;
      if (c.kind == Candidate::Kind::kAttributes) {
        if (!float8_like(f.to)) return false;
        const auto version = castlike_version_for_opset(f.opset);
        if (c.saturate) {
          if (!version || !saturate_in_version(*version) || saturate.value_or(1) == *c.saturate) return false;
          saturate = c.saturate;
        }
        if (c.round_mode) {
          if (f.to != ElementType::kFloat8E8M0 || !version || !round_mode_in_version(*version) ||
              round_mode.value_or("up") == *c.round_mode)
            return false;
          round_mode = c.round_mode;
        }
      }
      const auto candidate = reading(f, i, c.variants, saturate, round_mode);
      if (!candidate || !ref::matches(f.to, *candidate, actual)) return false;
      // The default reading giving the same output means the candidate explains nothing.
      const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
      return !plain || !ref::matches(f.to, *plain, actual);
    }
  }
  return false;
}

}  // namespace

std::vector<std::string> candidate_names() {
  std::vector<std::string> out;
  for (const Candidate& c : candidates()) out.push_back(c.name);
  return out;
}

// =============================================================================================
// Validation

namespace {

// The expected outcome of element i: ref::matches, except that a spec example's "nan" is any NaN
// (the pages print NaN without its sign; vectors/schema/README.md, "NaN").
// A NaN read from a type whose NaN has no sign (FNUZ, FLOAT8E8M0) may come out with either sign.
bool nan_sign_matters(const VectorFile& f, size_t i) {
  if (f.kind == "spec-example") return false;
  if (!is_float(f.from)) return true;
  const FloatFormat& fmt = info(f.from).format;
  const bool unsigned_nan = fmt.has_nan() && !fmt.has_negative_zero();
  return !(unsigned_nan && ref::is_nan_bits(fmt, f.input[i].bits & bit_mask(f.from)));
}

bool element_matches(const VectorFile& f, size_t i, const Element& actual) {
  ref::Result expected{f.expected[i], f.outcomes[i], ref::RuleId::kIdentity};
  if (f.outcomes[i] == ref::OutcomeClass::kNan && !nan_sign_matters(f, i)) {
    if (!is_float(f.to)) return false;
    return ref::is_nan_bits(info(f.to).format, actual.bits & bit_mask(f.to));
  }
  return ref::matches(f.to, expected, actual);
}

std::vector<ref::RuleId> rules_of(const VectorFile& f) {
  std::vector<ref::RuleId> out(f.input.size(), ref::RuleId::kIdentity);
  bool all = f.rules.size() == f.input.size();
  if (all)
    for (const auto& r : f.rules) all = all && r.has_value();
  if (all) {
    for (size_t i = 0; i < out.size(); ++i) out[i] = *f.rules[i];
    return out;
  }
  // Spec examples carry no rule ids: the reference's default profile names them.
  const auto r = ref::cast_like(f.request());
  if (const auto* o = std::get_if<ref::CastLikeOutput>(&r))
    for (size_t i = 0; i < out.size(); ++i) out[i] = f.rules.size() == out.size() && f.rules[i] ? *f.rules[i] : o->rules[i];
  return out;
}

}  // namespace

Report validate(const VectorSet& set, Implementation& implementation, const ValidateOptions& options) {
  Report report;
  report.implementation = implementation.name();
  report.description = implementation.description();
  report.vector_roots = set.roots;
  report.cases = set.files.size();
  // Failures grouped by rule, for the explanation pass.
  std::map<ref::RuleId, std::vector<std::pair<size_t, size_t>>> failing;  // rule -> (file, element)
  std::vector<CaseOutput> outputs(set.files.size());

  for (size_t fi = 0; fi < set.files.size(); ++fi) {
    const VectorFile& f = set.files[fi];
    const auto rules = rules_of(f);
    PairResult& pair = report.pairs[{f.from, f.to}];
    outputs[fi] = implementation.run(f, fi);
    const CaseOutput& out = outputs[fi];
    if (out.status == CaseOutput::Status::kRejected) {
      Rejection rej{f.name, call_of(f), out.message, f.input.size()};
      pair.rejections.push_back(rej);
      report.rejections.push_back(rej);
      for (size_t i = 0; i < f.input.size(); ++i) {
        Counts c;
        (f.outcomes[i] == ref::OutcomeClass::kUnspecified ? c.unspecified : c.rejected) = 1;
        pair.counts.add(c);
        report.rules[rules[i]].counts.add(c);
        report.total.add(c);
      }
      continue;
    }
    std::map<std::string, uint64_t> element_errors;  // message -> count
    for (size_t i = 0; i < f.input.size(); ++i) {
      Counts c;
      const bool unspecified = f.outcomes[i] == ref::OutcomeClass::kUnspecified;
      if (!out.elements[i]) {
        (unspecified ? c.unspecified : c.rejected) = 1;
        if (!unspecified) ++element_errors[out.element_errors[i]];
      } else if (unspecified) {
        c.unspecified = 1;
      } else {
        if (element_matches(f, i, *out.elements[i])) {
          c.pass = 1;
        } else {
          c.fail = 1;
          failing[rules[i]].emplace_back(fi, i);
        }
      }
      pair.counts.add(c);
      report.rules[rules[i]].counts.add(c);
      report.total.add(c);
    }
    for (const auto& [message, count] : element_errors) {
      Rejection rej{f.name, call_of(f), "on " + std::to_string(count) + " element(s): " + message, count};
      pair.rejections.push_back(rej);
      report.rejections.push_back(rej);
    }
  }

  // Explanations: every candidate on every failure.
  const auto& cands = candidates();
  for (auto& [rule, list] : failing) {
    RuleResult& rr = report.rules[rule];
    std::vector<uint64_t> explained(cands.size(), 0);
    // (case) -> failures, explained-all flags per candidate
    std::map<size_t, std::pair<std::vector<size_t>, std::vector<bool>>> per_case;
    std::vector<std::vector<char>> flags;  // per failure (list order): which candidates explain it
    for (const auto& [fi, i] : list) {
      flags.emplace_back(cands.size(), 0);
      const VectorFile& f = set.files[fi];
      const Element& actual = *outputs[fi].elements[i];
      Failure failure{f.name, i, f.from, f.to, call_of(f), f.input[i], f.expected[i], actual, f.outcomes[i], {}};
      auto& pc = per_case[fi];
      if (pc.second.empty()) pc.second.assign(cands.size(), true);
      pc.first.push_back(i);
      for (size_t k = 0; k < cands.size(); ++k) {
        const bool e = explains(cands[k], f, i, actual);
        if (e) {
          flags.back()[k] = 1;
          ++explained[k];
          failure.explained_by.push_back(cands[k].name);
        }
        pc.second[k] = pc.second[k] && e;
      }
      if (rr.examples.size() < options.examples_per_rule) rr.examples.push_back(failure);
      if (failure.explained_by.empty()) {
        ++rr.unexplained;
        if (rr.unexplained_examples.size() < options.examples_per_rule) rr.unexplained_examples.push_back(failure);
      }
    }
    std::vector<size_t> order;
    for (size_t k = 0; k < cands.size(); ++k)
      if (explained[k]) order.push_back(k);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return explained[a] > explained[b]; });
    for (size_t k : order) rr.explanations.push_back({cands[k].name, cands[k].description, explained[k]});
    const uint64_t total = list.size();
    // A greedy cover of the explained failures: single readings first, profiles (bundles) last.
    std::vector<std::string> chosen;
    {
      std::vector<size_t> remaining;
      for (size_t n = 0; n < flags.size(); ++n)
        if (std::find(flags[n].begin(), flags[n].end(), 1) != flags[n].end()) remaining.push_back(n);
      const auto is_profile = [&](size_t k) { return cands[k].name.rfind("profile ", 0) == 0; };
      bool allow_profiles = false;
      while (!remaining.empty()) {
        size_t best = 0, best_count = 0;
        for (size_t k : order) {
          if (is_profile(k) && !allow_profiles) continue;
          size_t n = 0;
          for (size_t x : remaining) n += flags[x][k];
          if (n > best_count) {
            best = k;
            best_count = n;
          }
        }
        if (best_count == 0) {
          if (allow_profiles) break;
          allow_profiles = true;
          continue;
        }
        chosen.push_back(cands[best].name + " (" + std::to_string(best_count) + ")");
        std::vector<size_t> rest;
        for (size_t x : remaining)
          if (!flags[x][best]) rest.push_back(x);
        remaining = std::move(rest);
      }
    }
    std::vector<std::string> full;
    for (const auto& e : rr.explanations)
      if (e.explained == total) full.push_back(e.candidate);
    std::stable_partition(full.begin(), full.end(), [](const std::string& n) { return n.rfind("profile ", 0) != 0; });
    if (!full.empty()) {
      rr.verdict = "follows variant " + full.front();
      if (full.size() > 1) {
        rr.verdict += " (also explained by";
        for (size_t k = 1; k < full.size(); ++k) rr.verdict += (k > 1 ? ", " : " ") + full[k];
        rr.verdict += ")";
      }
    } else if (!chosen.empty()) {
      rr.verdict = rr.unexplained == 0 ? "follows variants" : "partly explained by";
      for (size_t k = 0; k < chosen.size(); ++k) rr.verdict += (k ? " + " : " ") + chosen[k];
      if (rr.unexplained) rr.verdict += "; " + std::to_string(rr.unexplained) + " of " + std::to_string(total) + " unexplained";
    } else {
      rr.verdict = "unexplained";
    }
    for (const auto& [fi, pc] : per_case) {
      Discrepancy d;
      d.case_name = set.files[fi].name;
      d.rule = std::string(ref::rule_name(rule));
      d.failures = pc.first.size();
      d.first_index = pc.first.front();
      for (size_t k = 0; k < cands.size(); ++k)
        if (pc.second[k]) d.explained_by += (d.explained_by.empty() ? "" : "|") + cands[k].name;
      report.discrepancies.push_back(d);
    }
  }
  std::sort(report.discrepancies.begin(), report.discrepancies.end(), [](const Discrepancy& a, const Discrepancy& b) {
    return std::tie(a.case_name, a.rule) < std::tie(b.case_name, b.rule);
  });
  return report;
}

// =============================================================================================
// Output

namespace {

std::string counts_text(const Counts& c) {
  return std::to_string(c.pass) + " pass, " + std::to_string(c.fail) + " fail, " + std::to_string(c.unspecified) +
         " unspecified, " + std::to_string(c.rejected) + " rejected";
}

// The exact value, short: the decimal expansion when it is short, else 17 significant digits and
// the exact dyadic m*2^e.
std::string exact_text(ElementType t, const Element& e) {
  const ref::ExactValue v = ref::decode_element(t, e).value;
  const std::string full = ref::to_exact_string(v);
  if (full.size() <= 32 || !v.is_finite() || v.den != 1) return full;
  ref::BigInt m = v.num;
  int64_t k = v.exp2;
  while (m != 0 && (m & 1) == 0) {
    m >>= 1;
    ++k;
  }
  return (v.negative ? "-" : "") + ref::format_printf_g(ref::ExactValue{v.kind, false, v.num, v.den, v.exp2}, 17) +
         " (exactly " + (v.negative ? "-" : "") + m.str() + "*2^" + std::to_string(k) + ")";
}

std::string show(ElementType t, const Element& e) {
  if (t == ElementType::kString) return json(e.text).dump();
  return format_hex_bits(e.bits & bit_mask(t), info(t).bits) + " (" + exact_text(t, e) + ")";
}

std::string failure_line(const Failure& f) {
  std::string s = f.case_name + "[" + std::to_string(f.index) + "] (" + f.call + "): input " + show(f.from, f.input) +
                  ", expected " + show(f.to, f.expected) +
                  (f.outcome == ref::OutcomeClass::kNan ? " (any NaN" + std::string(is_float(f.to) && info(f.to).format.has_sign &&
                                                                                        info(f.to).format.special != SpecialEncoding::kFnuz
                                                                                    ? " of that sign)"
                                                                                    : ")")
                                                       : std::string()) +
                  ", actual " + show(f.to, f.actual);
  if (!f.explained_by.empty()) {
    s += "  [explained by:";
    for (const auto& e : f.explained_by) s += " " + e;
    s += "]";
  } else {
    s += "  [unexplained]";
  }
  return s;
}

json counts_json(const Counts& c) {
  return json{{"pass", c.pass}, {"fail", c.fail}, {"unspecified", c.unspecified}, {"rejected", c.rejected}};
}

json failure_json(const Failure& f) {
  const auto value = [](ElementType t, const Element& e) {
    if (t == ElementType::kString) return json{{"text", e.text}};
    return json{{"bits", format_hex_bits(e.bits & bit_mask(t), info(t).bits)}, {"value", exact_text(t, e)},
                {"exact", ref::to_exact_string(ref::decode_element(t, e).value)}};
  };
  return json{{"case", f.case_name},
              {"index", f.index},
              {"from", type_name(f.from)},
              {"to", type_name(f.to)},
              {"call", f.call},
              {"input", value(f.from, f.input)},
              {"expected", value(f.to, f.expected)},
              {"expected_outcome", std::string(ref::outcome_name(f.outcome))},
              {"actual", value(f.to, f.actual)},
              {"explained_by", f.explained_by}};
}

std::string html_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace

std::string report_text(const Report& r) {
  std::ostringstream o;
  o << "castlike validate: " << r.implementation << "\n";
  o << "implementation: " << r.description << "\n";
  o << "vectors:";
  for (const auto& v : r.vector_roots) o << " " << v;
  o << " (" << r.cases << " cases, " << r.total.total() << " elements)\n";
  o << "total: " << counts_text(r.total) << "\n\n";

  size_t clean = 0;
  o << "pairs with failures or rejections (from -> to: pass / fail / unspecified / rejected):\n";
  for (const auto& [pair, pr] : r.pairs) {
    if (pr.counts.fail == 0 && pr.counts.rejected == 0 && pr.rejections.empty()) {
      ++clean;
      continue;
    }
    o << "  " << type_name(pair.first) << " -> " << type_name(pair.second) << ": " << counts_text(pr.counts) << "\n";
    for (const auto& rej : pr.rejections)
      o << "      rejected " << rej.case_name << " (" << rej.call << "): " << rej.message << "\n";
  }
  o << "  (" << clean << " of " << r.pairs.size() << " pairs in the vector set have no failure and no rejection)\n\n";

  o << "rules (pass / fail / unspecified / rejected):\n";
  for (const auto& [rule, rr] : r.rules) {
    o << "  " << ref::rule_name(rule) << ": " << counts_text(rr.counts);
    if (rr.counts.fail) o << "  -> " << rr.verdict;
    o << "\n";
  }
  bool any_failure = false;
  for (const auto& [rule, rr] : r.rules) {
    if (!rr.counts.fail) continue;
    if (!any_failure) o << "\nfailing rules:\n";
    any_failure = true;
    o << "\n  " << ref::rule_name(rule) << " (" << ref::rule_summary(rule) << "): " << rr.counts.fail
      << " failures; " << rr.verdict << "\n";
    for (const auto& e : rr.explanations)
      o << "    " << e.candidate << " explains " << e.explained << " of " << rr.counts.fail << ": " << e.description << "\n";
    o << "    first cases:\n";
    for (const auto& f : rr.examples) o << "      " << failure_line(f) << "\n";
    if (rr.unexplained && !rr.explanations.empty()) {
      o << "    unexplained cases (" << rr.unexplained << "):\n";
      for (const auto& f : rr.unexplained_examples) o << "      " << failure_line(f) << "\n";
    }
  }
  o << "\nsummary: " << r.implementation << ": " << counts_text(r.total) << "; " << r.rejections.size()
    << " rejection(s); " << (r.ok() ? "PASS" : "FAIL") << "\n";
  return o.str();
}

std::string report_json(const Report& r) {
  json j;
  j["format"] = "castlike-validation-report";
  j["format_version"] = 1;
  j["implementation"] = r.implementation;
  j["description"] = r.description;
  j["vectors"] = r.vector_roots;
  j["cases"] = r.cases;
  j["total"] = counts_json(r.total);
  j["ok"] = r.ok();
  json pairs = json::array();
  for (const auto& [pair, pr] : r.pairs) {
    json p{{"from", type_name(pair.first)}, {"to", type_name(pair.second)}, {"counts", counts_json(pr.counts)}};
    json rej = json::array();
    for (const auto& x : pr.rejections)
      rej.push_back({{"case", x.case_name}, {"call", x.call}, {"message", x.message}, {"elements", x.elements}});
    p["rejections"] = rej;
    pairs.push_back(p);
  }
  j["pairs"] = pairs;
  json rules = json::array();
  for (const auto& [rule, rr] : r.rules) {
    json x{{"rule", std::string(ref::rule_name(rule))}, {"counts", counts_json(rr.counts)}};
    if (rr.counts.fail) {
      x["verdict"] = rr.verdict;
      json ex = json::array();
      for (const auto& e : rr.explanations)
        ex.push_back({{"candidate", e.candidate}, {"description", e.description}, {"explained", e.explained}});
      x["explanations"] = ex;
      x["unexplained"] = rr.unexplained;
      json cases = json::array();
      for (const auto& f : rr.examples) cases.push_back(failure_json(f));
      x["first_failures"] = cases;
      json un = json::array();
      for (const auto& f : rr.unexplained_examples) un.push_back(failure_json(f));
      x["unexplained_failures"] = un;
    }
    rules.push_back(x);
  }
  j["rules"] = rules;
  json d = json::array();
  for (const auto& x : r.discrepancies)
    d.push_back({{"case", x.case_name},
                 {"rule", x.rule},
                 {"failures", x.failures},
                 {"first_index", x.first_index},
                 {"explained_by", x.explained_by}});
  j["discrepancies"] = d;
  json rej = json::array();
  for (const auto& x : r.rejections)
    rej.push_back({{"case", x.case_name}, {"call", x.call}, {"message", x.message}, {"elements", x.elements}});
  j["rejections"] = rej;
  return j.dump(1) + "\n";
}

std::string report_html(const Report& r) {
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>castlike validate: "
    << html_escape(r.implementation) << "</title>\n<style>\n"
    << "body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}\n"
    << "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:2px 5px;font-size:12px}\n"
    << "table.m td{width:22px;height:22px;padding:0;text-align:center}\n"
    << "table.m th.c{writing-mode:vertical-rl;transform:rotate(180deg);white-space:nowrap}\n"
    << ".pass{background:#4caf50}.fail{background:#e53935}.rej{background:#616161}.partial{background:#ff9800}"
    << ".unspec{background:#c5e1a5}.none{background:#fff}\n"
    << "code{font-size:12px}.legend span{display:inline-block;width:14px;height:14px;margin:0 4px 0 12px;"
       "vertical-align:middle;border:1px solid #999}\n"
    << "</style></head><body>\n";
  o << "<h1>castlike validate: " << html_escape(r.implementation) << "</h1>\n";
  o << "<p>" << html_escape(r.description) << "<br>vectors:";
  for (const auto& v : r.vector_roots) o << " <code>" << html_escape(v) << "</code>";
  o << " (" << r.cases << " cases, " << r.total.total() << " elements)<br><b>" << (r.ok() ? "PASS" : "FAIL")
    << "</b>: " << html_escape(counts_text(r.total)) << "</p>\n";
  o << "<h2>Pairs (row: from, column: to)</h2>\n<p class=\"legend\"><span class=\"pass\"></span>all pass"
    << "<span class=\"unspec\"></span>pass, only unspecified elements otherwise"
    << "<span class=\"fail\"></span>failures<span class=\"partial\"></span>passes, but some calls rejected"
    << "<span class=\"rej\"></span>rejected (not supported)<span class=\"none\"></span>no vectors</p>\n";
  o << "<table class=\"m\"><tr><th></th>";
  for (const TypeInfo& t : kTypeTable) o << "<th class=\"c\">" << t.name << "</th>";
  o << "</tr>\n";
  for (const TypeInfo& from : kTypeTable) {
    o << "<tr><th>" << from.name << "</th>";
    for (const TypeInfo& to : kTypeTable) {
      const auto it = r.pairs.find({from.type, to.type});
      if (it == r.pairs.end()) {
        o << "<td class=\"none\" title=\"" << from.name << " -> " << to.name << ": no vectors\"></td>";
        continue;
      }
      const Counts& c = it->second.counts;
      std::string cls = "pass";
      if (c.fail) cls = "fail";
      else if (c.pass == 0 && (c.rejected || !it->second.rejections.empty())) cls = "rej";
      else if (c.rejected || !it->second.rejections.empty()) cls = "partial";
      else if (c.pass == 0) cls = "unspec";
      std::string title = std::string(from.name) + " -> " + std::string(to.name) + ": " + counts_text(c);
      for (const auto& rej : it->second.rejections) title += "\n" + rej.case_name + ": " + rej.message;
      o << "<td class=\"" << cls << "\" title=\"" << html_escape(title) << "\">" << (c.fail ? "&times;" : "") << "</td>";
    }
    o << "</tr>\n";
  }
  o << "</table>\n";
  o << "<h2>Rules</h2>\n<table><tr><th>rule</th><th>pass</th><th>fail</th><th>unspecified</th><th>rejected</th>"
       "<th>verdict</th></tr>\n";
  for (const auto& [rule, rr] : r.rules) {
    o << "<tr><td><code>" << ref::rule_name(rule) << "</code></td><td>" << rr.counts.pass << "</td><td"
      << (rr.counts.fail ? " class=\"fail\"" : "") << ">" << rr.counts.fail << "</td><td>" << rr.counts.unspecified
      << "</td><td>" << rr.counts.rejected << "</td><td>" << html_escape(rr.counts.fail ? rr.verdict : "") << "</td></tr>\n";
  }
  o << "</table>\n";
  for (const auto& [rule, rr] : r.rules) {
    if (!rr.counts.fail) continue;
    o << "<h3><code>" << ref::rule_name(rule) << "</code>: " << html_escape(rr.verdict) << "</h3>\n<p>"
      << html_escape(std::string(ref::rule_summary(rule))) << "</p>\n<ul>\n";
    for (const auto& e : rr.explanations)
      o << "<li><code>" << html_escape(e.candidate) << "</code> explains " << e.explained << " of " << rr.counts.fail
        << ": " << html_escape(e.description) << "</li>\n";
    o << "</ul>\n<ul>\n";
    for (const auto& f : rr.examples) o << "<li><code>" << html_escape(failure_line(f)) << "</code></li>\n";
    for (const auto& f : rr.unexplained_examples)
      if (!rr.explanations.empty()) o << "<li><code>" << html_escape(failure_line(f)) << "</code></li>\n";
    o << "</ul>\n";
  }
  if (!r.rejections.empty()) {
    o << "<h2>Rejections (coverage)</h2>\n<table><tr><th>case</th><th>call</th><th>elements</th><th>message</th></tr>\n";
    for (const auto& x : r.rejections)
      o << "<tr><td><code>" << html_escape(x.case_name) << "</code></td><td>" << html_escape(x.call) << "</td><td>"
        << x.elements << "</td><td>" << html_escape(x.message) << "</td></tr>\n";
    o << "</table>\n";
  }
  o << "</body></html>\n";
  return o.str();
}

// =============================================================================================
// The kernel library, when built

#ifndef CASTLIKE_VALIDATOR_HAVE_KERNELS
std::variant<std::unique_ptr<Implementation>, std::string> make_kernels_implementation() {
  return std::string("this build has no kernel library (optimized/, include/castlike/castlike.h)");
}
#endif

}  // namespace castlike::conformance
