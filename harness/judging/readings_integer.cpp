// Readings of conversions to integers and BOOL: 4-/2-bit rounding and range (the A8 family), 32-bit
// intermediates, and what counts as true.
#include "judging/readings_support.hpp"

#include "castlike/packing.hpp"
#include "judging/expectation.hpp"
#include "reference/round.hpp"

namespace castlike::harness::readings {
namespace {

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

}  // namespace

bool explains_integer(const Candidate& c, const VectorFile& f, size_t i, const Element& actual) {
  switch (c.kind) {
    case Candidate::Kind::kRoundAwayWrap: {
      if (!is_packed(f.to) || !is_integer(f.to) || !(is_float(f.from) || f.from == ElementType::kString)) return false;
      const auto d = ref::decode_element(f.from, f.input[i]);
      if (d.not_a_number || !d.value.is_finite()) return false;
      const auto q = ref::round_magnitude(d.value, 0, ref::Direction::kNearestAway);
      return low_bits(d.value.negative ? ref::BigInt(-q.count) : q.count, f.to) == (actual.bits & bit_mask(f.to));
    }
    case Candidate::Kind::kTruncateClamp:
    case Candidate::Kind::kSubByteViaInt8: {
      const int bits = c.kind == Candidate::Kind::kTruncateClamp ? info(f.to).bits : 8;
      const auto [lo, hi] = integer_range(is_signed_integer(f.to), bits);
      const auto got = truncated_sub_byte(f, i, lo, hi);
      if (!got || *got != (actual.bits & bit_mask(f.to))) return false;
      return default_differs(f, i, actual);
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
      return default_differs(f, i, actual);
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
      return default_differs(f, i, actual);
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
    case Candidate::Kind::kBoolFromBits:
      return is_float(f.from) && f.to == ElementType::kBool &&
             (actual.bits & 0xFF) == ((f.input[i].bits & bit_mask(f.from)) != 0 ? 1u : 0u);
    case Candidate::Kind::kBoolNanFalse: {
      if (!is_float(f.from) || f.to != ElementType::kBool) return false;
      if (ref::is_nan_bits(info(f.from).format, f.input[i].bits & bit_mask(f.from))) return (actual.bits & 0xFF) == 0;
      if (!c.lower64) return false;
      const auto candidate = chained(c, f, i);
      if (!candidate || !ref::matches(f.to, *candidate, actual)) return false;
      return default_differs(f, i, actual);
    }
    default:
      return false;
  }
}

}  // namespace castlike::harness::readings
