#include "castlike/isa_levels.hpp"
#include "builtin_report.hpp"

#include <filesystem>

#include "judging/validator.hpp"

namespace castlike::harness {
namespace {

namespace fs = std::filesystem;

std::string describe(ElementType t, const ref::Element& e) {
  return t == ElementType::kString ? "\"" + e.text + "\"" : format_hex_bits(e.bits & bit_mask(t), info(t).bits);
}

}  // namespace

std::string element_failure_text(const Failure& f) {
  return "element " + std::to_string(f.index) + ": input " + describe(f.from, f.input) + " expected " +
         describe(f.to, f.expected) + " (" + std::string(ref::outcome_name(f.outcome)) + ") got " +
         describe(f.to, f.actual);
}

bool BuiltinReport::ok(const BuiltinResult& r) const {
  for (const Row& row : rows)
    if (!row.case_index) return false;
  return r.validation.ok() && r.coverage.ok();
}

bool BuiltinReport::ok() const {
  for (const BuiltinResult& r : implementations)
    if (!ok(r)) return false;
  return !rows.empty();
}

std::vector<std::unique_ptr<Implementation>> builtin_implementations(const ref::Variants& variants) {
  std::vector<std::unique_ptr<Implementation>> out;
  out.push_back(make_reference_implementation(variants, "reference"));
  if (variants == ref::Variants{}) {
    for (castlike_isa isa : kIsaLevels) {
      auto kernels = make_kernels_implementation(isa);
      if (auto* impl = std::get_if<std::unique_ptr<Implementation>>(&kernels)) out.push_back(std::move(*impl));
    }
  }
  return out;
}

BuiltinReport build_builtin_report(const std::string& vectors_dir, const std::string& profile,
                                   const ref::Variants& variants,
                                   const std::vector<std::unique_ptr<Implementation>>& implementations) {
  BuiltinReport r;
  r.vectors_dir = vectors_dir;
  r.profile = profile;
  const VectorFileList list = find_vector_files(vectors_dir);
  for (const auto& [path, format] : list.other)
    r.other_files.emplace_back(fs::relative(path, vectors_dir).generic_string(), format);
  // Files are loaded one by one, so that a broken file is one failing row, not the end of the run.
  VectorSet set;
  set.roots = {vectors_dir};
  for (const std::string& path : list.vectors) {
    BuiltinReport::Row row;
    row.path = fs::relative(path, vectors_dir).generic_string();
    auto loaded = load_vector_file(path);
    if (auto* file = std::get_if<VectorFile>(&loaded)) {
      row.case_index = set.size();
      // The committed vectors are a few megabytes: kept in memory for the several implementations.
      set.add_resident(std::move(*file), "");  // no results file is matched against this set
    } else {
      row.load_error = std::get<std::string>(loaded);
    }
    r.rows.push_back(std::move(row));
  }
  // What the walker could not use is a failing row too, never a silent skip.
  for (const auto& [path, problem] : list.problems) {
    BuiltinReport::Row row;
    row.path = fs::relative(path, vectors_dir).generic_string();
    row.load_error = path + ": " + problem;
    r.rows.push_back(std::move(row));
  }
  for (const auto& impl : implementations) {
    BuiltinResult result;
    result.validation = validate(set, *impl);
    result.coverage = run_coverage(*impl, variants);
    r.implementations.push_back(std::move(result));
  }
  return r;
}

}  // namespace castlike::harness
