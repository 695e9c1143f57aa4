// Element-level entry of the reference: decode the source exactly, apply the variant's choice of
// intermediate roundings (A5, A9), then hand the value to the destination family's policy.
#include "convert.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "castlike/packing.hpp"
#include "decimal.hpp"
#include "policies.hpp"
#include "round.hpp"
#include "text_read_back.hpp"

namespace castlike::ref {
namespace {

using policy::SourceKind;

SourceKind source_kind(ElementType from) {
  switch (info(from).type_class) {
    case TypeClass::kFloat: return SourceKind::kFloat;
    case TypeClass::kString: return SourceKind::kString;
    default: return SourceKind::kInteger;  // integers and bool
  }
}

// The value after an implementation's intermediate rounding to `via` (FLOAT or DOUBLE).
ExactValue through(ElementType via, const ExactValue& v) {
  const Result r = policy::to_ieee(via, v);
  return decode_float(info(via).format, r.value.bits);
}

bool wider_than_float32(ElementType from) {
  switch (from) {
    case ElementType::kDouble:
    case ElementType::kInt32:
    case ElementType::kUint32:
    case ElementType::kInt64:
    case ElementType::kUint64:
    case ElementType::kString: return true;
    default: return false;
  }
}

ExactValue apply_intermediate_rounding(ElementType from, ElementType to, ExactValue v, const Variants& var) {
  if (!is_float(to)) return v;
  // A5: the ONNX reference's FLOAT8E8M0 encoder casts every input to float32 first (a no-op for
  // the narrower float types, a rounding for DOUBLE, wide integers and text).
  if (to == ElementType::kFloat8E8M0 && var.a5 == Variants::E8M0Input::kThroughFloat32)
    v = through(ElementType::kFloat, v);
  switch (var.a9) {
    case Variants::NarrowingPath::kSingleRounding: break;
    case Variants::NarrowingPath::kThroughFloat32:
      if (wider_than_float32(from) && info(to).bits < 32) v = through(ElementType::kFloat, v);
      break;
    case Variants::NarrowingPath::kThroughDouble:
      if (from == ElementType::kString || from == ElementType::kInt64 || from == ElementType::kUint64)
        v = through(ElementType::kDouble, v);
      break;
  }
  return v;
}

Result dispatch(ElementType from, const Element& in, ElementType to, const ExactValue& v, const Attributes& attributes,
                const Variants& variants);

// The bits we give for text that is not a number (undefined): NaN where the type has one.
uint64_t not_a_number_bits(ElementType to) {
  if (is_float(to) && info(to).format.has_nan()) return canonical_nan_bits(info(to).format, false);
  return 0;
}

}  // namespace

Decoded decode_element(ElementType type, const Element& in, const Variants& variants) {
  const uint64_t bits = in.bits & bit_mask(type);
  switch (info(type).type_class) {
    case TypeClass::kFloat:
      if (type == ElementType::kFloat8E8M0 && bits == 0 && variants.a12 == Variants::E8M0MinDecode::kZero)
        return {ExactValue::zero(), false};  // A12: the examples read 0x00 as zero
      return {decode_float(info(type).format, bits), false};
    case TypeClass::kSignedInt: return {ExactValue::integer(sign_extend(type, bits)), false};
    case TypeClass::kUnsignedInt: return {ExactValue::integer(BigInt(bits)), false};
    case TypeClass::kBool: return {ExactValue::integer(bits != 0 ? 1 : 0), false};  // any non-zero byte is true
    case TypeClass::kString: {
      auto v = parse_decimal(in.text);
      if (!v) return {ExactValue::nan(), true};
      return {*v, false};
    }
  }
  return {};
}

Result convert_element(ElementType from, const Element& in, ElementType to, const Attributes& attributes,
                       const Variants& variants) {
  if (from == to) {
    // Casting to the same type is a copy, whatever the attributes say.
    Result r{in, OutcomeClass::kExact, RuleId::kIdentity};
    r.value.bits &= bit_mask(from);
    if (is_float(from) && is_nan_bits(info(from).format, r.value.bits)) r.outcome = OutcomeClass::kNan;
    return r;
  }
  const Decoded d = decode_element(from, in, variants);
  if (d.not_a_number)
    return {Element::of_bits(not_a_number_bits(to)), OutcomeClass::kUnspecified, RuleId::kStringNotANumber};
  const ExactValue v = apply_intermediate_rounding(from, to, d.value, variants);
  Result r = dispatch(from, in, to, v, attributes, variants);
  if (d.value.is_nan() && is_float(from) && !info(from).format.has_negative_zero() && info(from).format.has_nan())
    r.nan_sign_matters = false;  // FNUZ and FLOAT8E8M0 NaNs carry no sign
  return r;
}

namespace {

Result dispatch(ElementType from, const Element& in, ElementType to, const ExactValue& v, const Attributes& attributes,
                const Variants& variants) {
  // A float destination's policy is found by its row rather than by name: the float8 family (which
  // reads saturate), the exponent-only format, the formats without NaN or infinity, the IEEE rest.
  if (is_float(to)) {
    if (is_float8_family(to)) return policy::to_float8(to, v, attributes, variants);
    switch (info(to).format.special) {
      case SpecialEncoding::kExponentOnly: return policy::to_e8m0(v, attributes, variants);
      case SpecialEncoding::kFiniteOnly: return policy::to_finite_only(to, v, variants);
      default: return policy::to_ieee(to, v);
    }
  }
  switch (to) {
    case ElementType::kBool: return policy::to_bool(v);
    case ElementType::kString: return policy::to_string(from, in.bits & bit_mask(from), v, variants);
    default: return policy::to_integer(to, v, source_kind(from), variants);
  }
}

}  // namespace

bool matches(ElementType to, const Result& expected, const Element& actual) {
  switch (expected.outcome) {
    case OutcomeClass::kUnspecified: return true;
    case OutcomeClass::kRoundTrip: {
      if (to != ElementType::kString || expected.read_back_in == ElementType::kString)
        throw std::logic_error("outcome round-trip outside a number-to-text cast");
      const std::optional<uint64_t> element = read_back(expected.read_back_in, expected.value.text);
      return element && text_denotes(expected.read_back_in, *element, actual.text);
    }
    case OutcomeClass::kExact:
      if (to == ElementType::kString) return actual.text == expected.value.text;
      return (actual.bits & bit_mask(to)) == expected.value.bits;
    case OutcomeClass::kNan: {
      const FloatFormat& f = info(to).format;
      const uint64_t bits = actual.bits & bit_mask(to);
      if (!is_float(to) || !is_nan_bits(f, bits)) return false;
      // Where NaNs come in two signs, the specification keeps the sign (-NaN stays -NaN).
      const bool signed_nans = f.has_sign && f.special != SpecialEncoding::kFnuz;
      return !signed_nans || !expected.nan_sign_matters || (bits & sign_bit(f)) == (expected.value.bits & sign_bit(f));
    }
  }
  return false;
}

Neighbours neighbours(ElementType to, const ExactValue& x) {
  Neighbours out;
  if (!x.is_finite() || !is_float(to)) return out;
  const FloatFormat& f = info(to).format;
  if (to == ElementType::kFloat8E8M0) {
    if (x.negative || x.is_zero()) {
      out.above = 0x00;
      return out;
    }
    const int64_t e = floor_log2(x);
    const bool exact = compare_magnitude(x, ExactValue::dyadic(false, 1, e)) == 0;
    const auto pattern = [](int64_t k) -> std::optional<uint64_t> {
      if (k < -127 || k > 127) return std::nullopt;
      return static_cast<uint64_t>(k + 127);
    };
    out.below = pattern(std::min<int64_t>(e, 127));  // beyond 2^127 the largest value is below
    out.above = pattern(std::max<int64_t>(exact ? e : e + 1, -127));  // below 2^-127 the smallest is above
    return out;
  }
  // Toward zero and away from zero give the neighbours of |x|; the sign swaps them for x < 0.
  auto toward = encode_rounded(f, x.negative, round_to_format(x, f, Direction::kTowardZero));
  if (!toward) toward = max_finite_bits(f, x.negative);  // |x| beyond the largest finite value
  const auto away = encode_rounded(f, x.negative, round_to_format(x, f, Direction::kAwayFromZero));
  if (x.negative) {
    out.below = away;
    out.above = toward;
  } else {
    out.below = toward;
    out.above = away;
  }
  return out;
}

std::string describe_element(ElementType type, const Element& e, const Variants& variants) {
  if (type == ElementType::kString) return "\"" + e.text + "\"";
  const uint64_t bits = e.bits & bit_mask(type);
  char hex[24];
  const int digits = info(type).bits <= 8 ? 2 : info(type).bits / 4;
  std::snprintf(hex, sizeof hex, "0x%0*llx", digits, static_cast<unsigned long long>(bits));
  return std::string(hex) + " (" + to_exact_string(decode_element(type, e, variants).value) + ")";
}

}  // namespace castlike::ref
