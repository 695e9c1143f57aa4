// Test-side knowledge of the element types, written out again from the specification
// (docs/specification.md section 2) instead of taken from the reference: NaN / infinity
// predicates, an exact encoder for dyadic values, a decoder to double (every value of every float
// type of 16 bits or fewer, FLOAT and DOUBLE is a double exactly), and the "interesting values"
// of each type that the pair and property suites feed to the reference. Only the shared type
// table and packing helpers are used.
//
// Nothing here rounds: encode_exact() refuses values the format cannot hold, so a generated input
// is always exactly what its recipe says.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "castlike/packing.hpp"
#include "castlike/type_table.hpp"
#include "reference/cast_like.hpp"

namespace castlike::probe {

using u128 = unsigned __int128;
using i128 = __int128;

// ---------------------------------------------------------------------------------------------
// Formats, as the specification's table states them.

enum class Kind { kIeee, kFn, kFnuz, kFiniteOnly, kE8M0 };

struct SpecFormat {
  int ebits, mbits, bias;
  bool sign;
  Kind kind;
};

inline std::optional<SpecFormat> spec_format(ElementType t) {
  switch (t) {
    case ElementType::kFloat: return SpecFormat{8, 23, 127, true, Kind::kIeee};
    case ElementType::kDouble: return SpecFormat{11, 52, 1023, true, Kind::kIeee};
    case ElementType::kFloat16: return SpecFormat{5, 10, 15, true, Kind::kIeee};
    case ElementType::kBfloat16: return SpecFormat{8, 7, 127, true, Kind::kIeee};
    case ElementType::kFloat8E4M3FN: return SpecFormat{4, 3, 7, true, Kind::kFn};
    case ElementType::kFloat8E4M3FNUZ: return SpecFormat{4, 3, 8, true, Kind::kFnuz};
    case ElementType::kFloat8E5M2: return SpecFormat{5, 2, 15, true, Kind::kIeee};
    case ElementType::kFloat8E5M2FNUZ: return SpecFormat{5, 2, 16, true, Kind::kFnuz};
    case ElementType::kFloat8E8M0: return SpecFormat{8, 0, 127, false, Kind::kE8M0};
    case ElementType::kFloat4E2M1: return SpecFormat{2, 1, 1, true, Kind::kFiniteOnly};
    case ElementType::kFloat6E2M3: return SpecFormat{2, 3, 1, true, Kind::kFiniteOnly};
    case ElementType::kFloat6E3M2: return SpecFormat{3, 2, 3, true, Kind::kFiniteOnly};
#ifdef CASTLIKE_SYNTHETIC_TYPE
    case ElementType::kFloat4E1M2: return SpecFormat{1, 2, 1, true, Kind::kFiniteOnly};
#endif
    default: return std::nullopt;
  }
}

// The operator version that introduced each type (docs/specification.md section 1): Cast and
// CastLike list the same types from version 19 on; before that Cast-13 and CastLike-15 list the
// thirteen types of opset 13.
inline int spec_since_version(ElementType t) {
  switch (t) {
    case ElementType::kFloat8E4M3FN:
    case ElementType::kFloat8E4M3FNUZ:
    case ElementType::kFloat8E5M2:
    case ElementType::kFloat8E5M2FNUZ: return 19;
    case ElementType::kUint4:
    case ElementType::kInt4: return 21;
    case ElementType::kFloat4E2M1: return 23;
    case ElementType::kFloat8E8M0: return 24;
    case ElementType::kUint2:
    case ElementType::kInt2: return 25;
    case ElementType::kFloat6E2M3:
    case ElementType::kFloat6E3M2: return 28;  // Cast-28 only: no CastLike version lists them
#ifdef CASTLIKE_SYNTHETIC_TYPE
    case ElementType::kFloat4E1M2: return 28;
#endif
    default: return 13;
  }
}

// The test-only synthetic row (include/castlike/type_list.h, CMake option CASTLIKE_SYNTHETIC_TYPE) is
// not in the specification: it is restated above as its row states it, listed at Cast-28 only, and
// counts here as one more type of Cast-28.
#ifdef CASTLIKE_SYNTHETIC_TYPE
inline constexpr int kSyntheticTypeRows = 1;
#else
inline constexpr int kSyntheticTypeRows = 0;
#endif

inline std::vector<ElementType> all_types() {
  std::vector<ElementType> out;
  for (const TypeInfo& t : kTypeTable) out.push_back(t.type);
  return out;
}
inline std::vector<ElementType> float_types() {
  std::vector<ElementType> out;
  for (ElementType t : all_types())
    if (spec_format(t)) out.push_back(t);
  return out;
}
inline bool is_float8(ElementType t) {
  return t == ElementType::kFloat8E4M3FN || t == ElementType::kFloat8E4M3FNUZ || t == ElementType::kFloat8E5M2 ||
         t == ElementType::kFloat8E5M2FNUZ;
}
inline bool is_fnuz(ElementType t) {
  return t == ElementType::kFloat8E4M3FNUZ || t == ElementType::kFloat8E5M2FNUZ;
}
inline int width(ElementType t) { return info(t).bits; }
inline uint64_t mask_of(ElementType t) { return width(t) >= 64 ? ~uint64_t{0} : (uint64_t{1} << width(t)) - 1; }
inline std::string name_of(ElementType t) { return std::string(info(t).name); }

inline uint64_t sign_mask(const SpecFormat& f) { return f.sign ? uint64_t{1} << (f.ebits + f.mbits) : 0; }
inline uint64_t exp_field(const SpecFormat& f, uint64_t b) { return (b >> f.mbits) & ((uint64_t{1} << f.ebits) - 1); }
inline uint64_t mant_field(const SpecFormat& f, uint64_t b) { return b & ((uint64_t{1} << f.mbits) - 1); }

inline bool spec_is_nan(ElementType t, uint64_t b) {
  const auto f = spec_format(t);
  if (!f) return false;
  b &= mask_of(t);
  const uint64_t all_ones = (uint64_t{1} << f->ebits) - 1;
  switch (f->kind) {
    case Kind::kIeee: return exp_field(*f, b) == all_ones && mant_field(*f, b) != 0;
    case Kind::kFn: return (b & ~sign_mask(*f)) == ((all_ones << f->mbits) | ((uint64_t{1} << f->mbits) - 1));
    case Kind::kFnuz: return b == sign_mask(*f);
    case Kind::kE8M0: return b == 0xFF;
    case Kind::kFiniteOnly: return false;
  }
  return false;
}

inline bool spec_is_inf(ElementType t, uint64_t b) {
  const auto f = spec_format(t);
  if (!f || f->kind != Kind::kIeee) return false;
  return exp_field(*f, b) == (uint64_t{1} << f->ebits) - 1 && mant_field(*f, b) == 0;
}

inline bool spec_negative(ElementType t, uint64_t b) {
  const auto f = spec_format(t);
  return f && (b & sign_mask(*f)) != 0;
}

// The exact value of a pattern as a double (NaN keeps its sign bit). FLOAT8E8M0 0x00 is 2^-127 by
// the type's definition; callers that follow the default profile's A12 reading adjust for it.
inline double decode_double(ElementType t, uint64_t b) {
  b &= mask_of(t);
  if (t == ElementType::kDouble) return std::bit_cast<double>(b);
  if (t == ElementType::kFloat) return static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(b)));
  const SpecFormat f = *spec_format(t);
  const double sign = spec_negative(t, b) ? -1.0 : 1.0;
  if (spec_is_nan(t, b)) return std::copysign(std::numeric_limits<double>::quiet_NaN(), sign);
  if (spec_is_inf(t, b)) return sign * std::numeric_limits<double>::infinity();
  const int e = static_cast<int>(exp_field(f, b));
  const double m = static_cast<double>(mant_field(f, b));
  if (f.kind == Kind::kE8M0) return std::ldexp(1.0, e - 127);
  if (e == 0) return sign * std::ldexp(m, 1 - f.bias - f.mbits);
  return sign * std::ldexp(m + std::ldexp(1.0, f.mbits), e - f.bias - f.mbits);
}

