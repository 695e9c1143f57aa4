// Shared helpers of the kernel-library suites (kernels_*_test): the ISA levels this machine can run,
// the attribute sets that matter per destination, the reference computed once per (pair,
// attributes), and comparison by outcome class with counters.
//
// The kernels are driven through the public C API (castlike/castlike.h) with castlike_force_isa,
// or, where a test must not touch the process-wide level (threads), through the internal
// dispatch table (optimized/dispatch.hpp). Free of GoogleTest: the float32 sweep
// (tools/sweep_float32), a program, judges by the same comparison.
#pragma once

#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "castlike/castlike.h"
#include "castlike/packing.hpp"
#include "castlike/type_table.hpp"
#include "reference/convert.hpp"

namespace castlike::kt {

namespace ref = castlike::ref;

inline std::vector<castlike_isa> available_isas() {
  std::vector<castlike_isa> out;
  for (castlike_isa i : {CASTLIKE_ISA_SCALAR, CASTLIKE_ISA_AVX2, CASTLIKE_ISA_AVX512, CASTLIKE_ISA_NEON})
    if (castlike_isa_available(i)) out.push_back(i);
  return out;
}

// Restores the ISA level in force when a test ends.
struct IsaGuard {
  castlike_isa saved = castlike_active_isa();
  ~IsaGuard() { castlike_force_isa(saved); }
};

struct Variant {
  castlike_attributes attrs;
  std::string name;
};

// Every attribute setting that can change a result for destination `to` (the type table's list),
// named by the attributes `to` reads.
inline std::vector<Variant> variants_for(ElementType to) {
  std::vector<Variant> out;
  for (const AttributeSetting& s : attribute_settings(to)) {
    std::string name;
    if (reads_saturate(to)) name = "saturate=" + std::to_string(s.saturate ? 1 : 0);
    if (reads_round_mode(to)) name += " round_mode=" + std::string(round_mode_name(s.round_mode));
    castlike_attributes a;
    a.saturate = s.saturate ? 1 : 0;
    a.round_mode = s.round_mode;
    out.push_back({a, name.empty() ? "defaults" : name});
  }
  return out;
}

inline ref::Attributes ref_attrs(const castlike_attributes& a) {
  return ref::Attributes{a.saturate != 0, a.round_mode};
}

inline std::string hex(uint64_t v) {
  std::ostringstream s;
  s << "0x" << std::hex << v;
  return s.str();
}

inline std::string name(ElementType t) { return std::string(info(t).name); }
inline castlike_type c_type(ElementType t) { return static_cast<castlike_type>(static_cast<int32_t>(t)); }

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

// Outcome-class comparison with counters.
struct Tally {
  size_t exact = 0, nan = 0, unspecified = 0;
  size_t unspecified_not_documented = 0;  // unspecified bits that differ from the reference's choice
  size_t failures = 0;
  std::vector<std::string> samples;  // the first few failures

