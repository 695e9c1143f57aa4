// A baseline ("castlike-known-discrepancies", vectors/schema/README.md "Baselines"): the discrepancy
// rows (case, rule, failures, explained_by) and rejections (case, message) a run is known to give.
// `castlike validate --expect FILE` compares a report with one, so that only what is new fails;
// `--write-expect FILE` writes the current run as one. The committed files of
// vectors/known-discrepancies/ are baselines of the pinned peers.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "judging/report.hpp"

namespace castlike::harness {

// One row of a baseline, or of a run: a discrepancy (case, rule) or a rejection (case, message).
struct BaselineEntry {
  enum class Kind { kDiscrepancy, kRejection };
  Kind kind = Kind::kDiscrepancy;
  std::string case_name;
  std::string rule;          // a discrepancy's rule id
  uint64_t failures = 0;     // a discrepancy's failing elements
  std::string explained_by;  // a discrepancy's readings explaining all of them, "|"-joined; "" if none
  std::string message;       // a rejection's message
  // Of a run's row only: the call, and a discrepancy's first failures (with their readings).
  std::string call;
  std::vector<Failure> examples;

  // What the row is about: (kind, case, rule) or (kind, case, message); a run's row and the
  // baseline's row of the same key are compared, and a baseline holds each key once.
  std::tuple<Kind, std::string, std::string> key() const;
  // "discrepancy CASE, RULE: 2 failure(s), explained by nan-sign" / "rejection CASE: message"
  std::string text() const;
  // A discrepancy's readings: "explained by A2=six|nan-sign", or "unexplained".
  std::string readings() const;
};

struct Baseline {
  std::string path;
  // What the file says it records (shown, not compared): all optional.
  std::string implementation, description;
  std::vector<std::string> pinned, vectors;
  std::vector<BaselineEntry> entries;  // discrepancies, then rejections, as in the file
};

// Reads a baseline strictly: malformed JSON, a key given twice, an unknown field, a field of the
// wrong type, an unknown rule id or a row given twice is an error naming the file and the field.
std::variant<Baseline, std::string> read_baseline(const std::string& path);

// The rows of a run: its discrepancies (sorted by case, rule) and rejections (by case, message).
std::vector<BaselineEntry> run_entries(const Report& report);

// The run as a baseline document (JSON text, what `--write-expect` writes).
std::string baseline_document(const Report& report);
// Rows of any run (an every-input run's: case = configuration id) as a baseline document.
std::string baseline_document(const std::vector<BaselineEntry>& rows, const std::string& implementation,
                              const std::string& description, const std::vector<std::string>& vectors);

// A run against a baseline. Every row of the run is known (equal to the baseline's row of the same
// key), new (no such row) or changed (another failure count or explanation); every row of the
// baseline the run does not have is vanished (its case ran and no longer gives it) or not run (its
// case is not in the vector set, or its call failed).
struct BaselineComparison {
  std::string path;
  bool strict = false;  // --expect-strict: vanished and not-run rows fail too
  size_t known = 0;
  std::vector<BaselineEntry> added;                                // new: the run's rows
  std::vector<std::pair<BaselineEntry, BaselineEntry>> changed;    // (baseline's row, run's row)
  std::vector<BaselineEntry> vanished, not_run;                    // the baseline's rows
  bool call_failures = false;                                      // never excused by a baseline

  // The verdict: no failed call, nothing new or changed, and (strict) nothing vanished or not run.
  bool ok() const;
  // "baseline known.json: 288 known, 1 new, 0 changed, 2 vanished" (and ", 3 not run" if any).
  std::string summary() const;
};

BaselineComparison compare_with_baseline(const Report& report, const Baseline& baseline, bool strict);
// The same for rows of any run: `judged` holds the cases whose calls gave an answer (a baseline
// row of another case is "not run"), `call_failures` whether any call failed.
BaselineComparison compare_rows(std::vector<BaselineEntry> run, const std::set<std::string>& judged, bool call_failures,
                                const Baseline& baseline, bool strict);


}  // namespace castlike::harness
