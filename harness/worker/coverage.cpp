// DeclaredCoverage: what a plug-in's castlike_validator_coverage() (or a Python callable's
// castlike_coverage) declares, checked once when it is loaded, and the text the worker hands it over in.
#include <cstring>
#include <sstream>

#include "plugin.hpp"
#include "protocol.hpp"

namespace castlike::harness {

bool DeclaredCoverage::covers(Operator op, ElementType from, ElementType to, int32_t saturate,
                              const std::optional<std::string>& round_mode) const {
  const bool sat = saturate != 0;  // not set (-1) reads as the default, 1
  const castlike_round_mode mode = round_mode ? round_mode_from_name(*round_mode).value_or(CASTLIKE_ROUND_UP)
                                              : CASTLIKE_ROUND_UP;
  for (const CoverageEntry& e : entries) {
    if (e.from != from || e.to != to || !(op == Operator::kCast ? e.cast : e.cast_like)) continue;
    if (reads_saturate(to) && e.saturate && *e.saturate != sat) continue;
    if (reads_round_mode(to) && e.round_mode && *e.round_mode != mode) continue;
    return true;
  }
  return false;
}

std::string DeclaredCoverage::text() const {
  std::string out;
  for (const CoverageEntry& e : entries) {
    out += e.cast_like && e.cast ? "CastLike,Cast" : e.cast ? "Cast" : "CastLike";
    out.append(" ").append(info(e.from).name).append(" ").append(info(e.to).name);
    out.append(" saturate=").append(e.saturate ? (*e.saturate ? "1" : "0") : "*");
    out.append(" round_mode=").append(e.round_mode ? round_mode_name(*e.round_mode) : std::string_view("*"));
    out.append("\n");
  }
  return out;
}

std::variant<DeclaredCoverage, std::string> DeclaredCoverage::parse(std::string_view text) {
  DeclaredCoverage out;
  std::istringstream in{std::string(text)};
  std::string line;
  for (size_t n = 1; std::getline(in, line); ++n) {
    std::istringstream fields(line);
    std::string ops, from, to, sat, mode;
    fields >> ops >> from >> to >> sat >> mode;
    CoverageEntry e;
    e.cast_like = ops.find("CastLike") != std::string::npos;
    e.cast = ops == "Cast" || ops.ends_with(",Cast");
    const auto f = type_from_name(from), t = type_from_name(to);
    const auto m = round_mode_from_name(mode.starts_with("round_mode=") ? mode.substr(11) : "");
    const bool sat_ok = sat == "saturate=*" || sat == "saturate=0" || sat == "saturate=1";
    const bool mode_ok = mode == "round_mode=*" || m.has_value();
    if (!f || !t || (!e.cast_like && !e.cast) || !sat_ok || !mode_ok)
      return "declared coverage, line " + std::to_string(n) + ": '" + line + "' is not an entry";
    e.from = *f, e.to = *t;
    if (sat != "saturate=*") e.saturate = sat == "saturate=1";
    if (m) e.round_mode = *m;
    out.entries.push_back(e);
  }
  return out;
}

std::variant<DeclaredCoverage, std::string> declared_coverage(const castlike_validator_coverage_entry* entries,
                                                              size_t count) {
  constexpr size_t kMaxEntries = protocol::kMaxCoverageEntries;
  if (count > kMaxEntries)
    return "castlike_validator_coverage: " + std::to_string(count) + " entries (at most " +
           std::to_string(kMaxEntries) + ")";
  if (count > 0 && !entries) return std::string("castlike_validator_coverage: NULL with a count above 0");
  DeclaredCoverage out;
  for (size_t i = 0; i < count; ++i) {
    const castlike_validator_coverage_entry& r = entries[i];
    const std::string where = "castlike_validator_coverage: entry " + std::to_string(i) + ": ";
    CoverageEntry e;
    const uint32_t known = CASTLIKE_VALIDATOR_COVERS_CAST_LIKE | CASTLIKE_VALIDATOR_COVERS_CAST;
    if ((r.operators & known) == 0 || (r.operators & ~known) != 0)
      return where + "operators " + std::to_string(r.operators) +
             " is not a set of CASTLIKE_VALIDATOR_COVERS_* flags";
    e.cast_like = (r.operators & CASTLIKE_VALIDATOR_COVERS_CAST_LIKE) != 0;
    e.cast = (r.operators & CASTLIKE_VALIDATOR_COVERS_CAST) != 0;
    const TypeInfo* f = find_type(r.from);
    const TypeInfo* t = find_type(r.to);
    if (!f) return where + "from " + std::to_string(r.from) + " is not a castlike_type";
    if (!t) return where + "to " + std::to_string(r.to) + " is not a castlike_type";
    e.from = f->type, e.to = t->type;
    if (r.saturate != -1 && r.saturate != 0 && r.saturate != 1)
      return where + "saturate " + std::to_string(r.saturate) + " is not -1, 0 or 1";
    if (r.saturate != -1) e.saturate = r.saturate == 1;
    if (r.round_mode) {
      // Read at most a short word: the pointer is the plug-in's and may point at anything.
      const std::string_view mode(r.round_mode, ::strnlen(r.round_mode, 16));
      const auto m = round_mode_from_name(mode);
      if (!m) return where + "round_mode is not NULL, \"up\", \"down\" or \"nearest\"";
      e.round_mode = *m;
    }
    out.entries.push_back(e);
  }
  return out;
}

}  // namespace castlike::harness
