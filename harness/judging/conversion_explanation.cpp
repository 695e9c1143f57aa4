#include "judging/conversion_explanation.hpp"

#include "formats/vector_file.hpp"

namespace castlike::harness {
namespace {

std::string outcome_text(ElementType to, ref::OutcomeClass c) {
  switch (c) {
    case ref::OutcomeClass::kExact: return "exact (an implementation must give exactly these bits)";
    case ref::OutcomeClass::kNan: return "nan (any NaN of " + std::string(info(to).name) + " matches)";
    case ref::OutcomeClass::kUnspecified:
      return "unspecified (the specification leaves it open; these bits are the reference's choice)";
    case ref::OutcomeClass::kRoundTrip:
      return "round-trip (any text that reads back to the same element of the source type matches)";
  }
  return "?";
}

std::string label(const char* l) { return std::string(l) + std::string(10 - std::string(l).size(), ' '); }

}  // namespace

bool is_e8m0_zero(ElementType type, const ref::Element& e) {
  return type == ElementType::kFloat8E8M0 && (e.bits & bit_mask(type)) == 0;
}

std::string e8m0_zero_meanings(const ref::Variants* variants) {
  std::string s = "2^-127 by the type's definition (A12=exact), 0 in ONNX's example (A12=zero)";
  if (variants)
    s += "; decoded here as " +
         std::string(variants->a12 == ref::Variants::E8M0MinDecode::kZero ? "0" : "2^-127") + ", rounded as 2^-127";
  return s;
}

std::string element_value_text(ElementType type, const ref::Element& e, const ref::Variants& variants) {
  if (type == ElementType::kString) return "\"" + e.text + "\"";
  if (is_e8m0_zero(type, e)) return format_hex_bits(0, info(type).bits) + "  " + e8m0_zero_meanings(&variants);
  return format_hex_bits(e.bits & bit_mask(type), info(type).bits) + "  " +
         ref::to_exact_string(ref::decode_element(type, e, variants).value);
}

std::string attributes_line(const ConversionQuestion& q, const ref::Attributes& a) {
  const int version = version_for_opset(q.op, q.opset).value_or(0);
  std::string s = "opset " + std::to_string(q.opset) + " (" + std::string(operator_name(q.op)) + "-" +
                  std::to_string(version) + ")";
  if (saturate_in_version(version))
    s += ", saturate=" + std::string(a.saturate ? "1" : "0") + (q.saturate ? "" : " (default)");
  if (round_mode_in_version(version))
    s += ", round_mode=" + std::string(round_mode_name(a.round_mode)) + (q.round_mode ? "" : " (default)");
  return s;
}

std::string explain_conversion(const ConversionQuestion& q, const ref::Attributes& a, const ref::Element& in,
                               const std::string& input_line, const std::string& note) {
  const ElementType from = q.from, to = q.to;
  const ref::Result r = ref::convert_element(from, in, to, a, q.variants);
  std::string out = std::string(info(from).name) + " -> " + std::string(info(to).name) + "  " + attributes_line(q, a) + "\n";
  out += label("input") + input_line + "\n";
  const ref::Decoded d = ref::decode_element(from, in, q.variants);
  if (from == ElementType::kString)
    out += label("source") + (d.not_a_number ? std::string("not a number") : "exact value " + ref::to_exact_string(d.value)) +
           "\n";
  else
    out += label("source") + element_value_text(from, in, q.variants) + "\n";
  if (!note.empty()) out += label("note") + note + "\n";

  if (is_float(to)) {
    if (d.not_a_number || !d.value.is_finite()) {
      out += label("below") + "none (the source is " +
             (d.not_a_number ? std::string("not a number") : ref::to_exact_string(d.value)) + ")\n";
      out += label("above") + "none\n";
    } else {
      const ref::Neighbours n = ref::neighbours(to, d.value);
      const auto show = [&](const std::optional<uint64_t>& b, const char* missing) {
        return b ? element_value_text(to, ref::Element::of_bits(*b), q.variants) : std::string(missing);
      };
      const bool neg = d.value.negative && !d.value.is_zero();
      out += label("below") +
             show(n.below, !neg                              ? "none (below the smallest value)"
                           : to == ElementType::kFloat8E8M0 ? "none (FLOAT8E8M0 has no negative values)"
                                                            : "none (beyond the most negative finite value)") +
             "\n";
      out += label("above") + show(n.above, "none (beyond the largest finite value)") + "\n";
    }
  } else {
    out += label("below") + "n/a (" + std::string(info(to).name) + " is not a float type)\n";
    out += label("above") + "n/a\n";
  }
  out += label("result") + element_value_text(to, r.value, q.variants) + "\n";
  out += label("outcome") + outcome_text(to, r.outcome) + "\n";
  out += label("rule") + std::string(ref::rule_name(r.rule)) + ": " + std::string(ref::rule_summary(r.rule)) + "\n";
  const std::string changed = ref::describe_variants(q.variants);
  out += label("variants") + "profile " + q.profile + "; " +
         (changed.empty() ? std::string("no switch differs from the default") : changed) + "\n";
  return out;
}

}  // namespace castlike::harness