inline int bit_length(u128 m) {
  int n = 0;
  while (m != 0) {
    m >>= 1;
    ++n;
  }
  return n;
}

// Largest finite value as significand * 2^quantum_exponent (significand with the hidden bit).
struct MaxFinite {
  u128 significand;
  int quantum_exponent;
};
inline MaxFinite max_finite(const SpecFormat& f) {
  const int all_ones = (1 << f.ebits) - 1;
  const int field = f.kind == Kind::kIeee || f.kind == Kind::kE8M0 ? all_ones - 1 : all_ones;
  const u128 mant_mask = (u128{1} << f.mbits) - 1;
  const u128 mant = f.kind == Kind::kFn ? mant_mask - 1 : mant_mask;
  if (f.kind == Kind::kE8M0) return {1, field - f.bias};
  return {(u128{1} << f.mbits) | mant, field - f.bias - f.mbits};
}

// Bits of (-1)^negative * m * 2^e in float type t, when t holds that value exactly.
inline std::optional<uint64_t> encode_exact(ElementType t, bool negative, u128 m, int e) {
  const SpecFormat f = *spec_format(t);
  if (m == 0) {
    if (f.kind == Kind::kE8M0) return std::nullopt;  // no zero: 0x00 is 2^-127
    if (!negative) return 0;
    if (!f.sign || f.kind == Kind::kFnuz || f.kind == Kind::kE8M0) return std::nullopt;
    return sign_mask(f);
  }
  if (negative && !f.sign) return std::nullopt;
  while ((m & 1) == 0) {
    m >>= 1;
    ++e;
  }
  const int length = bit_length(m);
  const int top = e + length - 1;  // exponent of the leading bit
  if (f.kind == Kind::kE8M0) {
    if (m != 1 || top < -127 || top > 127) return std::nullopt;
    return static_cast<uint64_t>(top + 127);
  }
  const int emin = 1 - f.bias;
  uint64_t field = 0, mant = 0;
  if (top >= emin) {
    if (length > f.mbits + 1) return std::nullopt;
    const u128 sig = m << (f.mbits + 1 - length);
    field = static_cast<uint64_t>(top + f.bias);
    mant = static_cast<uint64_t>(sig - (u128{1} << f.mbits));
  } else {
    const int quantum = emin - f.mbits;
    if (e < quantum) return std::nullopt;
    mant = static_cast<uint64_t>(m << (e - quantum));
  }
  const uint64_t all_ones = (uint64_t{1} << f.ebits) - 1;
  switch (f.kind) {
    case Kind::kIeee:
      if (field >= all_ones) return std::nullopt;
      break;
    case Kind::kFn:
      if (field > all_ones || (field == all_ones && mant == (uint64_t{1} << f.mbits) - 1)) return std::nullopt;
      break;
    default:
      if (field > all_ones) return std::nullopt;
      break;
  }
  return (negative ? sign_mask(f) : 0) | (field << f.mbits) | mant;
}

