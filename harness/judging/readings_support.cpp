#include "judging/readings_support.hpp"

#include "castlike/packing.hpp"
#include "reference/cast_like.hpp"
#include "reference/round.hpp"

namespace castlike::harness::readings {

bool float8_like(ElementType t) {
  return t == ElementType::kFloat8E4M3FN || t == ElementType::kFloat8E4M3FNUZ || t == ElementType::kFloat8E5M2 ||
         t == ElementType::kFloat8E5M2FNUZ || t == ElementType::kFloat8E8M0;
}

// The result of one element under a reading (variants, optionally other attributes); nullopt when
// the reading does not apply or leaves the element unspecified.
std::optional<ref::Result> reading(const VectorFile& f, size_t i, const ref::Variants& variants,
                                   const std::optional<int64_t>& saturate, const std::optional<std::string>& round_mode) {
  VectorFile one;
  one.op = f.op;
  one.from = f.from;
  one.to = f.to;
  one.shape = {1};
  one.input = {f.input[i]};
  ref::CastLikeRequest r = one.request();
  r.opset = f.opset;
  r.saturate = saturate;
  r.round_mode = round_mode;
  const auto out = ref::cast_like(r, variants);
  if (!std::holds_alternative<ref::CastLikeOutput>(out)) return std::nullopt;
  const auto& o = std::get<ref::CastLikeOutput>(out);
  ref::Result result;
  result.outcome = o.outcomes[0];
  result.rule = o.rules[0];
  if (f.to == ElementType::kString) result.value = Element::of_text(o.output.strings[0]);
  else result.value = Element::of_bits(load_bits(f.to, o.output.data.data(), 0));
  if (result.outcome == ref::OutcomeClass::kUnspecified) return std::nullopt;
  // Judged as the file judges the element: by the value the text denotes, or (--strict-text) exactly.
  if (result.outcome == ref::OutcomeClass::kRoundTrip) {
    if (f.outcomes[i] == ref::OutcomeClass::kRoundTrip) result.read_back_in = f.from;
    else result.outcome = ref::OutcomeClass::kExact;
  }
  return result;
}

ref::Attributes attributes_of(const VectorFile& f, const std::optional<int64_t>& saturate) {
  ref::Attributes a;
  a.saturate = saturate ? *saturate != 0 : f.saturate.value_or(1) != 0;
  if (f.round_mode) a.round_mode = round_mode_from_name(*f.round_mode).value_or(CASTLIKE_ROUND_UP);
  return a;
}

bool wide_float(ElementType t) {
  return t == ElementType::kFloat || t == ElementType::kDouble || t == ElementType::kFloat16 ||
         t == ElementType::kBfloat16;
}

bool is_subnormal_bits(ElementType t, uint64_t bits) {
  const FloatFormat& fmt = info(t).format;
  const uint64_t magnitude = bits & bit_mask(t) & ~ref::sign_bit(fmt);
  return magnitude != 0 && (magnitude >> fmt.mantissa_bits) == 0;
}

// A subnormal of a float type written as a zero of its sign (flush to zero); anything else unchanged.
uint64_t flushed(ElementType t, uint64_t bits) {
  if (!is_subnormal_bits(t, bits)) return bits;
  const FloatFormat& fmt = info(t).format;
  return ref::zero_bits(fmt, (bits & ref::sign_bit(fmt)) != 0);
}

// +-inf of a wide float type becomes +-max (a saturating conversion); anything else is unchanged.
uint64_t clamp_infinity(ElementType t, uint64_t bits) {
  const FloatFormat& fmt = info(t).format;
  const bool negative = (bits & ref::sign_bit(fmt)) != 0;
  return bits == ref::infinity_bits(fmt, negative) ? ref::max_finite_bits(fmt, negative) : bits;
}

// The low bits of n in a type's width, two's complement (what a wrapping conversion keeps).
uint64_t low_bits(const ref::BigInt& n, ElementType t) {
  const ref::BigInt modulus = ref::BigInt(1) << info(t).bits;
  ref::BigInt r = n % modulus;
  if (r < 0) r += modulus;
  return static_cast<uint64_t>(r);
}

// The range of a signed or unsigned integer `bits` wide.
std::pair<ref::BigInt, ref::BigInt> integer_range(bool signed_type, int bits) {
  if (signed_type) return {-(ref::BigInt(1) << (bits - 1)), (ref::BigInt(1) << (bits - 1)) - 1};
  return {ref::BigInt(0), (ref::BigInt(1) << bits) - 1};
}

bool default_differs(const VectorFile& f, size_t i, const Element& actual) {
  const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
  return !plain || !ref::matches(f.to, *plain, actual);
}

}  // namespace castlike::harness::readings
