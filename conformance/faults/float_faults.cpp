// Faults of the float destinations (rows.hpp): the float8 family, FLOAT16, BFLOAT16, FLOAT4E2M1.
// Each takes the value from the source bits and the right answer from the kernel's output, and
// changes only what the bug it models would get wrong.
#include <cstring>

#include "faults/arithmetic.hpp"
#include "faults/rows.hpp"

namespace castlike::opt::faults {
namespace {

const FloatFormat& format_of(ElementType t) { return info(t).format; }

// What a value beyond the largest finite gives, as the destination's rule says: float8 saturates
// or overflows as `saturate` says, FLOAT4E2M1 always saturates, the IEEE halves go to infinity.
uint64_t beyond_max(const Call& c, bool neg) {
  const FloatFormat& f = format_of(c.to);
  if (c.to == ElementType::kFloat4E2M1 || (is_float8_family(c.to) && c.attrs.saturate))
    return with_sign(f, neg, max_finite(f));
  return overflow_bits(f, neg);
}

// Ties whose lower neighbour's magnitude code lies in [first, last] rounded by `r`, not to even.
void ties_in(const Call& c, Rounding r, uint64_t first, uint64_t last) {
  const FloatFormat& f = format_of(c.to);
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    if (!finite_nonzero(x) || is_nan_bits(f, out)) return out;
    const uint64_t lo = rounded_code(f, x, Rounding::kTowardZero);
    if (lo < first || lo > last || !is_midpoint_above(f, lo, x)) return out;
    const uint64_t code = rounded_code(f, x, r);
    return code > max_finite(f) ? beyond_max(c, x.neg) : with_sign(f, x.neg, code);
  });
}

// Rounded to nearest even twice: first to `mid`'s precision and range, then to the destination's.
void twice_through(const Call& c, ElementType mid) {
  const FloatFormat &m = format_of(mid), &f = format_of(c.to);
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    if (!finite_nonzero(x)) return out;
    const uint64_t first = rounded_code(m, x);
    if (first > max_finite(m)) return out;  // the intermediate overflows: the result does too
    const uint64_t second = rounded_code(f, grid_value(m, first));
    return second > max_finite(f) ? beyond_max(c, x.neg) : with_sign(f, x.neg, second);
  });
}

// Applies out' = pick(the input's exact value, out) to every element.
template <class Pick>
void on_results(const Call& c, Pick pick) {
  each_element(c, [&](uint64_t in, uint64_t out) { return pick(exact_value(c.from, in), out); });
}

}  // namespace

// ---- The six faults of the fuzzing proof --------------------------------------------------------

// A negative value that rounds to zero keeps its sign: 0x80, which is FNUZ's NaN.
void fnuz_negative_zero(const Call& c) {
  const uint64_t sign = sign_bit(format_of(c.to));
  on_results(c, [&](const Exact& x, uint64_t out) { return out == 0 && finite_nonzero(x) && x.neg ? sign : out; });
}

// Ties rounded away from zero instead of to even: a value halfway between the result and the next
// grid point up gets that point (beyond the largest finite: the overflow of saturate=0).
void ties_away(const Call& c) {
  const FloatFormat& f = format_of(c.to);
  const uint64_t sign = sign_bit(f);
  const uint64_t max = max_finite(f);
  on_results(c, [&](const Exact& x, uint64_t out) {
    const uint64_t mag = out & ~sign;
    if (!finite_nonzero(x) || is_nan_bits(f, out) || mag > max || !is_midpoint_above(f, mag, x)) return out;
    if (mag < max) return (x.neg ? sign : 0) | (mag + 1);
    return c.attrs.saturate ? out : overflow_bits(f, x.neg);
  });
}

// saturate=1, and exactly max + ulp/2 is judged an overflow (NaN; E5M2: infinity) rather than max.
void saturate_off_at_threshold(const Call& c) {
  if (!c.attrs.saturate) return;
  const FloatFormat& f = format_of(c.to);
  const uint64_t max = max_finite(f);
  on_results(c, [&](const Exact& x, uint64_t out) {
    if (!finite_nonzero(x) || !is_midpoint_above(f, max, x)) return out;
    return overflow_bits(f, x.neg);
  });
}