// A finite double as (negative, m, e) with value m * 2^e, exactly.
struct Dyadic {
  bool negative;
  u128 m;
  int e;
};
inline Dyadic dyadic_of(double x) {
  int exponent = 0;
  const double fraction = std::frexp(std::fabs(x), &exponent);  // [0.5, 1) * 2^exponent
  const auto m = static_cast<uint64_t>(std::ldexp(fraction, 64));  // exact: 53 bits at most
  return {std::signbit(x), m, exponent - 64};
}

// ---------------------------------------------------------------------------------------------
// Interesting values.

class Lcg {
 public:
  explicit Lcg(uint64_t seed) : state_(seed * 0x9E3779B97F4A7C15ull + 1) {}
  uint64_t next() {
    state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
    uint64_t z = state_;
    z = (z ^ (z >> 31)) * 0xBF58476D1CE4E5B9ull;
    return z ^ (z >> 29);
  }

 private:
  uint64_t state_;
};

// Integer range of an integer type (BOOL excluded) as 128-bit values.
inline std::pair<i128, i128> int_range(ElementType t) {
  const int b = width(t);
  if (is_signed_integer(t)) return {-(i128{1} << (b - 1)), (i128{1} << (b - 1)) - 1};
  return {0, (i128{1} << b) - 1};
}
inline std::vector<ElementType> integer_types() {
  std::vector<ElementType> out;
  for (ElementType t : all_types())
    if (is_integer(t)) out.push_back(t);
  return out;
}

