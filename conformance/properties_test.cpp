// Properties of the reference that a plausible bug breaks (label `properties`).
//
// (a) widening to a type that holds every value, then narrowing back, is the identity;
// (b) rounding is monotonic, and it is round-to-nearest-even (ties to the even encoding) when
//     checked against an independent oracle: the destination's grid enumerated by the test itself;
// (c) saturate=1 never gives NaN or infinity for finite input (float8, FLOAT4E2M1, FLOAT8E8M0);
// (d) FNUZ destinations never give 0x80 (the only "negative zero" pattern) for a number in range;
// (e) number -> STRING -> same type gives the bits back, with no more digits than needed;
// (f) integer -> float -> integer is the identity whenever the float holds the integer.
//
// Every test counts what it checked and asserts a lower bound, so that none passes vacuously.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <numeric>

#include "test_support.hpp"

namespace castlike::probe {
namespace {

using T = ElementType;
using ref::OutcomeClass;

ref::Result convert(T from, uint64_t bits, T to, const ref::Attributes& a = {}, const ref::Variants& v = {}) {
  return ref::convert_element(from, ref::Element::of_bits(bits), to, a, v);
}
ref::Result convert_text(const std::string& text, T to, const ref::Attributes& a = {}, const ref::Variants& v = {}) {
  return ref::convert_element(T::kString, ref::Element::of_text(text), to, a, v);
}

std::string hex(uint64_t b) {
  char s[24];
  std::snprintf(s, sizeof s, "0x%llx", static_cast<unsigned long long>(b));
  return s;
}
std::string what(T from, uint64_t bits, T to, const ref::Attributes& a) {
  return name_of(from) + " " + hex(bits) + " -> " + name_of(to) + " (saturate=" + std::to_string(a.saturate) +
         ", round_mode=" + std::string(round_mode_name(a.round_mode)) + ")";
}

// saturate x round_mode where `to` reads them; otherwise the default only (the type table's list).
std::vector<ref::Attributes> attribute_sets(T to) {
  std::vector<ref::Attributes> out;
  for (const castlike::AttributeSetting& a : castlike::attribute_settings(to)) out.push_back({a.saturate, a.round_mode});
  return out;
}

std::vector<uint64_t> all_patterns(T t) {
  if (t == T::kBool) return {0, 1};
  std::vector<uint64_t> out(mask_of(t) + 1);
  std::iota(out.begin(), out.end(), uint64_t{0});
  return out;
}

// Value of a float pattern as the default profile reads it (A12: FLOAT8E8M0 0x00 is zero).
double value_of(T t, uint64_t b, bool exact_profile = false) {
  if (t == T::kFloat8E8M0 && (b & 0xFF) == 0 && !exact_profile) return 0.0;
  return decode_double(t, b);
}

// FLOAT and DOUBLE samples: the structured set plus random patterns whose exponents stay within
// reach of the narrow formats (where the interesting rounding happens).
std::vector<uint64_t> wide_sample(T t, int random_count) {
  std::vector<uint64_t> out = structured_float_bits(t);
  const SpecFormat f = *spec_format(t);
  Lcg rng(static_cast<uint64_t>(t) * 77 + 5);
  for (int i = 0; i < random_count; ++i) {
    const uint64_t r = rng.next();
    const int64_t exponent = f.bias + static_cast<int64_t>(r % 300) - 150;  // 2^-150 .. 2^150
    const uint64_t field = static_cast<uint64_t>(std::clamp<int64_t>(exponent, 0, (1 << f.ebits) - 2));
    const uint64_t sign = (r >> 20) & 1 ? sign_mask(f) : 0;
    out.push_back(sign | (field << f.mbits) | (rng.next() & ((uint64_t{1} << f.mbits) - 1)));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// (a) Widening and narrowing back.

bool has_negative_zero(const SpecFormat& f) { return f.sign && f.kind != Kind::kFnuz && f.kind != Kind::kE8M0; }
double max_value(const SpecFormat& f) {
  const MaxFinite m = max_finite(f);
  return std::ldexp(static_cast<double>(m.significand), m.quantum_exponent);
}
int min_exponent(const SpecFormat& f) {  // exponent of the smallest positive value
  return f.kind == Kind::kE8M0 ? -127 : 1 - f.bias - f.mbits;
}

// Does `w` hold every value of `s` exactly (NaN, infinities, -0 included)? Decided from the
// specification's format parameters, never from the reference.
bool holds_all(T s, T w) {
  if (s == w || s == T::kString || w == T::kString) return false;
  const auto fs = spec_format(s), fw = spec_format(w);
  if (fs) {
    if (!fw || fw->kind == Kind::kE8M0) return false;
    if (fs->kind != Kind::kFiniteOnly && fw->kind == Kind::kFiniteOnly) return false;  // NaN
    if (fs->kind == Kind::kIeee && fw->kind != Kind::kIeee) return false;              // infinity
    if (has_negative_zero(*fs) && !has_negative_zero(*fw)) return false;
    if (fs->sign && !fw->sign) return false;
    if (fw->mbits < fs->mbits) return false;
    if (min_exponent(*fw) > min_exponent(*fs)) return false;
    return max_value(*fw) >= max_value(*fs);
  }
  const auto [lo, hi] = s == T::kBool ? std::pair<i128, i128>{0, 1} : int_range(s);
  if (!fw) {
    if (w == T::kBool) return false;
    const auto [wlo, whi] = int_range(w);
    return wlo <= lo && hi <= whi;
  }
  if (fw->kind == Kind::kE8M0 || (lo < 0 && !fw->sign)) return false;
  const i128 largest = std::max<i128>(hi, -lo);
  return largest <= (i128{1} << (fw->mbits + 1)) && static_cast<double>(largest) <= max_value(*fw);
}

// The widening pairs, worked out by hand from the specification's table (the checks below). The
// synthetic row, in a build with it (test_values.hpp), adds 8 pairs out of it (to FLOAT, DOUBLE,
// FLOAT16, BFLOAT16, FLOAT8E4M3FN, FLOAT8E5M2 and both FLOAT6) and 1 into it (from BOOL: 2 is past
// its 1.75).
constexpr size_t kWideningPairs = 156u + 9u * kSyntheticTypeRows;

std::vector<T> narrow_types() {
  std::vector<T> out;
  for (T t : all_types())
    if (t != T::kString && width(t) <= 16) out.push_back(t);
  return out;
}

TEST(Properties, WideningPairsAreTheExpectedOnes) {
  std::vector<std::pair<T, T>> pairs;
  for (T s : narrow_types())
    for (T w : all_types())
      if (holds_all(s, w)) pairs.push_back({s, w});
  const auto has = [&](T s, T w) { return std::find(pairs.begin(), pairs.end(), std::make_pair(s, w)) != pairs.end(); };
  // Worked out by hand from the specification's table.
  EXPECT_TRUE(has(T::kFloat8E4M3FN, T::kFloat16));
  EXPECT_TRUE(has(T::kFloat8E4M3FNUZ, T::kFloat16));
  EXPECT_TRUE(has(T::kFloat8E5M2, T::kFloat16));
  EXPECT_TRUE(has(T::kFloat8E5M2FNUZ, T::kFloat16));
  EXPECT_TRUE(has(T::kFloat16, T::kFloat));
  EXPECT_TRUE(has(T::kBfloat16, T::kFloat));
  EXPECT_TRUE(has(T::kFloat8E8M0, T::kBfloat16));
  EXPECT_TRUE(has(T::kFloat4E2M1, T::kFloat8E5M2));
  EXPECT_TRUE(has(T::kFloat4E2M1, T::kFloat8E4M3FN));
  EXPECT_TRUE(has(T::kInt4, T::kFloat8E5M2));
  EXPECT_TRUE(has(T::kUint4, T::kFloat8E4M3FN));
  EXPECT_TRUE(has(T::kUint2, T::kFloat4E2M1));
  EXPECT_TRUE(has(T::kInt2, T::kFloat4E2M1));
  EXPECT_TRUE(has(T::kUint8, T::kBfloat16));
  EXPECT_TRUE(has(T::kBool, T::kFloat4E2M1));
  EXPECT_FALSE(has(T::kFloat16, T::kBfloat16));
  EXPECT_FALSE(has(T::kFloat8E4M3FN, T::kFloat8E5M2));
  EXPECT_FALSE(has(T::kFloat8E4M3FNUZ, T::kFloat8E4M3FN));  // 2^-10
  EXPECT_FALSE(has(T::kFloat8E5M2FNUZ, T::kFloat8E5M2));    // 2^-17
  EXPECT_FALSE(has(T::kFloat8E5M2, T::kFloat8E5M2FNUZ));    // -0, infinity
  EXPECT_FALSE(has(T::kFloat4E2M1, T::kFloat8E4M3FNUZ));    // -0
  EXPECT_FALSE(has(T::kFloat8E8M0, T::kFloat16));
  EXPECT_FALSE(has(T::kUint4, T::kFloat8E5M2));             // 9
  EXPECT_FALSE(has(T::kInt4, T::kFloat4E2M1));
  EXPECT_FALSE(has(T::kInt16, T::kFloat16));
  EXPECT_FALSE(has(T::kInt8, T::kUint8));
  // The FLOAT6 types: 5 + 6 pairs out of them, 9 into them (from FLOAT4E2M1, the 2-bit integers,
  // BOOL, and INT4 into E3M2 only: 8 is past E2M3's 7.5).
  EXPECT_TRUE(has(T::kFloat6E2M3, T::kFloat8E4M3FN));
  EXPECT_FALSE(has(T::kFloat6E2M3, T::kFloat8E5M2));  // 1.125: three mantissa bits
  EXPECT_TRUE(has(T::kFloat6E3M2, T::kFloat8E5M2));
  EXPECT_FALSE(has(T::kFloat6E3M2, T::kFloat6E2M3));   // 0.0625
  EXPECT_FALSE(has(T::kFloat6E2M3, T::kFloat6E3M2));   // 1.125
  EXPECT_TRUE(has(T::kFloat4E2M1, T::kFloat6E2M3));
  EXPECT_TRUE(has(T::kInt4, T::kFloat6E3M2));
  EXPECT_FALSE(has(T::kInt4, T::kFloat6E2M3));        // -8
  EXPECT_FALSE(has(T::kFloat6E3M2, T::kFloat8E4M3FNUZ));  // -0
  EXPECT_EQ(pairs.size(), kWideningPairs);
}

void widen_and_back(T s, T w, const ref::Variants& profile, bool exact_profile, size_t& checks) {
  const auto fs = spec_format(s), fw = spec_format(w);
  const std::vector<ref::Attributes> sets = attribute_sets(castlike::reads_attributes(s) ? s : w);
  size_t failures = 0;
  const auto fail = [&](const std::string& m) {
    if (++failures <= 10) ADD_FAILURE() << m;
  };
  for (const ref::Attributes& a : sets) {
    for (uint64_t p : all_patterns(s)) {
      const ref::Result up = convert(s, p, w, a, profile);
      const ref::Result back = convert(w, up.value.bits, s, a, profile);
      ++checks;
      const std::string ctx = what(s, p, w, a) + " gives " + hex(up.value.bits) + ", back " + hex(back.value.bits);
      if (fs && spec_is_nan(s, p)) {
        if (up.outcome != OutcomeClass::kNan || !spec_is_nan(w, up.value.bits) || !spec_is_nan(s, back.value.bits))
          fail("NaN must stay NaN: " + ctx);
        const bool signed_nans = (fs->kind == Kind::kIeee || fs->kind == Kind::kFn) &&
                                 (fw->kind == Kind::kIeee || fw->kind == Kind::kFn);
        if (signed_nans && spec_negative(s, p) != spec_negative(s, back.value.bits)) fail("NaN lost its sign: " + ctx);
        continue;
      }
      if (up.outcome != OutcomeClass::kExact || back.outcome != OutcomeClass::kExact) {
        // A12/A6 (default profile): FLOAT8E8M0 0x00 reads as 0, and 0 without saturation is NaN.
        if (!(s == T::kFloat8E8M0 && p == 0 && !exact_profile && !a.saturate && back.outcome == OutcomeClass::kNan))
          fail("not exact: " + ctx);
        continue;
      }
      // The widened value is the same number.
      if (fw) {
        const double x = fs ? value_of(s, p, exact_profile)
                            : static_cast<double>(s == T::kBool ? i128(p != 0)
                                                  : is_signed_integer(s) ? i128(sign_extend(s, p)) : i128(p));
        const double y = decode_double(w, up.value.bits);
        if (x != y || std::signbit(x) != std::signbit(y)) fail("widened value differs: " + ctx);
      } else {
        const i128 x = s == T::kBool ? i128(p != 0) : is_signed_integer(s) ? i128(sign_extend(s, p)) : i128(p);
        const i128 y = is_signed_integer(w) ? i128(sign_extend(w, up.value.bits)) : i128(up.value.bits);
        if (x != y) fail("widened integer differs: " + ctx);
      }
      uint64_t want_back = p;
      if (is_float8(s) && spec_is_inf(s, p) && a.saturate) {  // E5M2: saturate=1 turns +-inf into +-max
        const MaxFinite m = max_finite(*fs);
        want_back = *encode_exact(s, spec_negative(s, p), m.significand, m.quantum_exponent);
      }
      if (back.value.bits != want_back) fail("narrowing back changed the bits: " + ctx);
    }
  }
}

TEST(Properties, WideningThenNarrowingIsTheIdentity) {
  size_t checks = 0, pairs = 0;
  const ref::Variants exact_profile = *ref::profile_by_name("exact");
  for (T s : narrow_types())
    for (T w : all_types()) {
      if (!holds_all(s, w)) continue;
      ++pairs;
      SCOPED_TRACE(name_of(s) + " -> " + name_of(w));
      widen_and_back(s, w, {}, false, checks);
      if (s == T::kFloat8E8M0) widen_and_back(s, w, exact_profile, true, checks);  // A12: 0x00 is 2^-127
    }
  EXPECT_EQ(pairs, kWideningPairs);
  EXPECT_GT(checks, 900000u);
  std::printf("widening: %zu pairs, %zu round trips\n", pairs, checks);
}

// ---------------------------------------------------------------------------------------------
// (b) Monotonic, and nearest-even against the test's own grid.

struct Grid {  // non-negative finite values of a float type of 16 bits or fewer, ascending
  std::vector<double> values;
  std::vector<uint64_t> bits;
};
Grid grid_of(T d) {
  Grid g;
  const SpecFormat f = *spec_format(d);
  for (uint64_t b = 0; b <= (mask_of(d) & ~sign_mask(f)); ++b) {
    if (spec_is_nan(d, b) || spec_is_inf(d, b)) continue;
    g.values.push_back(decode_double(d, b));
    g.bits.push_back(b);
  }
  return g;
}
const Grid& cached_grid(T d) {
  static std::map<T, Grid> grids;
  auto it = grids.find(d);
  if (it == grids.end()) it = grids.emplace(d, grid_of(d)).first;
  return it->second;
}

// The bits the specification asks for, or nullopt for "a NaN". x finite.
std::optional<uint64_t> oracle(T d, double x, const ref::Attributes& a) {
  const SpecFormat f = *spec_format(d);
  if (d == T::kDouble) return std::bit_cast<uint64_t>(x);  // only from narrower sources: exact
  if (d == T::kFloat8E8M0) {
    if (x == 0) return a.saturate ? std::optional<uint64_t>(0x00) : std::nullopt;
    if (x > 0x1p127) return a.saturate ? std::optional<uint64_t>(0xFE) : std::nullopt;
    if (x < 0x1p-127) return a.saturate ? std::optional<uint64_t>(0x00) : std::nullopt;
    int e = 0;
    const double fraction = std::frexp(x, &e);  // x = fraction * 2^e, fraction in [0.5, 1)
    int k = e - 1;                              // floor(log2 x)
    const bool power = fraction == 0.5;
    switch (a.round_mode) {
      case CASTLIKE_ROUND_DOWN: break;
      case CASTLIKE_ROUND_UP: k += power ? 0 : 1; break;
      case CASTLIKE_ROUND_NEAREST: k += fraction >= 0.75 ? 1 : 0; break;  // 1.5 * 2^k, ties up
    }
    return static_cast<uint64_t>(k + 127);
  }
  const bool negative = std::signbit(x);
  const double m = std::fabs(x);
  const uint64_t sign = negative ? sign_mask(f) : 0;
  const uint64_t inf = ((uint64_t{1} << f.ebits) - 1) << f.mbits;
  double largest, below_largest;
  uint64_t largest_bits;
  if (d == T::kFloat) {
    largest = FLT_MAX;
    below_largest = std::nextafter(FLT_MAX, 0.0f);
    largest_bits = 0x7F7FFFFF;
  } else {
    const Grid& g = cached_grid(d);
    largest = g.values.back();
    below_largest = g.values[g.values.size() - 2];
    largest_bits = g.bits.back();
  }
  const double threshold = largest + (largest - below_largest) / 2;  // [x] beyond this overflows
  if (m > threshold || (m == threshold && (largest_bits & 1))) {
    if (d == T::kFloat || d == T::kFloat16 || d == T::kBfloat16) return sign | inf;
    if (d == T::kFloat4E2M1 || a.saturate) return sign | largest_bits;
    if (d == T::kFloat8E5M2) return sign | inf;
    return std::nullopt;
  }
  if (m >= largest) return sign | largest_bits;
  double lo, hi;
  uint64_t lo_bits, hi_bits;
  if (d == T::kFloat) {
    const float near = static_cast<float>(m);  // in range: one of the two neighbours
    if (static_cast<double>(near) == m) {
      lo = hi = m;
    } else if (static_cast<double>(near) > m) {
      hi = near;
      lo = std::nextafter(near, 0.0f);
    } else {
      lo = near;
      hi = std::nextafter(near, FLT_MAX);
    }
    lo_bits = std::bit_cast<uint32_t>(static_cast<float>(lo));
    hi_bits = std::bit_cast<uint32_t>(static_cast<float>(hi));
  } else {
    const Grid& g = cached_grid(d);
    const size_t i = static_cast<size_t>(std::lower_bound(g.values.begin(), g.values.end(), m) - g.values.begin());
    hi = g.values[i];
    hi_bits = g.bits[i];
    if (hi == m) {
      lo = hi;
      lo_bits = hi_bits;
    } else {
      lo = g.values[i - 1];
      lo_bits = g.bits[i - 1];
    }
  }
  const double mid = lo + (hi - lo) / 2;  // exact: one bit more than the destination has
  const uint64_t pick = m < mid ? lo_bits : m > mid ? hi_bits : ((lo_bits & 1) == 0 ? lo_bits : hi_bits);
  if (pick == 0) return negative && has_negative_zero(f) ? sign : 0;
  return sign | pick;
}

struct RoundingCase {
  T source;
  std::vector<uint64_t> inputs;
};
std::vector<RoundingCase> rounding_sources() {
  std::vector<RoundingCase> out;
  for (T s : float_types()) {
    std::vector<uint64_t> bits = width(s) <= 16 ? all_patterns(s) : wide_sample(s, s == T::kFloat ? 6000 : 3000);
    std::vector<uint64_t> finite;
    for (uint64_t b : bits)
      if (!spec_is_nan(s, b) && !spec_is_inf(s, b)) finite.push_back(b);
    out.push_back({s, std::move(finite)});
  }
  return out;
}

// Sorted by the exact value (the default profile's reading of FLOAT8E8M0 0x00 included).
std::vector<std::pair<double, uint64_t>> sorted_values(T s, const std::vector<uint64_t>& bits, bool non_negative) {
  std::vector<std::pair<double, uint64_t>> v;
  for (uint64_t b : bits) {
    const double x = value_of(s, b);
    if (non_negative && std::signbit(x)) continue;
    v.push_back({x, b});
  }
  std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return v;
}

TEST(Properties, RoundingIsMonotonic) {
  size_t checks = 0;
  for (const RoundingCase& c : rounding_sources()) {
    for (T d : float_types()) {
      if (d == c.source) continue;
      const auto values = sorted_values(c.source, c.inputs, d == T::kFloat8E8M0);
      for (const ref::Attributes& a : attribute_sets(d)) {
        SCOPED_TRACE(what(c.source, 0, d, a));
        double previous = -INFINITY;
        std::string previous_text;
        bool seen_number = false, number_run_ended = false;
        size_t failures = 0;
        for (const auto& [x, b] : values) {
          const ref::Result r = convert(c.source, b, d, a);
          ++checks;
          const std::string ctx = what(c.source, b, d, a) + " gives " + hex(r.value.bits);
          if (r.outcome == OutcomeClass::kUnspecified) {
            if (++failures <= 5) ADD_FAILURE() << "unspecified for a finite value: " << ctx;
            continue;
          }
          if (spec_is_nan(d, r.value.bits)) {  // NaN only at the ends: below or beyond the range
            if (seen_number) number_run_ended = true;
            continue;
          }
          const double y = decode_double(d, r.value.bits);
          if (number_run_ended && ++failures <= 5) ADD_FAILURE() << "a number after a NaN run: " << ctx;
          if (y < previous && ++failures <= 5)
            ADD_FAILURE() << "not monotonic: " << ctx << " (" << y << ") after " << previous_text << " (" << previous << ")";
          previous = y;
          previous_text = ctx;
          seen_number = true;
        }
      }
    }
  }
  EXPECT_GT(checks, 2000000u);
  std::printf("monotonic: %zu conversions\n", checks);
}

TEST(Properties, RoundingIsNearestEvenAgainstTheDestinationGrid) {
  size_t checks = 0, ties = 0;
  for (const RoundingCase& c : rounding_sources()) {
    for (T d : float_types()) {
      if (d == c.source || (d == T::kDouble && c.source == T::kDouble)) continue;
      const auto values = sorted_values(c.source, c.inputs, d == T::kFloat8E8M0);
      for (const ref::Attributes& a : attribute_sets(d)) {
        size_t failures = 0;
        for (const auto& [x, b] : values) {
          const ref::Result r = convert(c.source, b, d, a);
          const std::optional<uint64_t> want = oracle(d, x, a);
          ++checks;
          if (d != T::kFloat8E8M0 && d != T::kDouble && d != T::kFloat) {  // count exact ties seen
            const Grid& g = cached_grid(d);
            const auto it = std::lower_bound(g.values.begin(), g.values.end(), std::fabs(x));
            if (it != g.values.begin() && it != g.values.end() && *it != std::fabs(x) &&
                std::fabs(x) == *(it - 1) + (*it - *(it - 1)) / 2)
              ++ties;
          }
          const bool ok = want ? (r.outcome == OutcomeClass::kExact && r.value.bits == *want)
                               : (r.outcome == OutcomeClass::kNan && spec_is_nan(d, r.value.bits));
          if (!ok && ++failures <= 5)
            ADD_FAILURE() << what(c.source, b, d, a) << " (" << x << ") gives " << hex(r.value.bits) << " ["
                          << ref::rule_name(r.rule) << "], the grid says " << (want ? hex(*want) : "NaN");
        }
      }
    }
  }
  EXPECT_GT(checks, 2000000u);
  EXPECT_GT(ties, 10000u);  // ties to even are really exercised
  std::printf("nearest-even: %zu conversions, %zu exact ties\n", checks, ties);
}

// ---------------------------------------------------------------------------------------------
// (c) and (d): saturation and FNUZ zeros, over every numeric source.

struct Source {
  T type;
  std::vector<uint64_t> bits;
};
std::vector<Source> numeric_sources() {
  std::vector<Source> out;
  for (T t : all_types()) {
    if (t == T::kString) continue;
    out.push_back({t, width(t) <= 16 ? all_patterns(t) : (spec_format(t) ? wide_sample(t, 2000) : sample_bits(t))});
  }
  return out;
}

// Finite number, with its (approximate for 64-bit integers) value; nullopt for NaN and infinity.
std::optional<double> finite_value(T t, uint64_t b) {
  if (spec_format(t)) {
    if (spec_is_nan(t, b) || spec_is_inf(t, b)) return std::nullopt;
    return value_of(t, b);
  }
  if (t == T::kBool) return b != 0 ? 1.0 : 0.0;
  return is_signed_integer(t) ? static_cast<double>(sign_extend(t, b)) : static_cast<double>(b);
}

// Texts that are numbers but neither infinity nor NaN.
std::vector<std::string> finite_texts() {
  std::vector<std::string> out;
  for (const std::string& s : sample_texts()) {
    if (s.find_first_of("iInNxX") != std::string::npos) continue;  // words, and strtod's hex
    if (s.find('\0') != std::string::npos) continue;  // strtod would stop at the NUL
    const char* begin = s.c_str();
    while (*begin == ' ' || *begin == '\t' || *begin == '\n') ++begin;
    if (*begin == 0) continue;
    char* end = nullptr;
    std::strtod(begin, &end);
    while (*end == ' ' || *end == '\t' || *end == '\n') ++end;
    if (end != begin && *end == 0) out.push_back(s);
  }
  return out;
}

TEST(Properties, SaturationNeverGivesNanOrInfinityForFiniteInput) {
  const std::vector<T> destinations = {T::kFloat8E4M3FN, T::kFloat8E4M3FNUZ, T::kFloat8E5M2, T::kFloat8E5M2FNUZ,
                                       T::kFloat4E2M1, T::kFloat8E8M0};
  size_t checks = 0, overflowing = 0;
  const auto check = [&](const ref::Result& r, T d, const std::string& ctx, size_t& failures) {
    ++checks;
    if ((r.outcome != OutcomeClass::kExact || spec_is_nan(d, r.value.bits) || spec_is_inf(d, r.value.bits)) &&
        ++failures <= 5)
      ADD_FAILURE() << ctx << " gives " << hex(r.value.bits) << " [" << ref::rule_name(r.rule) << "]";
    if (std::string_view(ref::rule_name(r.rule)).find("SAT") != std::string_view::npos) ++overflowing;
  };
  for (T d : destinations) {
    for (ref::Attributes a : attribute_sets(d)) {
      if (!a.saturate) continue;
      size_t failures = 0;
      for (const Source& s : numeric_sources()) {
        if (s.type == d) continue;
        for (uint64_t b : s.bits) {
          const auto x = finite_value(s.type, b);
          if (!x || (d == T::kFloat8E8M0 && std::signbit(*x))) continue;
          check(convert(s.type, b, d, a), d, what(s.type, b, d, a), failures);
        }
      }
      for (const std::string& text : finite_texts()) {
        if (d == T::kFloat8E8M0 && text[text.find_first_not_of(" \t\n")] == '-') continue;
        check(convert_text(text, d, a), d, "\"" + text + "\" -> " + name_of(d), failures);
      }
    }
  }
  EXPECT_GT(checks, 1000000u);
  EXPECT_GT(overflowing, 10000u);  // the saturating branches are really reached
  std::printf("saturation: %zu conversions, %zu saturated\n", checks, overflowing);
}

TEST(Properties, FnuzNeverGivesNegativeZero) {
  size_t checks = 0, negative_underflows = 0;
  for (T d : {T::kFloat8E4M3FNUZ, T::kFloat8E5M2FNUZ}) {
    const double largest = max_value(*spec_format(d));
    const double smallest = std::ldexp(1.0, min_exponent(*spec_format(d)));
    for (bool saturate : {true, false}) {
      const ref::Attributes a{saturate, CASTLIKE_ROUND_UP};
      size_t failures = 0;
      for (const Source& s : numeric_sources()) {
        if (s.type == d) continue;
        for (uint64_t b : s.bits) {
          const bool nan = spec_format(s.type) && spec_is_nan(s.type, b);
          if (nan) continue;
          const auto x = finite_value(s.type, b);
          // Without saturation, overflow and infinity are NaN (0x80) by the specification.
          if (!saturate && (!x || std::fabs(*x) > largest)) continue;
          const ref::Result r = convert(s.type, b, d, a);
          ++checks;
          const bool underflow = x && std::signbit(*x) && std::fabs(*x) <= smallest / 2;
          negative_underflows += underflow;
          if ((r.value.bits == 0x80 || r.outcome != OutcomeClass::kExact || (underflow && r.value.bits != 0)) &&
              ++failures <= 5)
            ADD_FAILURE() << what(s.type, b, d, a) << " gives " << hex(r.value.bits) << " ["
                          << ref::rule_name(r.rule) << "]";
        }
      }
      for (const char* text : {"-0", "-0.0", "-1e-300", "-1e-400", "-0.000000001", "-0e5"}) {
        const ref::Result r = convert_text(text, d, a);
        ++checks;
        EXPECT_EQ(r.value.bits, 0x00u) << text << " -> " << name_of(d);
        EXPECT_EQ(r.outcome, OutcomeClass::kExact) << text << " -> " << name_of(d);
      }
    }
  }
  EXPECT_GT(checks, 500000u);
  EXPECT_GT(negative_underflows, 10000u);
  std::printf("fnuz: %zu conversions, %zu negative zeros or underflows\n", checks, negative_underflows);
}

// ---------------------------------------------------------------------------------------------
// (e) Number -> STRING -> number.

struct Decimal {  // significant digits (no leading or trailing zeros) times 10^exponent
  bool negative = false;
  std::string digits;
  int exponent = 0;
};
std::optional<Decimal> parse_text(const std::string& s) {
  Decimal d;
  size_t i = 0;
  if (i < s.size() && s[i] == '-') {
    d.negative = true;
    ++i;
  }
  std::string all;
  int point = -1;
  for (; i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.'); ++i) {
    if (s[i] == '.') point = static_cast<int>(all.size());
    else all += s[i];
  }
  int e10 = 0;
  if (i < s.size() && s[i] == 'e') e10 = std::atoi(s.c_str() + i + 1);
  else if (i != s.size()) return std::nullopt;
  if (point < 0) point = static_cast<int>(all.size());
  // value = all * 10^(e10 - (all.size() - point))
  int exponent = e10 - (static_cast<int>(all.size()) - point);
  const size_t first = all.find_first_not_of('0');
  if (first == std::string::npos) return std::nullopt;  // zero
  all = all.substr(first);
  while (all.back() == '0') {
    all.pop_back();
    ++exponent;
  }
  d.digits = all;
  d.exponent = exponent;
  return d;
}
std::string increment(std::string digits) {
  for (size_t i = digits.size(); i-- > 0;) {
    if (digits[i] != '9') {
      ++digits[i];
      return digits;
    }
    digits[i] = '0';
  }
  return "1" + digits;
}

TEST(Properties, NumberToTextAndBackIsTheIdentityAndShortest) {
  size_t checks = 0, shortened = 0;
  for (T s : float_types()) {
    const std::vector<uint64_t> bits = width(s) <= 16 ? all_patterns(s) : wide_sample(s, s == T::kFloat ? 3000 : 1500);
    // Text reads back by plain rounding to nearest: without saturation (so "inf" stays infinite
    // in FLOAT8E5M2, and "5e2" is not FLOAT8E4M3FN's 448 merely because it saturates), and for
    // FLOAT8E8M0 by the nearest power of two, with saturation (0x00 prints as 0.0 under A12).
    const bool e8m0 = s == T::kFloat8E8M0;
    const ref::Attributes read{e8m0, e8m0 ? CASTLIKE_ROUND_NEAREST : CASTLIKE_ROUND_UP};
    size_t failures = 0;
    const auto fail = [&](const std::string& m) {
      if (++failures <= 5) ADD_FAILURE() << m;
    };
    for (uint64_t b : bits) {
      const ref::Result text = convert(s, b, T::kString);
      const ref::Result back = convert_text(text.value.text, s, read);
      ++checks;
      const std::string ctx = name_of(s) + " " + hex(b) + " -> \"" + text.value.text + "\" -> " + hex(back.value.bits);
      if (spec_is_nan(s, b)) {
        if (text.value.text != "nan" || back.outcome != OutcomeClass::kNan) fail("NaN: " + ctx);
        continue;
      }
      if (back.outcome != OutcomeClass::kExact || back.value.bits != b) {
        fail("round trip: " + ctx);
        continue;
      }
      if (spec_is_inf(s, b)) continue;
      const double x = value_of(s, b);
      if (x == 0) continue;
      // numpy's layout: positional for 1e-4 <= |x| < 10^3 (FLOAT16), 10^6 (FLOAT and the types
      // numpy lacks), 10^16 (DOUBLE).
      const double ax = std::fabs(x);
      const double upper = std::pow(10.0, text_layout(s).positional_below);
      const bool scientific = text.value.text.find('e') != std::string::npos;
      if (std::fabs(ax / 1e-4 - 1) > 1e-9 && scientific != (ax < 1e-4 || ax >= upper)) fail("layout: " + ctx);
      const auto d = parse_text(text.value.text);
      if (!d) {
        fail("unreadable text: " + ctx);
        continue;
      }
      if (d->digits.size() < 2) continue;
      // One digit fewer: neither neighbour at that precision may read back to the same value of
      // the type whose digits are printed (the type itself, or FLOAT for the types numpy lacks).
      const T digits_of = text_layout(s).digits_of;
      const uint64_t target = digits_of == s ? b : convert(s, b, digits_of).value.bits;
      const ref::Attributes plain{false, CASTLIKE_ROUND_UP};
      const std::string shorter = d->digits.substr(0, d->digits.size() - 1);
      for (const std::string& candidate : {shorter, increment(shorter)}) {
        const std::string t = (d->negative ? "-" : "") + candidate + "e" + std::to_string(d->exponent + 1);
        const ref::Result r = convert_text(t, digits_of, digits_of == s ? read : plain);
        ++shortened;
        if (r.outcome == OutcomeClass::kExact && r.value.bits == target)
          fail("not shortest, \"" + t + "\" also reads back: " + ctx);
      }
    }
  }
  // Integers: the decimal digits and back.
  for (T s : integer_types()) {
    size_t failures = 0;
    for (uint64_t b : width(s) <= 16 ? all_patterns(s) : sample_bits(s)) {
      const ref::Result text = convert(s, b, T::kString);
      const ref::Result back = convert_text(text.value.text, s);
      ++checks;
      const std::string want = is_signed_integer(s) ? std::to_string(sign_extend(s, b)) : std::to_string(b);
      if ((text.value.text != want || back.outcome != OutcomeClass::kExact || back.value.bits != b) && ++failures <= 5)
        ADD_FAILURE() << name_of(s) << " " << hex(b) << " -> \"" << text.value.text << "\" -> " << hex(back.value.bits);
    }
  }
  EXPECT_GT(checks, 250000u);
  EXPECT_GT(shortened, 200000u);
  std::printf("text round trip: %zu values, %zu shorter candidates rejected\n", checks, shortened);
}

// ---------------------------------------------------------------------------------------------
// (f) Integer -> float -> integer.

TEST(Properties, IntegerThroughAFloatThatHoldsItComesBack) {
  size_t checks = 0;
  std::map<T, size_t> per_float;
  for (T s : integer_types()) {
    const std::vector<uint64_t> bits = width(s) <= 16 ? all_patterns(s) : sample_bits(s);
    for (T d : float_types()) {
      size_t failures = 0;
      for (const ref::Attributes& a : attribute_sets(d)) {
        for (uint64_t b : bits) {
          const i128 n = is_signed_integer(s) ? i128(sign_extend(s, b)) : i128(b);
          const auto held = encode_exact(d, n < 0, static_cast<u128>(n < 0 ? -n : n), 0);
          if (!held) continue;
          const ref::Result there = convert(s, b, d, a);
          const ref::Result back = convert(d, there.value.bits, s, a);
          ++checks;
          ++per_float[d];
          if ((there.outcome != OutcomeClass::kExact || there.value.bits != *held ||
               back.outcome != OutcomeClass::kExact || back.value.bits != b) &&
              ++failures <= 5)
            ADD_FAILURE() << what(s, b, d, a) << " gives " << hex(there.value.bits) << " (want " << hex(*held)
                          << "), back " << hex(back.value.bits);
        }
      }
    }
  }
  // Every float holds 1 and every integer source has it: each float is reached from each source
  // (a float may hold only a few integers: the synthetic row holds -1, 0 and 1).
  for (T d : float_types()) EXPECT_GE(per_float[d], integer_types().size()) << name_of(d);
  EXPECT_GT(checks, 250000u);
  std::printf("integer round trip: %zu values\n", checks);
}

}  // namespace
}  // namespace castlike::probe
