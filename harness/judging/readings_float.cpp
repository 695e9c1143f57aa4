// Readings of conversions between float types: saturation, flushing of subnormals, BFLOAT16
// rounding, and intermediates wider or narrower than the default.
#include "judging/readings_support.hpp"

#include <vector>

#include "castlike/packing.hpp"
#include "judging/expectation.hpp"
#include "reference/round.hpp"

namespace castlike::harness::readings {
namespace {

// FLOAT bits to BFLOAT16 with a rounding bias of 0x8000 added only when the kept part is odd: round
// to nearest even where the dropped half is 0x8000 or the kept part is odd, truncation where it is
// even (the bias 0x7FFF + odd is due); a NaN's bits carry like a number's.
uint64_t bfloat16_half_bias(uint64_t float_bits) {
  return ((float_bits + (((float_bits >> 16) & 1u) << 15)) >> 16) & 0xFFFFu;
}

// The FLOAT bits a float NaN is widened or narrowed to by the hardware, its payload moved into
// place: quieted (x86's conversions) and as it is (a bit shift). Empty for a value that is not NaN.
std::vector<uint64_t> nan_as_float_bits(ElementType from, uint64_t bits) {
  const FloatFormat& src = info(from).format;
  bits &= bit_mask(from);
  if (!is_float(from) || !ref::is_nan_bits(src, bits)) return {};
  if (from == ElementType::kFloat) return {bits};
  const uint64_t sign = (bits & ref::sign_bit(src)) != 0 ? 0x80000000u : 0u;
  const uint64_t mantissa = bits & src.mantissa_mask();
  const uint64_t payload =
      src.mantissa_bits > 23 ? mantissa >> (src.mantissa_bits - 23) : mantissa << (23 - src.mantissa_bits);
  const uint64_t as_is = sign | 0x7F800000u | payload;
  return {as_is | 0x00400000u, as_is};
}

// Element i to FLOAT8E8M0 with round_mode nearest as the reference computes it under A5 (the value
// rounded to FLOAT first), except that a FLOAT value exactly halfway between two powers, 1.5 * 2^e,
// goes to whichever of the codes e + 127 and e + 128 is even instead of up: round to nearest even
// on a format whose mantissa is empty, where the last bit kept is the exponent's. Only in-range
// results change (E8M0.ROUND): the range is the default's, judged on the value before rounding.
std::optional<ref::Result> e8m0_through_float_ties_even(const VectorFile& f, size_t i) {
  ref::Variants through_float;
  through_float.a5 = ref::Variants::E8M0Input::kThroughFloat32;
  auto r = reading(f, i, through_float, f.saturate, f.round_mode);
  if (!r || r->rule != ref::RuleId::kE8M0Round || (r->value.bits & 1) == 0) return r;
  const ref::Result held = ref::convert_element(f.from, f.input[i], ElementType::kFloat, ref::Attributes{});
  const auto x = ref::decode_element(ElementType::kFloat, held.value).value;
  if (!x.is_finite() || x.is_zero() || x.negative) return r;
  const ref::ExactValue tie = ref::ExactValue::dyadic(false, 3, ref::floor_log2(x) - 1);
  if (ref::compare_magnitude(x, tie) == 0) r->value.bits -= 1;  // up gave the odd code e + 128
  return r;
}

}  // namespace

bool explains_float(const Candidate& c, const VectorFile& f, size_t i, const Element& actual) {
  switch (c.kind) {
    case Candidate::Kind::kE5M2OverflowNan: {
      if (f.to != ElementType::kFloat8E5M2 || f.saturate.value_or(1) != 0) return false;
      const auto d = ref::decode_element(f.from, f.input[i]);
      const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
      return !d.not_a_number && d.value.is_finite() && plain && plain->rule == ref::RuleId::kF8NoSaturateOverflow &&
             ref::is_nan_bits(info(f.to).format, actual.bits & 0xFF) &&
             (actual.bits & 0x80) == (f.expected[i].bits & 0x80);
    }
    case Candidate::Kind::kIdentityConverts: {
      if (f.from != f.to || !is_float(f.from) || f.from == ElementType::kFloat || f.from == ElementType::kDouble) return false;
      const ref::Variants onnx = *ref::profile_by_name("onnx-reference");
      ref::Attributes a;
      a.saturate = f.saturate.value_or(1) != 0;
      if (f.round_mode) a.round_mode = round_mode_from_name(*f.round_mode).value_or(CASTLIKE_ROUND_UP);
      const ref::Result to_float = ref::convert_element(f.from, f.input[i], ElementType::kFloat, a, onnx);
      const ref::Result back = ref::convert_element(ElementType::kFloat, to_float.value, f.to, a, onnx);
      if (back.outcome == ref::OutcomeClass::kUnspecified) return false;
      return ref::matches(f.to, back, actual);
    }
    case Candidate::Kind::kFloatSaturate: {
      if (!wide_float(f.to)) return false;
      const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
      if (!plain || plain->outcome != ref::OutcomeClass::kExact) return false;
      const uint64_t clamped = clamp_infinity(f.to, plain->value.bits);
      return clamped != plain->value.bits && (actual.bits & bit_mask(f.to)) == clamped;
    }
    case Candidate::Kind::kDaz: {
      if (!wide_float(f.from) || f.to == ElementType::kString || !is_subnormal_bits(f.from, f.input[i].bits)) return false;
      const FloatFormat& fmt = info(f.from).format;
      const bool negative = (f.input[i].bits & ref::sign_bit(fmt)) != 0;
      const ref::Result zero = ref::convert_element(f.from, Element::of_bits(ref::zero_bits(fmt, negative)), f.to,
                                                    attributes_of(f, std::nullopt));
      if (zero.outcome == ref::OutcomeClass::kUnspecified || !ref::matches(f.to, zero, actual)) return false;
      return default_differs(f, i, actual);
    }
    case Candidate::Kind::kFtz: {
      if (!wide_float(f.to)) return false;
      const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
      if (!plain || plain->outcome != ref::OutcomeClass::kExact) return false;
      const FloatFormat& fmt = info(f.to).format;
      // Tiny before rounding counts too: a value just below the smallest normal that rounds up to
      // it is flushed as well (JAX / XLA on CPU, DOUBLE to FLOAT).
      const auto x = ref::decode_element(f.from, f.input[i]).value;
      const bool tiny = x.is_finite() && !x.is_zero() &&
                        ref::compare_magnitude(x, ref::ExactValue::dyadic(false, 1, fmt.min_normal_exponent())) < 0;
      const bool negative_zero = plain->value.bits == ref::zero_bits(fmt, true) && fmt.has_negative_zero();
      if (!tiny && !is_subnormal_bits(f.to, plain->value.bits) && !(c.plus_zero && negative_zero)) return false;
      const bool negative = !c.plus_zero && (plain->value.bits & ref::sign_bit(fmt)) != 0;
      return (actual.bits & bit_mask(f.to)) == ref::zero_bits(fmt, negative);
    }
    case Candidate::Kind::kBfloat16Truncate: {
      if (f.to != ElementType::kBfloat16 || f.from == ElementType::kString) return false;
      const ref::Result as_float = ref::convert_element(f.from, f.input[i], ElementType::kFloat, attributes_of(f, std::nullopt));
      if (as_float.outcome != ref::OutcomeClass::kExact) return false;
      if ((actual.bits & 0xFFFF) != ((as_float.value.bits >> 16) & 0xFFFF)) return false;
      return default_differs(f, i, actual);
    }
    case Candidate::Kind::kBfloat16HalfBias: {
      if (f.to != ElementType::kBfloat16 || f.from == ElementType::kString) return false;
      std::vector<uint64_t> held = nan_as_float_bits(f.from, f.input[i].bits);
      if (held.empty()) {
        const ref::Result as_float =
            ref::convert_element(f.from, f.input[i], ElementType::kFloat, attributes_of(f, std::nullopt));
        if (as_float.outcome != ref::OutcomeClass::kExact) return false;
        held = {as_float.value.bits & 0xFFFFFFFFu};
      }
      bool gives = false;
      for (const uint64_t b : held) gives = gives || bfloat16_half_bias(b) == (actual.bits & 0xFFFFu);
      if (!gives) return false;
      return default_differs(f, i, actual);
    }
    case Candidate::Kind::kDoubleAsFloat: {
      if (f.to != ElementType::kDouble || f.from == ElementType::kDouble || f.from == ElementType::kString) return false;
      const ref::Attributes a = attributes_of(f, std::nullopt);
      const ref::Result as_float = ref::convert_element(f.from, f.input[i], ElementType::kFloat, a);
      if (as_float.outcome == ref::OutcomeClass::kUnspecified) return false;
      const ref::Result wide = ref::convert_element(ElementType::kFloat, as_float.value, ElementType::kDouble, a);
      if (!ref::matches(f.to, wide, actual)) return false;
      return default_differs(f, i, actual);
    }
    case Candidate::Kind::kE8M0TiesEven: {
      if (f.to != ElementType::kFloat8E8M0 || f.round_mode.value_or("up") != "nearest") return false;
      const auto r = e8m0_through_float_ties_even(f, i);
      if (!r || !ref::matches(f.to, *r, actual)) return false;
      return default_differs(f, i, actual);
    }
    default:
      return false;
  }
}

}  // namespace castlike::harness::readings
