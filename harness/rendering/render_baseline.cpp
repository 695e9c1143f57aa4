// The text report's opening against a baseline (castlike validate --expect, and --exhaustive):
// the comparison judging/baseline.cpp makes, as text.
#include <sstream>

#include "judging/baseline.hpp"
#include "rendering/render.hpp"

namespace castlike::harness {
namespace {

// A row of the run as the text report lists it: a rejection with its call.
std::string run_row_text(const BaselineEntry& e) {
  if (e.kind == BaselineEntry::Kind::kRejection) return "rejection " + e.case_name + " (" + e.call + "): " + e.message;
  return e.text();
}

}  // namespace

std::string baseline_text(const BaselineComparison& c, const Report& report) {
  return baseline_text(c, "castlike validate: " + report.implementation, report.call_failures.size(), "case") +
         "\nthe run itself, without the baseline:\n";
}

std::string baseline_text(const BaselineComparison& c, const std::string& heading, size_t call_failures,
                          const std::string& case_word) {
  std::ostringstream o;
  o << heading << ": " << (c.ok() ? "PASS" : "FAIL") << " against the baseline\n";
  o << c.summary() << "\n";
  o << (c.strict ? "  new, changed, vanished and not-run rows fail (--expect-strict)\n"
                  : "  new and changed rows fail; vanished and not-run rows are reported only\n"
                    "  (they fail with --expect-strict)\n");
  if (c.call_failures)
    o << "  failed calls: " << call_failures << " (never excused by a baseline; listed below)\n";
  // The rows that fail first, each with its first failing cases (the first 20 rows in full).
  size_t shown = 0;
  const auto with_cases = [&](const BaselineEntry& e) {
    if (e.kind == BaselineEntry::Kind::kRejection || e.examples.empty() || shown++ >= 20) return;
    for (const auto& f : e.examples) o << failure_block(f, "    ");
    if (e.failures > e.examples.size()) o << "    ... and " << e.failures - e.examples.size() << " more\n";
  };
  if (!c.added.empty()) {
    o << "\nnew (" << c.added.size() << "), not in the baseline:\n";
    for (const auto& e : c.added) {
      o << "  " << run_row_text(e) << "\n";
      with_cases(e);
    }
  }
  if (!c.changed.empty()) {
    o << "\nchanged (" << c.changed.size() << "), other failures or readings than in the baseline:\n";
    for (const auto& [was, now] : c.changed) {
      o << "  " << now.text() << "\n      baseline: " << was.failures << " failure(s), " << was.readings() << "\n";
      with_cases(now);
    }
  }
  if (!c.vanished.empty()) {
    o << "\nvanished (" << c.vanished.size() << "), in the baseline but no longer seen: fixed? remove them from\n"
      << "  the baseline (--write-expect FILE writes the current rows):\n";
    for (const auto& e : c.vanished) o << "  " << e.text() << "\n";
  }
  if (!c.not_run.empty()) {
    o << "\nnot run (" << c.not_run.size() << "), in the baseline but their " << case_word
      << " was not judged (not\n  selected, or its calls failed):\n";
    for (const auto& e : c.not_run) o << "  " << e.text() << "\n";
  }
  return o.str();
}

}  // namespace castlike::harness
