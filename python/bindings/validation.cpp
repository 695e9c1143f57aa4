// Validation of a Python implementation on vector files: the harness's own pipeline
// (harness::validate, the explanations, the baseline comparison, the four renderings) with a
// Python function as the implementation. The function (castlike/_validate.py builds it around the
// user's callable) gets one case as a dict and answers with a tuple:
//   ("ok", raw bytes | list of texts, {element index: error} | None)
//   ("rejected", message)            the implementation refused the call
//   ("failed", kind, message)        the call came back without an answer (raised, crashed, ...)
// Anything else, or bytes of the wrong size, is a failed call of that case ("bad answer").
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "judging/baseline.hpp"
#include "castlike/packing.hpp"
#include "common.hpp"
#include "judging/shape_calls.hpp"
#include "judging/validator.hpp"
#include "rendering/render.hpp"

namespace castlike::python {
namespace {

using harness::CaseOutput;
using harness::VectorFile;

CaseOutput failed(const std::string& kind, const std::string& message) {
  CaseOutput out;
  out.status = CaseOutput::Status::kCallFailed;
  out.failure_kind = kind;
  out.message = message;
  return out;
}

// The function answers one case at a time; every input is judged through a function answering
// batches (exhaustive.cpp), which answers in another shape. After each case, the harness's shape
// pass (judging/shape_cases.hpp) calls `shaped` (when given) in the shape plan's shapes:
//   shaped(call dict, shape dict, input raw bytes) -> an answer as a batch's (decode_batch_answer)
// where the shape dict is the plan's (kind, length, input_offset, output_offset, in_place); the
// glue lays the input out at those offsets in numpy buffers (castlike/_validate.py).
class PythonImplementation : public harness::CasesOnly {
 public:
  PythonImplementation(nb::callable run, nb::object shaped, bool in_place, std::string name, std::string description)
      : CasesOnly("a Python function answering one case at a time is not judged on every input (that takes a "
                  "function answering batches)"),
        run_(std::move(run)),
        shaped_(std::move(shaped)),
        in_place_(in_place),
        name_(std::move(name)),
        description_(std::move(description)) {}
  std::string name() const override { return name_; }
  std::string description() const override { return description_; }
  std::optional<harness::DeclaredCoverage> coverage() const override { return coverage_; }
  std::optional<harness::DeclaredCoverage> coverage_;  // the callable's castlike_coverage, if it has one
  bool takes_case_shapes() const override { return !shaped_.is_none(); }
  harness::ShapeCapabilities shape_capabilities() const override { return {in_place_, false}; }
  exhaustive::BatchStatus convert_in_shape(unsigned, const exhaustive::Call& call, uint64_t a, uint64_t b,
                                           const uint8_t* input, uint8_t* out,
                                           const harness::CallShape& shape) override {
    const size_t n = static_cast<size_t>(b - a);
    const nb::dict s = shape_dict(shape);
    // A Python exception here is the glue's, as in run(): it ends the validation.
    const nb::object answer = shaped_(call_dict(call), s, nb::bytes(reinterpret_cast<const char*>(input),
                                                                    *storage_bytes(call.config.from, n)));
    exhaustive::BatchStatus status;
    decode_batch_answer(answer, n, call.config.to, *storage_bytes(call.config.to, n), out, status);
    return status;
  }
  CaseOutput run(const VectorFile& f, size_t) override {
    nb::dict c;
    c["name"] = f.name;
    c["path"] = f.path;
    c["from"] = std::string(info(f.from).name);
    c["to"] = std::string(info(f.to).name);
    c["operator"] = std::string(operator_name(f.op));
    c["opset"] = f.opset;
    c["saturate"] = f.saturate ? nb::cast(*f.saturate) : nb::none();
    c["round_mode"] = f.round_mode ? nb::cast(*f.round_mode) : nb::none();
    nb::list shape;
    for (int64_t d : f.shape) shape.append(d);
    c["shape"] = nb::tuple(shape);
    c["count"] = f.input.size();
    if (f.from == ElementType::kString) {
      nb::list texts;
      for (const ref::Element& e : f.input) texts.append(nb::str(e.text.data(), e.text.size()));
      c["texts"] = texts;
    } else {
      const ref::CastLikeRequest r = f.request();
      c["raw"] = nb::bytes(reinterpret_cast<const char*>(r.input.data.data()), r.input.data.size());
    }
    // A Python exception here is the glue's (the wrapper catches the implementation's own):
    // it propagates and ends the validation.
    const nb::object answer = run_(c);
    try {
      return decode(f, answer);
    } catch (const std::exception& e) {  // an answer of the wrong shape (a list where bytes belong, ...)
      return failed("bad answer", e.what());
    }
  }

