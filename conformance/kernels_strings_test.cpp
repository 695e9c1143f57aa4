// The kernel library's STRING path against the reference, both ways.
//
// Text -> number: the sample texts (grammar edges, limits, long digit strings, non-numbers), the
// exact decimal expansions of rounding midpoints of every float type and of values just above and
// below them, integers and half-integers at the limits of every integer type, and random decimal
// texts; to every numeric destination under every attribute combination that matters.
// Number -> text: every pattern of every type of 16 bits or fewer (FLOAT16 and BFLOAT16 included),
// random / corner patterns of the wider ones and 2*10^5 random FLOAT patterns (10^7 when built with
// CASTLIKE_STRINGS_SLOW: kernels_strings_slow_test, label `slow`), compared character for
// character; plus the round trip text -> same value for FLOAT and DOUBLE.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <random>
#include <thread>

#include "test_support.hpp"
#include "reference/round.hpp"

namespace castlike::kt {
namespace {

// The exact decimal text of m * 2^e.
std::string dyadic_text(bool negative, const ref::BigInt& m, int64_t e) {
  return ref::to_exact_string(ref::ExactValue::dyadic(negative, m, e));
}

// Midpoints between neighbouring finite values of `t`, and values just off them.
void midpoint_texts(ElementType t, std::mt19937_64& rng, size_t count, std::vector<std::string>& out) {
  const FloatFormat& f = info(t).format;
  const uint64_t max_mag = ref::max_finite_bits(f, false);
  for (size_t i = 0; i < count; ++i) {
    const uint64_t m = rng() % max_mag;  // m and m + 1 both finite, non-negative
    const ref::ExactValue a = ref::decode_float(f, m), b = ref::decode_float(f, m + 1);
    const int64_t e = std::min(a.exp2, b.exp2) - 1;
    const ref::BigInt sum =
        (a.num << static_cast<unsigned>(a.exp2 - e - 1)) + (b.num << static_cast<unsigned>(b.exp2 - e - 1));
    const bool neg = rng() & 1;
    out.push_back(dyadic_text(neg, sum, e));                   // the midpoint itself
    out.push_back(dyadic_text(neg, (sum << 40) + 1, e - 40));  // just above
    out.push_back(dyadic_text(neg, (sum << 40) - 1, e - 40));  // just below
    out.push_back(dyadic_text(neg, a.num, a.exp2));            // the values themselves
  }
  // Beyond the largest finite: the midpoint to the next step, and just around it.
  const ref::ExactValue top = ref::decode_float(f, max_mag), below = ref::decode_float(f, max_mag - 1);
  const int64_t e = std::min(top.exp2, below.exp2);
  const ref::BigInt step =
      (top.num << static_cast<unsigned>(top.exp2 - e)) - (below.num << static_cast<unsigned>(below.exp2 - e));
  const ref::BigInt mid2 = (top.num << static_cast<unsigned>(top.exp2 - e + 1)) + step;  // (2 top + step) / 2
  out.push_back(dyadic_text(false, mid2, e - 1));
  out.push_back(dyadic_text(true, (mid2 << 30) + 1, e - 31));
  out.push_back(dyadic_text(false, (mid2 << 30) - 1, e - 31));
}

std::vector<std::string> all_texts() {
  std::vector<std::string> texts = sample_texts();
  std::mt19937_64 rng(20240601);
  for (const TypeInfo& ti : kTypeTable)
    if (ti.type_class == TypeClass::kFloat && ti.type != ElementType::kFloat8E8M0)
      midpoint_texts(ti.type, rng, 60, texts);
  // FLOAT8E8M0: powers of two, 1.5 * 2^k (the `nearest` tie) and around them.
  for (int k = -130; k <= 130; k += 7) {
    texts.push_back(dyadic_text(false, 1, k));
    texts.push_back(dyadic_text(false, 3, k - 1));
    texts.push_back(dyadic_text(false, (ref::BigInt(3) << 30) - 1, k - 31));
    texts.push_back(dyadic_text(false, (ref::BigInt(1) << 30) + 1, k - 30));
  }
  // Integer limits, with halves (4-/2-bit: round to nearest even then wrap).
  for (const TypeInfo& ti : kTypeTable) {
    if (ti.type_class != TypeClass::kSignedInt && ti.type_class != TypeClass::kUnsignedInt) continue;
    const bool s = ti.type_class == TypeClass::kSignedInt;
    const ref::BigInt max = s ? (ref::BigInt(1) << (ti.bits - 1)) - 1 : (ref::BigInt(1) << ti.bits) - 1;
    const ref::BigInt min = s ? -(ref::BigInt(1) << (ti.bits - 1)) : ref::BigInt(0);
    for (const ref::BigInt& v : {max, ref::BigInt(max + 1), min, ref::BigInt(min - 1)}) {
      texts.push_back(v.str());
      texts.push_back(v.str() + ".5");
      texts.push_back(v.str() + ".49999999999999999999999");
      texts.push_back(v.str() + ".50000000000000000000001");
    }
  }
  for (int i = -20; i <= 20; ++i) texts.push_back(std::to_string(i) + ".5");
  // Random decimal texts: 1..30 digits, a point somewhere, exponents -60..60.
  for (int i = 0; i < 1500; ++i) {
    std::string d;
    const int digits = 1 + static_cast<int>(rng() % 30);
    for (int j = 0; j < digits; ++j) d += static_cast<char>('0' + rng() % 10);
    const size_t point = rng() % (d.size() + 1);
    std::string text = (rng() & 1 ? "-" : "") + d.substr(0, point) + "." + d.substr(point);
    if (text == "." || text == "-.") text += "0";
    if (rng() % 3 != 0) text += (rng() & 1 ? "e" : "E") + std::to_string(static_cast<int>(rng() % 121) - 60);
    texts.push_back(text);
  }
  return texts;
}

TEST(StringsToNumbers, EveryDestinationMatchesTheReference) {
  const std::vector<std::string> texts = all_texts();
  Tally total;
  for (const TypeInfo& ti : kTypeTable) {
    const ElementType to = ti.type;
    if (to == ElementType::kString) continue;
    for (const Variant& v : variants_for(to)) {
      castlike_status status;
      const Tally t = texts_against_reference(to, texts, v, status, [&](size_t i) {
        return "\"" + texts[i].substr(0, 60) + "\" -> " + name(to) + " " + v.name;
      });
      ASSERT_EQ(status, CASTLIKE_OK);
      EXPECT_EQ(t.failures, 0u) << "STRING -> " << name(to) << " [" << v.name << "]: " << t.summary() << "\n  "
                                << (t.samples.empty() ? "" : t.samples[0]);
      EXPECT_EQ(t.unspecified_not_documented, 0u) << "STRING -> " << name(to) << " [" << v.name << "]";
      total.add(t);
    }
  }
  std::printf("[ strings -> numbers ] %zu texts: %s\n", texts.size(), total.summary().c_str());
}

void expect_texts(ElementType from, const std::vector<uint64_t>& inputs) {
  const std::vector<uint8_t> src = pack(from, inputs);
  std::vector<char> buffer(inputs.size() * CASTLIKE_MAX_TEXT_SIZE);
  std::vector<size_t> offsets(inputs.size() + 1);
  size_t required = 0;
  ASSERT_EQ(castlike_convert_to_string_buffer(c_type(from), src.data(), 0, inputs.size(), buffer.data(), buffer.size(),
                                              offsets.data(), &required),
            CASTLIKE_OK);
  // The reference is the slow side: its comparisons run in one thread per core.
  std::atomic<size_t> failures{0};
  std::mutex report;
  const auto compare = [&](size_t first, size_t step) {
    for (size_t i = first; i < inputs.size(); i += step) {
      const std::string got(buffer.data() + offsets[i]);
      const ref::Result r = ref::convert_element(from, ref::Element::of_bits(inputs[i]), ElementType::kString, {});
      if (got == r.value.text) continue;
      if (failures++ < 5) {
        const std::lock_guard<std::mutex> lock(report);
        ADD_FAILURE() << name(from) << " " << hex(inputs[i]) << ": got \"" << got << "\", want \"" << r.value.text
                      << "\"";
      }
    }
  };
  const size_t threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (size_t t = 0; t < threads; ++t) pool.emplace_back(compare, t, threads);
  for (auto& th : pool) th.join();
  EXPECT_EQ(failures.load(), 0u) << name(from) << " -> STRING";
  std::printf("[ %s -> STRING ] %zu patterns, %zu differ\n", name(from).c_str(), inputs.size(), failures.load());
}

TEST(NumbersToStrings, EveryPatternOfNarrowTypes) {
  for (const TypeInfo& ti : kTypeTable) {
    if (ti.type == ElementType::kString || ti.bits > 16) continue;
    std::vector<uint64_t> inputs(size_t{1} << ti.bits);
    for (size_t i = 0; i < inputs.size(); ++i) inputs[i] = i;
    expect_texts(ti.type, inputs);
  }
}

TEST(NumbersToStrings, CornersAndRandomPatternsOfWideTypes) {
  for (ElementType t : {ElementType::kFloat, ElementType::kDouble, ElementType::kInt32, ElementType::kUint32,
                        ElementType::kInt64, ElementType::kUint64}) {
    std::vector<uint64_t> inputs = sample_bits(t, 20000, 7);
    if (t == ElementType::kFloat || t == ElementType::kDouble) {
      // Around the positional / scientific switch (1e-4, 1e16) and powers of ten.
      const bool f32 = t == ElementType::kFloat;
      for (double x : {1e-4, 1e16, 1e-5, 1e15, 9.999999999999998e15, 1e22, 1e23, 0.1, 5e-324, 1.7976931348623157e308}) {
        uint64_t b;
        if (f32) {
          const float y = static_cast<float>(x);
          uint32_t u;
          std::memcpy(&u, &y, 4);
          b = u;
        } else {
          std::memcpy(&b, &x, 8);
        }
        for (int d = -3; d <= 3; ++d) inputs.push_back((b + static_cast<uint64_t>(d)) & bit_mask(t));
      }
    }
    expect_texts(t, inputs);
  }
}

TEST(NumbersToStrings, ManyRandomFloatPatterns) {
  // Uniform over the bit patterns: every binade, both layouts, subnormals, NaNs, infinities.
#ifdef CASTLIKE_STRINGS_SLOW
  constexpr size_t kCount = 10000000;
#else
  constexpr size_t kCount = 200000;
#endif
  std::mt19937_64 rng(20260417);
  std::vector<uint64_t> inputs(kCount);
  for (uint64_t& b : inputs) b = rng() & 0xFFFFFFFFu;
  expect_texts(ElementType::kFloat, inputs);
}

TEST(NumbersToStrings, TextsReadBackToTheSameValue) {
  // Our own parser reads our own shortest texts back to the same bits (FLOAT, DOUBLE, FLOAT16).
  for (ElementType t : {ElementType::kFloat, ElementType::kDouble, ElementType::kFloat16, ElementType::kBfloat16}) {
    const std::vector<uint64_t> inputs = sample_bits(t, 5000, 11);
    const std::vector<uint8_t> src = pack(t, inputs);
    std::vector<char> buffer(inputs.size() * CASTLIKE_MAX_TEXT_SIZE);
    std::vector<size_t> offsets(inputs.size() + 1);
    ASSERT_EQ(castlike_convert_to_string_buffer(c_type(t), src.data(), 0, inputs.size(), buffer.data(), buffer.size(),
                                                offsets.data(), nullptr),
              CASTLIKE_OK);
    std::vector<const char*> ptrs(inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) ptrs[i] = buffer.data() + offsets[i];
    std::vector<uint8_t> back(src.size());
    ASSERT_EQ(castlike_convert_from_strings(ptrs.data(), nullptr, inputs.size(), c_type(t), back.data(), 0, nullptr),
              CASTLIKE_OK);
    for (size_t i = 0; i < inputs.size(); ++i) {
      const uint64_t got = load_bits(t, back.data(), i);
      const bool nan = ref::is_nan_bits(info(t).format, inputs[i]);
      if (nan)
        EXPECT_TRUE(ref::is_nan_bits(info(t).format, got)) << ptrs[i];
      else
        EXPECT_EQ(got, inputs[i]) << name(t) << " \"" << ptrs[i] << "\"";
    }
  }
}

}  // namespace
}  // namespace castlike::kt
