// The SIMD kernels (optimized/x86/avx2, optimized/x86/avx512, optimized/arm/neon) against the
// exact reference, pair by pair, for every pair an ISA's lookup vectorises.
//
// Inputs: every bit pattern of sources of 16 bits or fewer; for float32, double and int32 a
// structured set (every exponent x mantissa patterns at each destination's rounding midpoints,
// carries and sticky bits, TestFloat style) plus random patterns. Each result is compared by
// outcome class: exact -> equal bits; nan -> any NaN of the destination with the expected sign;
// unspecified -> the documented deterministic bits, which every path must reproduce (so they are
// compared too, and counted apart). The reference is computed once per pair and attributes and
// shared by all ISA levels. Then every kernel runs again on windows of 0..64 elements at
// misaligned source and destination addresses: it must write exactly the window's bytes (padding
// bits of a last packed byte zero) and nothing around them.
//
// ISA levels this CPU lacks are skipped (and said so); on AArch64 the NEON level runs (under
// qemu-aarch64 for the cross build, see scripts/tests/test-neon).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "castlike/packing.hpp"
#include "castlike/type_table.hpp"
#include "optimized/kernel.hpp"
#include "reference/convert.hpp"

#if defined(__x86_64__) || defined(_M_X64)
#include <cpuid.h>
#endif

#if defined(CASTLIKE_TEST_AVX512_EMULATED)
#define CASTLIKE_SIMD_INSTANCE Avx512Emulated  // distinct ctest names from the native binary
#define CASTLIKE_SIMD_LEVELS SimdKernelsLevelsAvx512Emulated
#else
#define CASTLIKE_SIMD_INSTANCE Vectorised
#define CASTLIKE_SIMD_LEVELS SimdKernelsLevels
#endif

