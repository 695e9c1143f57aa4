// castlike merge-exhaustive: the shards of one `castlike validate --exhaustive --shard I/N` run
// combined into one verdict. Every shard of the same selection must be there exactly once, hold
// exactly the pieces the selection gives it, and agree on the implementation; the intervals,
// failed calls and rejections that meet at shard borders are joined, the readings recomputed,
// and each configuration's output digest is computed from all its pieces.
#include <algorithm>
#include <iostream>
#include <map>

#include "args.hpp"
#include "maps/config_id.hpp"
#include "engine.hpp"
#include "interval_explanation.hpp"
#include "formats/json_reader.hpp"
#include "command_support.hpp"
#include "render_exhaustive.hpp"
#include "maps/structured_inputs.hpp"
#include "vector_commands.hpp"

namespace castlike::cli {
namespace {

using namespace castlike::exhaustive;

const char* const kUsage =
    "usage: castlike merge-exhaustive REPORT.json... [--format text|json|html]\n"
    "                               [--out FILE] [--quiet]\n"
    "\n"
    "Combines the JSON reports of the N shards of one\n"
    "castlike validate --exhaustive --shard I/N run (docs/exhaustive.md, \"Shards\"):\n"
    "checks that every shard 0 .. N-1 of the same selection is there exactly once,\n"
    "from the same implementation, holding exactly its pieces of 2^24 inputs; then\n"
    "prints the combined verdict and report: counts, failing intervals joined across\n"
    "shard borders (readings recomputed), failed calls, rejections, the shape\n"
    "pass (the first shard's), and with --format json each configuration's output\n"
    "digest over all its pieces.\n"
    "\n"
    "  --format text|json|html\n"
    "                         text (default), JSON (\"castlike-exhaustive-report\",\n"
    "                         shard null) or a self-contained HTML page\n"
    "                         (docs/exhaustive.md)\n"
    "  --out FILE             write the report there (atomically; never over an\n"
    "                         input, a symlink or a file other than a castlike\n"
    "                         report, never through a symlink)\n"
    "  --quiet                print only the verdict line\n"
    "  --details              the text report with every failing interval, failed\n"
    "                         call and rejection (as castlike validate --exhaustive)\n"
    "  --max-intervals N      failing intervals kept per configuration (default 1000)\n"
    "\n"
    "Exit status: 0 every judged input passes, 1 failures, failed calls or\n"
    "rejections, 2 bad arguments, an unreadable or malformed report, a missing,\n"
    "duplicated or inconsistent shard, 3 an internal error of castlike.\n";

ExhaustiveReport load(const std::string& path) {
  const harness::JsonFileText file = harness::read_json_file(path);
  if (!file.error.empty()) throw UsageError{"cannot read '" + path + "': " + file.error, "check the path"};
  auto r = exhaustive_from_json(file.text);
  if (auto* e = std::get_if<std::string>(&r))
    throw UsageError{path + ": " + *e, "give the JSON reports of castlike validate --exhaustive --shard I/N --format json"};
  auto& report = std::get<ExhaustiveReport>(r);
  if (!report.shard)
    throw UsageError{path + " is not a shard's report (it has no shard)", "run castlike validate --exhaustive --shard I/N"};
  return std::move(report);
}

}  // namespace

int merge_exhaustive_main(const std::vector<std::string>& args) {
  const ParsedArgs a = parse_args("merge-exhaustive", args,
                                  {{"format", true}, {"out", true}, {"quiet", false}, {"max-intervals", true},
                                   {"details", false}});
  if (a.help) {
    std::cout << kUsage;
    return 0;
  }
  if (a.positional.empty()) throw UsageError{"no report given", "castlike merge-exhaustive SHARD0.json SHARD1.json ..."};
  const std::string format = a.value_or("format", "text");
  if (format != "text" && format != "json" && format != "html")
    throw UsageError{"unknown report format '" + format + "'", "text, json or html"};
  const size_t max_intervals =
      a.has("max-intervals") ? static_cast<size_t>(parse_integer(a.value("max-intervals"), "--max-intervals", 1, 100000000))
                             : 1000;
  harness::InputFiles inputs;
  for (const std::string& path : a.positional) inputs.add_file(path);
  const auto out = output_file(a, "out", harness::kReportKind, inputs);

  std::vector<ExhaustiveReport> shards;
  for (const std::string& path : a.positional) shards.push_back(load(path));
  const ExhaustiveReport& first = shards.front();
  const unsigned n = first.shard->count;
  std::map<unsigned, std::string> seen;  // shard index -> file
  for (size_t k = 0; k < shards.size(); ++k) {
    const ExhaustiveReport& s = shards[k];
    const std::string& path = a.positional[k];
    if (s.selection_sha256 != first.selection_sha256 || s.shard->count != n)
      throw UsageError{path + " is a shard of another selection than " + a.positional[0] +
                           " (selection sha256 or shard count differ)",
                       "merge the shards of one run only"};
    if (s.implementation != first.implementation)
      throw UsageError{path + " judged '" + s.implementation + "', " + a.positional[0] + " judged '" +
                           first.implementation + "'",
                       "merge the shards of one implementation only"};
    if (!s.digests) throw UsageError{path + " has no output digests", "shard reports carry them; regenerate it"};
    if (auto [it, fresh] = seen.emplace(s.shard->index, path); !fresh)
      throw UsageError{"shard " + std::to_string(s.shard->index) + "/" + std::to_string(n) + " is given twice: " +
                           it->second + " and " + path,
                       "give each shard once"};
  }
  std::string missing;
  for (unsigned i = 0; i < n; ++i)
    if (!seen.count(i)) missing += (missing.empty() ? "" : ", ") + std::to_string(i);
  if (!missing.empty())
    throw UsageError{"shard(s) " + missing + " of " + std::to_string(n) + " missing", "give the reports of every shard"};

  // The pieces each shard must hold, from the selection alone.
  std::vector<Configuration> configs;
  std::vector<uint64_t> counts;
  for (const std::string& id : first.selection) {
    const auto c = parse_configuration_id(id);
    if (!c) throw UsageError{"unknown configuration id '" + id + "' in the selection", "merge reports of this castlike"};
    configs.push_back(*c);
    counts.push_back(judged_inputs(*c));
  }
  std::vector<std::map<std::string, std::vector<std::pair<uint64_t, uint64_t>>>> wanted(n);
  for (size_t k = 0; const Piece& p : pieces_of(counts, first.range)) {
    wanted[k % n][first.selection[p.call]].emplace_back(p.first, p.last);
    ++k;
  }
  ExhaustiveReport merged = first;
  merged.shard.reset();
  merged.configurations.clear();
  merged.seconds = 0;
  merged.value_seconds = 0;
  std::map<std::string, std::vector<const ConfigurationReport*>> parts;
  for (const ExhaustiveReport& s : shards) {
    merged.seconds = std::max(merged.seconds, s.seconds);
    merged.value_seconds = std::max(merged.value_seconds, s.value_seconds);
    // The shape pass is the first shard's job: its results are the run's.
    if (s.shapes_ran) {
      merged.shapes_ran = true;
      merged.shapes_in_place = s.shapes_in_place;
      merged.shapes_phases_left_out = s.shapes_phases_left_out;
      merged.shape_seconds = s.shape_seconds;
    }
    std::map<std::string, std::vector<std::pair<uint64_t, uint64_t>>> held;
    for (const ConfigurationReport& c : s.configurations) {
      const std::string id = configuration_id(c.call.config);
      for (const PieceDigest& p : c.pieces) held[id].emplace_back(p.first, p.last);
      parts[id].push_back(&c);
    }
    if (held != wanted[s.shard->index])
      throw UsageError{seen[s.shard->index] + " does not hold exactly the pieces of shard " +
                           std::to_string(s.shard->index) + "/" + std::to_string(n) + " of its selection",
                       "regenerate that shard"};
  }
  for (size_t i = 0; i < configs.size(); ++i) {
    const std::string& id = first.selection[i];
    ConfigurationReport c;
    std::vector<Interval> intervals;
    std::vector<CallFailureRange> calls;
    std::vector<RejectionRange> rejections;
    for (const ConfigurationReport* part : parts[id]) {
      c.call = part->call;
      c.inputs += part->inputs, c.pass += part->pass, c.fail += part->fail, c.unspecified += part->unspecified;
      c.rejected += part->rejected, c.failed_calls += part->failed_calls;
      c.truncated = c.truncated || part->truncated;
      c.outside_declared = c.outside_declared || part->outside_declared;
      for (const auto& [rule, n] : part->fail_by_rule) c.fail_by_rule[rule] += n;
      intervals.insert(intervals.end(), part->intervals.begin(), part->intervals.end());
      calls.insert(calls.end(), part->call_failures.begin(), part->call_failures.end());
      rejections.insert(rejections.end(), part->rejections.begin(), part->rejections.end());
      c.pieces.insert(c.pieces.end(), part->pieces.begin(), part->pieces.end());
      if (part->shapes.ran) c.shapes = part->shapes;
      c.right_neighbours.insert(part->right_neighbours.begin(), part->right_neighbours.end());
    }
    const auto by_first = [](const auto& x, const auto& y) { return x.first < y.first; };
    std::sort(intervals.begin(), intervals.end(), by_first);
    std::sort(calls.begin(), calls.end(), by_first);
    std::sort(rejections.begin(), rejections.end(), by_first);
    std::sort(c.pieces.begin(), c.pieces.end(), by_first);
    for (const Interval& x : intervals) append_interval(c.intervals, x, max_intervals, c.truncated);
    for (const auto& x : calls) {
      if (!c.call_failures.empty() && c.call_failures.back().last + 1 == x.first &&
          c.call_failures.back().kind == x.kind && c.call_failures.back().message == x.message)
        c.call_failures.back().last = x.last;
      else
        c.call_failures.push_back(x);
    }
    for (const auto& x : rejections) {
      if (!c.rejections.empty() && c.rejections.back().last + 1 == x.first && c.rejections.back().message == x.message)
        c.rejections.back().last = x.last;
      else
        c.rejections.push_back(x);
    }
    for (Interval& x : c.intervals) x.readings = interval_readings(c.call, x);
    refuse_contradicted(c);
    merged.configurations.push_back(std::move(c));
  }
  const std::string text = *exhaustive_report_in(format, merged, a.has("details"));
  const std::string verdict = exhaustive_verdict(merged) + " (" + std::to_string(n) + " shards)";
  emit_report(a, out, text, verdict);
  return merged.ok() ? 0 : 1;
}

}  // namespace castlike::cli
