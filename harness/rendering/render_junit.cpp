// The JUnit XML report, in the dialect pytest --junitxml writes and GitHub, GitLab and Jenkins read:
// one <testsuite> of one <testcase> per vector file (classname castlike.FROM.TO, name the case).
// A case with failing elements or a rejected call is a <failure> listing its first failing elements
// (input, expected, actual, rule, readings, reproduce line); a failed call (crash, hang...) is an
// <error>. With a baseline, a case whose rows are all known is <skipped>, one with a new or changed
// row a <failure>; a vanished row is in the case's <system-out> (a <failure> with --expect-strict).
// The implementation is hostile: every text is made printable UTF-8 and XML-escaped, so the
// document is well-formed XML 1.0 whatever bytes its messages hold.
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "formats/printable.hpp"
#include "judging/baseline.hpp"
#include "rendering/render.hpp"

namespace castlike::harness {
namespace {

std::string attr(const std::string& name, const std::string& value) { return xml_attribute(name, value); }

// "F8.RNE: 3 failing element(s), unexplained" / "rejected: MESSAGE"
std::string row_summary(const BaselineEntry& e) {
  if (e.kind == BaselineEntry::Kind::kRejection) return "rejected: " + e.message;
  return e.rule + ": " + std::to_string(e.failures) + " failing element(s), " + e.readings();
}

// A row and its first failing elements, as the failure text lists them.
std::string row_text(const BaselineEntry& e, const std::string& label) {
  if (e.kind == BaselineEntry::Kind::kRejection) return label + "rejected (" + e.call + "): " + e.message + "\n";
  std::string s = label + "rule " + row_summary(e) + "\n";
  for (const auto& f : e.examples) s += failure_block(f, "  ");
  if (e.failures > e.examples.size()) s += "  ... and " + std::to_string(e.failures - e.examples.size()) + " more\n";
  return s;
}

struct TestCase {
  enum class Status { kPass, kFailure, kError, kSkipped };
  Status status = Status::kPass;
  std::string xml;
};

std::string kinds(const std::vector<BaselineEntry>& rows) {
  std::set<std::string> k;
  for (const auto& e : rows) k.insert(e.kind == BaselineEntry::Kind::kDiscrepancy ? "discrepancy" : "rejection");
  std::string s;
  for (const auto& x : k) s += (s.empty() ? "" : " ") + x;
  return s;
}

}  // namespace

// Every byte
// that is not UTF-8 and every control character but tab and line feed becomes \xNN text (XML 1.0
// cannot carry them even as character references), U+FFFE and U+FFFF become \ufffe and \uffff;
// the markup characters become entities, and in an attribute line feed and tab become references
// (a parser would turn them into spaces).
std::string xml_escape(const std::string& text, bool attribute) {
  std::string out;
  size_t begin = 0;
  while (true) {
    const size_t end = text.find('\n', begin);
    std::string line = harness::printable(std::string_view(text).substr(begin, end == std::string::npos ? end : end - begin));
    for (size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (c == '\xef' && i + 2 < line.size() && line[i + 1] == '\xbf' && (line[i + 2] == '\xbe' || line[i + 2] == '\xbf')) {
        out += line[i + 2] == '\xbe' ? "\\ufffe" : "\\uffff";
        i += 2;
        continue;
      }
      switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        case '\t': out += attribute ? "&#9;" : "\t"; break;
        default: out += c;
      }
    }
    if (end == std::string::npos) return out;
    out += attribute ? "&#10;" : "\n";
    begin = end + 1;
  }
}