namespace {

using castlike::ElementType;
namespace opt = castlike::opt;
namespace ref = castlike::ref;

// ---------------------------------------------------------------------------------------------
// ISA levels present in this build and on this CPU.

struct Isa {
  const char* name;
  opt::KernelFn (*lookup)(ElementType, ElementType);
  bool available;
  std::string why_not;
};

#if defined(__x86_64__) || defined(_M_X64)
struct X86Features {
  bool avx2 = false, avx512 = false;
};
X86Features x86_features() {
  X86Features none;
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return none;
  const bool osxsave = (c >> 27) & 1, fma = (c >> 12) & 1, f16c = (c >> 29) & 1, avx = (c >> 28) & 1;
  if (!osxsave || !avx) return none;
  unsigned xlo, xhi;
  __asm__("xgetbv" : "=a"(xlo), "=d"(xhi) : "c"(0));
  const bool ymm_os = (xlo & 0x6) == 0x6, zmm_os = (xlo & 0xE6) == 0xE6;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return none;
  const bool avx2 = (b >> 5) & 1, f512 = (b >> 16) & 1, bw = (b >> 30) & 1, vl = (b >> 31) & 1, vbmi = (c >> 1) & 1;
  unsigned a1 = 0, b1, c1, d1;
  __get_cpuid_count(7, 1, &a1, &b1, &c1, &d1);
  const bool bf16 = (a1 >> 5) & 1;
  X86Features out;
  out.avx2 = ymm_os && avx2 && fma && f16c;
  out.avx512 = out.avx2 && zmm_os && f512 && bw && vl && vbmi && bf16;
  return out;
}
#endif

const std::vector<Isa>& isas() {
  static const std::vector<Isa> list = [] {
    std::vector<Isa> v;
#if defined(__x86_64__) || defined(_M_X64)
    const X86Features f = x86_features();
    v.push_back({"avx2", &opt::avx2_lookup, f.avx2, "CPU lacks AVX2/FMA/F16C"});
#if defined(CASTLIKE_TEST_AVX512_EMULATED)
    // AVX-512 kernels compiled against SIMDe's portable implementations (ctest simd_kernels_avx512_emulated_test).
    v.push_back({"avx512(emulated)", &opt::avx512_lookup, true, ""});
#else
    v.push_back({"avx512", &opt::avx512_lookup, f.avx512, "CPU lacks AVX-512 F/BW/VL/VBMI/BF16"});
#endif
#elif defined(__aarch64__)
    v.push_back({"neon", &opt::neon_lookup, true, ""});
#endif
    return v;
  }();
  return list;
}

// ---------------------------------------------------------------------------------------------
// Inputs.

std::vector<uint64_t> all_patterns(unsigned bits) {
  std::vector<uint64_t> v(size_t{1} << bits);
  for (size_t i = 0; i < v.size(); ++i) v[i] = i;
  // Short types repeat so that windows of 64 elements at several starts fit.
  while (v.size() < 256) v.insert(v.end(), v.begin(), v.begin() + (size_t{1} << bits));
  return v;
}

std::vector<uint64_t> float32_inputs() {
  std::set<uint32_t> mant = {0, 1, 2, 3, 0x7FFFFF, 0x7FFFFE, 0x7FFFFD, 0x400000, 0x3FFFFF, 0x400001, 0x600000};
  for (unsigned k = 0; k < 23; ++k) {
    const uint32_t q = 1u << k;
    for (uint32_t m : {q, q - 1, q + 1, 3 * q, 3 * q - 1, 3 * q + 1, 0x7FFFFFu & ~(q - 1), (0x7FFFFFu & ~(2 * q - 1)) | q,
                       ((0x7FFFFFu & ~(2 * q - 1)) | q) - 1, ((0x7FFFFFu & ~(2 * q - 1)) | q) + 1})
      mant.insert(m & 0x7FFFFF);
  }
  std::vector<uint64_t> v;
  for (uint32_t sign : {0u, 0x80000000u})
    for (uint32_t e = 0; e < 256; ++e)
      for (uint32_t m : mant) v.push_back(sign | e << 23 | m);
  std::mt19937 rng(12345);
  for (int i = 0; i < 20000; ++i) v.push_back(rng());
  return v;
}

std::vector<uint64_t> float64_inputs() {
  constexpr uint64_t kMant = (uint64_t{1} << 52) - 1;
  std::set<uint64_t> mant = {0, 1, 2, 3, kMant, kMant - 1};
  for (unsigned k = 0; k < 52; ++k) {
    const uint64_t q = uint64_t{1} << k;
    for (uint64_t m : {q, q - 1, q + 1, 3 * q, 3 * q - 1, 3 * q + 1}) mant.insert(m & kMant);
  }
  for (unsigned md : {7u, 10u, 23u}) {  // midpoints of bfloat16, float16, float32, with sticky bits
    const uint64_t q = uint64_t{1} << (52 - md), h = q >> 1;
    for (uint64_t m : {h, h + 1, h - 1, q | h, (q | h) + 1, (q | h) - 1, h | (h >> 1), (q | h) | 1, kMant & ~(q - 1),
                       (kMant & ~(2 * q - 1)) | h, ((kMant & ~(2 * q - 1)) | h) + 1, ((kMant & ~(2 * q - 1)) | h) - 1})
      mant.insert(m & kMant);
  }
  std::vector<uint64_t> exps = {0, 1, 2, 2045, 2046, 2047};
  for (uint64_t e = 1023 - 175; e <= 1023 + 135; ++e) exps.push_back(e);
  std::vector<uint64_t> v;
  for (uint64_t sign : {uint64_t{0}, uint64_t{1} << 63})
    for (uint64_t e : exps)
      for (uint64_t m : mant) v.push_back(sign | e << 52 | m);
  std::mt19937_64 rng(777);
  for (int i = 0; i < 20000; ++i) v.push_back(rng());
  return v;
}

std::vector<uint64_t> int32_inputs() {
  std::set<uint32_t> s;
  for (unsigned k = 0; k < 32; ++k) {
    const int64_t p = int64_t{1} << k;
    for (int64_t d = -3; d <= 3; ++d) {
      s.insert(static_cast<uint32_t>(p + d));
      s.insert(static_cast<uint32_t>(-p + d));
      if (k >= 24) {  // float32 midpoints: p + half ulp +- 1
        const int64_t h = int64_t{1} << (k - 24);
        s.insert(static_cast<uint32_t>(p + h + d));
        s.insert(static_cast<uint32_t>(-(p + h + d)));
        s.insert(static_cast<uint32_t>(p + 3 * h + d));
      }
    }
  }
  std::vector<uint64_t> v(s.begin(), s.end());
  std::mt19937 rng(99);
  for (int i = 0; i < 20000; ++i) v.push_back(rng());
  return v;
}

std::vector<uint64_t> inputs_for(ElementType t) {
  const unsigned bits = castlike::info(t).bits;
  if (bits <= 16) return all_patterns(bits);
  if (t == ElementType::kFloat) return float32_inputs();
  if (t == ElementType::kDouble) return float64_inputs();
  if (t == ElementType::kInt32 || t == ElementType::kUint32) return int32_inputs();
  std::vector<uint64_t> v;  // 64-bit integers (not vectorised today): random
  std::mt19937_64 rng(5);
  for (int i = 0; i < 20000; ++i) v.push_back(rng());
  return v;
}

std::vector<uint8_t> pack(ElementType t, const std::vector<uint64_t>& values) {
  std::vector<uint8_t> bytes(*castlike::storage_bytes(t, values.size()), 0);
  for (size_t i = 0; i < values.size(); ++i) castlike::store_bits(t, bytes.data(), i, values[i]);
  return bytes;
}

std::vector<castlike_attributes> attribute_sets(ElementType to) {
  switch (to) {
    case ElementType::kFloat8E4M3FN:
    case ElementType::kFloat8E4M3FNUZ:
    case ElementType::kFloat8E5M2:
    case ElementType::kFloat8E5M2FNUZ: return {{1, CASTLIKE_ROUND_UP}, {0, CASTLIKE_ROUND_UP}};
    case ElementType::kFloat8E8M0: {
      std::vector<castlike_attributes> v;
      for (int sat : {1, 0})
        for (castlike_round_mode m : {CASTLIKE_ROUND_UP, CASTLIKE_ROUND_DOWN, CASTLIKE_ROUND_NEAREST}) v.push_back({sat, m});
      return v;
    }
    default: return {{1, CASTLIKE_ROUND_UP}, {0, CASTLIKE_ROUND_NEAREST}};  // attributes must not matter
  }
}

std::string hex(uint64_t bits, unsigned width_bits) {
  std::ostringstream o;
  o << "0x" << std::hex;
  o.width(std::max(1u, (width_bits + 3) / 4));
  o.fill('0');
  o << bits;
  return o.str();
}

// ---------------------------------------------------------------------------------------------

struct Pair {
  ElementType from, to;
};

std::string pair_name(const testing::TestParamInfo<Pair>& p) {
  return std::string(castlike::info(p.param.from).name) + "_to_" + std::string(castlike::info(p.param.to).name);
}

std::vector<Pair> vectorised_pairs() {
  std::vector<Pair> pairs;
  for (const auto& from : castlike::kTypeTable)
    for (const auto& to : castlike::kTypeTable) {
      if (from.type == ElementType::kString || to.type == ElementType::kString) continue;
      bool any = false;
      for (const Isa& isa : isas()) any = any || (isa.available && isa.lookup(from.type, to.type) != nullptr);
      if (any) pairs.push_back({from.type, to.type});
    }
  return pairs;
}

class SimdKernels : public testing::TestWithParam<Pair> {};

TEST_P(SimdKernels, MatchReferenceOnEveryInputWindowAndAlignment) {
  const Pair p = GetParam();
  const unsigned from_bits = castlike::info(p.from).bits, to_bits = castlike::info(p.to).bits;
  const std::vector<uint64_t> inputs = inputs_for(p.from);
  const std::vector<uint8_t> src = pack(p.from, inputs);
  const size_t n = inputs.size();
  size_t checked = 0, unspecified = 0;
  for (const castlike_attributes& attrs : attribute_sets(p.to)) {
    const ref::Attributes ra{attrs.saturate != 0, attrs.round_mode};
    std::vector<ref::Result> expected;
    expected.reserve(n);
    for (uint64_t x : inputs) expected.push_back(ref::convert_element(p.from, ref::Element::of_bits(x), p.to, ra));
    const std::string attr_text =
        "saturate=" + std::to_string(attrs.saturate) + " round_mode=" + std::string(castlike::round_mode_name(attrs.round_mode));

    for (const Isa& isa : isas()) {
      if (!isa.available) continue;
      const opt::KernelFn kernel = isa.lookup(p.from, p.to);
      if (!kernel) continue;
      SCOPED_TRACE(std::string(isa.name) + " " + attr_text);
      // Whole array.
      std::vector<uint8_t> out(*castlike::storage_bytes(p.to, n) + 64, 0xA5);
      kernel(src.data(), out.data(), n, attrs);
      size_t bad = 0;
      std::vector<uint64_t> got(n);
      for (size_t i = 0; i < n; ++i) {
        got[i] = castlike::load_bits(p.to, out.data(), i);
        const ref::Result& e = expected[i];
        const bool ok = e.outcome == ref::OutcomeClass::kUnspecified ? got[i] == e.value.bits
                                                                     : ref::matches(p.to, e, ref::Element::of_bits(got[i]));
        ++checked;
        if (e.outcome == ref::OutcomeClass::kUnspecified) ++unspecified;
        if (!ok && ++bad <= 8)
          ADD_FAILURE() << "input " << hex(inputs[i], from_bits) << " ("
                        << ref::describe_element(p.from, ref::Element::of_bits(inputs[i])) << "): expected "
                        << hex(e.value.bits, to_bits) << " [" << ref::outcome_name(e.outcome) << ", "
                        << ref::rule_name(e.rule) << "], got " << hex(got[i], to_bits);
      }
      EXPECT_EQ(bad, 0u) << "mismatches of " << n;
      const size_t out_bytes = *castlike::storage_bytes(p.to, n);
      EXPECT_TRUE(std::all_of(out.begin() + out_bytes, out.end(), [](uint8_t b) { return b == 0xA5; }))
          << "wrote past the end";
      if ((n * to_bits) % 8 != 0) {
        EXPECT_EQ(out[out_bytes - 1] >> (n * to_bits % 8), 0) << "padding bits of the last byte";
      }

      // Windows: every length 0..64, two starts (multiples of 4, so packed data starts a byte),
      // source and destination misaligned differently.
      for (size_t len = 0; len <= 64; ++len) {
        const size_t starts[2] = {0, 4 * (1 + (len * 7) % 40)};
        const size_t offsets[2][2] = {{1, 3}, {3, 6}};
        for (int w = 0; w < 2; ++w) {
          const size_t start = std::min(starts[w], (n - len) & ~size_t{3});
          const size_t src_off = offsets[w][0], dst_off = offsets[w][1];
          const size_t in_begin = start * from_bits / 8, in_bytes = *castlike::storage_bytes(p.from, len);
          std::vector<uint8_t> in(in_bytes + 16, 0x5A);
          std::memcpy(in.data() + src_off, src.data() + in_begin, in_bytes);
          const size_t want_bytes = *castlike::storage_bytes(p.to, len);
          std::vector<uint8_t> want(want_bytes, 0);
          for (size_t i = 0; i < len; ++i) castlike::store_bits(p.to, want.data(), i, got[start + i]);
          std::vector<uint8_t> dst(want_bytes + 32, 0xC3);
          kernel(in.data() + src_off, dst.data() + dst_off, len, attrs);
          const bool before = std::all_of(dst.begin(), dst.begin() + dst_off, [](uint8_t b) { return b == 0xC3; });
          const bool body = std::equal(want.begin(), want.end(), dst.begin() + dst_off);
          const bool after =
              std::all_of(dst.begin() + dst_off + want_bytes, dst.end(), [](uint8_t b) { return b == 0xC3; });
          if (!(before && body && after)) {
            ADD_FAILURE() << "window start " << start << " length " << len << " (src+" << src_off << ", dst+" << dst_off
                          << "): " << (before ? "" : "wrote before; ") << (body ? "" : "wrong bytes; ")
                          << (after ? "" : "wrote after");
            return;
          }
        }
      }
    }
  }
  RecordProperty("checked", static_cast<int>(checked));
  RecordProperty("unspecified", static_cast<int>(unspecified));
}

INSTANTIATE_TEST_SUITE_P(CASTLIKE_SIMD_INSTANCE, SimdKernels, testing::ValuesIn(vectorised_pairs()), pair_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(SimdKernels);

// Which levels ran (a skipped level is visible in the test log, not silently green).
TEST(CASTLIKE_SIMD_LEVELS, ReportAvailability) {
  for (const Isa& isa : isas()) {
    size_t pairs = 0;
    if (isa.available)
      for (const auto& from : castlike::kTypeTable)
        for (const auto& to : castlike::kTypeTable)
          if (from.type != ElementType::kString && to.type != ElementType::kString && isa.lookup(from.type, to.type))
            ++pairs;
    std::printf("[ level    ] %s: %s\n", isa.name,
                isa.available ? (std::to_string(pairs) + " vectorised pairs").c_str() : ("skipped: " + isa.why_not).c_str());
  }
}

// Identity casts and strings are never vectorised (the API copies / takes the string path).
TEST(CASTLIKE_SIMD_LEVELS, NoKernelForIdentityOrStrings) {
  for (const Isa& isa : isas()) {
    if (!isa.available) continue;
    for (const auto& t : castlike::kTypeTable) {
      EXPECT_EQ(isa.lookup(t.type, t.type), nullptr) << isa.name << " " << t.name;
      EXPECT_EQ(isa.lookup(t.type, ElementType::kString), nullptr) << isa.name << " " << t.name;
      EXPECT_EQ(isa.lookup(ElementType::kString, t.type), nullptr) << isa.name << " " << t.name;
    }
  }
}

}  // namespace
