// The seeded-fault catalogue (catalogue.hpp). Each fault works on element bit patterns with the
// type table's FloatFormat rows and integer arithmetic of its own: exact values as sig * 2^exp.
#include "faults/catalogue.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace castlike::opt::faults {
namespace {

// ---- Element access in the kernel layout --------------------------------------------------------

uint64_t load(ElementType t, const uint8_t* p, size_t i) {
  const unsigned bits = info(t).bits;
  if (bits < 8) return (p[i * bits / 8] >> (i * bits % 8)) & bit_mask(t);
  uint64_t v = 0;
  std::memcpy(&v, p + i * (bits / 8), bits / 8);  // little-endian host (kernels.cpp)
  return v;
}

void store(ElementType t, uint8_t* p, size_t i, uint64_t v) {
  const unsigned bits = info(t).bits;
  if (bits < 8) {
    const unsigned shift = i * bits % 8;
    const unsigned mask = static_cast<unsigned>(bit_mask(t)) << shift;
    p[i * bits / 8] = static_cast<uint8_t>((p[i * bits / 8] & ~mask) | ((v << shift) & mask));
    return;
  }
  std::memcpy(p + i * (bits / 8), &v, bits / 8);
}

// Applies out' = f(in, out) to every element of a call.
template <class F>
void each_element(const Call& c, F f) {
  for (size_t i = 0; i < c.n; ++i) {
    const uint64_t out = load(c.to, c.dst, i);
    const uint64_t changed = f(load(c.from, c.src, i), out);
    if (changed != out) store(c.to, c.dst, i, changed);
  }
}

// ---- Exact values -------------------------------------------------------------------------------

// sig * 2^exp, normalised (sig odd, or 0 for zero), with the sign apart.
struct Exact {
  bool nan = false, inf = false, neg = false;
  uint64_t sig = 0;
  int exp = 0;
};

Exact normalised(bool neg, uint64_t sig, int exp) {
  if (sig == 0) return Exact{false, false, neg, 0, 0};
  const int tz = std::countr_zero(sig);
  return Exact{false, false, neg, sig >> tz, exp + tz};
}

// The value of a magnitude code of a float format, its exponent field unbounded above (so the code
// after the largest finite is the next grid point, whatever the format uses that pattern for).
Exact grid_value(const FloatFormat& f, uint64_t code) {
  const uint64_t field = code >> f.mantissa_bits, mant = code & f.mantissa_mask();
  if (field == 0) return normalised(false, mant, f.min_normal_exponent() - f.mantissa_bits);
  return normalised(false, mant | (uint64_t{1} << f.mantissa_bits),
                    static_cast<int>(field) - f.bias - f.mantissa_bits);
}

uint64_t sign_bit(const FloatFormat& f) {
  return f.has_sign ? uint64_t{1} << (f.exponent_bits + f.mantissa_bits) : 0;
}

bool is_nan_bits(const FloatFormat& f, uint64_t bits) {
  const uint64_t mag = bits & ~sign_bit(f);
  const uint64_t field = mag >> f.mantissa_bits, mant = mag & f.mantissa_mask();
  switch (f.special) {
    case SpecialEncoding::kIeee: return field == f.max_exponent_field() && mant != 0;
    case SpecialEncoding::kFiniteNanOnes: return field == f.max_exponent_field() && mant == f.mantissa_mask();
    case SpecialEncoding::kFnuz: return bits == sign_bit(f);
    case SpecialEncoding::kExponentOnly: return field == f.max_exponent_field();
    case SpecialEncoding::kFiniteOnly: return false;
  }
  return false;
}

Exact exact_value(ElementType t, uint64_t bits) {
  const TypeInfo& ti = info(t);
  if (ti.type_class == TypeClass::kBool) return normalised(false, (bits & 0xFF) != 0 ? 1 : 0, 0);
  if (ti.type_class == TypeClass::kSignedInt) {
    const unsigned b = ti.bits;
    const uint64_t sign = uint64_t{1} << (b - 1);
    const uint64_t v = ((bits & bit_mask(t)) ^ sign) - sign;  // sign-extended
    const bool neg = (v >> 63) != 0;
    return normalised(neg, neg ? 0 - v : v, 0);
  }
  if (ti.type_class != TypeClass::kFloat) return normalised(false, bits & bit_mask(t), 0);
  const FloatFormat& f = ti.format;
  if (is_nan_bits(f, bits)) return Exact{true, false, false, 0, 0};
  const bool neg = (bits & sign_bit(f)) != 0;
  const uint64_t mag = bits & ~sign_bit(f) & bit_mask(t);
  if (f.special == SpecialEncoding::kIeee && mag == f.max_exponent_field() << f.mantissa_bits)
    return Exact{false, true, neg, 0, 0};
  if (f.special == SpecialEncoding::kExponentOnly) {
    if (mag == 0) return normalised(false, 0, 0);  // A12: 0x00 reads as zero
    return normalised(false, 1, static_cast<int>(mag) - f.bias);
  }
  Exact e = grid_value(f, mag);
  e.neg = neg;
  return e;
}

bool same_magnitude(const Exact& a, const Exact& b) { return a.sig == b.sig && (a.sig == 0 || a.exp == b.exp); }

// Whether |x| is the midpoint between the grid values of magnitude codes `code` and `code + 1`.
bool is_midpoint_above(const FloatFormat& f, uint64_t code, const Exact& x) {
  const Exact lo = grid_value(f, code), hi = grid_value(f, code + 1);
  // lo + hi = sum * 2^m; the midpoint is sum * 2^(m - 1). Grid values are a few bits wide.
  const int m = lo.sig == 0 ? hi.exp : std::min(lo.exp, hi.exp);
  const uint64_t sum = (lo.sig << (lo.sig == 0 ? 0 : lo.exp - m)) + (hi.sig << (hi.exp - m));
  return same_magnitude(normalised(false, sum, m - 1), x);
}

uint64_t max_finite(const FloatFormat& f) {
  return (uint64_t{f.max_finite_exponent_field()} << f.mantissa_bits) | f.max_finite_mantissa();
}

// What a value beyond the largest finite becomes with saturate=0: infinity (IEEE), the lone NaN
// (FNUZ) or the NaN with the value's sign (FN).
uint64_t overflow_bits(const FloatFormat& f, bool neg) {
  const uint64_t s = neg ? sign_bit(f) : 0, ones = uint64_t{f.max_exponent_field()} << f.mantissa_bits;
  if (f.special == SpecialEncoding::kFnuz) return sign_bit(f);
  return f.special == SpecialEncoding::kIeee ? s | ones : s | ones | f.mantissa_mask();
}

bool finite_nonzero(const Exact& x) { return !x.nan && !x.inf && x.sig != 0; }

// ---- The faults ---------------------------------------------------------------------------------

bool to_fnuz_e4m3(ElementType, ElementType to) { return to == ElementType::kFloat8E4M3FNUZ; }
bool to_float8(ElementType, ElementType to) { return is_float8_family(to); }
bool to_signed_nan(ElementType, ElementType to) {
  const FloatFormat& f = info(to).format;
  return is_float(to) && f.has_sign &&
         (f.special == SpecialEncoding::kIeee || f.special == SpecialEncoding::kFiniteNanOnes);
}
bool any_pair(ElementType from, ElementType to) { return from != to; }
bool double_to_bfloat16(ElementType from, ElementType to) {
  return from == ElementType::kDouble && to == ElementType::kBfloat16;
}

// A negative value that rounds to zero keeps its sign: 0x80, which is FNUZ's NaN.
void fnuz_negative_zero(const Call& c) {
  const uint64_t sign = sign_bit(info(c.to).format);
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    return out == 0 && finite_nonzero(x) && x.neg ? sign : out;
  });
}