// A NaN result loses its sign.
void nan_sign_lost(const Call& c) {
  const FloatFormat& f = format_of(c.to);
  const uint64_t sign = sign_bit(f);
  each_element(c, [&](uint64_t, uint64_t out) { return is_nan_bits(f, out) ? out & ~sign : out; });
}

// A kernel that converts whole blocks of 16 elements only: the last n mod 16 destination elements
// keep what the buffer held before.
void vector_tail_skipped(const Call& c) {
  constexpr size_t kBlock = 16;  // whole bytes for every width
  const unsigned bits = info(c.to).bits;
  const size_t first = (c.n - c.n % kBlock) * bits / 8, end = (c.n * bits + 7) / 8;
  std::memcpy(c.dst + first, c.dst_before + first, end - first);
}

// DOUBLE -> BFLOAT16 rounded twice, to nearest even at FLOAT's precision and then at BFLOAT16's.
void double_rounding(const Call& c) {
  each_element(c, [](uint64_t in, uint64_t out) {
    const uint64_t a = in & ~(uint64_t{1} << 63);
    const int e = static_cast<int>(a >> 52) - 1023;
    if (e < -126 || e > 127) return out;  // where FLOAT is normal (the rest rounds once anyway)
    const uint64_t m = a & ((uint64_t{1} << 52) - 1u);
    const uint64_t rebased = (uint64_t(e + 127) << 52) | m;
    uint64_t f = (rebased + (uint64_t{1} << 28) - 1u + ((rebased >> 29) & 1u)) >> 29;  // FLOAT bits, RNE
    if (f > 0x7F800000u) f = 0x7F800000u;
    const uint64_t b = f >= 0x7F800000u ? 0x7F80u : (f + 0x7FFFu + ((f >> 16) & 1u)) >> 16;  // BFLOAT16, RNE
    return ((in >> 48) & 0x8000u) | b;
  });
}

// ---- The overflow threshold ---------------------------------------------------------------------

// Compares |x| with max instead of max + ulp/2: a value just above max overflows.
void overflow_early_sat0(const Call& c) {
  if (!c.attrs.saturate) overflow_early(c);
}

void overflow_early(const Call& c) {
  const FloatFormat& f = format_of(c.to);
  const Exact top = grid_value(f, max_finite(f));
  on_results(c, [&](const Exact& x, uint64_t out) {
    if (!finite_nonzero(x) || (out & ~sign_bit(f)) != max_finite(f) || compare_magnitude(x, top) <= 0) return out;
    return overflow_bits(f, x.neg);
  });
}

// Compares |x| with max + ulp instead of max + ulp/2: the values that round to the code after max
// get max.
void overflow_late_sat0(const Call& c) {
  if (!c.attrs.saturate) overflow_late(c);
}

void overflow_late(const Call& c) {
  const FloatFormat& f = format_of(c.to);
  on_results(c, [&](const Exact& x, uint64_t out) {
    return finite_nonzero(x) && rounded_code(f, x) == max_finite(f) + 1 ? with_sign(f, x.neg, max_finite(f)) : out;
  });
}

// saturate=1 clamps only values beyond the code after max: those that round to that code keep its
// pattern (E4M3FN: NaN, E5M2: infinity).
void overflow_late_sat1(const Call& c) {
  if (!c.attrs.saturate) return;
  const FloatFormat& f = format_of(c.to);
  on_results(c, [&](const Exact& x, uint64_t out) {
    return finite_nonzero(x) && rounded_code(f, x) == max_finite(f) + 1 ? with_sign(f, x.neg, max_finite(f) + 1)
                                                                          : out;
  });
}

