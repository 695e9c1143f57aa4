#include "judging/baseline.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <tuple>

#include "formats/json_reader.hpp"
#include "judging/readings.hpp"
#include "formats/printable.hpp"
#include "reference/semantics.hpp"

namespace castlike::harness {
namespace {

using nlohmann::json;

constexpr const char* kFormat = "castlike-known-discrepancies";

// Thrown inside read_baseline only: the field (a path such as "discrepancies[3].failures") and
// what is wrong with it.
struct Problem {
  std::string field, message;
};

[[noreturn]] void fail(const std::string& field, const std::string& message) { throw Problem{field, message}; }

std::string kind_of(const json& v) {
  switch (v.type()) {
    case json::value_t::string: return "a string";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned: return "an integer";
    case json::value_t::number_float: return "a non-integer number";
    case json::value_t::array: return "an array";
    case json::value_t::object: return "an object";
    case json::value_t::boolean: return "a boolean";
    default: return "null";
  }
}

void only_fields(const json& object, const std::vector<std::string>& known, const std::string& where) {
  for (const auto& item : object.items())
    if (std::find(known.begin(), known.end(), item.key()) == known.end()) {
      std::string list;
      for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
      fail(where.empty() ? item.key() : where + "." + item.key(), "is unknown (the fields are " + list + ")");
    }
}

const json& member(const json& object, const std::string& name, const std::string& where) {
  const auto it = object.find(name);
  if (it == object.end()) fail(where.empty() ? name : where + "." + name, "is missing");
  return *it;
}

std::string string_member(const json& object, const std::string& name, const std::string& where, bool non_empty) {
  const json& v = member(object, name, where);
  const std::string field = where.empty() ? name : where + "." + name;
  if (!v.is_string()) fail(field, "is " + kind_of(v) + ", not a string");
  if (non_empty && v.get_ref<const std::string&>().empty()) fail(field, "is empty");
  return v.get<std::string>();
}

std::vector<std::string> string_array(const json& v, const std::string& field) {
  if (!v.is_array()) fail(field, "is " + kind_of(v) + ", not an array of strings");
  std::vector<std::string> out;
  for (size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_string()) fail(field + "[" + std::to_string(i) + "]", "is " + kind_of(v[i]) + ", not a string");
    out.push_back(v[i].get<std::string>());
  }
  return out;
}

const json& array_member(const json& object, const std::string& name) {
  const json& v = member(object, name, "");
  if (!v.is_array()) fail(name, "is " + kind_of(v) + ", not an array");
  return v;
}

BaselineEntry read_discrepancy(const json& row, const std::string& where) {
  if (!row.is_object()) fail(where, "is " + kind_of(row) + ", not an object");
  only_fields(row, {"case", "rule", "failures", "explained_by"}, where);
  BaselineEntry e;
  e.kind = BaselineEntry::Kind::kDiscrepancy;
  e.case_name = string_member(row, "case", where, true);
  e.rule = string_member(row, "rule", where, true);
  if (!ref::rule_from_name(e.rule))
    fail(where + ".rule", "names '" + harness::printable(e.rule) + "', which is not a rule id (castlike rules lists them)");
  const json& failures = member(row, "failures", where);
  if (!failures.is_number_unsigned() || failures.get<uint64_t>() == 0)
    fail(where + ".failures", "is " + (failures.is_number_integer() ? failures.dump() : kind_of(failures)) +
                                  ", not an integer >= 1");
  e.failures = failures.get<uint64_t>();
  e.explained_by = string_member(row, "explained_by", where, false);
  if (!e.explained_by.empty()) {
    const auto names = candidate_names();
    // Every '|'-separated item, the empty ones too ("a|", "|a", "a||b" name an empty reading).
    for (size_t begin = 0, end; begin <= e.explained_by.size(); begin = end + 1) {
      end = std::min(e.explained_by.find('|', begin), e.explained_by.size());
      const std::string name = e.explained_by.substr(begin, end - begin);
      if (std::find(names.begin(), names.end(), name) == names.end()) {
        std::string list;
        for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
        fail(where + ".explained_by",
             "names '" + harness::printable(name) + "', which is not a reading (the readings: " + list + ")");
      }
    }
  }
  return e;
}

BaselineEntry read_rejection(const json& row, const std::string& where) {
  if (!row.is_object()) fail(where, "is " + kind_of(row) + ", not an object");
  only_fields(row, {"case", "message"}, where);
  BaselineEntry e;
  e.kind = BaselineEntry::Kind::kRejection;
  e.case_name = string_member(row, "case", where, true);
  e.message = string_member(row, "message", where, false);
  return e;
}

Baseline parse_baseline(const json& doc, const std::string& path) {
  if (!doc.is_object()) fail("", "is " + kind_of(doc) + ", not an object");
  only_fields(doc, {"format", "format_version", "implementation", "description", "pinned", "vectors", "discrepancies",
                    "rejections"},
              "");
  if (const std::string format = string_member(doc, "format", "", false); format != kFormat)
    fail("format", "is \"" + harness::printable(format) + "\", not \"" + kFormat + "\"");
  const json& version = member(doc, "format_version", "");
  if (!version.is_number_integer() || version.get<int64_t>() != 1)
    fail("format_version", "is " + version.dump() + "; this castlike reads version 1");
  Baseline b;
  b.path = path;
  if (doc.contains("implementation")) b.implementation = string_member(doc, "implementation", "", false);
  if (doc.contains("description")) b.description = string_member(doc, "description", "", false);
  if (doc.contains("pinned")) b.pinned = string_array(doc["pinned"], "pinned");
  if (doc.contains("vectors")) b.vectors = string_array(doc["vectors"], "vectors");
  const json& discrepancies = array_member(doc, "discrepancies");
  const json& rejections = array_member(doc, "rejections");
  // A row given twice would be compared once and be known twice: refuse it.
  std::map<std::tuple<BaselineEntry::Kind, std::string, std::string>, std::string> first;  // key -> where
  const auto add = [&](BaselineEntry e, const std::string& where) {
    const auto [it, fresh] = first.emplace(e.key(), where);
    if (!fresh) fail(where, "repeats " + it->second + " (the same case and " +
                                (e.kind == BaselineEntry::Kind::kDiscrepancy ? "rule" : "message") + ")");
    b.entries.push_back(std::move(e));
  };
  for (size_t i = 0; i < discrepancies.size(); ++i) {
    const std::string where = "discrepancies[" + std::to_string(i) + "]";
    add(read_discrepancy(discrepancies[i], where), where);
  }
  for (size_t i = 0; i < rejections.size(); ++i) {
    const std::string where = "rejections[" + std::to_string(i) + "]";
    add(read_rejection(rejections[i], where), where);
  }
  return b;
}

std::string plural(size_t n, const std::string& word) { return std::to_string(n) + " " + word; }

}  // namespace

