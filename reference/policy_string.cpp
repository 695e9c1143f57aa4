// Numbers to text. The specification asks for a "plain floating-point representation"; the ONNX
// reference prints with numpy. Default (A10): numpy's scalar `str` (the shortest text that reads
// back to the same value, numpy's layout; the types numpy lacks as their FLOAT value). Variant: C's
// %.<max_digits10>g. Texts are judged by the value they denote (outcome round-trip), not by their
// spelling: "7.0" denotes the integer 7 as well as "7" does, and "1" the BOOL true as "True" does.
#include "decimal.hpp"
#include "policies.hpp"

namespace castlike::ref::policy {

Result to_string(ElementType from, uint64_t bits, const ExactValue& v, const Variants& var) {
  const auto text = [from](std::string s, RuleId rule) {
    Result r{Element::of_text(std::move(s)), OutcomeClass::kRoundTrip, rule};
    r.read_back_in = from;
    return r;
  };
  const TypeClass c = info(from).type_class;
  if (c == TypeClass::kBool) return text(v.is_zero() ? "False" : "True", RuleId::kFormatBool);
  if (c != TypeClass::kFloat) {
    const BigInt n = v.negative ? BigInt(-v.num) : v.num;  // integers decode with den == 1, exp2 == 0
    return text(n.str(), RuleId::kFormatInteger);
  }
  if (v.is_nan()) return text("nan", RuleId::kFormatSpecial);
  if (v.is_infinity()) return text(v.negative ? "-inf" : "inf", RuleId::kFormatSpecial);
  if (var.a10 == Variants::NumberToText::kPrintfMaxDigits)
    return text(format_printf_g(v, max_digits10(from)), RuleId::kFormatPrintfG);
  // A zero decoded from a non-zero pattern (FLOAT8E8M0 0x00 under A12's default) prints as zero.
  if (v.is_zero()) return text(v.negative ? "-0.0" : "0.0", RuleId::kFormatShortest);
  return text(format_shortest(from, bits), RuleId::kFormatShortest);
}

}  // namespace castlike::ref::policy
