// `castlike report` as text: the verdict on the first line, then a short summary (the vectors,
// one line for the files of other formats, per implementation: verdict, element counts, files,
// coverage, ISA), then per failing implementation the rows of its failing vector files, its
// totals, the coverage sweep and a verdict (when verbose: every implementation, every file, every
// skipped file); a summary line last. A passing run fits the first screen whatever the number of
// files.
#include <sstream>

#include "builtin_report.hpp"
#include "rendering/render.hpp"

namespace castlike::harness {
namespace {

std::string pad_left(const std::string& s, size_t w) { return s.size() >= w ? s : std::string(w - s.size(), ' ') + s; }

}  // namespace

std::string builtin_report_text(const BuiltinReport& r, bool verbose) {
  std::ostringstream out;
  std::string failing;
  for (const BuiltinResult& ir : r.implementations)
    if (!r.ok(ir)) failing += (failing.empty() ? " (" : ", ") + ir.validation.implementation;
  out << "castlike report: " << (r.ok() ? "PASS" : "FAIL" + failing + (failing.empty() ? "" : ")")) << "\n";
  out << "vectors: " << r.vectors_dir << " (" << r.rows.size() << " files), profile " << r.profile << "\n";
  if (verbose) {
    for (const auto& [path, format] : r.other_files) out << "skipped: " << path << " (format " << format << ")\n";
  } else if (!r.other_files.empty()) {
    const bool one = r.other_files.size() == 1;
    out << "skipped: " << r.other_files.size() << (one ? " file of another format" : " files of other formats")
        << " (--verbose lists " << (one ? "it" : "them") << ")\n";
  }
  if (r.rows.empty()) out << "error: no vector files found\n";
  out << "\n";
  for (const BuiltinResult& ir : r.implementations) {
    const Report& v = ir.validation;
    size_t files_failed = 0;
    for (const BuiltinReport::Row& row : r.rows)
      if (!row.case_index || !v.case_results[*row.case_index].rejection.empty() ||
          v.case_results[*row.case_index].counts.fail)
        ++files_failed;
    out << (r.ok(ir) ? "PASS " : "FAIL ") << v.implementation << "\n     " << v.description << "\n";
    out << "     " << v.total.pass << " pass, " << v.total.fail << " fail, " << v.total.unspecified << " unspecified, "
        << v.total.rejected << " rejected; " << files_failed << " of " << r.rows.size() << " files failed\n";
    out << "     coverage " << ir.coverage.matched << "/" << ir.coverage.combinations << " agree, "
        << ir.coverage.errors << " errors, " << ir.coverage.pairs_ran << "/" << kTypeTable.size() * kTypeTable.size() << " pairs\n";
  }
  if (!verbose)
    out << (r.ok() ? "(--verbose lists every file and the coverage sweep's versions)\n"
                   : "(the failing implementations follow, only their failing files; --verbose lists all)\n");
  for (const BuiltinResult& ir : r.implementations) {
    const Report& v = ir.validation;
    if (!verbose && r.ok(ir)) continue;  // the summary above says all there is
    out << "\n== " << v.implementation << ": " << v.description << " ==\n";
    out << "  " << pad_left("pass", 6) << pad_left("fail", 6) << pad_left("unspec", 8) << "  file\n";
    size_t files_failed = 0;
    for (const BuiltinReport::Row& row : r.rows) {
      if (!row.case_index) {
        ++files_failed;
        out << "  " << pad_left("0", 6) << pad_left("0", 6) << pad_left("0", 8) << "  " << row.path << "  [ERROR: "
            << row.load_error << "]\n";
        continue;
      }
      const CaseResult& c = v.case_results[*row.case_index];
      if (!verbose && c.rejection.empty() && !c.counts.fail) continue;
      out << "  " << pad_left(std::to_string(c.counts.pass), 6) << pad_left(std::to_string(c.counts.fail), 6)
          << pad_left(std::to_string(c.counts.unspecified), 8) << "  " << row.path;
      if (!c.rejection.empty()) out << "  [ERROR: rejected: " << c.rejection << "]";
      else if (c.counts.fail) out << "  [FAIL]";
      out << "\n";
      if (!c.rejection.empty() || c.counts.fail) ++files_failed;
      for (const Failure& f : c.failures) out << "        " << element_failure_text(f) << "\n";
    }
    out << "  totals: " << r.rows.size() << " files: " << r.rows.size() - files_failed << " passed, " << files_failed
        << " failed; elements: " << v.total.pass << " pass, " << v.total.fail << " fail, " << v.total.unspecified
        << " unspecified, " << v.total.rejected << " rejected\n";
    const Coverage& c = ir.coverage;
    out << "  coverage: " << c.ran << "/" << c.combinations
        << " pair x operator version x attribute combinations ran (" << coverage_versions() << "), " << c.matched
        << " agree with the reference, " << c.errors << " errors; " << c.pairs_ran << "/" << kTypeTable.size() * kTypeTable.size() << " type pairs\n";
    for (const std::string& p : c.problems) out << "        " << p << "\n";
    out << "  result: " << (r.ok(ir) ? "PASS" : "FAIL") << "\n";
  }
  // One name and verdict per implementation, wrapped at 80 columns: a CPU with more kernel levels
  // has more of them.
  out << "\n";
  std::string line = "summary:";
  for (const BuiltinResult& ir : r.implementations) {
    const std::string item = " " + ir.validation.implementation + " " + (r.ok(ir) ? "PASS" : "FAIL");
    if (line.size() + item.size() > 80) {
      out << line << "\n";
      line = " ";
    }
    line += item;
  }
  out << line << "\n";
  return out.str();
}

}  // namespace castlike::harness