// Rounding up the largest magnitude adds one to sign | code with no overflow check: the carry
// leaves the magnitude and flips the sign bit (FNUZ: +240 -> 0x80 NaN, -240 -> +0; FLOAT4E2M1:
// 6.5 -> -0).
void carry_into_sign(const Call& c) {
  const FloatFormat& f = format_of(c.to);
  on_results(c, [&](const Exact& x, uint64_t out) {
    if (!finite_nonzero(x) || rounded_code(f, x) != max_finite(f) + 1) return out;
    return (((x.neg ? sign_bit(f) : 0) | max_finite(f)) + 1) & bit_mask(c.to);
  });
}

// ---- Rounding -----------------------------------------------------------------------------------

// FLOAT16: the subnormal path rounds ties away from zero.
void ties_away_subnormal(const Call& c) {
  ties_in(c, Rounding::kNearestAway, 0, format_of(c.to).mantissa_mask());
}

// BFLOAT16: in the binade [1, 2) ties go to the odd neighbour.
void ties_odd_one_binade(const Call& c) {
  const FloatFormat& f = format_of(c.to);
  const uint64_t one = static_cast<uint64_t>(f.bias) << f.mantissa_bits;
  ties_in(c, Rounding::kNearestOdd, one, one + f.mantissa_mask());
}

// Half the smallest subnormal goes up to it instead of to (signed) zero.
void smallest_subnormal_tie_up(const Call& c) {
  const FloatFormat& f = format_of(c.to);
  on_results(c, [&](const Exact& x, uint64_t out) {
    return finite_nonzero(x) && is_midpoint_above(f, 0, x) ? with_sign(f, x.neg, 1) : out;
  });
}

// FLOAT -> BFLOAT16 as the top 16 bits of the float32: finite values truncated toward zero.
void truncated_not_rounded(const Call& c) {
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    return x.nan ? out : (in >> 16) & 0xFFFFu;
  });
}

// FLOAT16 -> FLOAT8E5M2 as the FLOAT16's high byte (same exponent field): truncated toward zero,
// no saturation, a NaN whose payload is in the low byte becomes infinity.
void e5m2_high_byte(const Call& c) {
  each_element(c, [](uint64_t in, uint64_t) { return (in >> 8) & 0xFFu; });
}

// Narrowed by dropping the low mantissa bits: a NaN whose payload lives only there becomes infinity.
void nan_payload_to_inf(const Call& c) {
  const FloatFormat &s = format_of(c.from), &f = format_of(c.to);
  const unsigned dropped = s.mantissa_bits - f.mantissa_bits;
  each_element(c, [&](uint64_t in, uint64_t out) {
    if (!is_nan_bits(s, in) || ((in & s.mantissa_mask()) >> dropped) != 0) return out;
    return ((in & sign_bit(s)) != 0 ? sign_bit(f) : 0) | (uint64_t{f.max_exponent_field()} << f.mantissa_bits);
  });
}

// Double rounding through each usual intermediate type.
void twice_through_float(const Call& c) { twice_through(c, ElementType::kFloat); }
void twice_through_float16(const Call& c) { twice_through(c, ElementType::kFloat16); }
void twice_through_bfloat16(const Call& c) { twice_through(c, ElementType::kBfloat16); }
void twice_through_double(const Call& c) { twice_through(c, ElementType::kDouble); }

// DOUBLE rounded from its high 32-bit word, the low word only a sticky flag, and that flag tested
// as a signed 32-bit number: a low word with bit 31 set reads as zero. Only a tie in the high word
// can tell (every bit of the destination's round position lies in the high word for FLOAT16).
void word_split_signed_sticky(const Call& c) {
  const FloatFormat& f = format_of(c.to);
  each_element(c, [&](uint64_t in, uint64_t out) {
    if ((in >> 31 & 1) == 0) return out;  // a low word the signed test reads right
    const Exact x = exact_value(c.from, in & ~uint64_t{0xFFFFFFFF});
    if (!finite_nonzero(x) || is_nan_bits(f, out)) return out;
    const uint64_t code = rounded_code(f, x);
    return code > max_finite(f) ? beyond_max(c, x.neg) : with_sign(f, x.neg, code);
  });
}

