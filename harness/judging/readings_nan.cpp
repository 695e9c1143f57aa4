// Readings of what a NaN becomes: its sign, and the types without a NaN (A2) or whose NaN a peer
// misses.
#include "judging/readings_support.hpp"

#include "castlike/packing.hpp"
#include "judging/expectation.hpp"
#include "reference/round.hpp"

namespace castlike::harness::readings {

bool explains_nan(const Candidate& c, const VectorFile& f, size_t i, const Element& actual) {
  switch (c.kind) {
    case Candidate::Kind::kNanSign: {
      if (f.outcomes[i] != ref::OutcomeClass::kNan || !is_float(f.to) || !nan_sign_matters(f, i)) return false;
      const FloatFormat& fmt = info(f.to).format;
      const uint64_t bits = actual.bits & bit_mask(f.to);
      return ref::is_nan_bits(fmt, bits) && (bits & ref::sign_bit(fmt)) != (f.expected[i].bits & ref::sign_bit(fmt));
    }
    case Candidate::Kind::kNanToMinusZero: {
      if (!is_float(f.to) || info(f.to).format.special != SpecialEncoding::kFiniteOnly) return false;
      if (f.from != ElementType::kString && !is_float(f.from)) return false;
      if (!ref::decode_element(f.from, f.input[i]).value.is_nan()) return false;
      return (actual.bits & bit_mask(f.to)) == ref::zero_bits(info(f.to).format, true) &&
             (f.expected[i].bits & bit_mask(f.to)) != (actual.bits & bit_mask(f.to));
    }
    case Candidate::Kind::kNanToSignedMax: {
      if (!is_float(f.to) || info(f.to).format.special != SpecialEncoding::kFiniteOnly) return false;
      if (f.from != ElementType::kString && !is_float(f.from)) return false;
      const auto x = ref::decode_element(f.from, f.input[i]).value;
      if (!x.is_nan()) return false;
      const uint64_t bits = ref::max_finite_bits(info(f.to).format, x.negative);
      return (actual.bits & bit_mask(f.to)) == bits && (f.expected[i].bits & bit_mask(f.to)) != bits;
    }
    case Candidate::Kind::kNanBitsTruncated: {
      if (!is_float(f.from) || !is_float(f.to)) return false;
      const FloatFormat& src = info(f.from).format;
      const FloatFormat& dst = info(f.to).format;
      const uint64_t in = f.input[i].bits & bit_mask(f.from);
      if (!dst.has_infinity() || src.mantissa_bits <= dst.mantissa_bits || !ref::is_nan_bits(src, in)) return false;
      const uint64_t payload = (in & src.mantissa_mask()) >> (src.mantissa_bits - dst.mantissa_bits);
      const uint64_t bits = ((in & ref::sign_bit(src)) != 0 ? ref::sign_bit(dst) : 0u) |
                            (dst.max_exponent_field() << dst.mantissa_bits) | payload;
      return (actual.bits & bit_mask(f.to)) == bits && (f.expected[i].bits & bit_mask(f.to)) != bits;
    }
    case Candidate::Kind::kE8M0NegativeNanZero: {
      if (!is_float(f.from) || f.to != ElementType::kFloat8E8M0) return false;
      const FloatFormat& src = info(f.from).format;
      const uint64_t in = f.input[i].bits & bit_mask(f.from);
      return ref::is_nan_bits(src, in) && (in & ref::sign_bit(src)) != 0 && (actual.bits & 0xFFu) == 0 &&
             (f.expected[i].bits & 0xFFu) != 0;
    }
    default:
      return false;
  }
}

}  // namespace castlike::harness::readings