 private:
  static CaseOutput decode(const VectorFile& f, const nb::object& answer) {
    if (!nb::isinstance<nb::tuple>(answer) || nb::len(answer) < 2) return failed("bad answer", "not a tuple");
    const nb::tuple t = nb::borrow<nb::tuple>(answer);
    const std::string kind = nb::cast<std::string>(t[0]);
    if (kind == "rejected") {
      CaseOutput out;
      out.status = CaseOutput::Status::kRejected;
      out.message = nb::cast<std::string>(t[1]);
      return out;
    }
    if (kind == "failed" && nb::len(t) == 3) return failed(nb::cast<std::string>(t[1]), nb::cast<std::string>(t[2]));
    if (kind != "ok" || nb::len(t) != 3) return failed("bad answer", "unknown answer '" + kind + "'");
    const size_t n = f.input.size();
    CaseOutput out;
    out.elements.resize(n);
    out.element_errors.assign(n, "");
    if (f.to == ElementType::kString) {
      const auto texts = nb::cast<std::vector<std::string>>(t[1]);
      if (texts.size() != n)
        return failed("bad answer", std::to_string(texts.size()) + " texts for " + std::to_string(n) + " elements");
      for (size_t i = 0; i < n; ++i) out.elements[i] = ref::Element::of_text(texts[i]);
    } else {
      const nb::bytes raw = nb::cast<nb::bytes>(t[1]);
      const size_t need = *storage_bytes(f.to, n);
      if (raw.size() != need)
        return failed("bad answer", "the output has " + std::to_string(raw.size()) + " bytes; " + std::to_string(n) +
                                        " " + std::string(info(f.to).name) + " elements take " + std::to_string(need));
      const auto* data = reinterpret_cast<const uint8_t*>(raw.c_str());
      for (size_t i = 0; i < n; ++i) out.elements[i] = ref::Element::of_bits(load_bits(f.to, data, i));
    }
    if (!t[2].is_none())
      for (auto [key, value] : nb::cast<nb::dict>(t[2])) {
        const size_t i = nb::cast<size_t>(key);
        if (i >= n) return failed("bad answer", "an element error for element " + std::to_string(i) + " of " + std::to_string(n));
        out.elements[i].reset();
        out.element_errors[i] = nb::cast<std::string>(value);
      }
    return out;
  }