std::string report_junit(const Report& r, const BaselineComparison* baseline) {
  std::map<std::string, std::vector<BaselineEntry>> rows;  // case -> its rows in this run
  for (auto& e : run_entries(r)) rows[e.case_name].push_back(std::move(e));
  // With a baseline: the state of each row of the run that is not known, and the baseline's rows
  // the run lacks, by case.
  // key -> its label: "new " or "changed (baseline: ...) "
  std::map<std::tuple<BaselineEntry::Kind, std::string, std::string>, std::string> not_known;
  std::map<std::string, std::vector<BaselineEntry>> vanished, not_run;
  if (baseline) {
    for (const auto& e : baseline->added) not_known[e.key()] = "new ";
    for (const auto& [was, now] : baseline->changed)
      not_known[now.key()] = "changed (baseline: " + std::to_string(was.failures) + " failure(s), " + was.readings() + ") ";
    for (const auto& e : baseline->vanished) vanished[e.case_name].push_back(e);
    for (const auto& e : baseline->not_run) not_run[e.case_name].push_back(e);
  }
  const std::string vanished_note =
      baseline ? "vanished from the baseline " + baseline->path + " (fixed? remove it from the baseline): " : "";

  std::vector<TestCase> cases;
  std::set<std::string> in_report;
  for (const auto& c : r.case_results) {
    in_report.insert(c.name);
    TestCase t;
    std::string body;
    if (!c.call_failure.empty()) {
      const CallFailure* cf = nullptr;
      for (const auto& f : r.call_failures)
        if (f.case_name == c.name) cf = &f;
      const std::string kind = cf ? cf->kind : "failed call";
      std::string text = "the call (" + c.call + ") came back without an answer: " + c.call_failure + "\n";
      if (cf && !cf->reproduce.empty()) text += "reproduce: " + cf->reproduce + "\n";
      for (const auto& e : not_run[c.name]) text += "not checked against the baseline: " + e.text() + "\n";
      t.status = TestCase::Status::kError;
      body = "<error" + attr("message", c.call_failure) + attr("type", kind) + ">" + xml_escape(text, false) + "</error>";
    } else {
      std::vector<BaselineEntry> failing, known;
      std::string message, text;
      for (const auto& e : rows[c.name]) {
        const auto it = not_known.find(e.key());
        if (baseline && it == not_known.end()) {
          known.push_back(e);
          continue;
        }
        const std::string label = baseline ? it->second : "";
        message += (message.empty() ? "" : "; ") + label + row_summary(e);
        text += row_text(e, label);
        failing.push_back(e);
      }
      if (baseline && baseline->strict)
        for (const auto& e : vanished[c.name]) {
          message += (message.empty() ? "" : "; ") + vanished_note + e.text();
          text += vanished_note + e.text() + "\n";
          failing.push_back(e);
        }
      std::string known_text;
      for (const auto& e : known) known_text += "known " + e.text() + "\n";
      // A rejected call of elements that are all unspecified fails nothing (Report::ok()); without
      // a baseline it is skipped, with one it is a row like any other.
      const bool nothing_failed = c.counts.fail == 0 && c.counts.rejected == 0;
      if (!baseline && !failing.empty() && nothing_failed) {
        t.status = TestCase::Status::kSkipped;
        body = "<skipped" + attr("message", "every element's result is unspecified; " + message) + ">" +
               xml_escape(text, false) + "</skipped>";
      } else if (!failing.empty()) {
        t.status = TestCase::Status::kFailure;
        body = "<failure" + attr("message", message) + attr("type", kinds(failing)) + ">" + xml_escape(text + known_text, false) +
               "</failure>";
      } else if (!known.empty()) {
        t.status = TestCase::Status::kSkipped;
        std::string skip;
        for (const auto& e : known)
          skip += std::string(skip.empty() ? "" : "; ") + "known " +
                  (e.kind == BaselineEntry::Kind::kDiscrepancy ? "discrepancy: " : "rejection: ") + row_summary(e);
        std::string examples;
        for (const auto& e : known) examples += row_text(e, "known ");
        body = "<skipped" + attr("message", skip) + ">" + xml_escape(examples, false) + "</skipped>";
      }
      if (baseline && !baseline->strict && !vanished[c.name].empty()) {
        std::string out;
        for (const auto& e : vanished[c.name]) out += vanished_note + e.text() + "\n";
        body += "<system-out>" + xml_escape(out, false) + "</system-out>";
      }
    }
    t.xml = "<testcase" + attr("classname", "castlike." + std::string(info(c.from).name) + "." + std::string(info(c.to).name)) +
            attr("name", c.name) + attr("file", c.path) + (body.empty() ? "/>" : ">" + body + "</testcase>");
    cases.push_back(std::move(t));
  }
  // The shape pass: one test case, failing with each kept failure's position and call.
  if (r.shapes.ran) {
    TestCase t;
    std::string body;
    if (!r.shapes.ok()) {
      std::string text;
      for (const Failure& f : r.shapes.failures) text += shape_failure_block(f, "");
      t.status = TestCase::Status::kFailure;
      std::string positions;
      for (const auto& [position, n] : r.shapes.fail_by_position) positions += (positions.empty() ? "" : ", ") + position;
      body = "<failure" + attr("message", shape_pass_text(r.shapes)) + attr("type", "shape: " + positions) + ">" +
             xml_escape(text, false) + "</failure>";
    }
    t.xml = "<testcase" + attr("classname", "castlike.shapes") + attr("name", "shape pass") +
            (body.empty() ? "/>" : ">" + body + "</testcase>");
    cases.push_back(std::move(t));
  }
  // Baseline rows of cases outside the vector set: a failing test case each under --expect-strict,
  // else a note in the suite's output.
  std::string suite_out = r.implementation + ": " + counts_text(r.total) + "\n";
  if (baseline) suite_out += baseline->summary() + "\n";
  for (const auto& [name, entries] : not_run) {
    if (in_report.count(name)) continue;
    std::string text;
    for (const auto& e : entries) text += "in the baseline " + baseline->path + " but not in the vector set: " + e.text() + "\n";
    if (!baseline->strict) {
      suite_out += text;
      continue;
    }
    TestCase t;
    t.status = TestCase::Status::kFailure;
    t.xml = "<testcase" + attr("classname", "castlike.baseline") + attr("name", name) + "><failure" +
            attr("message", "in the baseline but not in the vector set") + attr("type", "not run") + ">" +
            xml_escape(text, false) + "</failure></testcase>";
    cases.push_back(std::move(t));
  }

  JunitSuite suite;
  suite.suites_name = "castlike validate";
  suite.suite_name = "castlike validate: " + r.implementation;
  suite.properties = {{"implementation", r.implementation}, {"description", r.description}};
  for (const auto& v : r.vector_roots) suite.properties.emplace_back("vectors", v);
  if (baseline) suite.properties.emplace_back("baseline", baseline->path);
  for (const auto& t : cases) {
    suite.failures += t.status == TestCase::Status::kFailure;
    suite.errors += t.status == TestCase::Status::kError;
    suite.skipped += t.status == TestCase::Status::kSkipped;
    suite.cases.push_back(t.xml);
  }
  suite.system_out = suite_out;
  return junit_document(suite);
}

std::string xml_attribute(const std::string& name, const std::string& value) {
  return " " + name + "=\"" + xml_escape(value, true) + "\"";
}

std::string junit_document(const JunitSuite& suite) {
  const std::string counts = xml_attribute("tests", std::to_string(suite.cases.size())) +
                             xml_attribute("failures", std::to_string(suite.failures)) +
                             xml_attribute("errors", std::to_string(suite.errors)) +
                             xml_attribute("skipped", std::to_string(suite.skipped));
  std::ostringstream o;
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  o << "<testsuites" << xml_attribute("name", suite.suites_name) << counts << ">\n";
  o << "<testsuite" << xml_attribute("name", suite.suite_name) << counts << ">\n";
  o << "<properties>\n";
  for (const auto& [name, value] : suite.properties)
    o << "<property" << xml_attribute("name", name) << xml_attribute("value", value) << "/>\n";
  o << "</properties>\n";
  for (const std::string& t : suite.cases) o << t << "\n";
  o << "<system-out>" << xml_escape(suite.system_out, false) << "</system-out>\n";
  o << "</testsuite>\n</testsuites>\n";
  return o.str();
}

}  // namespace castlike::harness
