#include "report.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "options.hpp"
#include "reference/cast_like.hpp"
#include "vector_file.hpp"

namespace castlike::cli {
namespace {

namespace fs = std::filesystem;
constexpr size_t kMaxListed = 5;

std::string describe(ElementType t, const ref::Element& e) {
  return t == ElementType::kString ? "\"" + e.text + "\"" : hex(t, e.bits);
}

FileResult run_file(const Implementation& impl, const std::string& root, const std::string& path) {
  FileResult r;
  r.path = fs::relative(path, root).generic_string();
  auto loaded = conformance::load_vector_file(path);
  if (const auto* error = std::get_if<std::string>(&loaded)) {
    r.error = *error;
    return r;
  }
  const conformance::VectorFile& f = std::get<conformance::VectorFile>(loaded);
  if (!impl.supports(f.from, f.to)) {
    r.unsupported = true;
    r.error = std::string(info(f.from).name) + " -> " + std::string(info(f.to).name) + " not supported";
    return r;
  }
  const CallAttributes a{f.opset, f.saturate, f.round_mode};
  const ConvertResult got = impl.convert(f.from, f.to, a, f.input);
  if (const auto* error = std::get_if<std::string>(&got)) {
    r.error = "rejected: " + *error;
    return r;
  }
  const auto& out = std::get<std::vector<ref::Element>>(got);
  if (out.size() != f.expected.size()) {
    r.error = "returned " + std::to_string(out.size()) + " elements for " + std::to_string(f.expected.size());
    return r;
  }
  for (size_t i = 0; i < out.size(); ++i) {
    // Vector files: "nan" accepts any NaN encoding of the destination, whatever its sign
    // (vectors/schema/README.md, section NaN); "exact" is bit for bit (text for STRING).
    bool ok = false;
    if (f.outcomes[i] == ref::OutcomeClass::kNan) {
      ok = is_float(f.to) && ref::decode_element(f.to, out[i]).value.is_nan();
    } else {
      ok = ref::matches(f.to, ref::Result{f.expected[i], f.outcomes[i], ref::RuleId::kIdentity}, out[i]);
    }
    if (f.outcomes[i] == ref::OutcomeClass::kUnspecified) {
      ++r.unspecified;
    } else if (ok) {
      ++r.pass;
    } else {
      ++r.fail;
      if (r.failures.size() < kMaxListed)
        r.failures.push_back("element " + std::to_string(i) + ": input " + describe(f.from, f.input[i]) + " expected " +
                             describe(f.to, f.expected[i]) + " (" + std::string(ref::outcome_name(f.outcomes[i])) +
                             ") got " + describe(f.to, out[i]));
    }
  }
  return r;
}

// The values the coverage run feeds (one per combination, rotating so that neighbouring
// combinations see different ones), read into the source type like `castlike convert` does.
constexpr std::array<const char*, 13> kCoverageValues{
    "1", "0.4790", "-2.5", "1e6", "nan", "-inf", "0", "-0", "300", "3.75", "inf", "-1e-9", "0.1"};

ref::Element coverage_input(ElementType from, const char* text) {
  if (from == ElementType::kString) return ref::Element::of_text(text);
  ref::Attributes a;
  a.saturate = false;
  a.round_mode = CASTLIKE_ROUND_NEAREST;
  return ref::convert_element(ElementType::kString, ref::Element::of_text(text), from, a).value;
}

Coverage run_coverage(const Implementation& impl, const ref::Variants& variants) {
  Coverage c;
  std::set<std::pair<int, int>> pairs;
  const std::vector<std::optional<int64_t>> saturates{std::nullopt, 0, 1};
  const std::vector<std::optional<std::string>> modes{std::nullopt, "up", "down", "nearest"};
  for (size_t vi = 0; vi < kCastLikeVersions.size(); ++vi) {
    const int version = kCastLikeVersions[vi];
    for (size_t fi = 0; fi < kTypeTable.size(); ++fi) {
      const ElementType from = kTypeTable[fi].type;
      if (!type_in_version(from, version)) continue;
      for (size_t ti = 0; ti < kTypeTable.size(); ++ti) {
        const ElementType to = kTypeTable[ti].type;
        if (!type_in_version(to, version)) continue;
        size_t attribute_index = 0;
        for (const auto& saturate : saturates) {
          if (saturate && !saturate_in_version(version)) continue;
          for (const auto& mode : modes) {
            if (mode && !round_mode_in_version(version)) continue;
            ++attribute_index;
            ++c.combinations;
            if (!impl.supports(from, to)) {
              ++c.unsupported;
              continue;
            }
            const char* text = kCoverageValues[(fi + 3 * ti + 5 * attribute_index + vi) % kCoverageValues.size()];
            const ref::Element in = coverage_input(from, text);
            const CallAttributes call{version, saturate, mode};
            const std::string where = std::string(info(from).name) + " -> " + std::string(info(to).name) +
                                      " opset " + std::to_string(version) +
                                      (saturate ? " saturate=" + std::to_string(*saturate) : "") +
                                      (mode ? " round_mode=" + *mode : "");
            const ConvertResult got = impl.convert(from, to, call, {in});
            if (const auto* error = std::get_if<std::string>(&got)) {
              ++c.errors;
              if (c.problems.size() < kMaxListed) c.problems.push_back(where + ": rejected: " + *error);
              continue;
            }
            const auto& out = std::get<std::vector<ref::Element>>(got);
            if (out.size() != 1) {
              ++c.errors;
              if (c.problems.size() < kMaxListed) c.problems.push_back(where + ": wrong element count");
              continue;
            }
            ++c.ran;
            pairs.insert({static_cast<int>(from), static_cast<int>(to)});
            // What the exact reference says for the same call.
            ref::CastLikeRequest request;
            request.input.type = from;
            request.target = to;
            request.opset = version;
            request.saturate = saturate;
            request.round_mode = mode;
            const auto attributes = ref::resolve_attributes(request, variants);
            if (const auto* error = std::get_if<std::string>(&attributes)) {
              if (c.problems.size() < kMaxListed) c.problems.push_back(where + ": reference rejects: " + *error);
              continue;
            }
            const ref::Result want =
                ref::convert_element(from, in, to, std::get<ref::Attributes>(attributes), variants);
            if (ref::matches(to, want, out[0])) {
              ++c.matched;
            } else if (c.problems.size() < kMaxListed) {
              c.problems.push_back(where + ": input " + describe(from, in) + " expected " + describe(to, want.value) +
                                   " (" + std::string(ref::rule_name(want.rule)) + ") got " + describe(to, out[0]));
            }
          }
        }
      }
    }
  }
  c.pairs_ran = pairs.size();
  return c;
}

std::string pad_left(const std::string& s, size_t w) { return s.size() >= w ? s : std::string(w - s.size(), ' ') + s; }

}  // namespace

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

Report build_report(const std::string& vectors_dir, const std::string& profile, const ref::Variants& variants,
                    const std::vector<std::unique_ptr<Implementation>>& implementations) {
  Report r;
  r.vectors_dir = vectors_dir;
  r.profile = profile;
  const VectorFileList list = find_vector_files(vectors_dir);
  const auto& files = list.vectors;
  r.vector_files = files.size();
  for (const auto& [path, format] : list.other)
    r.other_files.emplace_back(fs::relative(path, vectors_dir).generic_string(), format);
  for (const auto& impl : implementations) {
    ImplementationReport ir;
    ir.name = impl->name();
    ir.description = impl->description();
    for (const std::string& path : files) {
      FileResult fr = run_file(*impl, vectors_dir, path);
      ir.pass += fr.pass;
      ir.fail += fr.fail;
      ir.unspecified += fr.unspecified;
      if (fr.unsupported) ++ir.files_unsupported;
      else if (!fr.ok()) ++ir.files_failed;
      ir.files.push_back(std::move(fr));
    }
    ir.coverage = run_coverage(*impl, variants);
    r.implementations.push_back(std::move(ir));
  }
  return r;
}

std::string report_text(const Report& r) {
  std::ostringstream out;
  out << "castlike conformance report\n";
  out << "vectors: " << r.vectors_dir << " (" << r.vector_files << " files)\n";
  out << "profile: " << r.profile << "\n";
  for (const auto& [path, format] : r.other_files) out << "skipped: " << path << " (format " << format << ")\n";
  if (r.vector_files == 0) out << "error: no vector files found\n";
  for (const ImplementationReport& ir : r.implementations) {
    out << "\n== " << ir.name << ": " << ir.description << " ==\n";
    out << "  " << pad_left("pass", 6) << pad_left("fail", 6) << pad_left("unspec", 8) << "  file\n";
    for (const FileResult& f : ir.files) {
      out << "  " << pad_left(std::to_string(f.pass), 6) << pad_left(std::to_string(f.fail), 6)
          << pad_left(std::to_string(f.unspecified), 8) << "  " << f.path;
      if (f.unsupported) out << "  [unsupported: " << f.error << "]";
      else if (!f.error.empty()) out << "  [ERROR: " << f.error << "]";
      else if (f.fail) out << "  [FAIL]";
      out << "\n";
      for (const std::string& d : f.failures) out << "        " << d << "\n";
    }
    const size_t files_passed = ir.files.size() - ir.files_failed - ir.files_unsupported;
    out << "  totals: " << ir.files.size() << " files: " << files_passed << " passed, " << ir.files_failed
        << " failed, " << ir.files_unsupported << " unsupported; elements: " << ir.pass << " pass, " << ir.fail
        << " fail, " << ir.unspecified << " unspecified\n";
    const Coverage& c = ir.coverage;
    out << "  coverage: " << c.ran << "/" << c.combinations
        << " pair x opset x attribute combinations ran (opsets 15,19,21,23,24,25), " << c.matched
        << " agree with the reference, " << c.errors << " errors, " << c.unsupported << " unsupported; "
        << c.pairs_ran << "/576 type pairs\n";
    for (const std::string& p : c.problems) out << "        " << p << "\n";
    out << "  result: " << (ir.ok() ? "PASS" : "FAIL") << "\n";
  }
  out << "\nsummary:";
  for (const ImplementationReport& ir : r.implementations) out << " " << ir.name << " " << (ir.ok() ? "PASS" : "FAIL");
  out << "\n";
  return out.str();
}

std::string report_json(const Report& r) {
  nlohmann::ordered_json j;
  j["vectors"] = r.vectors_dir;
  j["vector_files"] = r.vector_files;
  j["profile"] = r.profile;
  j["skipped"] = nlohmann::ordered_json::array();
  for (const auto& [path, format] : r.other_files) j["skipped"].push_back({{"path", path}, {"format", format}});
  j["ok"] = r.ok();
  j["implementations"] = nlohmann::ordered_json::array();
  for (const ImplementationReport& ir : r.implementations) {
    nlohmann::ordered_json ij;
    ij["name"] = ir.name;
    ij["description"] = ir.description;
    ij["ok"] = ir.ok();
    ij["files"] = nlohmann::ordered_json::array();
    for (const FileResult& f : ir.files) {
      nlohmann::ordered_json fj;
      fj["path"] = f.path;
      fj["status"] = f.unsupported ? "unsupported" : (f.ok() ? "pass" : (f.error.empty() ? "fail" : "error"));
      fj["pass"] = f.pass;
      fj["fail"] = f.fail;
      fj["unspecified"] = f.unspecified;
      if (!f.error.empty()) fj["error"] = f.error;
      if (!f.failures.empty()) fj["failures"] = f.failures;
      ij["files"].push_back(std::move(fj));
    }
    ij["totals"] = {{"files", ir.files.size()},
                    {"files_failed", ir.files_failed},
                    {"files_unsupported", ir.files_unsupported},
                    {"pass", ir.pass},
                    {"fail", ir.fail},
                    {"unspecified", ir.unspecified}};
    const Coverage& c = ir.coverage;
    ij["coverage"] = {{"combinations", c.combinations}, {"ran", c.ran},           {"matched", c.matched},
                      {"errors", c.errors},             {"unsupported", c.unsupported},
                      {"pairs_ran", c.pairs_ran},       {"pairs_total", 576},     {"problems", c.problems}};
    j["implementations"].push_back(std::move(ij));
  }
  return j.dump(1) + "\n";
}

}  // namespace castlike::cli
