// The block-wise judge (harness/maps/judge.cpp) against a plain per-element judge written
// here: on windows of real maps around run boundaries, outputs expanded from the map with failures
// planted in exact, NaN, unspecified and packed runs (single inputs, intervals across 64-input
// blocks, runs and chunk boundaries, random bytes), every field of the two judgements must agree,
// truncation included. And the NaN test of each destination agrees with the reference's.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <random>
#include <variant>

#include "castlike/packing.hpp"
#include "maps/derive.hpp"
#include "maps/judge.hpp"
#include "reference/round.hpp"

namespace castlike::exhaustive {
namespace {

// The plain judge: each input's expectation from the map, checked with ref::matches.
Judgement plain_judge(const Map& map, uint64_t a, uint64_t b, const uint8_t* actual, size_t max_intervals) {
  Judgement j;
  j.inputs = b - a;
  for (uint64_t x = a; x < b; ++x) {
    const ref::Result want = map.expected(x);
    const uint64_t got = load_bits(map.config.to, actual, static_cast<size_t>(x - a));
    if (want.outcome == ref::OutcomeClass::kUnspecified) {
      ++j.unspecified;
      continue;
    }
    if (ref::matches(map.config.to, want, ref::Element::of_bits(got))) continue;
    ++j.failures;
    if (!j.intervals.empty() && j.intervals.back().last + 1 == x && j.intervals.back().rule == want.rule) {
      ++j.intervals.back().last, ++j.intervals.back().count;
    } else if (j.intervals.size() < max_intervals) {
      j.intervals.push_back({x, x, 1, want.value.bits, got, want.outcome, want.rule});
    } else {
      j.truncated = true;
    }
  }
  return j;
}

std::string show(const Judgement& j) {
  std::string s = std::to_string(j.failures) + " failures, " + std::to_string(j.unspecified) + " unspecified, " +
                  std::to_string(j.intervals.size()) + " intervals" + (j.truncated ? " (truncated)" : "") + ":";
  for (const FailingInterval& i : j.intervals)
    s += " [" + std::to_string(i.first) + ".." + std::to_string(i.last) + " n=" + std::to_string(i.count) +
         " e=" + std::to_string(i.expected) + " a=" + std::to_string(i.actual) + "]";
  return s;
}

void expect_same(const Judgement& fast, const Judgement& plain, const std::string& what) {
  bool same = fast.inputs == plain.inputs && fast.failures == plain.failures &&
              fast.unspecified == plain.unspecified && fast.truncated == plain.truncated &&
              fast.intervals.size() == plain.intervals.size();
  for (size_t i = 0; same && i < fast.intervals.size(); ++i) {
    const FailingInterval &f = fast.intervals[i], &p = plain.intervals[i];
    same = f.first == p.first && f.last == p.last && f.count == p.count && f.expected == p.expected &&
           f.actual == p.actual && f.outcome == p.outcome && f.rule == p.rule;
  }
  EXPECT_TRUE(same) << what << "\n  fast:  " << show(fast) << "\n  plain: " << show(plain);
}

Configuration config(ElementType from, ElementType to, bool saturate = true) {
  return {from, to, {saturate, CASTLIKE_ROUND_UP}};
}

TEST(ExhaustiveJudge, NanTestAgreesWithTheReference) {
  std::mt19937_64 rng(7);
  for (const TypeInfo& t : kTypeTable) {
    if (t.bits == 0 || t.type == ElementType::kString) continue;
    const NanTest nan = nan_test(t.type);
    const uint64_t mask = bit_mask(t.type);
    auto agrees = [&](uint64_t bits) {
      const bool want = is_float(t.type) && ref::is_nan_bits(t.format, bits);
      if (nan(bits) != want) ADD_FAILURE() << t.name << " 0x" << std::hex << bits << ": " << nan(bits);
    };
    if (t.bits <= 16) {
      for (uint64_t bits = 0; bits <= mask; ++bits) agrees(bits);
      continue;
    }
    // Wide formats: around every field boundary (exponent all ones, mantissa 0 / 1 / all ones,
    // either sign) and at random.
    const uint64_t sign = is_float(t.type) ? ref::sign_bit(t.format) : uint64_t{1} << (t.bits - 1);
    const uint64_t exp_ones = is_float(t.type) ? uint64_t{t.format.max_exponent_field()} << t.format.mantissa_bits
                                               : mask >> 1;
    for (uint64_t s : {uint64_t{0}, sign})
      for (uint64_t base : {uint64_t{0}, exp_ones, mask & ~sign})
        for (uint64_t d = 0; d < 4; ++d) agrees((s | (base + d)) & mask), agrees((s | (base - d)) & mask);
    for (int i = 0; i < 100000; ++i) agrees(rng() & mask);
    for (int i = 0; i < 100000; ++i) agrees((rng() | exp_ones) & mask);
  }
}

TEST(ExhaustiveJudge, BlockwiseJudgeEqualsThePlainJudgeWithPlantedFailures) {
  // Destinations of 1, 2, 4 and 8 bytes and packed ones, with NaN runs (signed and unsigned NaNs,
  // sign mattering or not), unspecified runs and staircases.
  const std::vector<Configuration> configs = {
      config(ElementType::kFloat16, ElementType::kFloat8E5M2, false),
      config(ElementType::kFloat16, ElementType::kFloat8E4M3FN, false),
      config(ElementType::kFloat16, ElementType::kFloat8E4M3FNUZ, false),
      config(ElementType::kFloat16, ElementType::kFloat8E8M0, true),
      config(ElementType::kFloat, ElementType::kFloat8E5M2, false),
      config(ElementType::kFloat, ElementType::kFloat16),
      config(ElementType::kFloat, ElementType::kDouble),
      config(ElementType::kFloat, ElementType::kInt32),
      config(ElementType::kFloat, ElementType::kUint64),
      config(ElementType::kFloat, ElementType::kFloat4E2M1),
      config(ElementType::kFloat, ElementType::kInt4),
      config(ElementType::kFloat16, ElementType::kUint4),
      config(ElementType::kFloat, ElementType::kInt2),
      config(ElementType::kFloat16, ElementType::kUint2),
  };
  std::mt19937_64 rng(2026);
  auto below = [&](uint64_t n) { return n == 0 ? 0 : rng() % n; };
  for (const Configuration& c : configs) {
    auto derived = derive(c);
    const Map* map = std::get_if<Map>(&derived);
    ASSERT_NE(map, nullptr) << c.name();
    const ElementType to = c.to;
    const uint64_t mask = map->output_mask();
    const NanTest nan = nan_test(to);
    size_t nan_runs = 0, unspecified_runs = 0;
    for (const exhaustive::Run& r : map->runs)
      nan_runs += r.outcome == ref::OutcomeClass::kNan, unspecified_runs += r.outcome == ref::OutcomeClass::kUnspecified;
    uint64_t nan_failures = 0, unspecified = 0;  // the planted failures reached those runs
    for (int trial = 0; trial < 60; ++trial) {
      // A window around a run boundary (NaN and unspecified runs preferred when there are any).
      const exhaustive::Run* around = &map->runs[below(map->runs.size())];
      for (int tries = 0; tries < 20 && around->outcome == ref::OutcomeClass::kExact && trial % 2 == 0; ++tries)
        around = &map->runs[below(map->runs.size())];
      const uint64_t len = 1 + below(trial % 3 == 0 ? 9000 : 700);
      const uint64_t a = around->first - std::min<uint64_t>(around->first, below(len));
      const uint64_t b = std::min<uint64_t>(map->input_count(), a + len);
      const size_t n = static_cast<size_t>(b - a);
      std::vector<uint8_t> out(*storage_bytes(to, n) + 1);
      expand(*map, a, b, out.data());
      // Planted failures: intervals, single inputs, other NaNs (of either sign), random bytes.
      const int plants = static_cast<int>(below(8));
      for (int p = 0; p < plants; ++p) {
        const size_t at = static_cast<size_t>(below(n)), span = static_cast<size_t>(1 + below(p % 2 ? 3 : 200));
        const int kind = static_cast<int>(below(4));
        for (size_t i = at; i < std::min(n, at + span); ++i) {
          uint64_t v = load_bits(to, out.data(), i);
          if (kind == 0) v ^= uint64_t{1} << below(info(to).bits);
          if (kind == 1) v = rng();
          if (kind == 2 && nan.magnitude != 0) v = (nan.low + below(nan.span + 1)) | (rng() & ~nan.magnitude);
          if (kind == 3) v ^= is_float(to) ? ref::sign_bit(info(to).format) : 1;
          store_bits(to, out.data(), i, v & mask);
        }
      }
      for (size_t max_intervals : {size_t{1000}, size_t{2}}) {
        const std::string what = c.name() + " [" + std::to_string(a) + ", " + std::to_string(b) + ") max " +
                                 std::to_string(max_intervals);
        const Judgement plain = plain_judge(*map, a, b, out.data(), max_intervals);
        expect_same(judge(*map, a, b, out.data(), max_intervals), plain, what);
        for (const FailingInterval& i : plain.intervals) nan_failures += i.outcome == ref::OutcomeClass::kNan;
        unspecified += plain.unspecified;
      }
    }
    // Packed outputs starting mid-byte go through the same judge: expanded at an element offset.
    if (is_packed(to)) {
      const uint64_t a = map->runs[map->runs.size() / 2].first - 37, b = a + 5000;
      std::vector<uint8_t> out(*storage_bytes(to, 5000));
      expand(*map, a, b, out.data());
      std::vector<uint8_t> values(5000);
      unpack_elements(to, out.data(), 0, 5000, values.data());
      for (size_t i = 0; i < values.size(); ++i) ASSERT_EQ(values[i], load_bits(to, out.data(), i)) << c.name();
      for (size_t offset : {size_t{1}, size_t{2}, size_t{3}}) {
        // Elements [offset, offset + 5000) of a buffer of 0xA5 bytes, one byte to spare.
        std::vector<uint8_t> shifted(*storage_bytes(to, 5000 + offset) + 1, 0xA5);
        pack_elements(to, values.data(), values.size(), shifted.data(), offset);
        std::vector<uint8_t> back(5000);
        unpack_elements(to, shifted.data(), offset, 5000, back.data());
        EXPECT_EQ(back, values) << c.name() << " offset " << offset;
        EXPECT_EQ(shifted.back(), 0xA5) << c.name() << ": wrote past the last element";
        const uint8_t untouched = 0xA5;
        for (size_t i = 0; i < offset; ++i)
          EXPECT_EQ(load_bits(to, shifted.data(), i), load_bits(to, &untouched, i % (8 / info(to).bits)))
              << c.name() << ": wrote before element " << offset;
      }
    }
    if (nan_runs > 0) EXPECT_GT(nan_failures, 0u) << c.name() << ": no failure planted in a NaN run";
    if (unspecified_runs > 0) EXPECT_GT(unspecified, 0u) << c.name() << ": no window met an unspecified run";
  }
}

}  // namespace
}  // namespace castlike::exhaustive