std::tuple<BaselineEntry::Kind, std::string, std::string> BaselineEntry::key() const {
  return {kind, case_name, kind == Kind::kDiscrepancy ? rule : message};
}

std::string BaselineEntry::text() const {
  if (kind == Kind::kRejection) return "rejection " + case_name + ": " + message;
  return "discrepancy " + case_name + ", " + rule + ": " + std::to_string(failures) + " failure(s), " + readings();
}

std::string BaselineEntry::readings() const { return explained_by.empty() ? "unexplained" : "explained by " + explained_by; }

std::variant<Baseline, std::string> read_baseline(const std::string& path) {
  const std::string shown = harness::printable(path);
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "cannot read the baseline '" + shown + "': " + std::strerror(errno);
  if (S_ISDIR(st.st_mode)) return "the baseline '" + shown + "' is a directory";
  const JsonFileText file = read_json_file(path);
  if (!file.error.empty()) return "baseline " + shown + ": " + file.error;
  auto parsed = parse_json(file.text);
  if (const auto* p = std::get_if<JsonProblem>(&parsed)) {
    // The parser's own message names the line and column of malformed JSON.
    if (p->malformed) return harness::printable("baseline " + path + ": not a JSON document: " + p->message);
    const std::string at = p->offset ? "line " + std::to_string(line_of_offset(file.text, *p->offset)) + ": " : "";
    return harness::printable("baseline " + path + ": " + at + p->message);
  }
  try {
    return parse_baseline(std::get<json>(parsed), path);
  } catch (const Problem& p) {
    return harness::printable("baseline " + path + ": " +
                              (p.field.empty() ? "the document" : "field '" + p.field + "'") + " " + p.message);
  }
}

