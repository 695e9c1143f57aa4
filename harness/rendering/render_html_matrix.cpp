// The pair matrix of the HTML report (every type of the table by every type): one cell per (from, to), coloured by its status
// (render_html_pairs.cpp), holding one count, linking to the pair's details section; and its legend.
#include "rendering/render_html.hpp"

namespace castlike::harness::html {
namespace {

// The one count a cell holds: what is wrong if something is, else what passed.
std::string cell_count(const PairView& p) {
  if (!p.result) return "";
  const Counts& c = p.result->counts;
  switch (p.status) {
    case PairStatus::kFailedCall: return "\u2715" + std::to_string(p.result->call_failures.size());
    case PairStatus::kUnexplained:
    case PairStatus::kExplained:
    case PairStatus::kKnown: return compact_count(c.fail);
    case PairStatus::kShape:
      return "\u25c6" + (p.result->shape_fail ? compact_count(p.result->shape_fail)
                                              : "\u2715" + std::to_string(p.result->shape_failed_calls));
    case PairStatus::kRejected: return "\u2013";
    default: return compact_count(c.pass);
  }
}

// The cell's tooltip, escaped, one fact a line.
std::string cell_title(const PairView& p) {
  std::vector<std::string> lines{p.title() + ": " + style_of(p.status).label};
  if (p.result) {
    const Counts& c = p.result->counts;
    lines.push_back(counts_text(c));
    if (c.fail)
      lines.push_back(std::to_string(p.explained) + " of " + std::to_string(c.fail) + " failures explained by a named reading");
    if (!p.result->call_failures.empty()) lines.push_back(std::to_string(p.result->call_failures.size()) + " failed call(s)");
    if (!p.result->rejections.empty()) lines.push_back(std::to_string(p.result->rejections.size()) + " rejected call(s)");
    if (p.result->shape_fail || p.result->shape_failed_calls)
      lines.push_back("shape pass: " + std::to_string(p.result->shape_fail) + " wrong only in some call shapes, " +
                      std::to_string(p.result->shape_failed_calls) + " failed shape call(s)");
    if (p.known_rows + p.new_rows)
      lines.push_back("baseline: " + std::to_string(p.known_rows) + " known, " + std::to_string(p.new_rows) +
                      " new or changed discrepancy row(s)");
  }
  std::string t;
  for (const auto& line : lines) t += (t.empty() ? "" : "&#10;") + text(line);
  return t;
}

}  // namespace

void write_matrix(std::ostream& o, const std::vector<PairView>& pairs) {
  std::map<PairStatus, size_t> seen;
  for (const PairView& p : pairs) ++seen[p.status];
  o << "<ul class=\"legend\">\n";
  for (const StatusStyle& s : status_styles())
    o << "<li><span class=\"sw " << s.css_class << "\"></span>" << text(s.label) << " <span class=\"n\">(" << seen[s.status]
      << ")</span></li>\n";
  o << "</ul>\n<p class=\"note\">A cell holds the failing elements of a failing pair, \u2715 and the number of failed calls, "
       "\u25c6 and the elements wrong only in some call shapes (the shape pass), \u2013 for a rejected pair, else the "
       "passing elements. A cell with failures, failed calls or rejections links to the pair's details, one wrong only in "
       "some shapes to the shape section; hover over a cell for all its counts. Row: from, column: to.</p>\n";
  o << "<table class=\"m\">\n<tr><th class=\"corner\">from \\ to</th>";
  for (const TypeInfo& t : kTypeTable) o << "<th class=\"c\"><span>" << t.name << "</span></th>";
  o << "</tr>\n";
  for (size_t row = 0; row < kTypeTable.size(); ++row) {
    o << "<tr><th>" << kTypeTable[row].name << "</th>";
    for (size_t col = 0; col < kTypeTable.size(); ++col) {
      const PairView& p = pairs[row * kTypeTable.size() + col];
      o << "<td class=\"" << style_of(p.status).css_class << "\" title=\"" << cell_title(p) << "\">";
      if (p.has_details()) o << "<a href=\"#" << p.anchor() << "\">" << cell_count(p) << "</a>";
      else if (p.status == PairStatus::kShape) o << "<a href=\"#shapes\">" << cell_count(p) << "</a>";
      else o << cell_count(p);
      o << "</td>";
    }
    o << "</tr>\n";
  }
  o << "</table>\n";
}

}  // namespace castlike::harness::html