class FloatValueSet {
 public:
  explicit FloatValueSet(ElementType t) : t_(t), f_(*spec_format(t)) {}

  void add_bits(uint64_t b) { bits_.insert(b & mask_of(t_)); }

  // The value, and its two neighbours in the source's own grid (same sign).
  void add_value(bool negative, u128 m, int e) {
    const auto b = encode_exact(t_, negative, m, e);
    if (!b) return;
    add_bits(*b);
    const uint64_t s = *b & sign_mask(f_), magnitude = *b & ~sign_mask(f_);
    const uint64_t max_magnitude = mask_of(t_) & ~sign_mask(f_);
    if (magnitude > 0) add_bits(s | (magnitude - 1));
    if (magnitude < max_magnitude) add_bits(s | (magnitude + 1));
  }
  void add_both(u128 m, int e) {
    add_value(false, m, e);
    add_value(true, m, e);
  }
  void add_integer(i128 n) { add_value(n < 0, static_cast<u128>(n < 0 ? -n : n), 0); }

  // Boundaries and rounding midpoints of format g (the source's own or a destination's).
  void add_landmarks(const SpecFormat& g) {
    if (g.kind == Kind::kE8M0) {
      for (int k : {-130, -129, -128, -127, -126, -125, -124, -2, -1, 0, 1, 2, 124, 125, 126, 127, 128, 129, 130}) {
        add_both(1, k);
        add_both(3, k - 1);                                // nearest's tie, 1.5 * 2^k
        add_both((u128{1} << 30) + 1, k - 30);             // 2^k (1 + 2^-30): float32 reads 2^k (A5)
        add_both((u128{1} << 31) - 1, k - 30);             // 2^(k+1) (1 - 2^-31)
      }
      return;
    }
    const int emin = 1 - g.bias, mb = g.mbits, q = emin - mb;
    const MaxFinite mx = max_finite(g);
    add_both(1, q);                                  // smallest subnormal
    add_both(1, q - 1);                              // tie between 0 and it
    add_both(3, q - 1);                              // tie between it and twice it
    add_both((u128{1} << mb) - 1, q);                // largest subnormal
    add_both((u128{1} << (mb + 1)) - 1, q - 1);      // tie between it and the smallest normal
    add_both(1, emin);                               // smallest normal
    add_both(mx.significand, mx.quantum_exponent);   // largest finite
    add_both(2 * mx.significand + 1, mx.quantum_exponent - 1);  // overflow threshold ([x] midpoint)
    add_both(2 * mx.significand - 1, mx.quantum_exponent - 1);  // midpoint below the largest
    add_both(1, mx.quantum_exponent + mb + 1);       // first power of two beyond the range
    add_both(1, 0);
    add_both((u128{1} << (mb + 1)) + 1, -(mb + 1));  // 1 + ulp/2: tie, stays 1
    add_both((u128{1} << (mb + 1)) + 3, -(mb + 1));  // 1 + 3ulp/2: tie, goes up to 1 + 2ulp
    // Double-rounding traps through an intermediate FLOAT (23) or DOUBLE (52): one correct
    // rounding and a rounding via the intermediate disagree on these (A9).
    for (int mi : {23, 52}) {
      if (mi <= mb + 1) continue;
      const u128 up_trap = (u128{1} << (mi + 2)) + (u128{1} << (mi + 1 - mb)) + 1;
      const u128 down_trap = (u128{1} << (mi + 2)) + 3 * (u128{1} << (mi + 1 - mb)) - 1;
      for (int scale : {0, emin, mx.quantum_exponent + mb}) {
        add_both(up_trap, scale - (mi + 2));
        add_both(down_trap, scale - (mi + 2));
      }
    }
  }