  nb::callable run_;
  nb::object shaped_;  // None: no shape pass
  bool in_place_;
  std::string name_, description_;
};

// A vector set, listed without being kept in memory (load_vector_set).
struct PyVectorSet {
  harness::VectorSet set;
};

nb::dict entry_dict(const harness::VectorSetEntry& e) {
  nb::dict d;
  d["name"] = e.name;
  d["path"] = e.path;
  d["from"] = std::string(info(e.from).name);
  d["to"] = std::string(info(e.to).name);
  d["elements"] = e.elements;
  d["operator"] = std::string(operator_name(e.op));
  d["opset"] = e.opset;
  d["saturate"] = e.saturate ? nb::cast(*e.saturate) : nb::none();
  d["round_mode"] = e.round_mode ? nb::cast(*e.round_mode) : nb::none();
  d["kind"] = e.kind;
  return d;
}

// A finished validation, with the baseline comparison once compare() ran.
struct PyReport {
  harness::Report report;
  std::optional<harness::BaselineComparison> comparison;
  const harness::BaselineComparison* against() const { return comparison ? &*comparison : nullptr; }
};

nb::dict failure_dict(const harness::Failure& f) {
  nb::dict d;
  d["case"] = f.case_name;
  d["index"] = f.index;
  d["from"] = std::string(info(f.from).name);
  d["to"] = std::string(info(f.to).name);
  d["call"] = f.call;
  d["input"] = harness::show(f.from, f.input);
  d["expected"] = harness::show(f.to, f.expected) + harness::expected_note(f);
  d["actual"] = harness::show(f.to, f.actual);
  d["outcome"] = std::string(ref::outcome_name(f.outcome));
  d["explained_by"] = f.explained_by;
  d["line"] = harness::failure_line(f);
  d["block"] = harness::failure_block(f, "  ");
  d["reproduce"] = harness::explain_command(f);
  d["position"] = f.position;  // the shape pass's: "tail", "head", ...; "" for the case's own call
  d["shape"] = f.shape;
  d["rule"] = f.rule;  // the shape pass's; "" for the case's own call (its rule groups it)
  return d;
}

nb::dict shapes_dict(const harness::ShapeResults& r) {
  nb::dict d;
  d["ran"] = r.ran;
  d["line"] = r.ran ? harness::shapes_line(r.in_place) : std::string();
  d["ok"] = r.ok();
  d["calls"] = r.calls;
  d["fail"] = r.fail;
  d["failed_calls"] = r.failed_calls;
  d["first_call_problem"] = r.first_call_problem;
  d["in_place"] = r.in_place;
  nb::dict by_position;
  for (const auto& [position, n] : r.fail_by_position) by_position[nb::str(position.c_str())] = n;
  d["by_position"] = by_position;
  nb::list failures;
  for (const auto& f : r.failures) failures.append(failure_dict(f));
  d["failures"] = failures;
  return d;
}

nb::dict counts_dict(const harness::Counts& c) {
  nb::dict d;
  d["pass"] = c.pass;
  d["fail"] = c.fail;
  d["unspecified"] = c.unspecified;
  d["rejected"] = c.rejected;
  return d;
}

nb::dict row_dict(const harness::BaselineEntry& e) {
  nb::dict d;
  d["kind"] = e.kind == harness::BaselineEntry::Kind::kDiscrepancy ? "discrepancy" : "rejection";
  d["case"] = e.case_name;
  d["rule"] = e.rule;
  d["failures"] = e.failures;
  d["explained_by"] = e.explained_by;
  d["message"] = e.message;
  d["text"] = e.text();
  nb::list examples;
  for (const auto& f : e.examples) examples.append(failure_dict(f));
  d["examples"] = examples;
  return d;
}

}  // namespace

void def_validation(nb::module_& m) {
  nb::class_<PyVectorSet>(m, "VectorSet")
      .def_static("load", [](const std::vector<std::string>& paths) {
        auto loaded = harness::load_vector_set(paths);
        if (auto* error = std::get_if<std::string>(&loaded)) throw nb::value_error(error->c_str());
        PyVectorSet s;
        s.set = std::move(std::get<harness::VectorSet>(loaded));
        return s;
      }, "Reads and checks every vector file under the paths; a ValueError names the first bad one.")
      .def("__len__", [](const PyVectorSet& s) { return s.set.size(); })
      .def("entries", [](const PyVectorSet& s) {
        nb::list out;
        for (const auto& e : s.set.entries()) out.append(entry_dict(e));
        return out;
      })
      .def("keep", [](PyVectorSet& s, const std::vector<std::string>& names) {
        std::set<std::string> wanted(names.begin(), names.end());
        s.set.keep_if([&](const harness::VectorSetEntry& e) { return wanted.count(e.name) != 0; });
      }, "Keeps only the files of these case names (in the set's order).");

  nb::class_<PyReport>(m, "Report")
      .def_prop_ro("ok", [](const PyReport& r) { return harness::passes(r.report, r.against()); })
      .def_prop_ro("implementation", [](const PyReport& r) { return r.report.implementation; })
      .def_prop_ro("cases", [](const PyReport& r) { return r.report.cases; })
      .def_prop_ro("total", [](const PyReport& r) { return counts_dict(r.report.total); })
      .def("verdict", [](const PyReport& r) { return harness::verdict_line(r.report, r.against()); })
      .def("text", [](const PyReport& r) {
        return (r.comparison ? harness::baseline_text(*r.comparison, r.report) : "") + harness::report_text(r.report);
      })
      .def("json", [](const PyReport& r) { return harness::report_json(r.report, r.against()); })
      .def("html", [](const PyReport& r) { return harness::report_html(r.report, r.against()); })
      .def("junit", [](const PyReport& r) { return harness::report_junit(r.report, r.against()); })
      .def("baseline_document", [](const PyReport& r) { return harness::baseline_document(r.report); })
      .def("case_results", [](const PyReport& r) {
        nb::list out;
        for (const auto& c : r.report.case_results) {
          nb::dict d;
          d["name"] = c.name;
          d["path"] = c.path;
          d["from"] = std::string(info(c.from).name);
          d["to"] = std::string(info(c.to).name);
          d["call"] = c.call;
          d["counts"] = counts_dict(c.counts);
          d["rejection"] = c.rejection;
          d["call_failure"] = c.call_failure;
          out.append(d);
        }
        return out;
      })
      .def("discrepancies", [](const PyReport& r) {
        nb::list out;
        for (const auto& e : harness::run_entries(r.report)) out.append(row_dict(e));
        return out;
      }, "The run's rows as a baseline lists them: discrepancies (case, rule) with their first failures, and rejections.")
      .def("shapes", [](const PyReport& r) { return shapes_dict(r.report.shapes); },
           "The shape pass: ran, line, ok, calls, fail, failed_calls, first_call_problem, in_place, "
           "by_position, failures (each with its position kind and call shape).")
      .def("call_failures", [](const PyReport& r) {
        nb::list out;
        for (const auto& c : r.report.call_failures) {
          nb::dict d;
          d["case"] = c.case_name;
          d["call"] = c.call;
          d["kind"] = c.kind;
          d["message"] = c.message;
          out.append(d);
        }
        return out;
      })
      .def("compare", [](PyReport& r, const std::string& path, bool strict) {
        auto read = harness::read_baseline(path);
        if (auto* error = std::get_if<std::string>(&read)) throw nb::value_error(error->c_str());
        r.comparison = harness::compare_with_baseline(r.report, std::get<harness::Baseline>(read), strict);
        const auto& c = *r.comparison;
        nb::dict d;
        d["summary"] = c.summary();
        d["ok"] = c.ok();
        d["known"] = c.known;
        nb::list added, changed, vanished, not_run;
        for (const auto& e : c.added) added.append(row_dict(e));
        for (const auto& [was, now] : c.changed) changed.append(nb::make_tuple(row_dict(was), row_dict(now)));
        for (const auto& e : c.vanished) vanished.append(row_dict(e));
        for (const auto& e : c.not_run) not_run.append(row_dict(e));
        d["new"] = added;
        d["changed"] = changed;
        d["vanished"] = vanished;
        d["not_run"] = not_run;
        return d;
      }, nb::arg("path"), nb::arg("strict") = false);

  m.def("validate", [](PyVectorSet& set, nb::callable run, const std::string& name, const std::string& description,
                       std::optional<std::vector<std::string>> rules, size_t examples_per_rule, nb::object progress,
                       std::optional<std::string> coverage, nb::object shaped, bool in_place) {
        PythonImplementation impl(std::move(run), std::move(shaped), in_place, name, description);
        impl.coverage_ = declared_coverage_of(coverage);
        harness::ValidateOptions options;
        options.examples_per_rule = examples_per_rule;
        if (rules) {
          options.rules.emplace();
          for (const std::string& r : *rules) {
            const auto id = ref::rule_from_name(r);
            if (!id) throw nb::value_error(("unknown rule id '" + r + "' (castlike.rules() lists them)").c_str());
            options.rules->insert(*id);
          }
        }
        if (!progress.is_none())
          options.progress = [&](size_t done, size_t total, uint64_t elements) { progress(done, total, elements); };
        PyReport r;
        try {
          r.report = harness::validate(set.set, impl, options);
        } catch (const harness::InputChanged& e) {
          throw nb::value_error(e.what());
        }
        return r;
      }, nb::arg("set"), nb::arg("run"), nb::arg("name"), nb::arg("description"), nb::arg("rules").none(),
      nb::arg("examples_per_rule"), nb::arg("progress").none(), nb::arg("coverage").none() = nb::none(),
      nb::arg("shaped").none() = nb::none(), nb::arg("in_place") = false);
}

}  // namespace castlike::python
