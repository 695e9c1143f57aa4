// Exhaustive validation of a Python implementation: every input bit pattern of the chosen
// configurations (sources of at most 32 bits), through the harness's engine (maps derived and
// cross-checked, maximal failing intervals, the readings explaining them, the renderings). The
// Python function gets (call dict, first input, end input, input raw bytes) and answers like the
// vector validation's: ("ok", raw bytes) | ("rejected", message) | ("failed", kind, message).
// The engine runs with the GIL released; each batch call takes it.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstring>

#include "castlike/packing.hpp"
#include "common.hpp"
#include "maps/config_id.hpp"
#include "maps/derive.hpp"
#include "exhaustive/engine.hpp"
#include "exhaustive/render_exhaustive.hpp"
#include "maps/structured_inputs.hpp"

namespace castlike::python {
namespace {

using exhaustive::BatchStatus;
using exhaustive::Call;

// The function answers batches of every input; a vector set is judged through a function
// answering one case at a time (validation.cpp), which answers in another shape.
class PythonBatches : public harness::EveryInputOnly {
 public:
  PythonBatches(nb::callable convert, std::string name, std::string description)
      : EveryInputOnly("a Python function answering batches of every input is not judged on a vector set (that "
                       "takes a function answering one case at a time)"),
        convert_(std::move(convert)),
        name_(std::move(name)),
        description_(std::move(description)) {}
  std::string name() const override { return name_; }
  std::string description() const override { return description_; }
  unsigned max_jobs() const override { return 1; }  // one Python call at a time; judging is parallel anyway
  std::optional<harness::DeclaredCoverage> coverage() const override { return coverage_; }
  std::optional<harness::DeclaredCoverage> coverage_;  // the callable's castlike_coverage, if it has one

  BatchStatus convert(unsigned, const Call& call, uint64_t a, uint64_t b, const uint8_t* input, uint8_t* out) override {
    nb::gil_scoped_acquire gil;
    const ElementType from = call.config.from, to = call.config.to;
    const nb::dict c = call_dict(call);
    const size_t n = static_cast<size_t>(b - a);
    const size_t in_bytes = *storage_bytes(from, n), out_bytes = *storage_bytes(to, n);
    BatchStatus s;
    if (error_) {  // a Python exception ended the run: the remaining batches are not called
      s.kind = BatchStatus::Kind::kCallFailed, s.failure_kind = "interrupted", s.message = "the run was interrupted";
      return s;
    }
    nb::object answer;
    try {
      answer = convert_(c, a, b, nb::bytes(reinterpret_cast<const char*>(input), in_bytes));
    } catch (nb::python_error& e) {
      // The glue's own exceptions (KeyboardInterrupt among them; the wrapper answers for the
      // implementation's): kept and raised again once the engine has stopped.
      error_.emplace(std::move(e));
      s.kind = BatchStatus::Kind::kCallFailed, s.failure_kind = "interrupted", s.message = "the run was interrupted";
      return s;
    }
    decode_batch_answer(answer, n, to, out_bytes, out, s);
    return s;
  }

  std::optional<nb::python_error> error_;  // read by validate_exhaustive after the run