  void add_specials() {
    const uint64_t s = sign_mask(f_);
    add_bits(0);
    add_bits(s);
    const uint64_t all_ones = (uint64_t{1} << f_.ebits) - 1, mant_mask = (uint64_t{1} << f_.mbits) - 1;
    if (f_.kind == Kind::kIeee) {
      const uint64_t inf = all_ones << f_.mbits;
      for (uint64_t sign : {uint64_t{0}, s}) {
        add_bits(sign | inf);
        add_bits(sign | inf | (uint64_t{1} << (f_.mbits - 1)));  // quiet NaN
        add_bits(sign | inf | 1);                                // signalling NaN, payload 1
        add_bits(sign | inf | mant_mask);                        // all-ones payload
        add_bits(sign | inf | (uint64_t{1} << (f_.mbits - 1)) | 0x5);
      }
    }
  }

  void add_random(int count, uint64_t seed) {
    Lcg rng(seed);
    for (int i = 0; i < count; ++i) add_bits(rng.next());
  }

  std::vector<uint64_t> bits() const { return {bits_.begin(), bits_.end()}; }

 private:
  ElementType t_;
  SpecFormat f_;
  std::set<uint64_t> bits_;
};

// TestFloat-style structured set for FLOAT16, BFLOAT16, FLOAT and DOUBLE.
inline std::vector<uint64_t> structured_float_bits(ElementType t, int random_count = 48) {
  FloatValueSet s(t);
  s.add_specials();
  s.add_landmarks(*spec_format(t));
  for (ElementType d : float_types()) s.add_landmarks(*spec_format(d));
  for (ElementType i : integer_types()) {
    const auto [lo, hi] = int_range(i);
    for (i128 n : {lo, hi, lo - 1, hi + 1}) s.add_integer(n);
    // Half-way values around the ends: truncation and rounding part here.
    s.add_value(false, static_cast<u128>(2 * hi + 1), -1);
    s.add_value(true, static_cast<u128>(-(2 * lo - 1)), -1);
  }
  for (int k = -9; k <= 16; ++k) s.add_value(k < 0, static_cast<u128>(k < 0 ? -(2 * k + 1) : 2 * k + 1), -1);
  for (int k = 1; k <= 20; ++k) s.add_integer(k);
  s.add_random(random_count, static_cast<uint64_t>(t));
  return s.bits();
}

// Structured set for INT16/UINT16/INT32/UINT32/INT64/UINT64 (as bit patterns of t).
inline std::vector<uint64_t> structured_integer_bits(ElementType t, int random_count = 48) {
  const auto [lo, hi] = int_range(t);
  std::set<uint64_t> out;
  const auto add = [&](i128 n) {
    if (n < lo || n > hi) return;
    out.insert(static_cast<uint64_t>(n) & mask_of(t));
  };
  const auto add_around = [&](i128 n) {
    for (i128 d : {-1, 0, 1}) {
      add(n + d);
      add(-(n + d));
    }
  };
  for (int k = -3; k <= 3; ++k) add(k);
  for (i128 n : {lo, lo + 1, hi, hi - 1}) add(n);
  for (int k = 1; k < 64; ++k) add_around(i128{1} << k);
  for (ElementType i : integer_types()) {
    const auto [ilo, ihi] = int_range(i);
    for (i128 n : {ilo, ihi, ilo - 1, ihi + 1}) add(n);
  }
  for (ElementType d : float_types()) {
    const SpecFormat g = *spec_format(d);
    if (g.kind == Kind::kE8M0) {
      for (int k = 0; k < 63; ++k) add_around(i128{3} << k);  // nearest's ties 1.5 * 2^(k+1)
      continue;
    }
    const int p = g.mbits + 1;
    const MaxFinite mx = max_finite(g);
    for (int j : {0, 1, 8, 30}) {
      if (p + 1 + j >= 126) continue;
      add_around(((i128{1} << p) + 1) << j);  // tie between 2^p and 2^p + 2: stays
      add_around(((i128{1} << p) + 3) << j);  // tie between 2^p + 2 and 2^p + 4: goes up
    }
    if (mx.quantum_exponent >= 1 && mx.quantum_exponent < 100) {
      add_around(static_cast<i128>(mx.significand) << mx.quantum_exponent);
      add_around(static_cast<i128>(2 * mx.significand + 1) << (mx.quantum_exponent - 1));
    }
    for (int mi : {23, 52}) {  // 2^24 + 2^16 + 1 style double-rounding traps (A9)
      if (mi <= g.mbits + 1) continue;
      add_around((i128{1} << (mi + 2)) + (i128{1} << (mi + 1 - g.mbits)) + 1);
      add_around((i128{1} << (mi + 2)) + 3 * (i128{1} << (mi + 1 - g.mbits)) - 1);
    }
  }
  Lcg rng(static_cast<uint64_t>(t) + 1000);
  for (int i = 0; i < random_count; ++i) out.insert(rng.next() & mask_of(t));
  return {out.begin(), out.end()};
}

