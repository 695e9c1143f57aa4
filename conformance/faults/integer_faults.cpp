// Faults of the integer and BOOL destinations (rows.hpp), and of integer sources read wrongly.
#include "faults/arithmetic.hpp"
#include "faults/rows.hpp"

namespace castlike::opt::faults {
namespace {

// An integer value converted correctly into `to` (an integer type: wrapped; FLOAT, DOUBLE,
// FLOAT16, BFLOAT16: rounded to nearest even, infinity beyond max), for the faults that read the
// source wrongly and then convert right.
uint64_t integer_into(ElementType to, bool neg, uint64_t magnitude) {
  if (is_integer(to)) return wrapped_bits(to, neg, magnitude);
  const FloatFormat& f = info(to).format;
  const uint64_t code = rounded_code(f, normalised(false, magnitude, 0));
  return code > max_finite(f) ? overflow_bits(f, neg) : with_sign(f, neg, code);
}

// A value rounded to an integer, to nearest, ties to even (magnitude; `big` beyond 62 bits).
uint64_t nearest_even(const IntegerPart& p) {
  return p.whole + ((p.half > 0 || (p.half == 0 && (p.whole & 1u) != 0)) && p.fraction ? 1 : 0);
}

}  // namespace

// Float -> 8-64-bit integer rounded to nearest (halves away, as C's lround) instead of truncated;
// only where the rounded value still fits (beyond the range the result is unspecified anyway).
void float_to_int_rounds(const Call& c) {
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    if (!finite_nonzero(x)) return out;
    const IntegerPart p = integer_part(x);
    if (!p.fraction || p.half < 0) return out;
    const uint64_t mag = p.whole + 1;
    if (x.neg ? mag > integer_min_magnitude(c.to) : mag > integer_max(c.to)) return out;
    return wrapped_bits(c.to, x.neg, mag);
  });
}

// Float -> 4-/2-bit integer truncated toward zero before the wrap (A8=truncate-wrap, ml_dtypes).
void small_int_truncates(const Call& c) {
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    if (!finite_nonzero(x)) return out;
    const IntegerPart p = integer_part(x);
    return p.fraction ? wrapped_bits(c.to, x.neg, p.whole) : out;
  });
}

// Float -> 4-/2-bit integer rounded half away from zero (C's round) instead of to even: 2.5 gives 3.
void small_int_ties_away(const Call& c) {
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    if (!finite_nonzero(x)) return out;
    const IntegerPart p = integer_part(x);
    return p.fraction && p.half == 0 ? wrapped_bits(c.to, x.neg, p.whole + 1) : out;
  });
}

// Float -> 4-/2-bit integer rounded and then clamped to the type's range instead of wrapped
// (A8=round-clamp, older ONNX releases).
void small_int_clamps_float(const Call& c) {
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    if (!finite_nonzero(x)) return out;
    const IntegerPart p = integer_part(x);
    return clamped_bits(c.to, x.neg, nearest_even(p), p.big);
  });
}

// Integer -> narrower integer clamped to the destination's range (a saturating cast) instead of
// keeping the low bits.
void integer_source_clamped(const Call& c) {
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    return x.sig == 0 ? out : clamped_bits(c.to, x.neg, x.sig << x.exp);
  });
}
void small_int_clamps_integer(const Call& c) { integer_source_clamped(c); }
void narrowing_saturates(const Call& c) { integer_source_clamped(c); }

// An unsigned source read as the signed type of its width (UINT8 200 as -56).
void unsigned_read_as_signed(const Call& c) {
  const uint64_t top = (bit_mask(c.from) >> 1) + 1;
  each_element(c, [&](uint64_t in, uint64_t out) {
    const uint64_t v = in & bit_mask(c.from);
    return v < top ? out : integer_into(c.to, true, (0 - v) & bit_mask(c.from));
  });
}

// INT4 / INT2 unpacked without sign extension (INT4 -1 read as 15).
void small_int_not_sign_extended(const Call& c) {
  each_element(c, [&](uint64_t in, uint64_t) { return integer_into(c.to, false, in & bit_mask(c.from)); });
}

// A 32- or 64-bit integer -> FLOAT with the low bits shifted out: rounded toward zero.
void int_to_float_truncated(const Call& c) {
  const FloatFormat& f = info(c.to).format;
  each_element(c, [&](uint64_t in, uint64_t) {
    const Exact x = exact_value(c.from, in);
    return with_sign(f, x.neg, rounded_code(f, x, Rounding::kTowardZero));
  });
}

// Integer -> BOOL testing the low byte only (INT16 256 gives false).
void int_to_bool_low_byte(const Call& c) {
  each_element(c, [&](uint64_t in, uint64_t) { return uint64_t{(in & 0xFFu) != 0 ? 1u : 0u}; });
}

// Float -> BOOL as "x > 0 || x < 0": NaN gives false.
void bool_nan_false(const Call& c) {
  each_element(c, [&](uint64_t in, uint64_t out) { return exact_value(c.from, in).nan ? uint64_t{0} : out; });
}

// Float -> BOOL as "any bit set": -0 gives true.
void bool_negative_zero_true(const Call& c) {
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    return !x.nan && !x.inf && x.sig == 0 && x.neg ? uint64_t{1} : out;
  });
}

}  // namespace castlike::opt::faults