 private:
  nb::callable convert_;
  std::string name_, description_;
};

struct PyExhaustiveReport {
  exhaustive::ExhaustiveReport report;
};

std::vector<Call> calls_of(const std::vector<std::string>& ids) {
  std::vector<Call> calls;
  for (const std::string& id : ids) {
    const auto c = exhaustive::parse_configuration_id(id);
    if (!c)
      throw nb::value_error(("'" + id + "' is not a configuration id (castlike.exhaustive_configurations() lists them, "
                                        "e.g. FLOAT-FLOAT8E4M3FN-sat1)").c_str());
    // Called as the command line calls it without attributes: CastLike-25, or Cast-28 for the
    // configurations with a type only Cast-28 lists (FLOAT6).
    const Call call = exhaustive::default_call(*c);
    calls.push_back(call);
  }
  return calls;
}

}  // namespace

nb::dict call_dict(const Call& call) {
  nb::dict c;
  c["id"] = exhaustive::configuration_id(call.config);
  c["from"] = std::string(info(call.config.from).name);
  c["to"] = std::string(info(call.config.to).name);
  c["operator"] = std::string(operator_name(call.op));
  c["opset"] = call.opset;
  c["saturate"] = call.saturate ? nb::cast(*call.saturate) : nb::none();
  c["round_mode"] = call.round_mode ? nb::cast(*call.round_mode) : nb::none();
  return c;
}

void decode_batch_answer(const nb::object& answer, size_t n, ElementType to, size_t out_bytes, uint8_t* out,
                         BatchStatus& s) {
  if (!nb::isinstance<nb::tuple>(answer) || nb::len(answer) < 2) {
    s = BatchStatus{BatchStatus::Kind::kCallFailed, "bad answer", "not a tuple"};
    return;
  }
  try {
    const nb::tuple t = nb::borrow<nb::tuple>(answer);
    const std::string kind = nb::cast<std::string>(t[0]);
    if (kind == "rejected") {
      s.kind = BatchStatus::Kind::kRejected, s.message = nb::cast<std::string>(t[1]);
    } else if (kind == "failed" && nb::len(t) == 3) {
      s.kind = BatchStatus::Kind::kCallFailed, s.failure_kind = nb::cast<std::string>(t[1]),
      s.message = nb::cast<std::string>(t[2]);
    } else if (kind == "ok") {
      const nb::bytes raw = nb::cast<nb::bytes>(t[1]);
      if (raw.size() != out_bytes) {
        s.kind = BatchStatus::Kind::kCallFailed, s.failure_kind = "bad answer";
        s.message = "the output has " + std::to_string(raw.size()) + " bytes; " + std::to_string(n) + " " +
                    std::string(info(to).name) + " elements take " + std::to_string(out_bytes);
      } else {
        std::memcpy(out, raw.c_str(), out_bytes);
      }
    } else {
      s.kind = BatchStatus::Kind::kCallFailed, s.failure_kind = "bad answer", s.message = "unknown answer '" + kind + "'";
    }
  } catch (const std::exception& e) {  // an answer of the wrong shape (a list where bytes belong, ...)
    s = BatchStatus{BatchStatus::Kind::kCallFailed, "bad answer", e.what()};
  }
}

void def_exhaustive(nb::module_& m) {
  m.def("exhaustive_configurations", [] {
    std::vector<std::string> ids;
    for (const auto& list : {exhaustive::all_configurations(), exhaustive::structured_configurations()})
      for (const auto& c : list) ids.push_back(exhaustive::configuration_id(c));
    return ids;
  }, "The ids of every configuration an exhaustive run can judge (sources of at most 32 bits, and the "
     "structured sets of the 64-bit sources).");

  m.def("exhaustive_call", [](const std::string& id) {
    const auto c = exhaustive::parse_configuration_id(id);
    if (!c) throw nb::value_error(("'" + id + "' is not a configuration id").c_str());
    const Call call = exhaustive::default_call(*c);
    return std::make_pair(std::string(operator_name(call.op)), call.opset);
  }, nb::arg("id"), "How a configuration is called when no attribute is given: (operator, opset), CastLike-25 or, "
     "for a type only Cast-28 lists, Cast-28.");

  nb::class_<PyExhaustiveReport>(m, "ExhaustiveReport")
      .def_prop_ro("ok", [](const PyExhaustiveReport& r) { return r.report.ok(); })
      .def("verdict", [](const PyExhaustiveReport& r) { return exhaustive::exhaustive_verdict(r.report); })
      .def("text", [](const PyExhaustiveReport& r, bool details) { return exhaustive::exhaustive_text(r.report, details); },
           nb::arg("details") = true,
           "The text report; details=False: one line per configuration that does not pass (the CLI's default).")
      .def("json", [](const PyExhaustiveReport& r) { return exhaustive::exhaustive_json(r.report); })
      .def("html", [](const PyExhaustiveReport& r) { return exhaustive::exhaustive_html(r.report); })
      .def("configurations", [](const PyExhaustiveReport& r) {
        nb::list out;
        for (const auto& c : r.report.configurations) {
          nb::dict d;
          d["id"] = exhaustive::configuration_id(c.call.config);
          d["inputs"] = c.inputs;
          d["pass"] = c.pass;
          d["fail"] = c.fail;
          d["unspecified"] = c.unspecified;
          d["rejected"] = c.rejected;
          d["failed_calls"] = c.failed_calls;
          nb::list intervals;
          for (const auto& i : c.intervals) {
            nb::dict x;
            x["first"] = i.first;
            x["last"] = i.last;
            x["count"] = i.count;
            x["expected"] = i.expected;
            x["actual"] = i.actual;
            x["rule"] = std::string(ref::rule_name(i.rule));
            x["readings"] = i.readings;
            x["class"] = i.pattern_class;  // a structured set's failing class, "" otherwise
            intervals.append(x);
          }
          d["intervals"] = intervals;
          out.append(d);
        }
        return out;
      });

  m.def("validate_exhaustive", [](const std::vector<std::string>& ids, nb::callable convert, const std::string& name,
                                  const std::string& description, uint64_t batch, unsigned jobs,
                                  std::optional<std::pair<uint64_t, uint64_t>> range, std::optional<size_t> max_intervals,
                                  std::optional<std::string> coverage) {
        const std::vector<Call> selected = calls_of(ids);
        PythonBatches impl(std::move(convert), name, description);
        impl.coverage_ = declared_coverage_of(coverage);
        exhaustive::EngineOptions options;
        options.jobs = jobs == 0 ? 1 : jobs;
        if (batch == 0 || (batch & (batch - 1)) != 0 || batch > exhaustive::kPieceInputs)
          throw nb::value_error("batch must be a power of two of at most 2^24");
        options.batch = batch;
        options.range = range;
        if (max_intervals) {  // else the engine's default, the command line's too
          if (*max_intervals == 0) throw nb::value_error("max_intervals must be at least 1");
          options.max_intervals = *max_intervals;
        }
        PyExhaustiveReport r;
        {
          nb::gil_scoped_release release;
          const exhaustive::Prepared p = exhaustive::prepare(selected, impl, options.jobs);
          r.report = exhaustive::run_exhaustive(p, impl, options);
        }
        if (impl.error_) {
          nb::python_error e = std::move(*impl.error_);
          impl.error_.reset();
          throw e;
        }
        return r;
      }, nb::arg("ids"), nb::arg("convert"), nb::arg("name"), nb::arg("description"), nb::arg("batch"),
      nb::arg("jobs"), nb::arg("range").none(), nb::arg("max_intervals").none() = nb::none(),
      nb::arg("coverage").none() = nb::none());
}

}  // namespace castlike::python
