// 32- and 64-bit sources (FLOAT, DOUBLE, INT32, UINT32, INT64, UINT64) to every numeric destination,
// TestFloat style: for every source exponent (or integer bit length) the significand patterns
// around the destination's rounding point (exactly half an ulp, one below and above, with the kept
// lsb even and odd, carries through all-ones), which also walk through the overflow threshold and
// the subnormal edge; then random patterns, uniform and with exponents in the destination's range.
// Plus the double-rounding traps by name.
//
// Default build (label `kernels`): about 1e5 inputs per pair, through the API on every ISA level.
// Built with CASTLIKE_WIDE_SLOW (kernels_wide_slow_test, label `slow`): at least 1e7 inputs per
// pair, in threads, each level's dispatched kernel called directly (the process-wide level is
// not touched). CASTLIKE_WIDE_INPUTS overrides the count per pair in either build.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <random>
#include <thread>

#include "dispatch.hpp"
#include "test_support.hpp"

namespace castlike::kt {
namespace {

#ifdef CASTLIKE_WIDE_SLOW
constexpr size_t kDefaultInputs = 10'000'000;
#else
constexpr size_t kDefaultInputs = 100'000;
#endif

size_t inputs_per_pair() {
  if (const char* env = std::getenv("CASTLIKE_WIDE_INPUTS"); env != nullptr && *env != '\0') {
    const long long v = std::atoll(env);
    if (v > 0) return static_cast<size_t>(v);
  }
  return kDefaultInputs;
}

const std::vector<ElementType> kWideSources = {ElementType::kFloat,  ElementType::kDouble, ElementType::kInt32,
                                               ElementType::kUint32, ElementType::kInt64,  ElementType::kUint64};

// Where the destination rounds: float destinations keep `mantissa` bits below the leading one and
// nothing below 2^(min_normal - mantissa); integer destinations keep nothing below 2^0.
struct Grid {
  bool is_float = false;
  int mantissa = 0;
  int min_normal = 0;
  int max_exponent = 0;  // floor(log2) of the largest finite (floats) / bit width (integers)
};

Grid grid_of(ElementType to) {
  Grid g;
  if (is_float(to)) {
    const FloatFormat& f = info(to).format;
    g.is_float = true;
    g.mantissa = f.mantissa_bits;
    g.min_normal = f.min_normal_exponent();
    g.max_exponent = static_cast<int>(f.max_finite_exponent_field()) - f.bias;
    if (to == ElementType::kFloat8E8M0) g.min_normal = -127;
  } else {
    g.mantissa = -1;  // unused
    g.max_exponent = to == ElementType::kBool ? 1 : info(to).bits;
  }
  return g;
}

// Bits of the source significand below the destination's last kept bit, for a value with
// floor(log2) = e and `source_mantissa` bits below its leading one.
int dropped_bits(const Grid& g, int e, int source_mantissa) {
  const int last_kept = g.is_float ? std::max(e, g.min_normal) - g.mantissa : 0;  // exponent of the last kept bit
  return last_kept - (e - source_mantissa);
}

struct Rng {
  std::mt19937_64 g;
  explicit Rng(uint64_t seed) : g(seed) {}
  uint64_t next() { return g(); }
};

// Low-bit patterns around the rounding point of k dropped bits, combined with kept-bit patterns.
void rounding_patterns(int k, int width, uint64_t lead, Rng& rng, std::vector<uint64_t>& out, uint64_t sign_or = 0) {
  // width: significand bits below the leading one; lead: the leading one (0 for subnormals).
  const uint64_t all = width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1u;
  if (k <= 0 || k > width + 1) {
    for (uint64_t m : {uint64_t{0}, uint64_t{1}, all, all - 1, all >> 1, (all >> 1) + 1, rng.next() & all})
      out.push_back(sign_or | lead | (m & all));
    return;
  }
  const uint64_t kmask = k >= 64 ? ~uint64_t{0} : (uint64_t{1} << k) - 1u;
  const uint64_t half = uint64_t{1} << (k - 1);
  const int kept_bits = width - k;
  const uint64_t kept_all = kept_bits <= 0 ? 0 : (kept_bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << kept_bits) - 1u);
  for (uint64_t low : {half, half - 1, half + 1, uint64_t{0}, uint64_t{1}, kmask}) {
    for (uint64_t kept : {uint64_t{0}, uint64_t{1}, uint64_t{2}, kept_all, kept_all - 1, rng.next()}) {
      const uint64_t m = (k >= 64 ? 0 : ((kept & kept_all) << k)) | (low & kmask);
      out.push_back(sign_or | lead | (m & all));
    }
  }
}

std::vector<uint64_t> structured_float(ElementType from, ElementType to, Rng& rng) {
  const FloatFormat& f = info(from).format;
  const int ms = f.mantissa_bits;
  const uint64_t sign = uint64_t{1} << (f.exponent_bits + ms);
  const Grid g = grid_of(to);
  std::vector<uint64_t> out;
  const int emax_field = static_cast<int>(f.max_exponent_field());
  for (int field = 0; field <= emax_field; ++field) {
    const int e = field == 0 ? f.min_normal_exponent() - 1 : field - f.bias;  // floor(log2) (subnormals: below)
    // Skip exponents far from anything the destination distinguishes (doubles have 2048).
    const bool near = e >= std::min(g.min_normal, 0) - g.mantissa - 66 && e <= g.max_exponent + 66;
    if (!near && field % 64 != 0 && field > 2 && field < emax_field - 2) continue;
    const int k = field == 0 ? ms : dropped_bits(g, e, ms);
    std::vector<uint64_t> mags;
    rounding_patterns(k, ms, 0, rng, mags);
    if (g.is_float && to == ElementType::kFloat8E8M0) rounding_patterns(ms, ms, 0, rng, mags);  // the 1.5 midpoint
    for (uint64_t m : mags) {
      const uint64_t bits = (uint64_t(field) << ms) | (m & ((uint64_t{1} << ms) - 1u));
      out.push_back(bits);
      out.push_back(bits | sign);
    }
  }
  return out;
}

std::vector<uint64_t> structured_integer(ElementType from, ElementType to, Rng& rng) {
  const unsigned width = info(from).bits;
  const bool is_signed = is_signed_integer(from);
  const uint64_t mask = bit_mask(from);
  const Grid g = grid_of(to);
  std::vector<uint64_t> out;
  for (unsigned len = 1; len <= width; ++len) {  // magnitudes with floor(log2) = len - 1
    const int e = static_cast<int>(len) - 1;
    const int below = static_cast<int>(len) - 1;  // bits below the leading one
    const int k = g.is_float ? dropped_bits(g, e, below) : 0;
    std::vector<uint64_t> mags;
    rounding_patterns(k, below, below >= 64 ? 0 : uint64_t{1} << below, rng, mags);
    for (uint64_t m : mags) {
      out.push_back(m & mask);
      if (is_signed) out.push_back((0 - m) & mask);
    }
  }
  for (uint64_t v : {uint64_t{0}, uint64_t{1}, mask, mask >> 1, (mask >> 1) + 1}) out.push_back(v & mask);
  return out;
}

// The inputs of one pair: the structured set, then random patterns up to `count`.
std::vector<uint64_t> make_inputs(ElementType from, ElementType to, size_t count, uint64_t seed,
                                  bool structured = true) {
  Rng rng(seed);
  std::vector<uint64_t> out;
  if (structured) out = is_float(from) ? structured_float(from, to, rng) : structured_integer(from, to, rng);
  if (out.size() > count) out.resize(count);
  const uint64_t mask = bit_mask(from);
  const Grid g = grid_of(to);
  while (out.size() < count) {
    uint64_t x = rng.next() & mask;
    if (out.size() % 2 == 1) {
      // Random significand with an exponent (float) or bit length (integer) in the destination's range.
      if (is_float(from)) {
        const FloatFormat& f = info(from).format;
        const int lo = std::max<int>(g.is_float ? g.min_normal - g.mantissa - 3 : -3, f.min_normal_exponent() - 1);
        const int hi = std::min<int>(g.max_exponent + 3, f.bias);
        const int e = lo + static_cast<int>(rng.next() % static_cast<uint64_t>(std::max(1, hi - lo + 1)));
        const uint64_t field = static_cast<uint64_t>(std::max(0, e + f.bias));
        const uint64_t sign = uint64_t{1} << (f.exponent_bits + f.mantissa_bits);
        x = (x & (sign | f.mantissa_mask())) | (field << f.mantissa_bits);
      } else {
        const unsigned len = static_cast<unsigned>(rng.next() % info(from).bits) + 1;
        x &= len >= 64 ? ~uint64_t{0} : (uint64_t{1} << len) - 1u;
        if (is_signed_integer(from) && (rng.next() & 1)) x = (0 - x) & mask;
      }
    }
    out.push_back(x & mask);
  }
  return out;
}

std::vector<ElementType> numeric_destinations() {
  std::vector<ElementType> out;
  for (const TypeInfo& t : kTypeTable)
    if (t.type != ElementType::kString) out.push_back(t.type);
  return out;
}

#ifndef CASTLIKE_WIDE_SLOW

class Wide : public ::testing::TestWithParam<ElementType> {};

TEST_P(Wide, StructuredAndRandomToEveryDestinationOnEveryIsa) {
  const ElementType from = GetParam();
  IsaGuard guard;
  const size_t count = inputs_per_pair();
  std::map<castlike_isa, Tally> per_isa;
  for (ElementType to : numeric_destinations()) {
    const std::vector<uint64_t> inputs =
        make_inputs(from, to, count, static_cast<uint64_t>(from) * 1000 + static_cast<uint64_t>(to));
    const std::vector<uint8_t> src = pack(from, inputs);
    for (const Variant& v : variants_for(to)) {
      const std::vector<ref::Result> expected = reference(from, inputs, to, v.attrs);
      std::vector<uint64_t> scalar_out;
      for (castlike_isa isa : available_isas()) {
        ASSERT_EQ(castlike_force_isa(isa), CASTLIKE_OK);
        std::vector<uint8_t> dst(*storage_bytes(to, inputs.size()));
        ASSERT_EQ(castlike_convert(c_type(from), src.data(), 0, c_type(to), dst.data(), 0, inputs.size(), &v.attrs),
                  CASTLIKE_OK);
        Tally t;
        const std::vector<uint64_t> out = unpack(to, dst.data(), 0, inputs.size());
        for (size_t i = 0; i < inputs.size(); ++i)
          check(to, expected[i], out[i], t, [&] {
            return name(from) + " " + hex(inputs[i]) + " -> " + name(to) + " [" + v.name + ", " +
                   castlike_isa_name(isa) + "]";
          });
        if (isa == CASTLIKE_ISA_SCALAR)
          scalar_out = out;
        else
          for (size_t i = 0; i < inputs.size(); ++i)
            if (expected[i].outcome == ref::OutcomeClass::kUnspecified && out[i] != scalar_out[i]) ++t.failures;
        EXPECT_EQ(t.failures, 0u) << name(from) << " -> " << name(to) << " [" << v.name << ", "
                                  << castlike_isa_name(isa) << "]: " << t.summary() << "\n  "
                                  << (t.samples.empty() ? "" : t.samples[0]);
        EXPECT_EQ(t.unspecified_not_documented, 0u) << name(from) << " -> " << name(to) << " [" << v.name << "]";
        per_isa[isa].add(t);
      }
    }
  }
  for (const auto& [isa, t] : per_isa)
    std::printf("[ %s ] %s: %zu inputs per destination: %s\n", name(from).c_str(), castlike_isa_name(isa), count,
                t.summary().c_str());
}

INSTANTIATE_TEST_SUITE_P(Kernels, Wide, ::testing::ValuesIn(kWideSources),
                         [](const ::testing::TestParamInfo<ElementType>& p) { return name(p.param); });

// The named double-rounding traps (docs/kernels.md), on every level.
TEST(DoubleRounding, TrapsAreRoundedOnce) {
  IsaGuard guard;
  struct Trap {
    ElementType from;
    uint64_t in;
    ElementType to;
    uint64_t want;
    const char* why;
  };
  const Trap traps[] = {
      {ElementType::kInt64, (1ull << 24) + (1ull << 16) + 1, ElementType::kBfloat16, 0x4B81,
       "2^24+2^16+1: through float32 it ties to 0x4B80"},
      {ElementType::kInt64, (1ull << 40) + (1ull << 32) + 1, ElementType::kBfloat16, 0x5381, "2^40+2^32+1"},
      {ElementType::kUint64, (1ull << 63) + (1ull << 55) + 1, ElementType::kBfloat16, 0x5F01, "2^63+2^55+1"},
      {ElementType::kDouble, 0x3FF0000000000000ull | (1ull << 48) | (1ull << 12), ElementType::kFloat8E4M3FN, 0x39,
       "1+2^-4+2^-40 is 1.125, not 1.0"},
      {ElementType::kDouble, 0x3FF0000000000000ull | (1ull << 41) | (1ull << 12), ElementType::kFloat16, 0x3C01,
       "1+2^-11+2^-40"},
      {ElementType::kDouble, 0x3FF0000000000000ull | (1ull << 44) | (1ull << 12), ElementType::kBfloat16, 0x3F81,
       "1+2^-8+2^-40"},
      {ElementType::kDouble, 0x3FF0000000000000ull | (1ull << 51) | (1ull << 12), ElementType::kFloat8E8M0, 0x80,
       "1.5+2^-40 nearest is 2 (and up too)"},
      {ElementType::kDouble, 0x3FF0000000000000ull | (1ull << 12), ElementType::kFloat8E8M0, 0x80,
       "1+2^-40 up is 2 (through float32: 1)"},
      {ElementType::kInt32, (1u << 24) + 3, ElementType::kFloat, 0x4B800002, "2^24+3 ties up to even"},
      {ElementType::kInt64, (1ull << 53) + 1 + (1ull << 30), ElementType::kFloat, 0x5A000001, "2^53+2^30+1"},
  };
  for (castlike_isa isa : available_isas()) {
    ASSERT_EQ(castlike_force_isa(isa), CASTLIKE_OK);
    for (const Trap& t : traps) {
      uint8_t in[8] = {}, out[8] = {};
      store_bits(t.from, in, 0, t.in);
      // Also in the middle of a long array, so that vector kernels (not just tails) see it.
      std::vector<uint64_t> many(77, 0);
      many[40] = t.in;
      const std::vector<uint8_t> src = pack(t.from, many);
      std::vector<uint8_t> dst(*storage_bytes(t.to, many.size()));
      ASSERT_EQ(castlike_convert(c_type(t.from), in, 0, c_type(t.to), out, 0, 1, nullptr), CASTLIKE_OK);
      ASSERT_EQ(castlike_convert(c_type(t.from), src.data(), 0, c_type(t.to), dst.data(), 0, many.size(), nullptr),
                CASTLIKE_OK);
      EXPECT_EQ(load_bits(t.to, out, 0), t.want) << t.why << " on " << castlike_isa_name(isa);
      EXPECT_EQ(load_bits(t.to, dst.data(), 40), t.want) << t.why << " (in an array) on " << castlike_isa_name(isa);
      const ref::Result r = ref::convert_element(t.from, ref::Element::of_bits(t.in), t.to, {});
      EXPECT_EQ(r.value.bits, t.want) << "the reference agrees: " << t.why;
    }
  }
}

#else  // CASTLIKE_WIDE_SLOW: threads, direct kernel calls per level

TEST(WideSlow, TenMillionPerPair) {
  const size_t count = inputs_per_pair();
  const size_t batch = 1u << 18;
  std::vector<opt::Isa> levels;
  for (castlike_isa isa : available_isas()) levels.push_back(static_cast<opt::Isa>(isa));
  struct Job {
    ElementType from, to;
    size_t first;
  };
  std::vector<Job> jobs;
  for (ElementType from : kWideSources)
    for (ElementType to : numeric_destinations())
      for (size_t first = 0; first < count; first += batch) jobs.push_back({from, to, first});
  std::atomic<size_t> next{0};
  std::mutex mu;
  Tally total;
  std::vector<std::string> problems;
  const auto worker = [&] {
    for (;;) {
      const size_t j = next.fetch_add(1);
      if (j >= jobs.size()) return;
      const Job job = jobs[j];
      // The structured set leads batch 0; every batch adds its own random patterns.
      std::vector<uint64_t> inputs =
          make_inputs(job.from, job.to, std::min(batch, count - job.first),
                      (static_cast<uint64_t>(job.from) * 1000 + static_cast<uint64_t>(job.to)) * 1000003 + job.first,
                      job.first == 0);
      const std::vector<uint8_t> src = pack(job.from, inputs);
      Tally t;
      for (const Variant& v : variants_for(job.to)) {
        const std::vector<ref::Result> expected = reference(job.from, inputs, job.to, v.attrs);
        std::vector<uint64_t> first_out;
        for (opt::Isa level : levels) {
          std::vector<uint8_t> dst(*storage_bytes(job.to, inputs.size()));
          opt::kernel_at(level, job.from, job.to)(src.data(), dst.data(), inputs.size(), v.attrs);
          const std::vector<uint64_t> out = unpack(job.to, dst.data(), 0, inputs.size());
          for (size_t i = 0; i < inputs.size(); ++i)
            check(job.to, expected[i], out[i], t, [&] {
              return name(job.from) + " " + hex(inputs[i]) + " -> " + name(job.to) + " [" + v.name + ", " +
                     opt::isa_name(level) + "]";
            });
          if (first_out.empty())
            first_out = out;
          else
            for (size_t i = 0; i < inputs.size(); ++i)
              if (expected[i].outcome == ref::OutcomeClass::kUnspecified && out[i] != first_out[i]) ++t.failures;
        }
      }
      std::lock_guard<std::mutex> lock(mu);
      total.add(t);
    }
  };
  std::vector<std::thread> threads;
  const unsigned n = std::max(1u, std::thread::hardware_concurrency());
  for (unsigned i = 0; i < n; ++i) threads.emplace_back(worker);
  for (auto& th : threads) th.join();
  std::printf("[ wide slow ] %zu inputs per pair x %zu pairs x %zu levels: %s\n", count,
              kWideSources.size() * numeric_destinations().size(), levels.size(), total.summary().c_str());
  EXPECT_EQ(total.failures, 0u) << total.summary() << "\n  " << (total.samples.empty() ? "" : total.samples[0]);
  EXPECT_EQ(total.unspecified_not_documented, 0u);
}

#endif

}  // namespace
}  // namespace castlike::kt