// Ties rounded away from zero instead of to even: a value halfway between the result and the next
// grid point up gets that point (beyond the largest finite: the overflow of saturate=0).
void ties_away(const Call& c) {
  const FloatFormat& f = info(c.to).format;
  const uint64_t sign = sign_bit(f);
  const uint64_t max = max_finite(f);
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    const uint64_t mag = out & ~sign;
    if (!finite_nonzero(x) || is_nan_bits(f, out) || mag > max || !is_midpoint_above(f, mag, x)) return out;
    if (mag < max) return (x.neg ? sign : 0) | (mag + 1);
    return c.attrs.saturate ? out : overflow_bits(f, x.neg);
  });
}

// saturate=1, and exactly max + ulp/2 is judged an overflow (NaN; E5M2: infinity) rather than max.
void saturate_off_at_threshold(const Call& c) {
  if (!c.attrs.saturate) return;
  const FloatFormat& f = info(c.to).format;
  const uint64_t max = max_finite(f);
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    if (!finite_nonzero(x) || !is_midpoint_above(f, max, x)) return out;
    return overflow_bits(f, x.neg);
  });
}

// A NaN result loses its sign.
void nan_sign_lost(const Call& c) {
  const FloatFormat& f = info(c.to).format;
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

constexpr Fault kFaults[] = {
    {"fnuz-negative-zero", "FLOAT8E4M3FNUZ: a negative value that rounds to zero gives 0x80 (the format's NaN)",
     Kernels::kBoth, to_fnuz_e4m3, fnuz_negative_zero},
    {"ties-away", "any source -> float8: ties rounded away from zero instead of to even", Kernels::kBoth, to_float8,
     ties_away},
    {"saturate-off-at-threshold", "float8, saturate=1: exactly max + ulp/2 overflows (NaN, E5M2 inf) instead of giving max",
     Kernels::kBoth, to_float8, saturate_off_at_threshold},
    {"nan-sign-lost", "a NaN result in FLOAT / DOUBLE / FLOAT16 / BFLOAT16 / float8 loses its sign", Kernels::kBoth,
     to_signed_nan, nan_sign_lost},
    {"vector-tail-skipped", "SIMD kernels leave the last n mod 16 elements unconverted", Kernels::kSimd, any_pair,
     vector_tail_skipped},
    {"double-rounding", "DOUBLE -> BFLOAT16 rounded twice, to FLOAT and then to BFLOAT16", Kernels::kBoth,
     double_to_bfloat16, double_rounding},
};

}  // namespace

std::span<const Fault> catalogue() { return kFaults; }

}  // namespace castlike::opt::faults
