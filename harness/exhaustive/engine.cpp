#include "engine.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "castlike/packing.hpp"
#include "maps/config_id.hpp"
#include "maps/crosscheck.hpp"
#include "maps/derive.hpp"
#include "interval_explanation.hpp"
#include "formats/sha256.hpp"
#include "structured_judging.hpp"

namespace castlike::exhaustive {
namespace {

using Clock = std::chrono::steady_clock;
constexpr uint64_t kCrossCheckRandomInputs = 10000;
// Group boundaries probed per staircase run before a map is trusted in a run: a shifted staircase
// or a wrong step shows within a few groups (ExhaustiveMaps.CorruptedStaircaseIsCaught), while the
// proof over every group boundary (minutes of reference calls for INT32 -> FLOAT) belongs to
// castlike_exhaustive_derive --check and the slow map test.
constexpr uint64_t kCrossCheckGroupProbes = 2048;

// Runs work(slot) on `jobs` threads (slot 0 on this one); the first exception is rethrown here.
template <class Work>
void on_threads(unsigned jobs, const Work& work) {
  std::mutex mu;
  std::exception_ptr error;
  const auto guarded = [&](unsigned slot) {
    try {
      work(slot);
    } catch (...) {
      std::lock_guard<std::mutex> lock(mu);
      if (!error) error = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < jobs; ++t) pool.emplace_back(guarded, t);
  guarded(0);
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

// The source patterns [a, b) in raw layout.
void make_inputs(ElementType from, uint64_t a, uint64_t b, uint8_t* out) {
  const size_t n = static_cast<size_t>(b - a);
  switch (info(from).bits) {
    case 32:
      for (size_t i = 0; i < n; ++i) {
        const uint32_t v = static_cast<uint32_t>(a + i);
        std::memcpy(out + 4 * i, &v, 4);
      }
      return;
    case 16:
      for (size_t i = 0; i < n; ++i) {
        const uint16_t v = static_cast<uint16_t>(a + i);
        std::memcpy(out + 2 * i, &v, 2);
      }
      return;
    case 8:
      for (size_t i = 0; i < n; ++i) out[i] = static_cast<uint8_t>(a + i);
      return;
    default:
      std::memset(out, 0, *storage_bytes(from, n));
      for (size_t i = 0; i < n; ++i) store_bits(from, out, i, a + i);
  }
}

// One piece's results, before they are folded into their configuration in input order.
struct PieceResult {
  ConfigurationReport part;
};

void add_call_failure(std::vector<CallFailureRange>& v, const CallFailureRange& r) {
  if (!v.empty() && v.back().last + 1 == r.first && v.back().kind == r.kind && v.back().message == r.message)
    v.back().last = r.last;
  else
    v.push_back(r);
}

void add_rejection(std::vector<RejectionRange>& v, const RejectionRange& r) {
  if (!v.empty() && v.back().last + 1 == r.first && v.back().message == r.message)
    v.back().last = r.last;
  else
    v.push_back(r);
}

// Folds a piece (or a shard's configuration) into the configuration's report.
void fold(ConfigurationReport& into, const ConfigurationReport& part, size_t max_intervals) {
  into.outside_declared = into.outside_declared || part.outside_declared;
  into.inputs += part.inputs;
  into.pass += part.pass;
  into.fail += part.fail;
  into.unspecified += part.unspecified;
  into.rejected += part.rejected;
  into.failed_calls += part.failed_calls;
  into.truncated = into.truncated || part.truncated;
  for (const auto& [rule, n] : part.fail_by_rule) into.fail_by_rule[rule] += n;
  for (const Interval& i : part.intervals) append_interval(into.intervals, i, max_intervals, into.truncated);
  into.right_neighbours.insert(part.right_neighbours.begin(), part.right_neighbours.end());
  for (const auto& f : part.call_failures) add_call_failure(into.call_failures, f);
  for (const auto& r : part.rejections) add_rejection(into.rejections, r);
  into.pieces.insert(into.pieces.end(), part.pieces.begin(), part.pieces.end());
}

struct Buffers {
  std::vector<uint8_t> input, output;
};

// Judges one piece: its batches in order, one thread.
PieceResult judge_piece(const Piece& piece, const Prepared& p, harness::Implementation& impl, const EngineOptions& o,
                        unsigned slot, Buffers& buf) {
  const Call& call = p.calls[piece.call];
  const Map& map = *p.maps[piece.call];
  const StructuredExpectation* structured = p.structured[piece.call].get();
  std::vector<StructuredFailure> structured_failures;
  PieceResult r;
  ConfigurationReport& c = r.part;
  const ElementType from = call.config.from, to = call.config.to;
  harness::Sha256 sha;
  for (uint64_t a = piece.first; a <= piece.last;) {
    const uint64_t b = std::min(piece.last + 1, (a / o.batch + 1) * o.batch);
    const size_t n = static_cast<size_t>(b - a);
    const size_t out_bytes = *storage_bytes(to, n);
    if (impl.needs_zeroed_output())
      buf.output.assign(out_bytes + 8, 0);
    else
      buf.output.resize(out_bytes + 8);
    if (impl.needs_inputs()) {
      buf.input.resize(input_bytes(from, n) + 8);
      input_patterns(from, structured ? &structured->set : nullptr, a, b, buf.input.data());
    }
    const BatchStatus st = impl.convert(slot, call, a, b, impl.needs_inputs() ? buf.input.data() : nullptr,
                                        buf.output.data());
    c.inputs += n;
    if (o.digests) sha.update(buf.output.data(), out_bytes);  // what came back, also when it failed
    if (st.kind == BatchStatus::Kind::kRejected) {
      c.rejected += n;
      add_rejection(c.rejections, {a, b - 1, st.message});
    } else if (st.kind == BatchStatus::Kind::kCallFailed) {
      c.failed_calls += n;
      add_call_failure(c.call_failures, {a, b - 1, st.failure_kind, st.message});
    } else {
      // A structured set's failures are all kept, to be named by class at the end of the piece.
      const Judgement j =
          structured ? judge_patterns(map, structured->run_starts.data(), structured->set.inputs.data() + a, a, b,
                                     buf.output.data(), SIZE_MAX)
                     : judge(map, a, b, buf.output.data(), o.max_intervals);
      c.fail += j.failures;
      c.unspecified += j.unspecified;
      c.pass += n - j.failures - j.unspecified;
      c.truncated = c.truncated || j.truncated;
      for (size_t k = 0; k < j.failures_by_rule.size(); ++k)
        if (j.failures_by_rule[k]) c.fail_by_rule[static_cast<ref::RuleId>(k)] += j.failures_by_rule[k];
      for (const FailingInterval& f : j.intervals) {
        if (structured) {
          for (uint64_t x = f.first; x <= f.last; ++x)
            structured_failures.push_back(
                {x, map.expected(structured->set.inputs[static_cast<size_t>(x)]).value.bits,
                 load_bits(to, buf.output.data(), static_cast<size_t>(x - a)) & map.output_mask(), f.outcome, f.rule});
          continue;
        }
        Interval i;
        i.first = f.first, i.last = f.last, i.count = f.count;
        i.expected = f.expected, i.actual = f.actual;
        i.outcome = f.outcome, i.rule = f.rule;
        i.last_expected = map.expected(f.last).value.bits;
        i.last_actual = load_bits(to, buf.output.data(), static_cast<size_t>(f.last - a)) & map.output_mask();
        append_interval(c.intervals, i, o.max_intervals, c.truncated);
        // The outputs just outside it that are right, within this batch: they test its readings.
        for (const uint64_t x : {f.first - 1, f.last + 1}) {
          if (x < a || x >= b) continue;  // outside this batch (or below input 0)
          const uint64_t got = load_bits(to, buf.output.data(), static_cast<size_t>(x - a)) & map.output_mask();
          const ref::Result want = map.expected(x);
          if (want.outcome != ref::OutcomeClass::kUnspecified && ref::matches(to, want, ref::Element::of_bits(got)))
            c.right_neighbours[x] = {got, want.rule};
        }
      }
    }
    a = b;
  }
  if (structured)
    for (const Interval& i : failing_classes(structured->set, structured_failures))
      append_interval(c.intervals, i, o.max_intervals, c.truncated);
  if (o.digests) c.pieces.push_back({piece.first, piece.last, sha.hex_digest()});
  return r;
}

// Every pattern of a source of at most 32 bits as inputs numbered by their pattern (the value
// pass's numbering), for probing a value failure.
harness::ShapedInputs pattern_inputs(const Call& call, const Map& map) {
  harness::ShapedInputs in;
  const ElementType from = call.config.from, to = call.config.to;
  in.count = uint64_t{1} << info(from).bits;
  in.write = [from](const uint64_t* numbers, size_t n, uint8_t* data, size_t offset) {
    for (size_t i = 0; i < n; ++i) store_bits(from, data, offset + i, numbers[i]);
  };
  in.right = [&map, to](uint64_t number, uint64_t bits) {
    return ref::matches(to, map.expected(number), ref::Element::of_bits(bits));
  };
  return in;
}

// Value failures probed for the shape that shows them, at most this many intervals a configuration.
constexpr size_t kProbedIntervals = 16;

// After the value pass: each configuration's decisive inputs in the plan's shapes, and the value
// pass's failing intervals probed for a shape dependence (a fault of long calls shows in the value
// pass's long batches only).
void shape_pass(const Prepared& p, harness::Implementation& impl, const EngineOptions& o, ExhaustiveReport& report) {
  const auto t0 = Clock::now();
  report.shapes_ran = true;
  for (size_t k = 0; k < report.configurations.size(); ++k) {
    ConfigurationReport& c = report.configurations[k];
    if (c.call.config.to == ElementType::kString) continue;
    // A configuration the implementation rejected on every input does not cover: its shapes would
    // only be rejected again (the value pass reports it once, as not covered or as rejected).
    if (c.uncovered()) continue;
    const DecisiveInputs decisive(c.call, *p.maps[k], p.structured[k] ? &p.structured[k]->set : nullptr);
    c.shapes = run_shape_pass(c.call, *p.maps[k], decisive, impl);
    report.shapes_in_place = report.shapes_in_place || c.shapes.calls.in_place;
    report.shapes_phases_left_out = report.shapes_phases_left_out || c.shapes.calls.phases_left_out;
    for (size_t i = 0; i < c.intervals.size() && i < kProbedIntervals; ++i) {
      // An interval names patterns; the probe takes the input's number among the decisive ones
      // (a 32-bit source's interval input may lie outside its decisive set: it is one of them, as
      // a pattern, all the same).
      const uint64_t first = c.intervals[i].first;
      if (p.structured[k]) {
        if (const auto number = decisive.number_of(first))
          c.intervals[i].position = harness::probe_position(impl, c.call, decisive.inputs(), *number, o.batch);
      } else {
        c.intervals[i].position = harness::probe_position(impl, c.call, pattern_inputs(c.call, *p.maps[k]), first, o.batch);
      }
    }
  }
  report.shape_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
}

}  // namespace

std::optional<Call> call_at(const Configuration& c, int opset, Operator op) {
  const auto version = version_for_opset(op, opset);
  if (!version || !type_in_version(c.from, *version) || !type_in_version(c.to, *version)) return std::nullopt;
  Call call{c, opset, std::nullopt, std::nullopt, op};
  if (reads_saturate(c.to)) {
    if (saturate_in_version(*version)) call.saturate = c.attributes.saturate ? 1 : 0;
    else if (!c.attributes.saturate) return std::nullopt;
  }
  if (reads_round_mode(c.to)) {
    if (round_mode_in_version(*version)) call.round_mode = std::string(round_mode_name(c.attributes.round_mode));
    else if (c.attributes.round_mode != CASTLIKE_ROUND_UP) return std::nullopt;
  }
  return call;
}

Call default_call(const Configuration& c) {
  if (auto call = call_at(c, 25)) return *call;
  // Every configuration exists at Cast-28, the newest version of the operator with every type.
  return *call_at(c, kNewestKnownOpset, Operator::kCast);
}

void append_interval(std::vector<Interval>& into, const Interval& next, size_t max_intervals, bool& truncated) {
  if (!into.empty()) {
    Interval& last = into.back();
    if (last.last + 1 == next.first && last.rule == next.rule && last.outcome == next.outcome &&
        last.pattern_class.empty() && next.pattern_class.empty()) {
      last.last = next.last;
      last.count += next.count;
      last.last_expected = next.last_expected;
      last.last_actual = next.last_actual;
      last.readings.clear();  // recomputed for the merged interval
      return;
    }
  }
  if (into.size() >= max_intervals) {
    truncated = true;
    return;
  }
  into.push_back(next);
}

bool ExhaustiveReport::excused(const ConfigurationReport& c) const {
  const std::string pair = std::string(info(c.call.config.from).name) + "-" + std::string(info(c.call.config.to).name);
  return (coverage_declared ? c.outside_declared : c.uncovered()) && !require_all && !required_pairs.count(pair);
}

ConfigurationReport ExhaustiveReport::totals() const {
  ConfigurationReport t;
  for (const ConfigurationReport& c : configurations) {
    if (excused(c)) continue;
    t.inputs += c.inputs, t.pass += c.pass, t.fail += c.fail, t.unspecified += c.unspecified;
    t.rejected += c.rejected, t.failed_calls += c.failed_calls;
    t.shapes.ran = t.shapes.ran || c.shapes.ran;
    t.shapes.decisive += c.shapes.decisive;
    t.shapes.calls.calls += c.shapes.calls.calls, t.shapes.calls.elements += c.shapes.calls.elements;
    t.shapes.calls.fail += c.shapes.calls.fail, t.shapes.calls.failed_calls += c.shapes.calls.failed_calls;
    for (const auto& [position, n] : c.shapes.calls.fail_by_position) t.shapes.calls.fail_by_position[position] += n;
  }
  return t;
}

bool ExhaustiveReport::ok() const { return totals().ok(); }

std::string selection_digest(const std::vector<Call>& calls, const std::optional<std::pair<uint64_t, uint64_t>>& range,
                             unsigned shard_count) {
  std::string text = "castlike-exhaustive-selection 1\npiece " + std::to_string(kPieceInputs) + "\nshards " +
                     std::to_string(shard_count) + "\n";
  if (range) text += "range " + std::to_string(range->first) + " " + std::to_string(range->second) + "\n";
  for (const Call& c : calls) {
    text += configuration_id(c.config) + (c.op == Operator::kCast ? " Cast" : "") + " opset " + std::to_string(c.opset);
    if (c.saturate) text += " saturate " + std::to_string(*c.saturate);
    if (c.round_mode) text += " round_mode " + *c.round_mode;
    text += "\n";
  }
  return harness::sha256_hex(text);
}

std::string outputs_digest(const std::vector<PieceDigest>& pieces) {
  std::string text;
  for (const PieceDigest& p : pieces) text += p.sha256 + "\n";
  return harness::sha256_hex(text);
}

std::vector<uint64_t> Prepared::input_counts() const {
  std::vector<uint64_t> out;
  for (size_t i = 0; i < calls.size(); ++i)
    out.push_back(structured[i] ? structured[i]->set.inputs.size() : maps[i]->input_count());
  return out;
}

size_t input_bytes(ElementType from, size_t n) {
  return from == ElementType::kString ? n * sizeof(const char*) : *storage_bytes(from, n);
}

void input_patterns(ElementType from, const StructuredSet* set, uint64_t a, uint64_t b, uint8_t* out) {
  if (set && set->text) {
    for (uint64_t i = a; i < b; ++i) {
      const char* text = set->text->texts[static_cast<size_t>(i)].c_str();
      std::memcpy(out + (i - a) * sizeof text, &text, sizeof text);
    }
    return;
  }
  if (set) {
    std::memcpy(out, set->inputs.data() + a, static_cast<size_t>(b - a) * sizeof(uint64_t));
    return;
  }
  make_inputs(from, a, b, out);
}

Prepared prepare(const std::vector<Call>& selected, const harness::Implementation& impl, unsigned jobs) {
  impl.require(harness::Mode::kEveryInput);
  std::vector<std::variant<std::shared_ptr<const StructuredExpectation>, std::shared_ptr<const Map>, std::string>> made(
      selected.size());
  std::atomic<size_t> next{0};
  on_threads(std::max(1u, jobs), [&](unsigned) {
    for (size_t i; (i = next++) < selected.size();) {
      const Configuration& c = selected[i].config;
      if (auto why = impl.refuses(c)) {
        made[i] = *why;
        continue;
      }
      if (has_structured_set(c.from)) {  // the expectations are the reference's own answers: no cross-check
        // Fewer configurations than jobs: the reference's calls of one set share the threads.
        const unsigned inner = selected.size() < jobs ? jobs : 1;
        made[i] = std::make_shared<const StructuredExpectation>(expect_structured(structured_set(c), inner));
        continue;
      }
      auto d = derive(c);
      if (auto* why = std::get_if<std::string>(&d)) {
        made[i] = "no exact map yet: " + *why;
        continue;
      }
      auto map = std::make_shared<const Map>(std::move(std::get<Map>(d)));
      const CrossCheck cc = cross_check(*map, kCrossCheckRandomInputs, 0x5eed ^ i, kCrossCheckGroupProbes);
      if (!cc.ok())
        throw std::runtime_error("the map of " + c.name() + " disagrees with the reference (" + cc.mismatches.front() +
                                 "); it is not used");
      made[i] = std::move(map);
    }
  });
  Prepared p;
  for (size_t i = 0; i < selected.size(); ++i) {
    if (auto* why = std::get_if<std::string>(&made[i])) {
      p.refused.emplace_back(configuration_id(selected[i].config), *why);
    } else if (auto* s = std::get_if<0>(&made[i])) {
      p.calls.push_back(selected[i]);
      p.structured.push_back(*s);
      p.maps.push_back(std::shared_ptr<const Map>(*s, &(*s)->expectations));
    } else {
      p.calls.push_back(selected[i]);
      p.structured.emplace_back();
      p.maps.push_back(std::get<1>(made[i]));
    }
  }
  return p;
}

std::vector<Piece> pieces_of(const std::vector<uint64_t>& input_counts,
                             const std::optional<std::pair<uint64_t, uint64_t>>& range) {
  std::vector<Piece> out;
  for (size_t i = 0; i < input_counts.size(); ++i) {
    const uint64_t n = input_counts[i];
    uint64_t lo = 0, hi = n - 1;
    if (range && range->first >= n) continue;  // the range lies beyond this source's patterns
    if (range) lo = range->first, hi = std::min(range->second, n - 1);
    for (uint64_t first = lo; first <= hi;) {
      const uint64_t last = std::min(hi, (first / kPieceInputs + 1) * kPieceInputs - 1);
      out.push_back({i, first, last});
      first = last + 1;
    }
  }
  return out;
}

ExhaustiveReport run_exhaustive(const Prepared& p, harness::Implementation& impl, const EngineOptions& o) {
  impl.require(harness::Mode::kEveryInput);
  const auto t0 = Clock::now();
  ExhaustiveReport report;
  report.implementation = impl.name();
  report.description = impl.description();
  for (const Call& c : p.calls) report.selection.push_back(configuration_id(c.config));
  report.selection_sha256 = selection_digest(p.calls, o.range, o.shard ? o.shard->count : 1);
  report.shard = o.shard;
  report.range = o.range;
  report.batch = o.batch;
  report.digests = o.digests;
  report.max_intervals = o.max_intervals;
  report.refused = p.refused;
  report.configurations.resize(p.calls.size());
  for (size_t i = 0; i < p.calls.size(); ++i) report.configurations[i].call = p.calls[i];

  const std::vector<uint64_t> counts = p.input_counts();
  impl.expect_inputs(p.calls, counts);
  // A configuration outside the declared coverage is not called: the shard a piece of it belongs to
  // reports its inputs as rejected by the declaration (a piece with no digest: no output), so that
  // the shards still hold every piece of the selection.
  const std::optional<harness::DeclaredCoverage> declared = impl.coverage();
  report.coverage_declared = declared.has_value();
  const auto outside = [&](size_t i) {
    const Call& c = p.calls[i];
    return declared && !declared->covers(c.op, c.config.from, c.config.to,
                                         c.saturate ? static_cast<int32_t>(*c.saturate) : -1, c.round_mode);
  };
  std::vector<Piece> pieces;
  for (size_t k = 0; const Piece& piece : pieces_of(counts, o.range)) {
    const bool mine = in_shard(k++, o.shard);
    if (outside(piece.call)) {
      ConfigurationReport& c = report.configurations[piece.call];
      c.outside_declared = true;
      if (!mine) continue;
      const uint64_t n = piece.last - piece.first + 1;
      c.inputs += n, c.rejected += n;
      add_rejection(c.rejections, {piece.first, piece.last, kOutsideDeclaredCoverage});
      if (o.digests) c.pieces.push_back({piece.first, piece.last, ""});
      continue;
    }
    if (mine) pieces.push_back(piece);
  }
  Progress progress;
  for (const Piece& piece : pieces) progress.inputs_total += piece.last - piece.first + 1;

  unsigned jobs = std::max(1u, o.jobs);
  if (impl.max_jobs() != 0) jobs = std::min(jobs, impl.max_jobs());
  jobs = static_cast<unsigned>(std::min<size_t>(jobs, std::max<size_t>(1, pieces.size())));
  report.jobs = jobs;

  std::mutex mu;  // guards the fold, the progress and `pending`
  std::map<size_t, PieceResult> pending;
  size_t next_fold = 0;
  std::atomic<size_t> next_piece{0};
  std::atomic<bool> stop{false};
  auto last_progress = Clock::now();
  on_threads(jobs, [&](unsigned slot) {
    Buffers buf;
    try {
      for (size_t k; !stop && (k = next_piece++) < pieces.size();) {
        const Piece& piece = pieces[k];
        PieceResult r = judge_piece(piece, p, impl, o, slot, buf);
        std::lock_guard<std::mutex> lock(mu);
        pending.emplace(k, std::move(r));
        for (auto it = pending.find(next_fold); it != pending.end(); it = pending.find(++next_fold)) {
          const ConfigurationReport& part = it->second.part;
          progress.inputs_done += part.inputs;
          progress.failures += part.fail + part.failed_calls;
          fold(report.configurations[pieces[next_fold].call], part, o.max_intervals);
          pending.erase(it);
        }
        if (o.progress && Clock::now() - last_progress > std::chrono::milliseconds(250)) {
          last_progress = Clock::now();
          progress.seconds = std::chrono::duration<double>(last_progress - t0).count();
          o.progress(progress);
        }
      }
    } catch (...) {
      stop = true;
      throw;
    }
  });
  impl.finish();
  report.value_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  if (o.shapes && impl.takes_shapes() && (!o.shard || o.shard->index == 0)) shape_pass(p, impl, o, report);
  for (ConfigurationReport& c : report.configurations) {
    for (Interval& i : c.intervals) i.readings = interval_readings(c.call, i);
    refuse_contradicted(c);
  }
  // A shard keeps only the configurations it judged a piece of.
  if (o.shard)
    std::erase_if(report.configurations, [](const ConfigurationReport& c) { return c.inputs == 0; });
  report.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  if (o.progress) {
    progress.seconds = report.seconds;
    o.progress(progress);
  }
  return report;
}

}  // namespace castlike::exhaustive
