// What a kernel result is compared with the reference by, shared by the kernel suites
// (conformance/test_support.hpp) and the float32 sweep (tools/sweep_float32): the attribute
// settings of a destination, the levels this machine has, and the comparison by outcome class
// with its counters (exact: the same bits; nan: a NaN of the destination, with the sign where the
// format has signed NaNs; unspecified: counted, and whether the bits are the documented ones).
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "castlike/castlike.h"
#include "castlike/isa_levels.hpp"
#include "castlike/type_table.hpp"
#include "reference/convert.hpp"

namespace castlike::kt {

namespace ref = castlike::ref;

inline std::vector<castlike_isa> available_isas() {
  std::vector<castlike_isa> out;
  for (castlike_isa i : kIsaLevels)
    if (castlike_isa_available(i)) out.push_back(i);
  return out;
}

struct Variant {
  castlike_attributes attrs;
  std::string name;
};

// Every attribute setting that can change a result for destination `to` (the type table's list),
// named by the attributes `to` reads.
inline std::vector<Variant> variants_for(ElementType to) {
  std::vector<Variant> out;
  for (const AttributeSetting& s : attribute_settings(to)) {
    std::string name;
    if (reads_saturate(to)) name = "saturate=" + std::to_string(s.saturate ? 1 : 0);
    if (reads_round_mode(to)) name += " round_mode=" + std::string(round_mode_name(s.round_mode));
    castlike_attributes a;
    a.saturate = s.saturate ? 1 : 0;
    a.round_mode = s.round_mode;
    out.push_back({a, name.empty() ? "defaults" : name});
  }
  return out;
}

inline ref::Attributes ref_attrs(const castlike_attributes& a) {
  return ref::Attributes{a.saturate != 0, a.round_mode};
}

inline std::string hex(uint64_t v) {
  std::ostringstream s;
  s << "0x" << std::hex << v;
  return s.str();
}

inline std::string name(ElementType t) { return std::string(info(t).name); }
inline castlike_type c_type(ElementType t) { return static_cast<castlike_type>(static_cast<int32_t>(t)); }

// Outcome-class comparison with counters.
struct Tally {
  size_t exact = 0, nan = 0, unspecified = 0;
  size_t unspecified_not_documented = 0;  // unspecified bits that differ from the reference's choice
  size_t failures = 0;
  std::vector<std::string> samples;  // the first few failures

  void add(const Tally& o) {
    exact += o.exact;
    nan += o.nan;
    unspecified += o.unspecified;
    unspecified_not_documented += o.unspecified_not_documented;
    failures += o.failures;
    for (const auto& s : o.samples)
      if (samples.size() < 10) samples.push_back(s);
  }
  std::string summary() const {
    std::ostringstream s;
    s << "exact " << exact << ", nan " << nan << ", unspecified " << unspecified << " (" << unspecified_not_documented
      << " not the documented bits), failures " << failures;
    return s.str();
  }
};

// Compares one result; what() describes the input for the failure message (called on failure only).
template <class What>
void check(ElementType to, const ref::Result& expected, uint64_t actual, Tally& t, What&& what) {
  switch (expected.outcome) {
    case ref::OutcomeClass::kExact:
      ++t.exact;
      break;
    case ref::OutcomeClass::kNan:
      ++t.nan;
      break;
    case ref::OutcomeClass::kUnspecified:
      ++t.unspecified;
      if ((actual & bit_mask(to)) != expected.value.bits) ++t.unspecified_not_documented;
      return;
    case ref::OutcomeClass::kRoundTrip:  // a text outcome: never that of a numeric destination
      ++t.failures;
      return;
  }
  if (!ref::matches(to, expected, ref::Element::of_bits(actual))) {
    ++t.failures;
    if (t.samples.size() < 10)
      t.samples.push_back(std::string(what()) + ": got " + hex(actual & bit_mask(to)) + ", want " +
                          hex(expected.value.bits) + " (" + std::string(ref::outcome_name(expected.outcome)) + ", " +
                          std::string(ref::rule_name(expected.rule)) + ")");
  }
}

}  // namespace castlike::kt