  void add(const Tally& o) {
    exact += o.exact;
    nan += o.nan;
    unspecified += o.unspecified;
    unspecified_not_documented += o.unspecified_not_documented;
    failures += o.failures;
    for (const auto& s : o.samples)
      if (samples.size() < 10) samples.push_back(s);
  }
  std::string summary() const {
    std::ostringstream s;
    s << "exact " << exact << ", nan " << nan << ", unspecified " << unspecified << " (" << unspecified_not_documented
      << " not the documented bits), failures " << failures;
    return s.str();
  }
};

// Compares one result; what() describes the input for the failure message (called on failure only).
template <class What>
void check(ElementType to, const ref::Result& expected, uint64_t actual, Tally& t, What&& what) {
  switch (expected.outcome) {
    case ref::OutcomeClass::kExact:
      ++t.exact;
      break;
    case ref::OutcomeClass::kNan:
      ++t.nan;
      break;
    case ref::OutcomeClass::kUnspecified:
      ++t.unspecified;
      if ((actual & bit_mask(to)) != expected.value.bits) ++t.unspecified_not_documented;
      return;
    case ref::OutcomeClass::kRoundTrip:  // a text outcome: never that of a numeric destination
      ++t.failures;
      return;
  }
  if (!ref::matches(to, expected, ref::Element::of_bits(actual))) {
    ++t.failures;
    if (t.samples.size() < 10)
      t.samples.push_back(std::string(what()) + ": got " + hex(actual & bit_mask(to)) + ", want " +
                          hex(expected.value.bits) + " (" + std::string(ref::outcome_name(expected.outcome)) + ", " +
                          std::string(ref::rule_name(expected.rule)) + ")");
  }
}

inline std::vector<ref::Result> reference(ElementType from, const std::vector<uint64_t>& inputs, ElementType to,
                                          const castlike_attributes& a) {
  std::vector<ref::Result> out;
  out.reserve(inputs.size());
  const ref::Attributes ra = ref_attrs(a);
  for (uint64_t b : inputs) out.push_back(ref::convert_element(from, ref::Element::of_bits(b), to, ra));
  return out;
}

// Interesting bit patterns of a type: all of them up to 8 bits; for wider types zeros, ones, the
// extremes, float specials and exponent / mantissa corners with both signs, then `random_count`
// uniform patterns (fixed seed).
inline std::vector<uint64_t> sample_patterns(ElementType t, size_t random_count, uint64_t seed = 1) {
  const unsigned bits = info(t).bits;
  const uint64_t mask = bit_mask(t);
  std::vector<uint64_t> out;
  if (bits <= 8) {
    for (uint64_t b = 0; b <= mask; ++b) out.push_back(b);
    return out;
  }
  const uint64_t sign = uint64_t{1} << (bits - 1);
  for (uint64_t b : {uint64_t{0}, uint64_t{1}, uint64_t{2}, uint64_t{3}, mask, mask - 1, sign, sign - 1, sign + 1})
    out.push_back(b & mask);
  if (is_float(t)) {
    const FloatFormat& f = info(t).format;
    const uint64_t emask = f.max_exponent_field(), mmask = f.mantissa_mask();
    for (uint64_t e : {uint64_t{0}, uint64_t{1}, uint64_t(f.bias - 1), uint64_t(f.bias), uint64_t(f.bias + 1),
                       emask - 2, emask - 1, emask})
      for (uint64_t m : {uint64_t{0}, uint64_t{1}, mmask >> 1, (mmask >> 1) + 1, mmask - 1, mmask})
        for (uint64_t s : {uint64_t{0}, sign}) out.push_back(s | ((e & emask) << f.mantissa_bits) | (m & mmask));
  } else {
    for (unsigned k = 1; k < bits; ++k)
      for (uint64_t d : {uint64_t{0}, uint64_t{1}, ~uint64_t{0}}) out.push_back(((uint64_t{1} << k) + d) & mask);
  }
  uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
  for (size_t i = 0; i < random_count; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    out.push_back(x & mask);
  }
  return out;
}

// Texts for the string path: the specification's examples, edge cases of the grammar, values at
// and around rounding boundaries, integers at the limits, long digit strings, non-numbers.
inline std::vector<std::string> sample_texts() {
  std::vector<std::string> t = {"0",
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
  // Long digit strings: beyond the 1100 significant digits the reading keeps.
  const auto repeat = [](const char* head, size_t count, char digit, const char* tail) {
    std::string text(head);
    text.append(count, digit);
    text.append(tail);
    return text;
  };
  t.push_back(repeat("0.", 1200, '3', ""));
  t.push_back(repeat("1", 1200, '0', ""));
  t.push_back(repeat("1", 1099, '0', "1"));
  t.push_back(repeat("1", 1100, '0', "1"));
  t.push_back(repeat("2.", 1200, '0', "1"));
  t.push_back(repeat("0.", 500, '0', "5"));
  t.push_back(repeat("7", 1105, '0', ".5"));
  t.push_back(repeat("9", 30, '9', ".5e-10"));
  t.push_back(repeat("464.", 1300, '0', "1"));
  t.push_back(std::string("1e5\0", 4));  // an embedded NUL: not a number
  return t;
}

}  // namespace castlike::kt