// Every pattern of a type of 8 bits or fewer (BOOL: every byte), else the structured set.
inline std::vector<uint64_t> interesting_bits(ElementType t) {
  if (width(t) <= 8) {
    std::vector<uint64_t> out;
    if (!is_packed(t)) {
      for (uint64_t b = 0; b <= mask_of(t); ++b) out.push_back(b);
      return out;
    }
    // Packed: every pattern at every position within a byte (each round shifted by one element),
    // and a length that leaves the last byte partly padding.
    const int per_byte = 8 / width(t);
    for (int round = 0; round < per_byte; ++round) {
      for (uint64_t b = 0; b <= mask_of(t); ++b) out.push_back(b);
      out.push_back(1);
    }
    out.push_back(mask_of(t));
    return out;
  }
  if (spec_format(t)) return structured_float_bits(t);
  return structured_integer_bits(t);
}

inline std::vector<std::string> interesting_texts() {
  std::vector<std::string> texts = {
      "0", "-0", "0.0", "-0.0", "+0", "1", "-1", "2", "3", "1.5", "0.75", "2.5", "-2.5", "3.5", "-3.5", "0.5", "-0.5",
      "3.14", "314.15926", "-314.15926", "1e-5", "-1e-5", "1E8", "1e+8", "0.1", "-0.1", "0.2", "0.3",
      "0.30000000000000004", "0.000001", "1e-07", "1e+16", "9999999999999998.0", "2.9", "100.5", "-100.5",
      "464", "-464", "464.0001", "463.9999", "465", "448", "480", "240", "248", "247.99", "57344", "61440", "61439",
      "-61440", "65504", "65519.99", "65520", "-65520", "6", "7", "-7", "6.9999", "7.0001", "5", "0.25", "1.25",
      "7", "8", "-8", "-9", "15", "16", "-16", "255", "256", "-128", "-129", "127", "128", "32767", "32768", "65535",
      "65536", "-32769", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
      "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
      "18446744073709551615", "18446744073709551616", "16777217", "33554433", "9007199254740993",
      "1.0039062500000000001",  // 1 + 2^-8 + 1e-19: one rounding to BFLOAT16 goes up, via double it ties down
      "1e400", "-1e400", "1e-400", "-1e-400", "1e-39", "5.877471754111438e-39", "5.8774717541114375e-39",
      "8.8162076311671563e-39", "1.7014118346046923e+38", "2.5521177519070385e+38", "3.4028236692093846e+38",
      "3.4028235677973366e+38", "3.4028235677973362e+38", "3.402823669209385e+38", "3.4028235e38",
      "1.401298464324817e-45", "7.006492321624085e-46", "7.006492321624086e-46", "2.2250738585072014e-308",
      "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "1.7976931348623157e308",
      "1.7976931348623158e308", "1.7976931348623159e308", "1e99999999999999999999", "-1e99999999999999999999",
      "1e-99999999999999999999", "123456789012345678901234567890", "1.00000000000000000000000000000000000000001",
      "NaN", "nan", "-NaN", "NAN", "nAn", "+nan", "inf", "INF", "+INF", "-INF", "-inf", "Infinity", "-infinity",
      "iNfInItY", "Hello World!", "", " ", "  42  ", "\t-3.5\n", "1e", "e5", ".5", "5.", "-.5", "+3.25e2", "0x10",
      "1,5", "--1", "1.2.3", "inf1", "nana", "1e5x", "True", "False", "0e0", "0e-999999", "00000000000001.5000000",
      "1E-4", "9.999999e-5"};
  // A very long digit string: folded into a sticky digit by the parser.
  texts.push_back("0." + std::string(1200, '3'));
  texts.push_back("1" + std::string(400, '0') + ".5");
  // Integers longer than the parsers keep (1100 digits): 4-/2-bit destinations wrap, so their low
  // digits and the fraction still decide the result.
  texts.push_back(std::string(1200, '7'));
  texts.push_back("-" + std::string(1150, '1') + ".5");
  texts.push_back(std::string(1100, '1') + ".3");
  texts.push_back(std::string(1099, '9') + "3.50000000001");
  texts.push_back(std::string(1105, '2') + "e3");
  texts.push_back("0." + std::string(1105, '4') + "e1104");
  return texts;
}

