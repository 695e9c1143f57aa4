// `castlike report --format json`: the same rows, totals and coverage as the text.
#include <nlohmann/json.hpp>

#include "builtin_report.hpp"

namespace castlike::harness {

std::string builtin_report_json(const BuiltinReport& r) {
  nlohmann::ordered_json j;
  j["vectors"] = r.vectors_dir;
  j["vector_files"] = r.rows.size();
  j["profile"] = r.profile;
  j["skipped"] = nlohmann::ordered_json::array();
  for (const auto& [path, format] : r.other_files) j["skipped"].push_back({{"path", path}, {"format", format}});
  j["ok"] = r.ok();
  j["implementations"] = nlohmann::ordered_json::array();
  for (const BuiltinResult& ir : r.implementations) {
    const Report& v = ir.validation;
    nlohmann::ordered_json ij;
    ij["name"] = v.implementation;
    ij["description"] = v.description;
    ij["ok"] = r.ok(ir);
    ij["files"] = nlohmann::ordered_json::array();
    size_t files_failed = 0;
    for (const BuiltinReport::Row& row : r.rows) {
      nlohmann::ordered_json fj;
      fj["path"] = row.path;
      if (!row.case_index) {
        ++files_failed;
        fj["status"] = "error";
        fj["pass"] = 0;
        fj["fail"] = 0;
        fj["unspecified"] = 0;
        fj["error"] = row.load_error;
        ij["files"].push_back(std::move(fj));
        continue;
      }
      const CaseResult& c = v.case_results[*row.case_index];
      const bool failed = !c.rejection.empty() || c.counts.fail;
      if (failed) ++files_failed;
      fj["status"] = !c.rejection.empty() ? "error" : (c.counts.fail ? "fail" : "pass");
      fj["pass"] = c.counts.pass;
      fj["fail"] = c.counts.fail;
      fj["unspecified"] = c.counts.unspecified;
      if (!c.rejection.empty()) fj["error"] = "rejected: " + c.rejection;
      if (!c.failures.empty()) {
        fj["failures"] = nlohmann::ordered_json::array();
        for (const Failure& f : c.failures) fj["failures"].push_back(element_failure_text(f));
      }
      ij["files"].push_back(std::move(fj));
    }
    ij["totals"] = {{"files", r.rows.size()}, {"files_failed", files_failed}, {"pass", v.total.pass},
                    {"fail", v.total.fail},   {"unspecified", v.total.unspecified}, {"rejected", v.total.rejected}};
    const Coverage& c = ir.coverage;
    ij["coverage"] = {{"combinations", c.combinations}, {"ran", c.ran},          {"matched", c.matched},
                      {"errors", c.errors},             {"pairs_ran", c.pairs_ran}, {"pairs_total", kTypeTable.size() * kTypeTable.size()},
                      {"problems", c.problems}};
    j["implementations"].push_back(std::move(ij));
  }
  return j.dump(1) + "\n";
}

}  // namespace castlike::harness
