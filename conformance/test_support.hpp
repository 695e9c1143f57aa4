// The one test-support header of the suites (reference, pairs, properties, kernels) and of the
// float32 sweep: the one sampler of bit patterns and of texts (sample_bits, sample_texts), then the kernel
// suites' helpers (castlike::kt): the ISA levels this machine can run, the attribute sets that
// matter per destination, the reference computed once per (pair, attributes), and comparison by
// outcome class with counters. What the tests know of the types from the specification, written
// out again on purpose, is test_values.hpp (a suite compares it with the type table).
//
// The kernels are driven through the public C API (castlike/castlike.h) with castlike_force_isa,
// or, where a test must not touch the process-wide level (threads), through the internal
// dispatch table (optimized/dispatch.hpp). Free of GoogleTest: the float32 sweep
// (tools/sweep_float32), a program, judges by the same comparison.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "castlike/isa_levels.hpp"
#include "castlike/castlike.h"
#include "castlike/packing.hpp"
#include "castlike/type_table.hpp"
#include "reference/convert.hpp"
#include "test_values.hpp"
#include "tools/kernel_comparison.hpp"

namespace castlike::probe {

// ---------------------------------------------------------------------------------------------
// The samplers.

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

  std::vector<uint64_t> bits() const { return {bits_.begin(), bits_.end()}; }

 private:
  ElementType t_;
  SpecFormat f_;
  std::set<uint64_t> bits_;
};

// TestFloat-style structured set for FLOAT16, BFLOAT16, FLOAT and DOUBLE (sample_bits adds random
// patterns).
inline std::vector<uint64_t> structured_float_bits(ElementType t) {
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
  return s.bits();
}

// Structured set for INT16/UINT16/INT32/UINT32/INT64/UINT64 (as bit patterns of t; sample_bits adds
// random patterns).
inline std::vector<uint64_t> structured_integer_bits(ElementType t) {
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
  return {out.begin(), out.end()};
}

// The one sampler of bit patterns, for every suite (reference, pairs, properties, kernels): every
// pattern of a type of 8 bits or fewer (BOOL: every byte; a packed type's at every position within
// a byte, and a length that leaves the last byte partly padding), else the structured set above
// followed by `random_count` uniform patterns from `seed` (by default the type's own number).
inline std::vector<uint64_t> sample_bits(ElementType t, size_t random_count = 48,
                                         std::optional<uint64_t> seed = std::nullopt) {
  std::vector<uint64_t> out;
  if (width(t) <= 8) {
    if (!is_packed(t)) {
      for (uint64_t b = 0; b <= mask_of(t); ++b) out.push_back(b);
      return out;
    }
    const int per_byte = 8 / width(t);
    for (int round = 0; round < per_byte; ++round) {
      for (uint64_t b = 0; b <= mask_of(t); ++b) out.push_back(b);
      out.push_back(1);
    }
    out.push_back(mask_of(t));
    return out;
  }
  out = spec_format(t) ? structured_float_bits(t) : structured_integer_bits(t);
  Lcg rng(seed.value_or(static_cast<uint64_t>(t)));
  for (size_t i = 0; i < random_count; ++i) out.push_back(rng.next() & mask_of(t));
  return out;
}

