#include "readings.hpp"

#include <stdexcept>

#include "castlike/packing.hpp"
#include "expectation.hpp"
#include "reference/cast_like.hpp"
#include "reference/decimal.hpp"
#include "reference/round.hpp"
#include "reference/text_read_back.hpp"

namespace castlike::conformance {
namespace {

using ref::Element;

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

// The type a 64-bit type is held in when a runtime computes in 32 bits: DOUBLE as FLOAT, INT64 and
// UINT64 as INT32 (OpenVINO's CPU plugin lowers them so; the two unsigned/signed cases agree on the
// low 32 bits, and widening back sign-extends).
ElementType lowered(ElementType t) {
  if (t == ElementType::kDouble) return ElementType::kFloat;
  if (t == ElementType::kInt64 || t == ElementType::kUint64) return ElementType::kInt32;
  return t;
}

// To FLOAT16 where a value below its smallest normal first rounds, at FLOAT16's 11-bit
// significand, up to a power of two 2^k (2^k (1 - 2^-12) <= |x| < 2^k): that carry is counted twice
// and the value is held as 2^(k+1) (FLOAT 0x377fffff, just below 2^-16, gives 2^-15). Elsewhere the
// default conversion.
ref::Result to_float16_carry_doubled(ElementType from, const Element& in, const ref::Attributes& a) {
  ref::Result r = ref::convert_element(from, in, ElementType::kFloat16, a);
  const auto x = ref::decode_element(from, in).value;
  if (!x.is_finite() || x.is_zero() || r.outcome == ref::OutcomeClass::kUnspecified) return r;
  // Powers below the smallest normal 2^-14, down to where twice the power still rounds to 2^-24.
  for (int k = -15; k >= -25; --k) {
    if (ref::compare_magnitude(x, ref::ExactValue::dyadic(false, 1, k)) >= 0) break;
    if (ref::compare_magnitude(x, ref::ExactValue::dyadic(false, 4095, k - 12)) < 0) continue;
    r.value.bits = (x.negative ? 0x8000u : 0u) | (uint64_t{1} << (k + 1 + 24));
    break;
  }
  return r;
}

// The element under a chain reading: 64-bit types held in 32 bits (a DOUBLE rounded to FLOAT and
// clamped to its finite range, 64-bit integers cut to their low 32 bits), then an intermediate
// type, then the default conversion with the case's attributes (saturate overridden), then widened
// back to a 64-bit destination. nullopt when the reading does not apply or the result is unspecified.
std::optional<ref::Result> chained(const Candidate& c, const VectorFile& f, size_t i) {
  if (f.from == ElementType::kString || f.to == ElementType::kString) return std::nullopt;
  if (c.saturate && !float8_like(f.to)) return std::nullopt;
  const ref::Attributes a = attributes_of(f, c.saturate);
  ElementType from = f.from;
  Element x = f.input[i];
  if (c.lower64 && lowered(from) == from && lowered(f.to) == f.to) return std::nullopt;
  if (c.lower64 && lowered(from) != from) {
    const ref::Result held = ref::convert_element(from, x, lowered(from), ref::Attributes{});
    if (held.outcome == ref::OutcomeClass::kUnspecified) return std::nullopt;
    x = held.value;
    from = lowered(from);
    if (from == ElementType::kFloat) x.bits = clamp_infinity(from, x.bits);
  }
  const ElementType target = c.lower64 ? lowered(f.to) : f.to;
  if (c.via) {
    // FLOAT8E8M0 has its own rounding rules (round_mode): no runtime we know widens to FLOAT16 for it.
    if (!is_float(target) || target == ElementType::kFloat8E8M0 || info(target).bits >= info(*c.via).bits ||
        from == *c.via)
      return std::nullopt;
    const bool doubling = c.carry_doubled && *c.via == ElementType::kFloat16;
    const ref::Result mid = doubling ? to_float16_carry_doubled(from, x, a) : ref::convert_element(from, x, *c.via, a);
    if (mid.outcome == ref::OutcomeClass::kUnspecified) return std::nullopt;
    x = mid.value;
    from = *c.via;
    if (c.flush) x.bits = flushed(from, x.bits);
  }
  ref::Result r = c.carry_doubled && target == ElementType::kFloat16 ? to_float16_carry_doubled(from, x, a)
                                                                     : ref::convert_element(from, x, target, a);
  if (r.outcome == ref::OutcomeClass::kUnspecified) return std::nullopt;
  if (c.flush && is_float(target)) r.value.bits = flushed(target, r.value.bits);
  if (target != f.to) {
    Element held = r.value;
    if (target == ElementType::kFloat) held.bits = clamp_infinity(target, held.bits);
    const ref::Result wide = ref::convert_element(target, held, f.to, a);
    r.value = wide.value;
  }
  return r;
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

// A finite float element to a 4-/2-bit integer, truncated toward zero; nullopt for another pair,
// NaN or infinity.
std::optional<ref::BigInt> truncated_for_sub_byte(const VectorFile& f, size_t i) {
  if (!is_packed(f.to) || !is_integer(f.to) || !is_float(f.from)) return std::nullopt;
  const auto d = ref::decode_element(f.from, f.input[i]);
  if (d.not_a_number || !d.value.is_finite()) return std::nullopt;
  const auto q = ref::round_magnitude(d.value, 0, ref::Direction::kTowardZero);
  return d.value.negative ? ref::BigInt(-q.count) : q.count;
}

// Float to a 4-/2-bit integer by truncation toward zero, clamped to [lo, hi], then the low bits.
std::optional<uint64_t> truncated_sub_byte(const VectorFile& f, size_t i, const ref::BigInt& lo, const ref::BigInt& hi) {
  auto n = truncated_for_sub_byte(f, i);
  if (!n) return std::nullopt;
  if (*n < lo) n = lo;
  if (*n > hi) n = hi;
  return low_bits(*n, f.to);
}

// Element i held in type `via` first (rounded once, with the file's attributes), as a one-element
// file judged as element i is: what a runtime computing in `via` hands its next step. nullopt when
// the source is not wider than `via` (nor text) or the rounding leaves the element unspecified.
std::optional<VectorFile> held_in(const VectorFile& f, size_t i, ElementType via) {
  if (f.from == via || (f.from != ElementType::kString && info(f.from).bits <= info(via).bits)) return std::nullopt;
  const ref::Result held = ref::convert_element(f.from, f.input[i], via, attributes_of(f, std::nullopt));
  if (held.outcome == ref::OutcomeClass::kUnspecified) return std::nullopt;
  VectorFile g;
  g.kind = f.kind;
  g.op = f.op;
  g.opset = f.opset;
  g.from = via;
  g.to = f.to;
  g.saturate = f.saturate;
  g.round_mode = f.round_mode;
  g.shape = {1};
  g.input = {held.value};
  g.expected = {f.expected[i]};
  g.outcomes = {f.outcomes[i]};
  return g;
}

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

}  // namespace

const std::vector<Candidate>& candidates() {
  static const std::vector<Candidate> list = [] {
    std::vector<Candidate> c;
    const std::pair<const char*, const char*> switches[] = {
        {"A1=nan", "float8 FNUZ: +-inf with saturate=1 gives NaN (the float8 technical note's table)"},
        {"A2=six", "NaN to FLOAT4E2M1 / FLOAT6 gives +max: +6 (the float4 note; onnxruntime, CUDA), +7.5, +28 (CUDA)"},
        {"A2=negzero", "NaN to FLOAT4E2M1 / FLOAT6 gives a zero of the other sign: +NaN -0, -NaN +0 (ml_dtypes)"},
        {"A3=nan", "FLOAT8E8M0 from +inf gives NaN even with saturate=1 (ONNX reference)"},
        {"A4=onnx-bits", "FLOAT8E8M0 from float32 subnormals rounds as the ONNX reference's bit code does"},
        {"A5=through-float32", "FLOAT8E8M0: every input is cast to float32 first, then encoded (ONNX reference)"},
        {"A6=min", "FLOAT8E8M0 from 0 gives 0x00 whatever saturate says (ONNX reference, CUDA)"},
        {"A7=ignored", "CastLike-25 ignores round_mode and always rounds up (ONNX reference)"},
        {"A8=truncate-wrap", "float to INT4/UINT4/INT2/UINT2 truncates toward zero, then keeps the low bits (ml_dtypes)"},
        {"A8=round-clamp", "float to INT4/UINT4/INT2/UINT2 rounds to nearest even, then clamps (older ONNX)"},
        {"A9=through-float32", "wide to narrow float rounds through float32 first (double rounding)"},
        {"A9=through-double", "integers and decimal text go through double first (double rounding)"},
        {"A10=printf-g", "number to text with C's %.<max_digits10>g"},
        {"A11=rounded", "FLOAT8E8M0 range judged on the rounded value, not on x"},
        {"A12=exact", "FLOAT8E8M0 0x00 decodes to 2^-127 (its definition), not to 0 as the example prints"},
    };
    for (const auto& [spec, description] : switches) {
      Candidate k;
      k.name = spec;
      k.description = description;
      const auto error = ref::apply_variant_overrides(k.variants, spec);
      if (error) throw std::logic_error("validator candidate " + std::string(spec) + ": " + *error);
      c.push_back(k);
    }
    Candidate nan_sign;
    nan_sign.name = "nan-sign";
    nan_sign.description = "a NaN of the other sign: the sign of NaN is not kept";
    nan_sign.kind = Candidate::Kind::kNanSign;
    c.push_back(nan_sign);
    Candidate text;
    text.name = "A10=other-text";
    text.description = "number to text: another spelling that reads back to the same value (A10: the text is not fixed)";
    text.kind = Candidate::Kind::kRoundTripText;
    c.push_back(text);
    const auto reading_only = [&](const char* name, Candidate::Kind kind, const char* description) {
      Candidate k;
      k.name = name;
      k.kind = kind;
      k.description = std::string(description) + " (a reading found in peers, not a reference switch)";
      c.push_back(k);
    };
    for (int d : {6, 7, 8, 9, 15, 16, 17}) {
      Candidate k;
      k.name = "A10=%." + std::to_string(d) + "g";
      k.kind = Candidate::Kind::kPrintfDigits;
      k.digits = d;
      k.description = "number to text with C's %." + std::to_string(d) + "g (A10: fixed digits)";
      c.push_back(k);
    }
    reading_only("A8=round-away-wrap", Candidate::Kind::kRoundAwayWrap,
                 "float to INT4/UINT4/INT2/UINT2 rounds half away from zero (std::round), then keeps the low bits");
    reading_only("text-int-prefix", Candidate::Kind::kIntTextPrefix,
                 "text to an integer or bool reads only the leading integer digits (strtoll: \"2.5e+1\" -> 2)");
    reading_only("text-bool-nonempty", Candidate::Kind::kBoolTextNonEmpty,
                 "text to bool: every non-empty text is true (Python truthiness: \"0\" -> true)");
    reading_only("bool-from-bits", Candidate::Kind::kBoolFromBits,
                 "float to bool tests the bit pattern, not the value (-0 -> true)");
    reading_only("e5m2-overflow-nan", Candidate::Kind::kE5M2OverflowNan,
                 "FLOAT8E5M2 with saturate=0: a finite value beyond the largest gives NaN instead of +-inf");
    reading_only("identity-converts", Candidate::Kind::kIdentityConverts,
                 "a cast to the same type converts (through FLOAT, onnx-reference profile) instead of copying the bits");
    reading_only("float-saturate", Candidate::Kind::kFloatSaturate,
                 "to FLOAT, DOUBLE, FLOAT16, BFLOAT16: a result of +-inf (overflow or an infinite input) gives +-max");
    reading_only("daz", Candidate::Kind::kDaz,
                 "a subnormal float input is read as a zero of its sign (denormals are zero)");
    reading_only("ftz", Candidate::Kind::kFtz,
                 "to FLOAT, DOUBLE, FLOAT16, BFLOAT16: a subnormal result, or a value below the smallest normal before "
                 "rounding, is written as a zero of its sign (flush to zero)");
    reading_only("ftz-plus-zero", Candidate::Kind::kFtz,
                 "to FLOAT, DOUBLE, FLOAT16, BFLOAT16: as ftz, and every zero written is +0 (-0 and negative "
                 "subnormal results give +0)");
    c.back().plus_zero = true;
    reading_only("bool-nan-false", Candidate::Kind::kBoolNanFalse, "float NaN to bool is false");
    reading_only("A8=truncate-clamp", Candidate::Kind::kTruncateClamp,
                 "float to INT4/UINT4/INT2/UINT2 truncates toward zero, then clamps to the type's range");
    reading_only("bfloat16-truncate", Candidate::Kind::kBfloat16Truncate,
                 "to BFLOAT16: the value is rounded to FLOAT, then the low 16 bits are dropped (round toward zero)");
    reading_only("A8=via-int8", Candidate::Kind::kSubByteViaInt8,
                 "float to INT4/UINT4/INT2/UINT2 goes through INT8 (UINT8): truncate, clamp to its range, keep the low bits");
    reading_only("sub-byte-range-zero", Candidate::Kind::kSubByteRangeZero,
                 "float to INT4/UINT4/INT2/UINT2 truncates toward zero, and a value outside the type's range gives 0 "
                 "(INT4: 8 and -9 give 0, UINT4: -1 gives 0)");
    reading_only("sub-byte-via-int32", Candidate::Kind::kSubByteViaInt32,
                 "float to INT4/UINT4/INT2/UINT2 truncates toward zero into INT32 (beyond its range: INT32 min, whose "
                 "low bits are 0), then keeps the low bits (DOUBLE 2^53 - 1 gives INT4 0, not -1)");
    reading_only("A2=minus-zero", Candidate::Kind::kNanToMinusZero,
                 "NaN to FLOAT4E2M1 / FLOAT6 gives -0 whatever the NaN's sign");
    reading_only("max-as-infinity", Candidate::Kind::kFloat4MaxAsInfinity,
                 "FLOAT4E2M1 / FLOAT6 to an integer type: +-max (FLOAT4E2M1 +-6) is read as +-infinity and gives the "
                 "type's max / min; to INT4/UINT4/INT2/UINT2 the other values truncate toward zero and clamp");
    reading_only("A2=signed-max", Candidate::Kind::kNanToSignedMax,
                 "NaN to FLOAT4E2M1 / FLOAT6 gives the largest value with the NaN's sign (the float4 note's 6, "
                 "signed: -NaN gives -6)");
    reading_only("bfloat16-half-bias", Candidate::Kind::kBfloat16HalfBias,
                 "to BFLOAT16: the value rounded to FLOAT, then 0x8000 added to its bits only when bit 16 is set "
                 "and the low 16 bits dropped: truncation where the kept part is even (INT32 515 gives 512), a NaN's "
                 "bits carry into the sign (FLOAT 0x7fffffff gives -0)");
    reading_only("nan-bits-truncated", Candidate::Kind::kNanBitsTruncated,
                 "NaN to a float type with fewer mantissa bits: the NaN's bits cut to the destination's, so a NaN "
                 "whose payload lies only in the dropped bits gives +-inf (FLOAT 0x7f800001 to FLOAT8E5M2 gives inf)");
    reading_only("e8m0-negative-nan-zero", Candidate::Kind::kE8M0NegativeNanZero,
                 "a NaN with its sign bit set to FLOAT8E8M0 gives 0x00, as a negative value would, not the NaN 0xFF");
    for (const bool indefinite : {true, false}) {
      Candidate k;
      k.name = indefinite ? "int32-indefinite" : "int32-saturate";
      k.kind = Candidate::Kind::kInt32Held;
      k.indefinite = indefinite;
      k.description = std::string("to UINT32, INT64, UINT64: the result computed in INT32, ") +
                      (indefinite ? "a value beyond its range giving INT32 min (x86's integer indefinite)"
                                  : "a value beyond its range clamped to it") +
                      ", widened by sign extension (FLOAT 4294967040 to UINT32 gives " +
                      (indefinite ? "2147483648" : "2147483647") + ") (a reading found in peers, not a reference switch)";
      c.push_back(k);
    }
    reading_only("bool-int32", Candidate::Kind::kBoolInt32,
                 "integer to BOOL computed in INT32: the low 32 bits, and INT32 min (for unsigned sources any value "
                 "from 2^31) gives false (INT32 -2^31 and UINT32 4294967295 give false)");
    reading_only("double-as-float", Candidate::Kind::kDoubleAsFloat,
                 "to DOUBLE: the value is rounded to FLOAT, then widened (INT64 2^53 - 1 gives 2^53)");
    const auto chain = [&](const char* name, bool lower64, std::optional<ElementType> via,
                           std::optional<int64_t> saturate, const char* description) {
      Candidate k;
      k.name = name;
      k.kind = Candidate::Kind::kChain;
      k.lower64 = lower64;
      k.via = via;
      k.saturate = saturate;
      k.description = std::string(description) + " (a reading found in peers, not a reference switch)";
      c.push_back(k);
    };
    const char* held =
        "DOUBLE, INT64 and UINT64 are computed in 32 bits: a DOUBLE is rounded to FLOAT and clamped to its finite "
        "range (+-inf -> +-max), a 64-bit integer keeps its low 32 bits, and a 64-bit destination gets that "
        "32-bit result widened";
    chain("64-bit-as-32-bit", true, std::nullopt, std::nullopt, held);
    chain("A9=through-float16", false, ElementType::kFloat16, std::nullopt,
          "to a float type narrower than 16 bits: the value is rounded to FLOAT16 first (double rounding)");
    chain("64-bit-as-32-bit+A9=through-float16", true, ElementType::kFloat16, std::nullopt,
          "64-bit-as-32-bit, then A9=through-float16");
    {
      Candidate k;
      k.name = "A9=through-float32+ftz";
      k.kind = Candidate::Kind::kChain;
      k.via = ElementType::kFloat;
      k.flush = true;
      k.description = "to a float type narrower than 32 bits: the value is rounded to FLOAT first, and a subnormal "
                      "FLOAT or result is written as a zero of its sign (a reading found in peers, not a reference switch)";
      c.push_back(k);
    }
    const auto through_float = [&](const char* name, Candidate::Kind kind, const char* description) {
      Candidate k;
      k.name = name;
      k.kind = kind;
      k.via = ElementType::kFloat;
      k.description = std::string("the value is rounded to FLOAT first (A9=through-float32), then ") + description +
                      " (a reading found in peers, not a reference switch)";
      c.push_back(k);
    };
    through_float("A9=through-float32+A8=round-away-wrap", Candidate::Kind::kRoundAwayWrap,
                  "A8=round-away-wrap (DOUBLE 2^53 - 1 to INT4 gives 0, from 2^53)");
    through_float("A9=through-float32+e5m2-overflow-nan", Candidate::Kind::kE5M2OverflowNan,
                  "e5m2-overflow-nan (DOUBLE 61439.99 to FLOAT8E5M2 with saturate=0 gives NaN, from 61440)");
    for (int s : {0, 1}) {
      Candidate a;
      a.name = "saturate=" + std::to_string(s);
      a.description = s == 0 ? "behaves as saturate=0 whatever the attribute says (saturate ignored)"
                             : "behaves as saturate=1 whatever the attribute says (saturate ignored)";
      a.kind = Candidate::Kind::kAttributes;
      a.saturate = s;
      c.push_back(a);
    }
    for (const char* m : {"up", "down", "nearest"}) {
      Candidate a;
      a.name = std::string("round_mode=") + m;
      a.description = std::string("behaves as round_mode=") + m + " whatever the attribute says";
      a.kind = Candidate::Kind::kAttributes;
      a.round_mode = m;
      c.push_back(a);
    }
    // Two readings at once, after the single ones so that a single one is named where it suffices.
    chain("A9=through-float16+saturate=0", false, ElementType::kFloat16, 0,
          "A9=through-float16 with saturate ignored (never saturates)");
    chain("64-bit-as-32-bit+saturate=0", true, std::nullopt, 0, "64-bit-as-32-bit with saturate ignored (never saturates)");
    chain("64-bit-as-32-bit+A9=through-float16+saturate=0", true, ElementType::kFloat16, 0,
          "64-bit-as-32-bit, then A9=through-float16, saturate ignored (never saturates)");
    chain("A9=through-float32+saturate=0", false, ElementType::kFloat, 0,
          "A9=through-float32 with saturate ignored (never saturates)");
    chain("A9=through-float16+saturate=0+subnormal-carry-doubled", false, ElementType::kFloat16, 0,
          "A9=through-float16+saturate=0, where a value whose rounding to a FLOAT16 subnormal carries up to a power "
          "of two is held as twice that power (FLOAT 0x377fffff gives FLOAT8E5M2 2^-15, not 2^-16)");
    c.back().carry_doubled = true;
    chain("A9=through-float32+subnormal-carry-doubled", false, ElementType::kFloat, std::nullopt,
          "A9=through-float32, then to FLOAT16 a value whose rounding carries up to a subnormal power of two is "
          "held as twice that power (DOUBLE 4095 * 2^-37 gives 2^-24, not 0)");
    c.back().carry_doubled = true;
    {
      Candidate k;
      k.name = "64-bit-as-32-bit+bool-nan-false";
      k.kind = Candidate::Kind::kBoolNanFalse;
      k.lower64 = true;
      k.description = "float to BOOL: NaN gives false (bool-nan-false), other values as 64-bit-as-32-bit "
                      "(a reading found in peers, not a reference switch)";
      c.push_back(k);
    }
    for (const char* p : {"exact", "onnx-reference"}) {
      Candidate k;
      k.name = std::string("profile ") + p;
      k.variants = *ref::profile_by_name(p);
      k.description = std::string("the profile '") + p + "' (" + ref::describe_variants(k.variants) + ")";
      c.push_back(k);
    }
    // The ONNX reference reads text with numpy, through a Python float (double), then applies its
    // profile: text that double rounds to a tie rounds once more.
    Candidate text_double = c.back();
    text_double.name = "A9=through-double+profile onnx-reference";
    text_double.via = ElementType::kDouble;
    text_double.description = "the value is rounded to DOUBLE first (A9=through-double), then " + text_double.description;
    c.push_back(text_double);
    return c;
  }();
  return list;
}

// Does this candidate reading produce `actual` for element i of the file (where the default
// reading does not)?
bool explains(const Candidate& c, const VectorFile& f, size_t i, const Element& actual) {
  if (c.via && c.kind != Candidate::Kind::kChain) {
    // The element as `via` holds it, then the reading: a variant reading's output, or where the
    // reading departs from the default (round-away-wrap: every 4-/2-bit element; e5m2-overflow-nan:
    // the overflows) the reading, elsewhere the default. The default on the element itself differs.
    const bool applies = c.kind == Candidate::Kind::kVariants ||
                         (c.kind == Candidate::Kind::kRoundAwayWrap && is_packed(f.to) && is_integer(f.to)) ||
                         (c.kind == Candidate::Kind::kE5M2OverflowNan && f.to == ElementType::kFloat8E5M2 &&
                          f.saturate.value_or(1) == 0);
    const auto held = applies ? held_in(f, i, *c.via) : std::nullopt;
    if (!held) return false;
    Candidate direct = c;
    direct.via.reset();
    const auto held_default = reading(*held, 0, ref::Variants{}, f.saturate, f.round_mode);
    if (c.kind == Candidate::Kind::kVariants) {
      const auto r = reading(*held, 0, c.variants, f.saturate, f.round_mode);
      if (!r || !ref::matches(f.to, *r, actual)) return false;
    } else if (c.kind == Candidate::Kind::kRoundAwayWrap ||
               (held_default && held_default->rule == ref::RuleId::kF8NoSaturateOverflow)) {
      if (!explains(direct, *held, 0, actual)) return false;
    } else if (!held_default || !ref::matches(f.to, *held_default, actual)) {
      return false;
    }
    const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
    return !plain || !ref::matches(f.to, *plain, actual);
  }
  switch (c.kind) {
    case Candidate::Kind::kNanSign: {
      if (f.outcomes[i] != ref::OutcomeClass::kNan || !is_float(f.to) || !nan_sign_matters(f, i)) return false;
      const FloatFormat& fmt = info(f.to).format;
      const uint64_t bits = actual.bits & bit_mask(f.to);
      return ref::is_nan_bits(fmt, bits) && (bits & ref::sign_bit(fmt)) != (f.expected[i].bits & ref::sign_bit(fmt));
    }
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
    case Candidate::Kind::kRoundAwayWrap: {
      if (!is_packed(f.to) || !is_integer(f.to) || !(is_float(f.from) || f.from == ElementType::kString)) return false;
      const auto d = ref::decode_element(f.from, f.input[i]);
      if (d.not_a_number || !d.value.is_finite()) return false;
      const auto q = ref::round_magnitude(d.value, 0, ref::Direction::kNearestAway);
      return low_bits(d.value.negative ? ref::BigInt(-q.count) : q.count, f.to) == (actual.bits & bit_mask(f.to));
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
    case Candidate::Kind::kBoolFromBits:
      return is_float(f.from) && f.to == ElementType::kBool &&
             (actual.bits & 0xFF) == ((f.input[i].bits & bit_mask(f.from)) != 0 ? 1u : 0u);
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
    case Candidate::Kind::kChain: {
      const auto candidate = chained(c, f, i);
      if (!candidate || !ref::matches(f.to, *candidate, actual)) return false;
      const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
      return !plain || !ref::matches(f.to, *plain, actual);
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
      const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
      return !plain || !ref::matches(f.to, *plain, actual);
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
      const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
      return !plain || !ref::matches(f.to, *plain, actual);
    }
    case Candidate::Kind::kBoolNanFalse: {
      if (!is_float(f.from) || f.to != ElementType::kBool) return false;
      if (ref::is_nan_bits(info(f.from).format, f.input[i].bits & bit_mask(f.from))) return (actual.bits & 0xFF) == 0;
      if (!c.lower64) return false;
      const auto candidate = chained(c, f, i);
      if (!candidate || !ref::matches(f.to, *candidate, actual)) return false;
      const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
      return !plain || !ref::matches(f.to, *plain, actual);
    }
    case Candidate::Kind::kNanToSignedMax: {
      if (!is_float(f.to) || info(f.to).format.special != SpecialEncoding::kFiniteOnly) return false;
      if (f.from != ElementType::kString && !is_float(f.from)) return false;
      const auto x = ref::decode_element(f.from, f.input[i]).value;
      if (!x.is_nan()) return false;
      const uint64_t bits = ref::max_finite_bits(info(f.to).format, x.negative);
      return (actual.bits & bit_mask(f.to)) == bits && (f.expected[i].bits & bit_mask(f.to)) != bits;
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
      const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
      return !plain || !ref::matches(f.to, *plain, actual);
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
    case Candidate::Kind::kInt32Held: {
      if (f.to != ElementType::kUint32 && f.to != ElementType::kInt64 && f.to != ElementType::kUint64) return false;
      const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
      if (!plain || plain->outcome != ref::OutcomeClass::kExact) return false;
      const auto v = ref::decode_element(f.to, plain->value).value;
      if (!v.is_finite()) return false;
      const ref::BigInt n = v.negative ? ref::BigInt(-v.num) : v.num;
      const auto [lo, hi] = integer_range(true, 32);
      if (n >= lo && n <= hi) return false;
      const ref::BigInt held = c.indefinite || n < lo ? lo : hi;
      return low_bits(held, f.to) == (actual.bits & bit_mask(f.to));
    }
    case Candidate::Kind::kBoolInt32: {
      if (!is_integer(f.from) || f.to != ElementType::kBool) return false;
      const auto v = ref::decode_element(f.from, f.input[i]).value;
      const uint64_t low = low_bits(v.negative ? ref::BigInt(-v.num) : v.num, ElementType::kUint32);
      const bool is_false = low == 0 || (is_signed_integer(f.from) ? low == 0x80000000u : low >= 0x80000000u);
      const uint64_t bit = is_false ? 0u : 1u;
      return (actual.bits & 0xFFu) == bit && (f.expected[i].bits & 0xFFu) != bit;
    }
    case Candidate::Kind::kDoubleAsFloat: {
      if (f.to != ElementType::kDouble || f.from == ElementType::kDouble || f.from == ElementType::kString) return false;
      const ref::Attributes a = attributes_of(f, std::nullopt);
      const ref::Result as_float = ref::convert_element(f.from, f.input[i], ElementType::kFloat, a);
      if (as_float.outcome == ref::OutcomeClass::kUnspecified) return false;
      const ref::Result wide = ref::convert_element(ElementType::kFloat, as_float.value, ElementType::kDouble, a);
      if (!ref::matches(f.to, wide, actual)) return false;
      const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
      return !plain || !ref::matches(f.to, *plain, actual);
    }
    case Candidate::Kind::kTruncateClamp:
    case Candidate::Kind::kSubByteViaInt8: {
      const int bits = c.kind == Candidate::Kind::kTruncateClamp ? info(f.to).bits : 8;
      const auto [lo, hi] = integer_range(is_signed_integer(f.to), bits);
      const auto got = truncated_sub_byte(f, i, lo, hi);
      if (!got || *got != (actual.bits & bit_mask(f.to))) return false;
      const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
      return !plain || !ref::matches(f.to, *plain, actual);
    }
    case Candidate::Kind::kSubByteRangeZero:
    case Candidate::Kind::kSubByteViaInt32: {
      const auto n = truncated_for_sub_byte(f, i);
      if (!n) return false;
      uint64_t got = 0;
      if (c.kind == Candidate::Kind::kSubByteRangeZero) {
        const auto [lo, hi] = integer_range(is_signed_integer(f.to), info(f.to).bits);
        got = *n < lo || *n > hi ? 0 : low_bits(*n, f.to);
      } else {
        // Beyond INT32: the conversion's "integer indefinite" result, INT32 min (low bits 0).
        const auto [lo, hi] = integer_range(true, 32);
        got = low_bits(*n < lo || *n > hi ? lo : *n, f.to);
      }
      if (got != (actual.bits & bit_mask(f.to))) return false;
      const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
      return !plain || !ref::matches(f.to, *plain, actual);
    }
    case Candidate::Kind::kNanToMinusZero: {
      if (!is_float(f.to) || info(f.to).format.special != SpecialEncoding::kFiniteOnly) return false;
      if (f.from != ElementType::kString && !is_float(f.from)) return false;
      if (!ref::decode_element(f.from, f.input[i]).value.is_nan()) return false;
      return (actual.bits & bit_mask(f.to)) == ref::zero_bits(info(f.to).format, true) &&
             (f.expected[i].bits & bit_mask(f.to)) != (actual.bits & bit_mask(f.to));
    }
    case Candidate::Kind::kFloat4MaxAsInfinity: {
      if (!is_float(f.from) || info(f.from).format.special != SpecialEncoding::kFiniteOnly || !is_integer(f.to))
        return false;
      const FloatFormat& fmt = info(f.from).format;
      const uint64_t in = f.input[i].bits & bit_mask(f.from);
      const bool negative = (in & ref::sign_bit(fmt)) != 0;
      const auto [lo, hi] = integer_range(is_signed_integer(f.to), info(f.to).bits);
      std::optional<uint64_t> got;
      if (in == ref::max_finite_bits(fmt, negative)) got = low_bits(negative ? lo : hi, f.to);  // +-inf, clamped
      else got = truncated_sub_byte(f, i, lo, hi);  // 4-/2-bit destinations: A8=truncate-clamp
      if (!got || *got != (actual.bits & bit_mask(f.to))) return false;
      const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
      return !plain || !ref::matches(f.to, *plain, actual);
    }
    case Candidate::Kind::kVariants:
    case Candidate::Kind::kAttributes: {
      std::optional<int64_t> saturate = f.saturate;
      std::optional<std::string> round_mode = f.round_mode;
      if (c.kind == Candidate::Kind::kAttributes) {
        if (!float8_like(f.to)) return false;
        const auto version = version_for_opset(f.op, f.opset);
        if (c.saturate) {
          if (!version || !saturate_in_version(*version) || saturate.value_or(1) == *c.saturate) return false;
          saturate = c.saturate;
        }
        if (c.round_mode) {
          if (f.to != ElementType::kFloat8E8M0 || !version || !round_mode_in_version(*version) ||
              round_mode.value_or("up") == *c.round_mode)
            return false;
          round_mode = c.round_mode;
        }
      }
      const auto candidate = reading(f, i, c.variants, saturate, round_mode);
      if (!candidate || !ref::matches(f.to, *candidate, actual)) return false;
      // The default reading giving the same output means the candidate explains nothing.
      const auto plain = reading(f, i, ref::Variants{}, f.saturate, f.round_mode);
      return !plain || !ref::matches(f.to, *plain, actual);
    }
  }
  return false;
}

std::vector<std::string> candidate_names() {
  std::vector<std::string> out;
  for (const Candidate& c : candidates()) out.push_back(c.name);
  return out;
}

}  // namespace castlike::conformance
