// castlike._core: the compiled half of the Python package (python/castlike/ is the other). This
// file: the type table, the rules and the kernel ISA levels as Python sees them; the conversions,
// the vector validation and the exhaustive validation have a file each.
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "castlike/castlike.h"
#include "common.hpp"
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

}  // namespace castlike::python

NB_MODULE(_core, m) {
  using namespace castlike;
  using namespace castlike::python;
  m.doc() = "castlike's compiled core: kernels, exact reference, validation (use the castlike package)";

  m.def("type_table", [] { return harness::type_facts_json(); },
        "The type table as `castlike types --format json` publishes it (format castlike-types).");
  m.def("castlike_versions", [] { return std::vector<int>(kCastLikeVersions.begin(), kCastLikeVersions.end()); });
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
    for (castlike_isa i : {CASTLIKE_ISA_SCALAR, CASTLIKE_ISA_AVX2, CASTLIKE_ISA_AVX512, CASTLIKE_ISA_NEON})
      if (castlike_isa_available(i)) out.append(std::string(castlike_isa_name(i)));
    return out;
  }, "The kernel levels this build and CPU have.");
  m.def("active_isa", [] { return std::string(castlike_isa_name(castlike_active_isa())); });
  m.def("force_isa", [](const std::string& name) {
    for (castlike_isa i : {CASTLIKE_ISA_SCALAR, CASTLIKE_ISA_AVX2, CASTLIKE_ISA_AVX512, CASTLIKE_ISA_NEON})
      if (name == castlike_isa_name(i)) {
        if (castlike_force_isa(i) != CASTLIKE_OK)
          throw nb::value_error(("the " + name + " level is not available on this CPU or in this build").c_str());
        return;
      }
    throw nb::value_error(("unknown level '" + name + "' (scalar, avx2, avx512 or neon)").c_str());
  });
  m.def("version", [] {
    return std::to_string(CASTLIKE_VERSION_MAJOR) + "." + std::to_string(CASTLIKE_VERSION_MINOR) + "." +
           std::to_string(CASTLIKE_VERSION_PATCH);
  });
  def_conversions(m);
  def_validation(m);
  def_exhaustive(m);
}
