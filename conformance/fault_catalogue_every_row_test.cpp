// The fault catalogue's arithmetic on every row of the type table, built with UndefinedBehavior-
// Sanitizer (conformance/CMakeLists.txt): the seeded-fault proof runs these helpers on whatever
// pairs its fuzzer reaches first, and which those are depends on the machine (the levels it
// dispatches to steer the fuzzer's coverage). A helper that is undefined for one row (a shift of a
// 32-bit field by a 64-bit format's mantissa width) must fail here, on every machine, and not only
// on the one whose fuzzer happens to reach that row. Every helper of faults/arithmetic.hpp gets
// every float row's interesting codes and every value of every row; every fault of the catalogue
// gets every pair it touches under every attribute setting, with sources and kernel outputs that
// include each row's special codes.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "castlike/packing.hpp"
#include "castlike/type_table.hpp"
#include "faults/arithmetic.hpp"
#include "faults/catalogue.hpp"

namespace castlike::opt::faults {
namespace {

// Codes that make the helpers take each branch: every code of a row of at most 12 bits; for wider
// rows both signs of each exponent field with an empty, a lowest-bit, a top-bit, a full and a
// random mantissa, and random codes. Integers: both ends, zero, one, every power of two and its
// neighbours.
std::vector<uint64_t> interesting_codes(const TypeInfo& t, std::mt19937_64& rng) {
  const uint64_t mask = bit_mask(t.type);
  std::vector<uint64_t> codes;
  if (t.bits <= 12) {
    for (uint64_t c = 0; c <= mask; ++c) codes.push_back(c);
    return codes;
  }
  if (t.type_class == TypeClass::kFloat) {
    const FloatFormat& f = t.format;
    const uint64_t fields = uint64_t{1} << f.exponent_bits;
    const uint64_t step = fields > 64 ? fields / 64 : 1;
    for (uint64_t field = 0; field < fields; field += step)
      for (uint64_t field_near : {field, field + 1, fields - 1 - field})
        for (uint64_t mant : {uint64_t{0}, uint64_t{1}, f.mantissa_mask() >> 1, uint64_t{1} << (f.mantissa_bits - 1),
                              f.mantissa_mask(), rng() & f.mantissa_mask()})
          for (uint64_t sign : {uint64_t{0}, sign_bit(f)})
            codes.push_back((sign | ((field_near % fields) << f.mantissa_bits) | mant) & mask);
  } else {
    for (unsigned b = 0; b < t.bits; ++b)
      for (uint64_t d : {uint64_t{0}, uint64_t{1}, ~uint64_t{0}}) codes.push_back(((uint64_t{1} << b) + d) & mask);
    codes.push_back(mask);
  }
  for (int i = 0; i < 256; ++i) codes.push_back(rng() & mask);
  return codes;
}

const std::vector<uint64_t>& codes_of(ElementType type) {
  static const std::vector<std::vector<uint64_t>> all = [] {
    std::mt19937_64 rng(2026);
    std::vector<std::vector<uint64_t>> v;
    for (const TypeInfo& t : kTypeTable)
      v.push_back(t.type == ElementType::kString ? std::vector<uint64_t>{} : interesting_codes(t, rng));
    return v;
  }();
  return all[type_index(type)];
}

TEST(FaultArithmeticEveryRow, ExactValuesOfEveryCode) {
  for (const TypeInfo& t : kTypeTable) {
    if (t.type == ElementType::kString) continue;
    SCOPED_TRACE(std::string(t.name));
    for (uint64_t code : codes_of(t.type)) {
      const Exact x = exact_value(t.type, code);
      if (finite_nonzero(x)) {
        EXPECT_EQ(compare_magnitude(x, x), 0) << code;
      }
      (void)integer_part(x);
    }
  }
}

TEST(FaultArithmeticEveryRow, FloatHelpersOnEveryFormat) {
  for (const TypeInfo& t : kTypeTable) {
    if (t.type_class != TypeClass::kFloat) continue;
    SCOPED_TRACE(std::string(t.name));
    const FloatFormat& f = t.format;
    const uint64_t max = max_finite(f);
    for (bool neg : {false, true}) {
      (void)overflow_bits(f, neg);
      EXPECT_EQ(with_sign(f, neg, max) & ~sign_bit(f), max);
    }
    for (uint64_t code : codes_of(t.type)) {
      (void)is_nan_bits(f, code);
      const uint64_t mag = code & ~sign_bit(f);
      const Exact g = grid_value(f, mag);
      const Exact x = exact_value(t.type, code);
      if (finite_nonzero(x) && f.special != SpecialEncoding::kExponentOnly) {
        EXPECT_TRUE(same_magnitude(x, g)) << code;
      }
      if (mag < max) {
        EXPECT_FALSE(is_midpoint_above(f, mag, g));
        EXPECT_EQ(compare_magnitude(g, grid_value(f, mag + 1)), -1);
      }
    }
  }
}

// Every value of every row rounded to every float format, each way the faults round.
TEST(FaultArithmeticEveryRow, EveryValueRoundedToEveryFormat) {
  for (const TypeInfo& from : kTypeTable) {
    if (from.type == ElementType::kString) continue;
    for (const TypeInfo& to : kTypeTable) {
      if (to.type_class != TypeClass::kFloat) continue;
      SCOPED_TRACE(std::string(from.name) + " -> " + std::string(to.name));
      for (uint64_t code : codes_of(from.type)) {
        const Exact x = exact_value(from.type, code);
        if (x.nan || x.inf) continue;
        for (Rounding r : {Rounding::kNearestEven, Rounding::kNearestAway, Rounding::kNearestOdd, Rounding::kTowardZero})
          (void)rounded_code(to.format, x, r);
      }
    }
  }
}

TEST(FaultArithmeticEveryRow, IntegerHelpersOnEveryIntegerRow) {
  for (const TypeInfo& t : kTypeTable) {
    if (t.type_class != TypeClass::kSignedInt && t.type_class != TypeClass::kUnsignedInt) continue;
    SCOPED_TRACE(std::string(t.name));
    EXPECT_EQ(wrapped_bits(t.type, false, integer_max(t.type)), clamped_bits(t.type, false, integer_max(t.type)));
    for (const TypeInfo& from : kTypeTable) {
      if (from.type == ElementType::kString) continue;
      for (uint64_t code : codes_of(from.type)) {
        const Exact x = exact_value(from.type, code);
        if (x.nan || x.inf) continue;
        const IntegerPart p = integer_part(x);
        (void)wrapped_bits(t.type, x.neg, p.whole);
        (void)clamped_bits(t.type, x.neg, p.whole, p.big);
      }
    }
  }
}

// Texts a STRING source's faults read: numbers of every size, spellings, junk.
const std::vector<std::string>& texts() {
  static const std::vector<std::string> t = {"0", "-0", "1.5", "-2.5e-3", "1e309", "-1e-400", "nan", "-inf", "inf",
                                             "65504", "3.4028235677973366e38", "0x1p-149", " 7 ", "abc", "", "1e99999",
                                             "0.000000000000000000000000000000000000000000001401298464324817"};
  return t;
}

// Every fault of the catalogue on every pair it touches, every attribute setting: the source holds
// the row's interesting codes, the destination bytes as a kernel may have left them (the codes of
// the destination's row, so special results are there too).
TEST(FaultCatalogueEveryRow, EveryFaultOnEveryPairItTouches) {
  std::mt19937_64 rng(28);
  size_t calls = 0;
  for (const Fault& fault : catalogue()) {
    for (const TypeInfo& from : kTypeTable) {
      for (const TypeInfo& to : kTypeTable) {
        if (to.type == ElementType::kString || !touches(fault, from.type, to.type)) continue;
        SCOPED_TRACE(std::string(fault.name) + ": " + std::string(from.name) + " -> " + std::string(to.name));
        const bool text = from.type == ElementType::kString;
        const std::vector<uint64_t>& to_codes = codes_of(to.type);
        const size_t n = text ? texts().size() : codes_of(from.type).size();
        std::vector<uint8_t> src(text ? 0 : *storage_bytes(from.type, n)), dst(*storage_bytes(to.type, n));
        std::vector<const char*> text_ptrs;
        for (const std::string& s : texts()) text_ptrs.push_back(s.c_str());
        for (size_t i = 0; i < n; ++i) {
          if (!text) store_bits(from.type, src.data(), i, codes_of(from.type)[i]);
          store_bits(to.type, dst.data(), i, to_codes[rng() % to_codes.size()]);
        }
        const std::vector<uint8_t> before = dst;
        for (int32_t saturate : {0, 1})
          for (castlike_round_mode mode : {CASTLIKE_ROUND_UP, CASTLIKE_ROUND_DOWN, CASTLIKE_ROUND_NEAREST}) {
            const castlike_attributes attrs{saturate, mode};
            std::vector<uint8_t> out = before;
            fault.corrupt(Call{from.type, to.type, attrs, text ? nullptr : src.data(), out.data(), before.data(), n,
                               text ? text_ptrs.data() : nullptr});
            ++calls;
          }
      }
    }
  }
  EXPECT_GT(calls, catalogue().size());
}

}  // namespace
}  // namespace castlike::opt::faults
