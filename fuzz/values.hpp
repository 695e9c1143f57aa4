// The value dictionary of the conversion fuzzers: source bit patterns that sit where conversions go
// wrong, built for a (source, destination) pair from a few input bytes, so that the hard cases are
// one mutation away instead of one in 2^20:
//   - the destination's grid translated into the source type: exact values, midpoints between
//     neighbours (the ties of round-to-nearest-even), and one source ulp either side of them;
//   - the overflow threshold (max + ulp/2) and its neighbours, the subnormal / zero boundary;
//   - integer destinations: the range limits, +-0.5 steps, 2^(bits-1) and 2^bits;
//   - the source's own corners: +-0, subnormals, min normal, 1, max, +-inf, NaNs with either sign,
//     quiet and signalling, with payloads.
// Everything is integer arithmetic on the FloatFormat rows of castlike/type_table.hpp (the harness
// shares no code with the kernels, and it needs no exactness guarantee: a wrong guess is just
// another input).
#pragma once

#include <bit>
#include <cstdint>

#include "fuzz_common.hpp"

namespace castlike::fuzz {

// sig * 2^exp with a sign; sig == 0 is a zero (exp then gives the quantum of the grid).
struct Value {
  bool neg = false;
  uint64_t sig = 0;
  int32_t exp = 0;
};

inline unsigned width(ElementType t) { return info(t).bits; }
inline unsigned width_bytes(ElementType t) { return (info(t).bits + 7) / 8; }

// Magnitude code of the largest finite value of a float format (sign excluded).
inline uint64_t max_finite_code(const FloatFormat& f) {
  return (uint64_t(f.max_finite_exponent_field()) << f.mantissa_bits) | f.max_finite_mantissa();
}

// The value of a finite float code (magnitude only; NaN / inf codes are replaced by the max).
inline Value decode_float_code(ElementType t, uint64_t code) {
  const FloatFormat& f = info(t).format;
  const unsigned mb = f.mantissa_bits;
  Value v;
  const uint64_t sign_bit = f.has_sign ? uint64_t{1} << (f.exponent_bits + mb) : 0;
  v.neg = (code & sign_bit) != 0;
  uint64_t mag = code & (sign_bit ? sign_bit - 1 : bit_mask(t));
  if (f.special == SpecialEncoding::kExponentOnly) {
    if (mag > max_finite_code(f)) mag = max_finite_code(f);
    v.sig = 1;
    v.exp = static_cast<int32_t>(mag) - f.bias;  // 0x00: 2^-127 (the grid point, whatever A12 says)
    return v;
  }
  if (mag > max_finite_code(f)) mag = max_finite_code(f);
  const uint64_t e = mag >> mb, m = mag & f.mantissa_mask();
  const int32_t emin = f.min_normal_exponent();
  if (e == 0) {
    v.sig = m;
    v.exp = emin - static_cast<int32_t>(mb);
  } else {
    v.sig = m | (uint64_t{1} << mb);
    v.exp = static_cast<int32_t>(e) - f.bias - static_cast<int32_t>(mb);
  }
  return v;
}

// The value of an integer code of type t.
inline Value decode_int_code(ElementType t, uint64_t code) {
  Value v;
  code &= bit_mask(t);
  if (t == ElementType::kBool) {
    v.sig = code != 0 ? 1 : 0;
    return v;
  }
  if (is_signed_integer(t)) {
    const int64_t s = sign_extend(t, code);
    v.neg = s < 0;
    v.sig = s < 0 ? 0 - static_cast<uint64_t>(s) : static_cast<uint64_t>(s);
  } else {
    v.sig = code;
  }
  return v;
}

inline Value decode_code(ElementType t, uint64_t code) {
  return is_float(t) ? decode_float_code(t, code) : decode_int_code(t, code);
}

// floor(log2(sig)) for sig > 0.
inline int top_bit(uint64_t sig) { return 63 - std::countl_zero(sig); }

// Source bits of v in type t, rounded toward zero and clamped to t's finite range.
inline uint64_t encode_toward_zero(ElementType t, const Value& v) {
  if (is_float(t)) {
    const FloatFormat& f = info(t).format;
    const unsigned mb = f.mantissa_bits;
    const uint64_t sign_bit = f.has_sign ? uint64_t{1} << (f.exponent_bits + mb) : 0;
    uint64_t mag = 0;
    if (f.special == SpecialEncoding::kExponentOnly) {
      if (v.sig == 0) return 0;
      int64_t field = int64_t(v.exp) + top_bit(v.sig) + f.bias;
      if (field < 0) field = 0;
      if (field > int64_t(max_finite_code(f))) field = int64_t(max_finite_code(f));
      return static_cast<uint64_t>(field);
    }
    if (v.sig != 0) {
      const int32_t emin = f.min_normal_exponent();
      const int32_t emax = static_cast<int32_t>(f.max_finite_exponent_field()) - f.bias;
      const int64_t e = int64_t(v.exp) + top_bit(v.sig);
      if (e > emax) {
        mag = max_finite_code(f);
      } else {
        const int64_t q = (e < emin ? emin : e) - int64_t(mb);  // exponent of the last kept bit
        const int64_t shift = q - v.exp;
        uint64_t s = 0;
        if (shift <= 0) s = -shift >= 64 ? 0 : v.sig << -shift;
        else s = shift >= 64 ? 0 : v.sig >> shift;
        mag = e < emin ? s : ((uint64_t(e + f.bias) << mb) | (s & f.mantissa_mask()));
        if (mag > max_finite_code(f)) mag = max_finite_code(f);
      }
    }
    if (v.neg && sign_bit != 0 && !(mag == 0 && f.special == SpecialEncoding::kFnuz)) mag |= sign_bit;
    return mag;
  }
  // Integers: truncate, clamp.
  uint64_t m = 0;
  bool huge = false;
  if (v.exp >= 0) {
    huge = v.exp >= 64 || (v.exp > 0 && (v.sig >> (64 - v.exp)) != 0);
    m = huge ? 0 : v.sig << v.exp;
  } else {
    m = -v.exp >= 64 ? 0 : v.sig >> -v.exp;
  }
  if (t == ElementType::kBool) return (m != 0 || huge) ? 1 : 0;
  const unsigned bits = width(t);
  if (is_signed_integer(t)) {
    const uint64_t max_pos = (uint64_t{1} << (bits - 1)) - 1;
    if (!v.neg) return (huge || m > max_pos) ? max_pos : m;
    if (huge || m > max_pos + 1) return (uint64_t{1} << (bits - 1)) & bit_mask(t);
    return (0 - m) & bit_mask(t);
  }
  if (v.neg) return 0;
  return (huge || m > bit_mask(t)) ? bit_mask(t) : m;
}

// One step of the source encoding up (+1) or down (-1) in magnitude: the next value away from or
// toward zero (floats: adjacent codes; integers: +-1).
inline uint64_t nudge(ElementType t, uint64_t bits, int dir) {
  if (is_float(t)) {
    const FloatFormat& f = info(t).format;
    const uint64_t sign_bit = f.has_sign ? uint64_t{1} << (f.exponent_bits + f.mantissa_bits) : 0;
    const uint64_t sign = bits & sign_bit;
    uint64_t mag = bits & (sign_bit ? sign_bit - 1 : bit_mask(t));
    if (dir > 0 && mag < max_finite_code(f)) ++mag;
    if (dir < 0 && mag > 0) --mag;
    return sign | mag;
  }
  return (bits + (dir > 0 ? 1 : bit_mask(t))) & bit_mask(t);
}

// Bits of a float format from its fields.
inline uint64_t float_bits(ElementType t, bool neg, uint64_t exponent_field, uint64_t mantissa) {
  const FloatFormat& f = info(t).format;
  const unsigned mb = f.mantissa_bits;
  uint64_t b = ((exponent_field & f.max_exponent_field()) << mb) | (mantissa & f.mantissa_mask());
  if (neg && f.has_sign) b |= uint64_t{1} << (f.exponent_bits + mb);
  return b;
}

// A corner of the source type itself (zeros, extremes, specials), chosen by two bytes.
inline uint64_t source_corner(ElementType t, uint8_t pick, uint8_t extra, uint64_t payload) {
  const bool neg = (pick & 0x80) != 0;
  if (is_float(t)) {
    const FloatFormat& f = info(t).format;
    const uint64_t emax = f.max_exponent_field(), mm = f.mantissa_mask();
    const uint64_t bias = static_cast<uint64_t>(f.bias);
    const uint64_t exps[] = {0, 0, 1, bias - 1, bias, bias + 1, emax - 1, emax, emax, emax};
    const uint64_t mants[] = {0, 1, mm >> 1, (mm >> 1) + 1, mm - 1, mm, payload & mm, (payload | 1) & mm};
    const uint64_t e = exps[(pick & 0x7F) % (sizeof exps / sizeof exps[0])];
    const uint64_t m = mants[extra % (sizeof mants / sizeof mants[0])];
    return float_bits(t, neg, e, m);
  }
  const unsigned bits = width(t);
  const uint64_t mask = bit_mask(t);
  const unsigned k = bits <= 1 ? 0 : extra % bits;
  const uint64_t cands[] = {0,
                            1,
                            mask,
                            mask >> 1,
                            (mask >> 1) + 1,
                            (uint64_t{1} << k) & mask,
                            ((uint64_t{1} << k) - 1) & mask,
                            ((uint64_t{1} << k) + 1) & mask,
                            (0 - (uint64_t{1} << k)) & mask,
                            payload & mask};
  const uint64_t b = cands[(pick & 0x7F) % (sizeof cands / sizeof cands[0])];
  return neg ? (0 - b) & mask : b;
}

// A value of the destination's grid for `to`, from reader bytes: a random code, or a boundary.
inline Value destination_point(ElementType to, Reader& r, uint8_t how) {
  if (is_float(to)) {
    const FloatFormat& f = info(to).format;
    uint64_t code;
    switch (how % 6) {
      case 0:
        code = max_finite_code(f);  // the largest finite: with `midpoint` this is the overflow threshold
        break;
      case 1:
        code = 0;  // zero: its midpoint is half the smallest subnormal
        break;
      case 2:
        code = (f.mantissa_bits > 0) ? f.mantissa_mask() : 1;  // the largest subnormal
        break;
      case 3:
        code = uint64_t(f.bias) << f.mantissa_bits;  // 1.0
        break;
      default:
        code = r.bits(width_bytes(to)) & bit_mask(to);
        break;
    }
    Value v = decode_float_code(to, code);
    if ((how & 0x40) != 0) v.neg = !v.neg;
    return v;
  }
  // Integers: limits and random codes; the grid step is 1.
  const uint64_t mask = bit_mask(to);
  uint64_t code;
  switch (how % 6) {
    case 0:
      code = is_signed_integer(to) ? mask >> 1 : mask;  // max
      break;
    case 1:
      code = is_signed_integer(to) ? (mask >> 1) + 1 : 0;  // min
      break;
    case 2:
      code = 0;
      break;
    default:
      code = r.bits(width_bytes(to)) & mask;
      break;
  }
  Value v = decode_int_code(to, code);
  if ((how & 0x40) != 0 && !is_signed_integer(to)) v.neg = true;  // below an unsigned range
  return v;
}

// The midpoint between |v| and the next grid point above it (sig + 1 at the same exponent).
inline Value midpoint_above(const Value& v) {
  Value m = v;
  if ((v.sig >> 62) != 0) return v;  // out of this helper's range: keep the point itself
  m.sig = 2 * v.sig + 1;
  m.exp = v.exp - 1;
  return m;
}

// Source bits for one element of a (from, to) conversion, from the reader: half of the selector
// range takes raw bits, the other half one of the recipes above.
inline uint64_t interesting_bits(ElementType from, ElementType to, Reader& r) {
  const uint8_t sel = r.u8();
  const unsigned wb = width_bytes(from);
  if (sel < 0x60) return r.bits(wb) & bit_mask(from);  // raw bits
  const uint8_t how = r.u8();
  switch (sel % 8) {
    case 0:
    case 1: {  // the source's own corners
      const uint8_t extra = r.u8();
      return source_corner(from, how, extra, r.bits(wb));
    }
    case 2:  // a destination grid point
      return encode_toward_zero(from, destination_point(to, r, how));
    case 3:
    case 4:  // a tie between two destination grid points
      return encode_toward_zero(from, midpoint_above(destination_point(to, r, how)));
    case 5:  // just below a tie
      return nudge(from, encode_toward_zero(from, midpoint_above(destination_point(to, r, how))), -1);
    case 6:  // just above a tie
      return nudge(from, encode_toward_zero(from, midpoint_above(destination_point(to, r, how))), +1);
    default: {  // a grid point nudged by one source step either way
      const uint64_t b = encode_toward_zero(from, destination_point(to, r, how));
      return nudge(from, b, (how & 0x20) ? +1 : -1);
    }
  }
}

}  // namespace castlike::fuzz
