#include "exhaustive_rows.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "maps/config_id.hpp"
#include "render_exhaustive.hpp"
#include "rendering/render.hpp"

namespace castlike::exhaustive {
namespace {

using harness::BaselineEntry;

std::string joined(const std::vector<std::string>& names, const char* separator) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : separator) + n;
  return s;
}

std::string attr(const std::string& name, const std::string& value) { return harness::xml_attribute(name, value); }

}  // namespace

std::vector<std::string> common_readings(const ConfigurationReport& c, const ref::RuleId* rule) {
  std::vector<std::string> common;
  bool first = true;
  for (const Interval& i : c.intervals) {
    if (rule && i.rule != *rule) continue;
    if (first) common = i.readings, first = false;
    else std::erase_if(common, [&](const std::string& n) {
      return std::find(i.readings.begin(), i.readings.end(), n) == i.readings.end();
    });
  }
  return common;
}

std::vector<BaselineEntry> exhaustive_rows(const ExhaustiveReport& r) {
  std::vector<BaselineEntry> out;
  for (const ConfigurationReport& c : r.configurations) {
    if (r.excused(c)) continue;
    const std::string id = configuration_id(c.call.config);
    for (const auto& [rule, n] : c.fail_by_rule) {
      BaselineEntry e;
      e.case_name = id;
      e.rule = std::string(ref::rule_name(rule));
      e.failures = n;
      e.explained_by = joined(common_readings(c, &rule), "|");
      e.call = call_text(c.call);
      out.push_back(std::move(e));
    }
    std::vector<std::string> messages;
    for (const RejectionRange& j : c.rejections)
      if (std::find(messages.begin(), messages.end(), j.message) == messages.end()) messages.push_back(j.message);
    std::sort(messages.begin(), messages.end());
    for (const std::string& m : messages) {
      BaselineEntry e;
      e.kind = BaselineEntry::Kind::kRejection;
      e.case_name = id;
      e.message = m;
      e.call = call_text(c.call);
      out.push_back(std::move(e));
    }
  }
  return out;
}

std::set<std::string> answered_configurations(const ExhaustiveReport& r) {
  std::set<std::string> out;
  for (const ConfigurationReport& c : r.configurations)
    if (c.failed_calls == 0 && !r.excused(c)) out.insert(configuration_id(c.call.config));
  return out;
}

harness::BaselineComparison compare_exhaustive(const ExhaustiveReport& r, const harness::Baseline& baseline,
                                               bool strict) {
  return harness::compare_rows(exhaustive_rows(r), answered_configurations(r), r.totals().failed_calls > 0, baseline,
                               strict);
}

bool exhaustive_passes(const ExhaustiveReport& r, const harness::BaselineComparison* baseline) {
  return baseline ? baseline->ok() : r.ok();
}