// The one sampler of texts, for every suite: the specification's examples, edge cases of the grammar,
// values at and around rounding boundaries of every type, integers at the limits, long digit
// strings, non-numbers, and one text with an embedded NUL (not a number). No text repeats.
inline std::vector<std::string> sample_texts() {
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
  const std::vector<std::string> more = {"0",
                                "-0",
                                "+0",
                                "0.0",
                                "-0.0",
                                "00000",
                                "0e999999",
                                "1",
                                "-1",
                                "0.5",
                                "1.5",
                                "2.5",
                                "-2.5",
                                "3.5",
                                "-3.5",
                                "3.14",
                                "314.15926",
                                "1e-5",
                                "-1e-5",
                                "1E8",
                                "1e+8",
                                "+INF",
                                "INF",
                                "-INF",
                                "inf",
                                "infinity",
                                "-Infinity",
                                "InFiNiTy",
                                "NaN",
                                "nan",
                                "-nan",
                                "+NAN",
                                "Hello World!",
                                "",
                                " ",
                                " 42 ",
                                "\t-7\n",
                                "1.",
                                ".5",
                                "-.5",
                                ".",
                                "e5",
                                "1e",
                                "1e+",
                                "1e-",
                                "1.5.3",
                                "--1",
                                "+-1",
                                "1e5.5",
                                "1 2",
                                "0x10",
                                "1_000",
                                "infinite",
                                "nana",
                                "464",
                                "464.0001",
                                "463.9999",
                                "480",
                                "65504",
                                "65519.99",
                                "65520",
                                "65536",
                                "1e-30",
                                "-1e9",
                                "61440",
                                "61439",
                                "57344",
                                "240",
                                "248",
                                "300",
                                "-129",
                                "-128",
                                "127.9",
                                "255.9",
                                "256",
                                "-1.9",
                                "6",
                                "7",
                                "-7",
                                "5",
                                "1e400",
                                "-1e400",
                                "1e-400",
                                "1e100000",
                                "1e-100000",
                                "1e999999999999",
                                "1e-999999999999",
                                "4.9406564584124654e-324",
                                "2.4703282292062328e-324",
                                "2.4703282292062327e-324",
                                "1.7976931348623157e308",
                                "1.7976931348623158e308",
                                "1.7976931348623159e308",
                                "3.4028235677973366e38",
                                "3.4028235677973362e38",
                                "3.40282357e38",
                                "1.4e-45",
                                "7e-46",
                                "7.1e-46",
                                "5.877471754111438e-39",
                                "5.8774717541114375e-39",
                                "2.938735877055719e-39",
                                "1.7014118346046923e38",
                                "1.7014118346046925e38",
                                "2.5521177519070385e38",
                                "2.552117751907039e38",
                                "16777217",
                                "16777216.5",
                                "9007199254740993",
                                "18446744073709551615",
                                "18446744073709551616",
                                "-9223372036854775808",
                                "-9223372036854775809",
                                "9223372036854775807",
                                "9223372036854775808",
                                "4294967295",
                                "4294967296",
                                "-2147483648",
                                "-2147483649",
                                "0.1",
                                "0.2",
                                "0.3",
                                "1e-7",
                                "6e-8",
                                "5.96e-8",
                                "2.98e-8",
                                "2.9802322387695312e-8",
                                "2.9802322387695313e-8",
                                "0.00006103515625",
                                "0.000060975551605224609375",
                                "100.5",
                                "-100.5",
                                "1e16",
                                "1e-4",
                                "9.999999999999999e15",
                                "123456789012345678901234567890",
                                "0.000000000000000000000000000001234",
                                " \t\n\r\f\v12.5e-1\v "};
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
  texts.insert(texts.end(), more.begin(), more.end());
  // Long digit strings: beyond the 1100 significant digits the reading keeps.
  const auto repeat = [](const char* head, size_t count, char digit, const char* tail) {
    std::string text(head);
    text.append(count, digit);
    text.append(tail);
    return text;
  };
  texts.push_back(repeat("1", 1200, '0', ""));
  texts.push_back(repeat("1", 1099, '0', "1"));
  texts.push_back(repeat("1", 1100, '0', "1"));
  texts.push_back(repeat("2.", 1200, '0', "1"));
  texts.push_back(repeat("0.", 500, '0', "5"));
  texts.push_back(repeat("7", 1105, '0', ".5"));
  texts.push_back(repeat("9", 30, '9', ".5e-10"));
  texts.push_back(repeat("464.", 1300, '0', "1"));
  texts.push_back(std::string("1e5\0", 4));  // an embedded NUL: not a number
  std::vector<std::string> unique;
  std::set<std::string> seen;
  for (std::string& s : texts)
    if (seen.insert(s).second) unique.push_back(std::move(s));
  return unique;
}

}  // namespace castlike::probe

namespace castlike::kt {

namespace ref = castlike::ref;
using probe::sample_bits;
using probe::sample_texts;

// Restores the ISA level in force when a test ends.
struct IsaGuard {
  castlike_isa saved = castlike_active_isa();
  ~IsaGuard() { castlike_force_isa(saved); }
};

// Packs element patterns into a buffer in `t`'s layout.
inline std::vector<uint8_t> pack(ElementType t, const std::vector<uint64_t>& bits) {
  std::vector<uint8_t> out(*storage_bytes(t, bits.size()) + 8, 0);
  for (size_t i = 0; i < bits.size(); ++i) store_bits(t, out.data(), i, bits[i]);
  out.resize(*storage_bytes(t, bits.size()));
  return out;
}

inline std::vector<uint64_t> unpack(ElementType t, const uint8_t* data, size_t offset, size_t n) {
  std::vector<uint64_t> out(n);
  for (size_t i = 0; i < n; ++i) out[i] = load_bits(t, data, offset + i);
  return out;
}


// Every text through castlike_convert_from_strings into `to` at the attributes of `v`, each element
// compared with the reference's STRING -> `to` (check); what(i) names element i in a failure. The
// call's status goes to `status`: the tally counts nothing unless it is CASTLIKE_OK.
template <class What>
Tally texts_against_reference(ElementType to, const std::vector<std::string>& texts, const Variant& v,
                              castlike_status& status, What&& what) {
  std::vector<const char*> ptrs;
  std::vector<size_t> lens;
  for (const auto& s : texts) {
    ptrs.push_back(s.data());
    lens.push_back(s.size());
  }
  std::vector<uint8_t> dst(*storage_bytes(to, texts.size()));
  Tally t;
  status = castlike_convert_from_strings(ptrs.data(), lens.data(), texts.size(), c_type(to), dst.data(), 0, &v.attrs);
  if (status != CASTLIKE_OK) return t;
  for (size_t i = 0; i < texts.size(); ++i) {
    const ref::Result r =
        ref::convert_element(ElementType::kString, ref::Element::of_text(texts[i]), to, ref_attrs(v.attrs));
    check(to, r, load_bits(to, dst.data(), i), t, [&] { return what(i); });
  }
  return t;
}

inline std::vector<ref::Result> reference(ElementType from, const std::vector<uint64_t>& inputs, ElementType to,
                                          const castlike_attributes& a) {
  std::vector<ref::Result> out;
  out.reserve(inputs.size());
  const ref::Attributes ra = ref_attrs(a);
  for (uint64_t b : inputs) out.push_back(ref::convert_element(from, ref::Element::of_bits(b), to, ra));
  return out;
}

}  // namespace castlike::kt
