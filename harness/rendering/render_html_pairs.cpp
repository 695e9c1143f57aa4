// What the HTML report shows of each type pair, derived from the report alone: the cell's status
// (is every failure of the pair explained by a named reading?), its failing rules and its failing
// elements with their rule and reading.
//
// The report keeps per (case, rule) the failure count and the readings that explain every failure
// of that row (Report::discrepancies); a pair's failures are explained when each of its rows has
// such a reading. Failures the rows do not account for (a report made with --examples 0 names no
// case's pair) count as unexplained: the page never calls a failure explained without a reading.
#include <algorithm>
#include <cstdio>
#include <sstream>
#include <tuple>

#include "rendering/render_html.hpp"
#include "formats/printable.hpp"

namespace castlike::harness::html {
namespace {

using PairKey = std::pair<ElementType, ElementType>;

std::vector<std::string> split_readings(const std::string& joined) {
  std::vector<std::string> out;
  std::stringstream in(joined);
  for (std::string item; std::getline(in, item, '|');) out.push_back(item);
  return out;
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

PairStatus status_of(const PairResult& p, uint64_t explained) {
  const Counts& c = p.counts;
  const PairStatus own = status_from(!p.call_failures.empty(), c.fail, explained, c.rejected || !p.rejections.empty(),
                                     c.pass, c.unspecified);
  // A wrong shape is a bug of a code path: it outranks failures a reading explains, and a pair that
  // passes in its files' own calls never shows as passing.
  const bool shape = p.shape_fail || p.shape_failed_calls;
  return shape && own > PairStatus::kShape ? PairStatus::kShape : own;
}

}  // namespace

PairStatus status_from(bool failed_calls, uint64_t fail, uint64_t explained, bool rejections, uint64_t pass,
                       uint64_t unspecified) {
  if (failed_calls) return PairStatus::kFailedCall;
  if (fail > explained) return PairStatus::kUnexplained;
  if (fail) return PairStatus::kExplained;
  if (rejections) return pass ? PairStatus::kPartlyRejected : PairStatus::kRejected;
  if (pass == 0 && unspecified) return PairStatus::kUnspecified;
  return PairStatus::kPass;
}

std::string text(std::string_view s) {
  // The characters that would hide or reorder text around them: the C1 controls, the
  // bidirectional marks, embeddings and isolates, the line and paragraph separators.
  const auto hidden = [](uint32_t c) {
    return (c >= 0x80 && c <= 0x9f) || c == 0x200e || c == 0x200f || c == 0x2028 || c == 0x2029 ||
           (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
  };
  const std::string p = harness::printable(s);  // valid UTF-8; C0 controls but tab as \xNN
  std::string out;
  for (size_t i = 0; i < p.size();) {
    const auto lead = static_cast<unsigned char>(p[i]);
    const size_t n = std::min(p.size() - i, size_t{lead < 0x80 ? 1u : lead < 0xe0 ? 2u : lead < 0xf0 ? 3u : 4u});
    uint32_t code = n == 1 ? lead : lead & (0x7fu >> n);
    for (size_t k = 1; k < n; ++k) code = code << 6 | (static_cast<unsigned char>(p[i + k]) & 0x3fu);
    if (hidden(code)) {
      char escaped[12];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(code));
      out += escaped;
    } else if (n > 1) {
      out.append(p, i, n);
    } else {
      switch (lead) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default: out += static_cast<char>(lead);
      }
    }
    i += n;
  }
  return out;
}

const std::array<StatusStyle, 10>& status_styles() {
  static const std::array<StatusStyle, 10> styles{{
      {PairStatus::kFailedCall, "st-call", "#6a1b9a", "#ffffff", "failed calls (crashed, hung, exited, wrote outside its buffers)"},
      {PairStatus::kUnexplained, "st-bug", "#d32f2f", "#ffffff", "failures no named reading explains (genuine bugs)"},
      {PairStatus::kShape, "st-shape", "#e65100", "#ffffff", "\u25c6 wrong only in some call shapes (shape pass)"},
      {PairStatus::kExplained, "st-expl", "#ffb300", "#1a1a1a", "failures, each case explained by a named reading"},
      {PairStatus::kKnown, "st-known", "#00897b", "#ffffff", "failures all known to the baseline (--expect)"},
      {PairStatus::kRejected, "st-rej", "#8d8d8d", "#ffffff", "rejected (not supported)"},
      {PairStatus::kPartlyRejected, "st-part", "#90caf9", "#1a1a1a", "passes, but some calls or elements rejected"},
      {PairStatus::kUnspecified, "st-unspec", "#dcedc8", "#33691e", "only unspecified elements (nothing to judge)"},
      {PairStatus::kPass, "st-pass", "#43a047", "#ffffff", "all pass"},
      {PairStatus::kNoVectors, "st-none", "#f2f2f2", "#9e9e9e", "no vectors"},
  }};
  return styles;
}

const StatusStyle& style_of(PairStatus s) {
  for (const auto& st : status_styles())
    if (st.status == s) return st;
  return status_styles().back();
}

bool PairView::has_details() const {
  return result && (result->counts.fail || result->counts.rejected || !result->rejections.empty() ||
                    !result->call_failures.empty());
}

std::string PairView::anchor() const { return "pair-" + std::string(info(from).name) + "-" + std::string(info(to).name); }

std::string PairView::title() const { return std::string(info(from).name) + " \u2192 " + std::string(info(to).name); }

std::string rule_anchor(ref::RuleId rule) { return "rule-" + std::string(ref::rule_name(rule)); }

std::string compact_count(uint64_t n) {
  const auto scaled = [](uint64_t v, uint64_t unit, const char* suffix) {
    // One decimal below 10 units ("4.5k"), none above ("45k"); never rounded up past the count.
    if (v < 10 * unit) return std::to_string(v / unit) + "." + std::to_string(v % unit * 10 / unit) + suffix;
    return std::to_string(v / unit) + suffix;
  };
  if (n < 1000) return std::to_string(n);
  if (n < 1000000) return scaled(n, 1000, "k");
  if (n < 1000000000) return scaled(n, 1000000, "M");
  return scaled(n, 1000000000, "G");
}

std::vector<PairView> pair_views(const Report& r, const BaselineComparison* baseline) {
  // Which pair each case belongs to: known from its failures (and the rules' examples).
  std::map<std::string, PairKey> case_pair;
  std::map<std::string, size_t> case_order;
  for (size_t i = 0; i < r.case_results.size(); ++i) {
    case_order.emplace(r.case_results[i].name, i);
    if (!r.case_results[i].failures.empty())
      case_pair.emplace(r.case_results[i].name, PairKey{r.case_results[i].failures[0].from, r.case_results[i].failures[0].to});
  }
  // The rules' examples carry their rule and readings: (case, element) -> (rule, example).
  std::map<std::pair<std::string, size_t>, std::pair<ref::RuleId, const Failure*>> examples;
  std::map<std::string, ref::RuleId> rule_by_name;
  for (const auto& [rule, rr] : r.rules) {
    rule_by_name.emplace(std::string(ref::rule_name(rule)), rule);
    for (const auto* list : {&rr.examples, &rr.unexplained_examples})
      for (const Failure& f : *list) {
        examples.emplace(std::pair{f.case_name, f.index}, std::pair{rule, &f});
        case_pair.emplace(f.case_name, PairKey{f.from, f.to});
      }
  }
  std::map<std::string, std::vector<const Discrepancy*>> rows_of_case;
  for (const Discrepancy& d : r.discrepancies)
    if (rule_by_name.count(d.rule)) rows_of_case[d.case_name].push_back(&d);

  std::map<PairKey, PairView> views;
  for (const auto& [key, pr] : r.pairs) {
    PairView& p = views[key];
    p.result = &pr;
  }
  for (const auto& [case_name, rows] : rows_of_case) {
    const auto at = case_pair.find(case_name);
    if (at == case_pair.end() || !views.count(at->second)) continue;
    PairView& p = views[at->second];
    for (const Discrepancy* d : rows) {
      if (baseline) {  // the row against the baseline: known unless new or changed
        const auto same = [&](const BaselineEntry& e) {
          return e.kind == BaselineEntry::Kind::kDiscrepancy && e.case_name == d->case_name && e.rule == d->rule;
        };
        const bool fresh = std::any_of(baseline->added.begin(), baseline->added.end(), same) ||
                           std::any_of(baseline->changed.begin(), baseline->changed.end(),
                                       [&](const auto& c) { return same(c.second); });
        ++(fresh ? p.new_rows : p.known_rows);
      }
      const ref::RuleId rule = rule_by_name.at(d->rule);
      auto it = std::find_if(p.rules.begin(), p.rules.end(), [&](const RuleInPair& x) { return x.rule == rule; });
      if (it == p.rules.end()) {
        it = p.rules.insert(p.rules.end(), RuleInPair{});
        it->rule = rule;
      }
      it->failures += d->failures;
      ++it->cases;
      if (d->explained_by.empty()) continue;
      it->explained += d->failures;
      ++it->explained_cases;
      p.explained += d->failures;
      for (const auto& reading : split_readings(d->explained_by)) it->readings[reading] += d->failures;
    }
  }

  // The failing elements: each case's first failures, then the rules' examples not among them.
  const auto add = [&](PairView& p, const Failure& f) {
    PairFailure pf{&f, {}, ""};
    if (const auto ex = examples.find({f.case_name, f.index}); ex != examples.end()) {
      pf.failure = ex->second.second;
      pf.rules = {ex->second.first};
      pf.reading = pf.failure->explained_by.empty() ? "none (unexplained)" : join(pf.failure->explained_by);
    } else if (const auto rows = rows_of_case.find(f.case_name); rows != rows_of_case.end()) {
      const Discrepancy* row = rows->second.size() == 1 ? rows->second[0] : nullptr;
      for (const Discrepancy* d : rows->second)
        if (d->first_index == f.index) row = d;
      if (row) {
        pf.rules = {rule_by_name.at(row->rule)};
        pf.reading = !row->explained_by.empty() ? join(split_readings(row->explained_by))
                     : row->failures == 1       ? "none (unexplained)"
                                                : "no one reading explains the whole case";
      } else {
        for (const Discrepancy* d : rows->second) pf.rules.push_back(rule_by_name.at(d->rule));
        pf.reading = "see the rules above";
      }
    }
    p.failures.push_back(pf);
  };
  for (const CaseResult& c : r.case_results)
    for (const Failure& f : c.failures)
      if (auto it = views.find({f.from, f.to}); it != views.end()) add(it->second, f);
  for (const auto& example : examples) {
    const Failure& f = *example.second.second;
    PairView& p = views[{f.from, f.to}];
    if (!p.result) continue;
    const bool shown = std::any_of(p.failures.begin(), p.failures.end(), [&](const PairFailure& x) {
      return x.failure->case_name == f.case_name && x.failure->index == f.index;
    });
    if (!shown) add(p, f);
  }

  std::vector<PairView> out;
  for (const TypeInfo& from : kTypeTable)
    for (const TypeInfo& to : kTypeTable) {
      PairView p = views.count({from.type, to.type}) ? views[{from.type, to.type}] : PairView{};
      p.from = from.type;
      p.to = to.type;
      if (p.result) p.status = status_of(*p.result, p.explained);
      if (baseline && p.result) {
        if ((p.status == PairStatus::kUnexplained || p.status == PairStatus::kExplained) && p.new_rows == 0 &&
            p.known_rows > 0)
          p.status = PairStatus::kKnown;
      }
      const auto order = [&](const PairFailure& x) {
        const auto at = case_order.find(x.failure->case_name);
        return std::tuple{at == case_order.end() ? case_order.size() : at->second, x.failure->index};
      };
      std::stable_sort(p.failures.begin(), p.failures.end(),
                       [&](const PairFailure& a, const PairFailure& b) { return order(a) < order(b); });
      // Rules with failures no reading explains first: those are the bugs.
      std::sort(p.rules.begin(), p.rules.end(), [](const RuleInPair& a, const RuleInPair& b) {
        return std::tuple{a.explained == a.failures, a.rule} < std::tuple{b.explained == b.failures, b.rule};
      });
      out.push_back(std::move(p));
    }
  return out;
}

}  // namespace castlike::harness::html
