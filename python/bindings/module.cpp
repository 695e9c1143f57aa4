// castlike._core: the compiled half of the Python package (python/castlike/ is the other). This
// file: the type table, the rules, the kernel ISA levels, and the shape plan, decisive inputs and
// vector file of a call (for castlike.fuzz and castlike.hypothesis) as Python sees them; the conversions,
// the vector validation and the exhaustive validation have a file each.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "castlike/isa_levels.hpp"
#include "castlike/castlike.h"
#include "common.hpp"
#include "formats/output_guard.hpp"
#include "generation/generator.hpp"
#include "generation/shape_plan.hpp"
#include "type_facts.hpp"

namespace castlike::python {

ElementType type_named(const std::string& name) {
  if (const auto t = type_from_name(name)) return *t;
  std::string names;
  for (const TypeInfo& t : kTypeTable) names += (names.empty() ? "" : ", ") + std::string(t.name);
  throw nb::value_error(("unknown element type '" + name + "' (one of " + names + ")").c_str());
}

ref::Variants variants_of(const std::string& profile, const std::string& overrides) {
  auto v = ref::profile_by_name(profile);
  if (!v) throw nb::value_error(("unknown profile '" + profile + "' (default, exact or onnx-reference)").c_str());
  if (!overrides.empty())
    if (const auto error = ref::apply_variant_overrides(*v, overrides)) throw nb::value_error(error->c_str());
  return *v;
}

nb::dict shape_dict(const harness::CallShape& shape) {
  nb::dict d;
  d["kind"] = std::string(harness::position_kind_name(shape.kind));
  d["length"] = shape.length;
  d["input_offset"] = shape.input_offset;
  d["output_offset"] = shape.output_offset;
  d["in_place"] = shape.in_place;
  d["description"] = shape.description();
  return d;
}

}  // namespace castlike::python

