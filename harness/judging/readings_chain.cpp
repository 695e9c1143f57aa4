// Chain readings: the value held in another type first (a 64-bit type in 32 bits, an intermediate
// float type), then the default or another reading.
#include "judging/readings_support.hpp"

#include "reference/round.hpp"

namespace castlike::harness::readings {
namespace {

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

}  // namespace

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

// A chain reading (kChain) of element i.
bool explains_chain(const Candidate& c, const VectorFile& f, size_t i, const Element& actual) {
  const auto candidate = chained(c, f, i);
  if (!candidate || !ref::matches(f.to, *candidate, actual)) return false;
  return default_differs(f, i, actual);
}

// Another reading applied to the element as `via` holds it (a candidate with `via` that is not a chain).
bool explains_held(const Candidate& c, const VectorFile& f, size_t i, const Element& actual) {
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
  return default_differs(f, i, actual);
}

}  // namespace castlike::harness::readings
