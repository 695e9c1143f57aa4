// Judging an implementation on every input of configurations (docs/exhaustive.md, "Judging every
// input from the command line"): each configuration's map is derived once and cross-checked
// against the reference before it is trusted; the inputs are cut into pieces of 2^24 (the unit of
// sharding and of the output digest) and batches (the unit of one implementation call); threads
// take pieces in order, have the implementation convert each batch, judge it with judge(), and the
// pieces' results are folded in input order into maximal failing intervals per configuration.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "subjects/call.hpp"
#include "subjects/implementation.hpp"
#include "maps/judge.hpp"
#include "maps/map.hpp"
#include "shape_pass.hpp"

namespace castlike::exhaustive {

// The call of a configuration as `op` at `opset` with its attributes set explicitly where the
// destination reads them; nullopt when the configuration cannot be called there (a type the opset
// lacks, saturate=0 before 19, a round mode other than up before 24).
std::optional<Call> call_at(const Configuration& c, int opset, Operator op = Operator::kCastLike);
// The call made when none is chosen: CastLike at opset 25, where most runtimes load it; Cast at
// opset 28 for the configurations with a FLOAT6 type, which only Cast-28 lists.
Call default_call(const Configuration& c);

// ---- The report model -------------------------------------------------------------------------

constexpr uint64_t kPieceInputs = uint64_t{1} << 24;  // unit of sharding and of the output digest

struct Interval {  // a maximal interval of consecutive failing inputs under one rule
  uint64_t first = 0, last = 0, count = 0;
  uint64_t expected = 0, actual = 0;            // of `first`
  uint64_t last_expected = 0, last_actual = 0;  // of `last`
  ref::OutcomeClass outcome = ref::OutcomeClass::kExact;
  ref::RuleId rule = ref::RuleId::kIdentity;
  std::vector<std::string> readings;  // named readings explaining both ends (harness/judging/readings.hpp)
  // A structured set's failing class (structured_judging.hpp), "" for an interval of a map: then
  // first and last are its first and last failing patterns, which need not be consecutive.
  std::string pattern_class;
  // Set when the interval's first input is right in an aligned call of full blocks (shape_pass.hpp,
  // probe_position): the position that shows it, "tail" or "length at least N"; "" otherwise.
  std::string position;
};

struct CallFailureRange {  // consecutive batches whose calls failed the same way
  uint64_t first = 0, last = 0;
  std::string kind, message;
};

struct RejectionRange {  // consecutive batches rejected with the same reason
  uint64_t first = 0, last = 0;
  std::string message;
};

// The rejection of a configuration outside the implementation's declared coverage.
inline constexpr const char* kOutsideDeclaredCoverage = "outside the coverage the implementation declares";

struct PieceDigest {  // sha256 of the implementation's raw outputs of inputs [first, last]
  uint64_t first = 0, last = 0;
  std::string sha256;
};

struct ConfigurationReport {
  Call call;
  uint64_t inputs = 0, pass = 0, fail = 0, unspecified = 0, rejected = 0, failed_calls = 0;  // inputs
  std::vector<Interval> intervals;  // sorted; at most max_intervals
  // The implementation's right outputs just outside the failing intervals (input -> output bits),
  // with their rule: a reading of an interval must not be contradicted by them
  // (interval_readings).
  std::map<uint64_t, std::pair<uint64_t, ref::RuleId>> right_neighbours;
  bool truncated = false;           // more failing intervals than kept (fail stays exact)
  std::map<ref::RuleId, uint64_t> fail_by_rule;  // exact failing inputs per rule (they sum to fail)
  std::vector<CallFailureRange> call_failures;
  std::vector<RejectionRange> rejections;
  std::vector<PieceDigest> pieces;  // with --digest / --shard: every piece judged, in order
  ShapePassReport shapes;           // the decisive inputs in the shape plan's shapes (shape_pass.hpp)
  bool ok() const { return fail == 0 && rejected == 0 && failed_calls == 0 && shapes.ok(); }
  // Outside the coverage the implementation declares (validator_abi.h, castlike_validator_coverage):
  // never called; its inputs count as rejected, so that --require-pairs fails it.
  bool outside_declared = false;
  // The implementation does not cover it: outside its declaration, or every call was rejected.
  bool uncovered() const { return outside_declared || (inputs > 0 && rejected == inputs); }
};

// Intervals a JSON report lists one by one per configuration by default (--json-intervals): with
// about 1 KB each, a report of a hundred failing configurations stays near 10 MB.
inline constexpr size_t kJsonIntervals = 100;

struct Shard {
  unsigned index = 0, count = 1;
};

struct ExhaustiveReport {
  std::string implementation, description;
  std::vector<std::string> selection;  // ids of the selected configurations that are judged, in order
  std::string selection_sha256;        // selection_digest(): what shards of one run share
  std::optional<Shard> shard;
  std::optional<std::pair<uint64_t, uint64_t>> range;  // inputs [first, last] of each configuration, if limited
  uint64_t batch = 0;
  unsigned jobs = 0;
  bool digests = false;
  std::vector<ConfigurationReport> configurations;           // in selection order (this shard's part)
  std::vector<std::pair<std::string, std::string>> refused;  // selected but not judged: id, why
  double seconds = 0;
  double value_seconds = 0, shape_seconds = 0;  // the value pass, the shape pass (seconds = both + the rest)
  bool shapes_ran = false, shapes_in_place = false;
  bool shapes_phases_left_out = false;  // some packed configuration's calls started on a byte only
  // A command that judges a range of inputs again ("castlike validate --exhaustive --library X"),
  // completed with --config, --range and --batch in a failed call's reproduce line; "" if none.
  std::string rerun;