// ---------------------------------------------------------------------------------------------
// Tensors.

inline ref::Tensor make_tensor(ElementType t, const std::vector<uint64_t>& bits) {
  ref::Tensor x;
  x.type = t;
  x.shape = {static_cast<int64_t>(bits.size())};
  x.data.assign(*storage_bytes(t, bits.size()), 0);
  for (size_t i = 0; i < bits.size(); ++i) store_bits(t, x.data.data(), i, bits[i]);
  return x;
}
inline ref::Tensor make_string_tensor(const std::vector<std::string>& texts) {
  ref::Tensor x;
  x.type = ElementType::kString;
  x.shape = {static_cast<int64_t>(texts.size())};
  x.strings = texts;
  return x;
}

// The rule's printed name starts with one of these for each destination family.
inline bool rule_fits(ElementType from, ElementType to, std::string_view rule) {
  const auto starts = [&](std::string_view p) { return rule.substr(0, p.size()) == p; };
  if (from == to) return rule == "CAST.IDENTITY";
  if (rule == "CAST.IDENTITY") return false;
  const TypeClass src = info(from).type_class;
  const bool src_int = src == TypeClass::kSignedInt || src == TypeClass::kUnsignedInt || src == TypeClass::kBool;
  const bool src_float = src == TypeClass::kFloat, src_text = src == TypeClass::kString;
  if (rule == "STR.NOT_A_NUMBER") return src_text;
  if (to == ElementType::kString) {
    if (rule == "STR.FORMAT.INT") return src == TypeClass::kSignedInt || src == TypeClass::kUnsignedInt;
    if (rule == "STR.FORMAT.BOOL") return src == TypeClass::kBool;
    return src_float && starts("STR.FORMAT.");
  }
  if (to == ElementType::kBool) return starts("BOOL.");
  if (to == ElementType::kFloat8E8M0) return starts("E8M0.");
  // The finite-only floats: the FLOAT4 family's rules for 4 bits, FLOAT6's for 6.
  if (const auto f = spec_format(to); f && f->kind == Kind::kFiniteOnly)
    return starts(1 + f->ebits + f->mbits == 4 ? "F4." : "F6.");
  if (is_float8(to)) return starts("F8.");
  if (is_float(to)) return starts("FLOAT.");
  // Integer destinations.
  if (rule == "INT.WRAP") return src_int;
  if (rule == "STR.FRACTION_TO_INT") return src_text;
  if (rule == "STR.OUT_OF_RANGE") return src_text && !is_packed(to);
  if (rule == "INT.NAN" || rule == "INT.INF") return src_float || src_text;
  if (is_packed(to)) return (src_float || src_text) && starts("INT4.");
  return (src_float || src_text) && (rule == "INT.TRUNC" || rule == "INT.OUT_OF_RANGE");
}

// Rules whose results the specification leaves undefined: exactly these carry kUnspecified.
inline bool rule_is_unspecified(std::string_view rule) {
  return rule == "INT.NAN" || rule == "INT.INF" || rule == "INT.OUT_OF_RANGE" || rule == "E8M0.NEGATIVE" ||
         rule == "E8M0.NEGZERO" || rule == "STR.NOT_A_NUMBER" || rule == "STR.FRACTION_TO_INT" ||
         rule == "STR.OUT_OF_RANGE";
}

}  // namespace castlike::probe
