// Readings of number-to-text and text-to-number conversions (A10, and what peers found).
#include "judging/readings_support.hpp"

#include "castlike/packing.hpp"
#include "judging/expectation.hpp"
#include "reference/round.hpp"
#include "reference/decimal.hpp"
#include "reference/text_read_back.hpp"

namespace castlike::harness::readings {

bool explains_text(const Candidate& c, const VectorFile& f, size_t i, const Element& actual) {
  switch (c.kind) {
    case Candidate::Kind::kRoundTripText: {
      if (f.to != ElementType::kString || f.from == ElementType::kString) return false;
      const auto parsed = ref::parse_decimal(actual.text);
      if (!parsed) return false;
      const auto input = ref::decode_element(f.from, f.input[i]);
      if (is_float(f.from)) return ref::text_denotes(f.from, f.input[i].bits, actual.text);
      // integers and bool: the same number (bool: 0 / 1)
      return parsed->is_finite() && ref::is_integral(*parsed) &&
             ref::compare_magnitude(*parsed, input.value) == 0 &&
             (parsed->is_zero() || parsed->negative == input.value.negative);
    }
    case Candidate::Kind::kPrintfDigits: {
      if (f.to != ElementType::kString || !is_float(f.from)) return false;
      const auto v = ref::decode_element(f.from, f.input[i]).value;
      if (!v.is_finite()) return false;
      return ref::format_printf_g(v, c.digits) == actual.text && f.expected[i].text != actual.text;
    }
    case Candidate::Kind::kIntTextPrefix: {
      if (f.from != ElementType::kString || !(is_integer(f.to) || f.to == ElementType::kBool)) return false;
      const std::string& t = f.input[i].text;
      size_t k = 0;
      while (k < t.size() && (t[k] == ' ' || t[k] == '\t' || t[k] == '\n')) ++k;
      bool negative = false;
      if (k < t.size() && (t[k] == '+' || t[k] == '-')) negative = t[k++] == '-';
      const size_t start = k;
      while (k < t.size() && t[k] >= '0' && t[k] <= '9') ++k;
      if (k == start) return false;
      ref::BigInt n(t.substr(start, k - start));
      if (negative) n = -n;
      uint64_t bits;
      if (f.to == ElementType::kBool) {
        bits = n != 0 ? 1 : 0;
      } else {
        bits = low_bits(n, f.to);
      }
      return bits == (actual.bits & bit_mask(f.to));
    }
    case Candidate::Kind::kBoolTextNonEmpty:
      return f.from == ElementType::kString && f.to == ElementType::kBool &&
             (actual.bits & 0xFF) == (f.input[i].text.empty() ? 0u : 1u);
    default:
      return false;
  }
}

}  // namespace castlike::harness::readings
