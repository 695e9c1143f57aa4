// What the binding's files share: the element type named by Python, the reference's reading of
// the specification (profile + variants), and the error a bad argument raises.
#pragma once

#include <nanobind/nanobind.h>

#include <optional>
#include <string>

#include "castlike/type_table.hpp"
#include "generation/shape_plan.hpp"
#include "plugin.hpp"
#include "subjects/call.hpp"
#include "reference/semantics.hpp"

namespace castlike::python {

namespace nb = nanobind;

// A callable's declared coverage, as castlike._validate hands it over (DeclaredCoverage::text()'s
// lines, made from its castlike_coverage attribute); nullopt without one. ValueError if malformed.
inline std::optional<harness::DeclaredCoverage> declared_coverage_of(const std::optional<std::string>& text) {
  if (!text) return std::nullopt;
  auto parsed = harness::DeclaredCoverage::parse(*text);
  if (auto* e = std::get_if<std::string>(&parsed)) throw nb::value_error(e->c_str());
  return std::get<harness::DeclaredCoverage>(std::move(parsed));
}

// The type of ONNX name `name` ("FLOAT8E4M3FN"); a ValueError naming every type otherwise.
ElementType type_named(const std::string& name);

// The profile with the overrides applied; a ValueError for an unknown profile or switch.
ref::Variants variants_of(const std::string& profile, const std::string& overrides);

// A call (configuration and attributes) as the Python glue reads it: id, from, to, operator, opset,
// saturate, round_mode (None: not set).
nb::dict call_dict(const exhaustive::Call& call);
// A call shape of the plan as Python sees it (kind, length, offsets, in_place, description):
// the dicts of _core.shape_plan and those a shaped call receives.
nb::dict shape_dict(const harness::CallShape& shape);

// The glue's answer for a batch of `n` inputs: ("ok", raw bytes) copied to `out` (`out_bytes` of
// them), ("rejected", message) or ("failed", kind, message) into `status`; anything else is a failed
// call ("bad answer"). Every input (exhaustive.cpp) and the shaped calls of a vector validation
// (validation.cpp) answer so.
void decode_batch_answer(const nb::object& answer, size_t n, ElementType to, size_t out_bytes, uint8_t* out,
                         exhaustive::BatchStatus& status);

void def_conversions(nb::module_& m);
void def_validation(nb::module_& m);
void def_exhaustive(nb::module_& m);

}  // namespace castlike::python
