// The float32 sweep's self-test (tools/sweep_float32): its comparison must flag wrong outputs (and
// the streaming digest must be the one-shot one), or the sweep's silence would prove nothing.
#include <gtest/gtest.h>

#include <algorithm>

#include "sweep.hpp"
#include "test_support.hpp"

namespace castlike::sweep {
namespace {

struct Case {
  const char* what;
  ElementType to;
  int saturate;
  castlike_round_mode mode;
  uint32_t input;
  // makes level b's output from the expected bits
  uint64_t (*corrupt)(uint64_t);
  uint64_t want_failures, want_undocumented, want_across;
};

TEST(SweepFloat32SelfTest, ComparisonFlagsWrongOutputs) {
  const std::vector<std::string> levels = {"level-a", "level-b"};
  const Case cases[] = {
      {"correct FLOAT16 1.0", ElementType::kFloat16, 1, CASTLIKE_ROUND_UP, 0x3f800000u, [](uint64_t b) { return b; }, 0,
       0, 0},
      {"exact result off by one ulp", ElementType::kFloat16, 1, CASTLIKE_ROUND_UP, 0x3f800000u,
       [](uint64_t b) { return b + 1; }, 1, 0, 0},
      {"tie rounded away instead of to even", ElementType::kFloat8E4M3FN, 1, CASTLIKE_ROUND_UP, 0x3f880000u,
       [](uint64_t b) { return b + 1; }, 1, 0, 0},
      {"NaN replaced by a number", ElementType::kBfloat16, 1, CASTLIKE_ROUND_UP, 0x7fc00001u,
       [](uint64_t) { return uint64_t{0x3f80}; }, 1, 0, 0},
      {"NaN with another payload (allowed)", ElementType::kBfloat16, 1, CASTLIKE_ROUND_UP, 0x7fc00001u,
       [](uint64_t b) { return b ^ 1; }, 0, 0, 0},
      {"-NaN losing its sign", ElementType::kFloat8E5M2, 0, CASTLIKE_ROUND_UP, 0xffc00000u,
       [](uint64_t b) { return b & 0x7f; }, 1, 0, 0},
      {"FNUZ NaN (no sign to keep)", ElementType::kFloat8E4M3FNUZ, 1, CASTLIKE_ROUND_UP, 0xffc00000u,
       [](uint64_t b) { return b; }, 0, 0, 0},
      {"saturate=0 overflow given max instead of NaN", ElementType::kFloat8E4M3FN, 0, CASTLIKE_ROUND_UP, 0x43f00000u,
       [](uint64_t) { return uint64_t{0x7e}; }, 1, 0, 0},
      {"FLOAT4E2M1 packed nibble wrong", ElementType::kFloat4E2M1, 1, CASTLIKE_ROUND_UP, 0x40400000u,
       [](uint64_t b) { return b ^ 0x8; }, 1, 0, 0},
      {"E8M0 negative (unspecified) with other bits", ElementType::kFloat8E8M0, 1, CASTLIKE_ROUND_NEAREST, 0xc0000000u,
       [](uint64_t b) { return b + 1; }, 0, 1, 1},
      {"E8M0 exact off by one", ElementType::kFloat8E8M0, 0, CASTLIKE_ROUND_DOWN, 0x40400000u,
       [](uint64_t b) { return b + 1; }, 1, 0, 0},
  };
  // Three neighbouring inputs; level a is right everywhere, level b wrong (or not) in the middle.
  for (const Case& k : cases) {
    SCOPED_TRACE(k.what);
    castlike_attributes a;
    a.saturate = k.saturate;
    a.round_mode = k.mode;
    const std::vector<Config> cfg{{k.to, {a, "self-test"}}};
    Block b;
    b.first = k.input - 1;
    b.n = 3;
    compute_reference(cfg, b);
    std::vector<uint64_t> right(3), wrong(3);
    for (size_t i = 0; i < 3; ++i) right[i] = wrong[i] = b.expected_bits(0, i);
    wrong[1] = k.corrupt(right[1]) & bit_mask(k.to);
    b.out = {{kt::pack(k.to, right), kt::pack(k.to, wrong)}};
    Counts counts;
    std::vector<std::string> samples;
    uint64_t total = 0;
    compare_config(cfg[0], levels, b, 0, counts, samples, 10, &total);
    EXPECT_EQ(counts.outcome_failures, k.want_failures);
    EXPECT_EQ(counts.unspecified_undocumented, k.want_undocumented);
    EXPECT_EQ(counts.unspecified_across_levels, k.want_across);
    EXPECT_EQ(total, counts.mismatches());
    EXPECT_EQ(samples.size(), total);
    EXPECT_EQ(counts.inputs, 3u);
    if (counts.mismatches() == 0) {
      EXPECT_FALSE(counts.first_mismatch);
    } else {
      EXPECT_EQ(counts.first_mismatch, std::optional<uint64_t>(k.input));
    }
  }
}

// The streaming digest is the one-shot digest of the same bytes, whatever the pieces.
TEST(SweepFloat32SelfTest, StreamingDigestIsTheOneShotDigest) {
  std::string bytes;
  for (int i = 0; i < 1000; ++i) bytes += static_cast<char>(i * 7 + 3);
  harness::Sha256 s;
  for (size_t p = 0, step = 1; p < bytes.size(); p += step, step = step * 3 % 97 + 1)
    s.update(bytes.data() + p, std::min(step, bytes.size() - p));
  EXPECT_EQ(s.hex_digest(), harness::sha256_hex(bytes));
}

}  // namespace
}  // namespace castlike::sweep