std::string exhaustive_junit(const ExhaustiveReport& r, const harness::BaselineComparison* baseline) {
  using Key = std::tuple<BaselineEntry::Kind, std::string, std::string>;
  std::map<std::string, std::vector<BaselineEntry>> rows;  // configuration id -> its rows
  for (auto& e : exhaustive_rows(r)) rows[e.case_name].push_back(std::move(e));
  std::map<Key, std::string> not_known;  // key -> "new " or "changed (baseline: ...) "
  std::map<std::string, std::vector<BaselineEntry>> vanished, not_run;
  if (baseline) {
    for (const auto& e : baseline->added) not_known[e.key()] = "new ";
    for (const auto& [was, now] : baseline->changed)
      not_known[now.key()] = "changed (baseline: " + std::to_string(was.failures) + " failure(s), " + was.readings() + ") ";
    for (const auto& e : baseline->vanished) vanished[e.case_name].push_back(e);
    for (const auto& e : baseline->not_run) not_run[e.case_name].push_back(e);
  }
  size_t failures = 0, errors = 0, skipped = 0;
  std::vector<std::string> cases;
  std::set<std::string> judged;
  for (const ConfigurationReport& c : r.configurations) {
    const std::string id = configuration_id(c.call.config);
    judged.insert(id);
    std::string body;
    if (r.excused(c)) {
      ++skipped;
      const std::string why = c.outside_declared ? std::string(kOutsideDeclaredCoverage)
                                                 : "every call was rejected (" + c.rejections.front().message + ")";
      body = "<skipped" + attr("message", "not covered: " + why) + "/>";
    } else if (c.failed_calls > 0) {
      std::string text;
      for (const CallFailureRange& f : c.call_failures) {
        text += range_text(c.call, f.first, f.last) + ": " + f.kind + ": " + f.message + "\n";
        if (!r.rerun.empty()) text += "reproduce: " + rerun_line(r, c.call, f.first, f.last) + "\n";
      }
      for (const auto& e : not_run[id]) text += "not checked against the baseline: " + e.text() + "\n";
      ++errors;
      body = "<error" + attr("message", plural(c.failed_calls, "input") + " in failed calls") +
             attr("type", c.call_failures.front().kind) + ">" + harness::xml_escape(text, false) + "</error>";
    } else {
      std::string message, text, known;
      for (const BaselineEntry& e : rows[id]) {
        const auto it = not_known.find(e.key());
        if (baseline && it == not_known.end()) {
          known += "known " + e.text() + "\n";
          continue;
        }
        const std::string row = (baseline ? it->second : "") + e.text();
        message += (message.empty() ? "" : "; ") + row;
        text += row + "\n";
      }
      if (baseline && baseline->strict)
        for (const auto& e : vanished[id]) {
          const std::string row = "vanished from the baseline: " + e.text();
          message += (message.empty() ? "" : "; ") + row;
          text += row + "\n";
        }
      if (!message.empty()) {
        ++failures;
        body = "<failure" + attr("message", message) + attr("type", "discrepancy") + ">" +
               harness::xml_escape(text + known + counts(c) + "\n", false) + "</failure>";
      } else if (!known.empty()) {
        ++skipped;
        body = "<skipped" + attr("message", "every failing row is in the baseline " + baseline->path) + ">" +
               harness::xml_escape(known, false) + "</skipped>";
      }
      if (baseline && !baseline->strict && !vanished[id].empty()) {
        std::string out;
        for (const auto& e : vanished[id]) out += "vanished from the baseline (fixed?): " + e.text() + "\n";
        body += "<system-out>" + harness::xml_escape(out, false) + "</system-out>";
      }
    }
    cases.push_back("<testcase" +
                    attr("classname", "castlike.exhaustive." + std::string(info(c.call.config.from).name) + "." +
                                          std::string(info(c.call.config.to).name)) +
                    attr("name", id) + (body.empty() ? "/>" : ">" + body + "</testcase>"));
  }
  std::string suite_out = exhaustive_verdict(r) + "\n";
  if (baseline) suite_out += baseline->summary() + "\n";
  for (const auto& [id, entries] : not_run) {
    if (judged.count(id)) continue;
    std::string text;
    for (const auto& e : entries) text += "in the baseline " + baseline->path + " but not judged: " + e.text() + "\n";
    if (!baseline->strict) {
      suite_out += text;
      continue;
    }
    ++failures;
    cases.push_back("<testcase" + attr("classname", "castlike.baseline") + attr("name", id) + "><failure" +
                    attr("message", "in the baseline but not judged") + attr("type", "not run") + ">" +
                    harness::xml_escape(text, false) + "</failure></testcase>");
  }
  harness::JunitSuite suite;
  suite.suites_name = "castlike validate --exhaustive";
  suite.suite_name = "castlike validate --exhaustive: " + r.implementation;
  suite.properties = {{"implementation", r.implementation}, {"description", r.description}};
  if (baseline) suite.properties.emplace_back("baseline", baseline->path);
  suite.cases = std::move(cases);
  suite.failures = failures;
  suite.errors = errors;
  suite.skipped = skipped;
  suite.system_out = suite_out;
  return harness::junit_document(suite);
}

}  // namespace castlike::exhaustive