NB_MODULE(_core, m) {
  using namespace castlike;
  using namespace castlike::python;
  m.doc() = "castlike's compiled core: kernels, exact reference, validation (use the castlike package)";

  m.def("type_table", [] { return harness::type_facts_json(); },
        "The type table as `castlike types --format json` publishes it (format castlike-types).");
  m.def("castlike_versions", [] { return std::vector<int>(kCastLikeVersions.begin(), kCastLikeVersions.end()); });
  m.attr("DEFAULT_OPSET") = kDefaultOpset;
  m.def("newest_opset", [] { return static_cast<int>(castlike_newest_opset()); },
        "The newest opset the library knows; a newer one is refused (UnknownOpset).");
  m.def("rules", [] {
    nb::list out;
    for (size_t i = 0; i < ref::rule_count(); ++i) {
      const ref::RuleId r = ref::rule_at(i);
      out.append(nb::make_tuple(std::string(ref::rule_name(r)), std::string(ref::rule_summary(r))));
    }
    return out;
  }, "Every rule id of the reference with its one-line summary, in rule-number order.");
  m.def("status_message", [](int s) { return std::string(castlike_status_message(static_cast<castlike_status>(s))); });
  // The C API's error statuses by name (castlike/_errors.py has one exception class per name): the
  // numbers are the header's, not restated in Python.
  m.def("statuses", [] {
    nb::dict out;
#define CASTLIKE_STATUS(name) out[#name] = static_cast<int>(CASTLIKE_ERROR_##name)
    CASTLIKE_STATUS(INVALID_ARGUMENT);
    CASTLIKE_STATUS(UNKNOWN_TYPE);
    CASTLIKE_STATUS(TYPE_NOT_IN_OPSET);
    CASTLIKE_STATUS(ATTRIBUTE_NOT_IN_OPSET);
    CASTLIKE_STATUS(UNKNOWN_OPSET);
    CASTLIKE_STATUS(SIZE_OVERFLOW);
    CASTLIKE_STATUS(BUFFER_TOO_SMALL);
    CASTLIKE_STATUS(UNSUPPORTED_ISA);
    CASTLIKE_STATUS(INVALID_ATTRIBUTE);
    CASTLIKE_STATUS(STRING_TYPE);
    CASTLIKE_STATUS(CALLBACK_ABORTED);
    CASTLIKE_STATUS(OUT_OF_MEMORY);
    CASTLIKE_STATUS(INTERNAL);
#undef CASTLIKE_STATUS
    return out;
  }, "The C API's error statuses: {name without CASTLIKE_ERROR_: number}.");
  m.def("isa_levels", [] {
    nb::list out;
    for (castlike_isa i : kIsaLevels)
      if (castlike_isa_available(i)) out.append(std::string(castlike_isa_name(i)));
    return out;
  }, "The kernel levels this build and CPU have.");
  m.def("active_isa", [] { return std::string(castlike_isa_name(castlike_active_isa())); });
  m.def("force_isa", [](const std::string& name) {
    if (const auto i = castlike::isa_from_name(name)) {
      if (castlike_force_isa(*i) != CASTLIKE_OK)
        throw nb::value_error(("the " + name + " level is not available on this CPU or in this build").c_str());
      return;
    }
    throw nb::value_error(("unknown level '" + name + "' (" + castlike::isa_names(" or ") + ")").c_str());
  });
  m.def("version", [] {
    return std::to_string(CASTLIKE_VERSION_MAJOR) + "." + std::to_string(CASTLIKE_VERSION_MINOR) + "." +
           std::to_string(CASTLIKE_VERSION_PATCH);
  });
  // What castlike.fuzz, castlike.hypothesis and the shape pass of castlike.validate draw from: the
  // harness's shape plan and decisive inputs, and its vector file for a call (one home each).
  m.attr("shape_alignment") = harness::kShapeAlignment;
  m.def("shape_plan", [](const std::string& from, const std::string& to, bool in_place) {
    nb::list out;
    for (const harness::CallShape& s : harness::shape_plan(type_named(from), type_named(to), {in_place, false})) {
      out.append(shape_dict(s));
    }
    return out;
  }, nb::arg("from_type"), nb::arg("to"), nb::arg("in_place"),
     "The calls of a pair's shape plan (harness/generation/shape_plan.hpp), as dicts.");
  m.def("decisive_inputs", [](const std::string& from, const std::string& to) {
    nb::list out;
    for (const ref::Element& e : harness::interesting_inputs(type_named(from), type_named(to),
                                                             harness::InputSet::kStructured)) {
      if (type_named(from) == ElementType::kString) out.append(e.text);
      else out.append(nb::int_(e.bits));
    }
    return out;
  }, nb::arg("from_type"), nb::arg("to"),
     "The inputs that decide a pair's conversions (bit patterns, or texts for STRING), as castlike export's structured set.");
  m.def("case_text", [](const std::string& op, const std::string& from, const std::string& to, int opset,
                        std::optional<int64_t> saturate, std::optional<std::string> round_mode,
                        const std::vector<uint64_t>& bits, const std::vector<std::string>& texts,
                        const std::string& suffix) {
    harness::CaseSpec spec;
    const auto oper = operator_from_name(op);
    if (!oper) throw nb::value_error(("unknown operator '" + op + "' (CastLike or Cast)").c_str());
    spec.op = *oper;
    spec.from = type_named(from);
    spec.to = type_named(to);
    spec.opset = opset;
    spec.saturate = saturate;
    spec.round_mode = round_mode;
    std::vector<ref::Element> inputs;
    if (spec.from == ElementType::kString) for (const std::string& t : texts) inputs.push_back(ref::Element::of_text(t));
    else for (uint64_t b : bits) inputs.push_back(ref::Element::of_bits(b & bit_mask(spec.from)));
    auto made = harness::make_case(spec, std::move(inputs));
    if (auto* e = std::get_if<std::string>(&made)) throw nb::value_error(e->c_str());
    auto& f = std::get<harness::VectorFile>(made);
    f.name += suffix;
    if (!harness::is_case_name(f.name)) throw nb::value_error(("not a case name: " + f.name).c_str());
    harness::GeneratedSource source;
    source.generator = "castlike.fuzz";
    source.inputs = "custom";
    return nb::make_tuple(f.name, harness::render_vector_file(f, source));
  }, nb::arg("operator"), nb::arg("from_type"), nb::arg("to"), nb::arg("opset"), nb::arg("saturate").none(),
     nb::arg("round_mode").none(), nb::arg("bits"), nb::arg("texts"), nb::arg("suffix"),
     "A castlike vector file for one call (the reference's expectations): (case name, file text).");
  // Report.write, write_baseline and castlike.fuzz's findings go through the command line's own
  // output guard: a name is replaced only when it holds a castlike file of the kind, never through
  // a symlink.
  m.def("write_output", [](const std::string& path, const std::string& text,
                           const std::string& kind) -> std::optional<std::string> {
    const harness::OutputKind* chosen = kind == "report"        ? &harness::kReportKind
                                        : kind == "baseline"    ? &harness::kBaselineKind
                                        : kind == "vector file" ? &harness::kVectorFileKind
                                                                : nullptr;
    if (chosen == nullptr)
      throw nb::value_error(("unknown output kind '" + kind + "' (report, baseline or vector file)").c_str());
    auto file = harness::OutputFile::open("path", path, *chosen, harness::InputFiles{});
    if (auto* error = std::get_if<std::string>(&file)) return *error;
    return std::get<harness::OutputFile>(file).write(text);
  }, nb::arg("path"), nb::arg("text"), nb::arg("kind"),
     "Writes `text` to `path` as a castlike file of `kind` (report, baseline or vector file) through the "
     "output guard; "
     "the refusal or error message, or None.");
  def_conversions(m);
  def_validation(m);
  def_exhaustive(m);
}