// ---- Subnormals ---------------------------------------------------------------------------------

// Flush to zero: a subnormal result becomes zero of its sign (FNUZ: +0).
void flush_subnormals(const Call& c) {
  const FloatFormat& f = format_of(c.to);
  each_element(c, [&](uint64_t, uint64_t out) {
    const uint64_t mag = out & ~sign_bit(f);
    if (is_nan_bits(f, out) || mag == 0 || mag > f.mantissa_mask()) return out;
    return with_sign(f, (out & sign_bit(f)) != 0, 0);
  });
}

// Denormals are zero: a subnormal source value is read as zero of its sign.
void source_subnormals_as_zero(const Call& c) {
  const FloatFormat& s = format_of(c.from);
  each_element(c, [&](uint64_t in, uint64_t out) {
    const uint64_t mag = in & ~sign_bit(s) & bit_mask(c.from);
    if (mag == 0 || mag > s.mantissa_mask()) return out;
    if (!is_float(c.to)) return uint64_t{0};  // integers and BOOL: zero is false
    const FloatFormat& f = format_of(c.to);
    if (f.special == SpecialEncoding::kExponentOnly) return uint64_t{c.attrs.saturate ? 0x00u : 0xFFu};
    return with_sign(f, (in & sign_bit(s)) != 0, 0);
  });
}

// ---- NaN, infinity and zero encodings -----------------------------------------------------------

// A NaN result gets the opposite sign.
void nan_sign_flipped(const Call& c) {
  const FloatFormat& f = format_of(c.to);
  each_element(c, [&](uint64_t, uint64_t out) { return is_nan_bits(f, out) ? out ^ sign_bit(f) : out; });
}

// FNUZ: the NaN written as 0x00, the pattern of the zero these types have instead of -0.
void fnuz_nan_as_zero(const Call& c) {
  const uint64_t nan = sign_bit(format_of(c.to));
  each_element(c, [&](uint64_t, uint64_t out) { return out == nan ? uint64_t{0} : out; });
}

// FNUZ: the NaN written as FLOAT8E4M3FN's (0x7F / 0xFF by sign), which FNUZ reads as +-max.
void fnuz_nan_as_fn_nan(const Call& c) {
  const uint64_t nan = sign_bit(format_of(c.to));
  on_results(c, [&](const Exact& x, uint64_t out) { return out == nan ? (x.neg ? 0xFFu : 0x7Fu) : out; });
}

// FNUZ, saturate=1: +-infinity gives NaN (the float8 note's table) instead of +-max.
void fnuz_inf_saturated_to_nan(const Call& c) {
  if (!c.attrs.saturate) return;
  const uint64_t nan = sign_bit(format_of(c.to));
  on_results(c, [&](const Exact& x, uint64_t out) { return x.inf ? nan : out; });
}

// FLOAT4E2M1: -0 (and a negative value that rounds to zero) gives +0.
void float4_negative_zero_lost(const Call& c) {
  each_element(c, [](uint64_t, uint64_t out) { return out == 0x8u ? uint64_t{0} : out; });
}

// FLOAT4E2M1: NaN gives +6 (the float4 note's reading, A2=six) instead of +0.
void float4_nan_as_six(const Call& c) {
  on_results(c, [](const Exact& x, uint64_t out) { return x.nan ? uint64_t{0x7u} : out; });
}

// FLOAT4E2M1: +-infinity is taken for a NaN (exponent all ones) and gives +0 instead of +-6.
void float4_inf_as_nan(const Call& c) {
  on_results(c, [](const Exact& x, uint64_t out) { return x.inf ? uint64_t{0} : out; });
}

// FLOAT8E5M2, saturate=1: +-infinity stays infinity instead of +-57344.
void e5m2_saturate_keeps_inf(const Call& c) {
  if (!c.attrs.saturate) return;
  const FloatFormat& f = format_of(c.to);
  on_results(c, [&](const Exact& x, uint64_t out) { return x.inf ? overflow_bits(f, x.neg) : out; });
}

}  // namespace castlike::opt::faults