  // Coverage (--require-pairs): an uncovered configuration of a required pair ("FROM-TO", or
  // every pair with require_all) fails; of another pair it is "not covered", neither passing nor
  // failing, and left out of the rows, the counts and the verdict.
  bool require_all = false;
  std::set<std::string> required_pairs;
  // The implementation declared its coverage: only configurations outside it are not covered (one
  // inside whose every call is rejected fails). Otherwise coverage is inferred from rejections.
  bool coverage_declared = false;

  // The JSON report's size is bounded: every configuration's kept intervals merged by class (rule,
  // outcome, readings, structured class), and the first json_intervals of them listed one by one.
  // Both caps are stated in it. max_intervals: the run's EngineOptions::max_intervals.
  size_t max_intervals = 0;
  size_t json_intervals = kJsonIntervals;

  bool excused(const ConfigurationReport& c) const;  // uncovered and not required
  ConfigurationReport totals() const;  // the counts summed, excused configurations left out (call, intervals and digests empty)
  bool ok() const;
};

// sha256 of the selection: the calls (id, opset, attributes set), the optional input range, the
// piece size and the shard count.
std::string selection_digest(const std::vector<Call>& calls, const std::optional<std::pair<uint64_t, uint64_t>>& range,
                             unsigned shard_count);

// sha256 over the piece digests in order (hex text, one per line): a configuration's output digest.
std::string outputs_digest(const std::vector<PieceDigest>& pieces);

// ---- Running ----------------------------------------------------------------------------------

// The maps of the selection: derived once, cross-checked (every run's boundaries and neighbours
// plus 10^4 random inputs) before they are trusted. A source wider than 32 bits is judged on its
// structured set (structured_judging.hpp): its inputs are numbered by their position in the set,
// its map runs over their source patterns (judged by judge_patterns).
struct StructuredExpectation;
struct Prepared {
  std::vector<Call> calls;                                   // derivable and accepted, in order
  std::vector<std::shared_ptr<const Map>> maps;              // one per call
  std::vector<std::shared_ptr<const StructuredExpectation>> structured;  // one per call; null: every pattern
  std::vector<std::pair<std::string, std::string>> refused;  // id, why
  std::vector<uint64_t> input_counts() const;                // inputs judged per call
};
// Throws std::runtime_error when a map disagrees with the reference (a bug of the derivation), and
// harness::UnservedMode when `impl` cannot judge every input (a results file).
Prepared prepare(const std::vector<Call>& selected, const harness::Implementation& impl, unsigned jobs);

struct Progress {
  uint64_t inputs_done = 0, inputs_total = 0, failures = 0;
  double seconds = 0;
};

struct EngineOptions {
  unsigned jobs = 1;
  uint64_t batch = uint64_t{1} << 22;  // a power of two, at most kPieceInputs
  size_t max_intervals = 1000;         // kept per configuration
  bool digests = false;
  std::optional<Shard> shard;
  std::optional<std::pair<uint64_t, uint64_t>> range;  // inputs [first, last] of every configuration
  std::function<void(const Progress&)> progress;       // called now and then, from one thread at a time
  bool shapes = true;  // the shape pass after the value pass (the first shard's job, when sharded)
};

// The pieces of the selection in order, and which of them a shard takes (piece k belongs to
// shard k mod n: configurations of very different cost interleave, so the shards stay even).
struct Piece {
  size_t call = 0;
  uint64_t first = 0, last = 0;
};
std::vector<Piece> pieces_of(const std::vector<uint64_t>& input_counts,
                             const std::optional<std::pair<uint64_t, uint64_t>>& range);
inline bool in_shard(size_t piece_index, const std::optional<Shard>& shard) {
  return !shard || piece_index % shard->count == shard->index;
}

// Throws harness::UnservedMode when `impl` cannot judge every input (a results file).
ExhaustiveReport run_exhaustive(const Prepared& p, harness::Implementation& impl, const EngineOptions& options);

// The source patterns of inputs [a, b) in the source's raw layout: the patterns a .. b-1
// themselves, or the structured set's inputs at those positions; for STRING, pointers to the
// set's NUL-terminated texts (const char*, the set outlives the call). `out` holds input_bytes(from, b - a).
struct StructuredSet;
size_t input_bytes(ElementType from, size_t n);
void input_patterns(ElementType from, const StructuredSet* set, uint64_t a, uint64_t b, uint8_t* out);

// Merges `next` into `into` where they touch: intervals, call failures and rejections of adjacent
// inputs with the same rule / kind and message become one (used across batches, pieces and shards).
void append_interval(std::vector<Interval>& into, const Interval& next, size_t max_intervals, bool& truncated);

}  // namespace castlike::exhaustive