std::vector<BaselineEntry> run_entries(const Report& report) {
  std::map<std::string, std::string> call;  // case -> its call
  for (const auto& c : report.case_results) call[c.name] = c.call;
  std::vector<BaselineEntry> out;
  for (const auto& d : report.discrepancies) {
    BaselineEntry e;
    e.kind = BaselineEntry::Kind::kDiscrepancy;
    e.case_name = d.case_name;
    e.rule = d.rule;
    e.failures = d.failures;
    e.explained_by = d.explained_by;
    e.call = call[d.case_name];
    e.examples = d.examples;
    out.push_back(std::move(e));
  }
  std::vector<const Rejection*> rejections;
  for (const auto& r : report.rejections) rejections.push_back(&r);
  std::sort(rejections.begin(), rejections.end(), [](const Rejection* a, const Rejection* b) {
    return std::tie(a->case_name, a->message) < std::tie(b->case_name, b->message);
  });
  for (const Rejection* r : rejections) {
    BaselineEntry e;
    e.kind = BaselineEntry::Kind::kRejection;
    e.case_name = r->case_name;
    e.message = r->message;
    e.call = r->call;
    out.push_back(std::move(e));
  }
  return out;
}

std::string baseline_document(const Report& report) {
  return baseline_document(run_entries(report), report.implementation, report.description, report.vector_roots);
}

std::string baseline_document(const std::vector<BaselineEntry>& rows, const std::string& implementation,
                              const std::string& description, const std::vector<std::string>& vectors) {
  nlohmann::ordered_json doc;
  doc["format"] = kFormat;
  doc["format_version"] = 1;
  doc["implementation"] = implementation;
  doc["description"] = description;
  doc["vectors"] = vectors;
  doc["discrepancies"] = nlohmann::ordered_json::array();
  doc["rejections"] = nlohmann::ordered_json::array();
  for (const auto& e : rows) {
    if (e.kind == BaselineEntry::Kind::kDiscrepancy)
      doc["discrepancies"].push_back(
          {{"case", e.case_name}, {"rule", e.rule}, {"failures", e.failures}, {"explained_by", e.explained_by}});
    else
      doc["rejections"].push_back({{"case", e.case_name}, {"message", e.message}});
  }
  // ASCII only (non-ASCII as \u escapes), like the committed files; a byte that is not UTF-8 cannot
  // reach here (the report's texts are escaped), and would be replaced rather than throw.
  return doc.dump(1, ' ', true, json::error_handler_t::replace) + "\n";
}

bool BaselineComparison::ok() const {
  return !call_failures && added.empty() && changed.empty() && (!strict || (vanished.empty() && not_run.empty()));
}

std::string BaselineComparison::summary() const {
  std::string s = "baseline " + path + ": " + plural(known, "known") + ", " + plural(added.size(), "new") + ", " +
                  plural(changed.size(), "changed") + ", " + plural(vanished.size(), "vanished");
  if (!not_run.empty()) s += ", " + plural(not_run.size(), "not run");
  return s;
}

BaselineComparison compare_with_baseline(const Report& report, const Baseline& baseline, bool strict) {
  std::set<std::string> judged;  // the cases whose call gave an answer
  for (const auto& r : report.case_results)
    if (r.call_failure.empty()) judged.insert(r.name);
  return compare_rows(run_entries(report), judged, !report.call_failures.empty(), baseline, strict);
}

BaselineComparison compare_rows(std::vector<BaselineEntry> run, const std::set<std::string>& judged, bool call_failures,
                                const Baseline& baseline, bool strict) {
  BaselineComparison c;
  c.path = harness::printable(baseline.path);  // shown in every format
  c.strict = strict;
  c.call_failures = call_failures;
  using Key = std::tuple<BaselineEntry::Kind, std::string, std::string>;
  std::map<Key, const BaselineEntry*> expected;
  for (const auto& e : baseline.entries) expected.emplace(e.key(), &e);
  std::set<Key> seen;
  for (auto& e : run) {
    const auto it = expected.find(e.key());
    if (it == expected.end()) {
      c.added.push_back(std::move(e));
      continue;
    }
    seen.insert(it->first);
    if (e.failures == it->second->failures && e.explained_by == it->second->explained_by)
      ++c.known;
    else
      c.changed.emplace_back(*it->second, std::move(e));
  }
  for (const auto& e : baseline.entries)
    if (!seen.count(e.key())) (judged.count(e.case_name) ? c.vanished : c.not_run).push_back(e);
  return c;
}


}  // namespace castlike::harness
