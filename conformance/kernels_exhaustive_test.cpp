// The kernel library, exhaustively: every bit pattern of every source type of 16 bits or fewer, to
// every numeric destination, under every attribute combination that matters (saturate for the
// float8 destinations, saturate x round_mode for FLOAT8E8M0), on every ISA level this machine has
// (castlike_force_isa), through the public API. The reference is computed once per (pair,
// attributes) and every level is compared with it by outcome class: exact -> the same bits; nan ->
// a NaN of the destination (signed where the format has signed NaNs); unspecified -> counted, and
// required to be the documented deterministic bits on every level (the library promises the same
// bits on every ISA, specified or not).
//
// Then, per level, short windows: every length 0..64 at misaligned addresses and (packed types)
// mid-byte element offsets through the API, which must write the window's elements and nothing
// else; and the dispatched kernel itself (optimized/dispatch.hpp) on the same lengths at misaligned
// addresses, which must write exactly storage_bytes(n) bytes with zero padding bits.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>

#include "dispatch.hpp"
#include "test_support.hpp"

namespace castlike::kt {
namespace {

std::vector<ElementType> narrow_sources() {
  std::vector<ElementType> out;
  for (const TypeInfo& t : kTypeTable)
    if (t.type != ElementType::kString && t.bits <= 16) out.push_back(t.type);
  return out;
}

struct Case {
  ElementType from, to;
  const Variant* variant;
  const std::vector<uint64_t>* inputs;       // input patterns, scrambled order
  const std::vector<ref::Result>* expected;  // per input position
  const std::vector<uint64_t>* level_out;    // this level's full-run output per input position
  castlike_isa isa;
};

std::string describe(const Case& c, uint64_t input, const std::string& where) {
  return name(c.from) + " " + hex(input) + " -> " + name(c.to) + " [" + c.variant->name + ", " +
         castlike_isa_name(c.isa) + "] " + where;
}

// Windows of 0..64 elements through the API at element offsets and byte misalignments; only the
// window's elements may change.
void check_api_windows(const Case& c, Tally& t) {
  struct Config {
    size_t src_offset, dst_offset, src_shift, dst_shift;
  };
  static constexpr Config kConfigs[] = {{0, 0, 0, 0}, {1, 0, 1, 0}, {0, 1, 0, 3}, {3, 2, 1, 1}, {2, 3, 3, 2}};
  const size_t count = c.inputs->size();
  for (size_t len = 0; len <= 64; ++len) {
    for (size_t ci = 0; ci < std::size(kConfigs); ++ci) {
      const Config& cfg = kConfigs[ci];
      const size_t base = (len * 131 + ci * 17) % count;
      std::vector<uint8_t> sbuf(cfg.src_shift + *storage_bytes(c.from, cfg.src_offset + len + 1) + 8, 0x5A);
      uint8_t* s = sbuf.data() + cfg.src_shift;
      for (size_t j = 0; j < len; ++j) store_bits(c.from, s, cfg.src_offset + j, (*c.inputs)[(base + j) % count]);
      std::vector<uint8_t> dbuf(cfg.dst_shift + *storage_bytes(c.to, cfg.dst_offset + len + 1) + 8);
      for (size_t i = 0; i < dbuf.size(); ++i) dbuf[i] = static_cast<uint8_t>(0xC3 ^ (i * 29));
      const std::vector<uint8_t> before = dbuf;
      uint8_t* d = dbuf.data() + cfg.dst_shift;
      const castlike_status st =
          castlike_convert(c_type(c.from), s, cfg.src_offset, c_type(c.to), d, cfg.dst_offset, len, &c.variant->attrs);
      if (st != CASTLIKE_OK) {
        ++t.failures;
        t.samples.push_back(describe(c, 0, "window: status " + std::string(castlike_status_message(st))));
        return;
      }
      std::vector<uint8_t> want = before;
      for (size_t j = 0; j < len; ++j) {
        const size_t p = (base + j) % count;
        const uint64_t got = load_bits(c.to, d, cfg.dst_offset + j);
        const std::string where = "window len " + std::to_string(len) + " config " + std::to_string(ci);
        check(c.to, (*c.expected)[p], got, t, [&] { return describe(c, (*c.inputs)[p], where); });
        if ((*c.expected)[p].outcome == ref::OutcomeClass::kUnspecified && got != (*c.level_out)[p]) {
          ++t.failures;
          t.samples.push_back(describe(c, (*c.inputs)[p], where + ": unspecified bits differ from the full run"));
        }
        store_bits(c.to, want.data() + cfg.dst_shift, cfg.dst_offset + j, got);
      }
      if (want != dbuf) {
        ++t.failures;
        t.samples.push_back(describe(c, 0,
                                     "window len " + std::to_string(len) + " config " + std::to_string(ci) +
                                         ": bits outside the window changed"));
      }
    }
  }
}

// The dispatched kernel itself: element 0 of a byte, misaligned addresses, exact bytes written.
void check_kernel_contract(const Case& c, Tally& t) {
  const opt::KernelFn k = opt::kernel_at(static_cast<opt::Isa>(c.isa), c.from, c.to);
  if (k == nullptr) {
    ++t.failures;
    t.samples.push_back(describe(c, 0, "no kernel"));
    return;
  }
  const size_t count = c.inputs->size();
  for (size_t len = 0; len <= 64; ++len) {
    for (size_t src_shift : {0, 1}) {
      for (size_t dst_shift : {0, 3}) {
        const size_t base = (len * 61 + src_shift * 7 + dst_shift) % count;
        std::vector<uint8_t> sbuf(src_shift + *storage_bytes(c.from, len) + 8, 0);
        uint8_t* s = sbuf.data() + src_shift;
        for (size_t j = 0; j < len; ++j) store_bits(c.from, s, j, (*c.inputs)[(base + j) % count]);
        const size_t out_bytes = *storage_bytes(c.to, len);
        std::vector<uint8_t> dbuf(dst_shift + out_bytes + 16, 0xE7);
        uint8_t* d = dbuf.data() + dst_shift;
        k(s, d, len, c.variant->attrs);
        const std::string where = "kernel len " + std::to_string(len) + " shifts " + std::to_string(src_shift) + "/" +
                                  std::to_string(dst_shift);
        for (size_t j = 0; j < len; ++j) {
          const size_t p = (base + j) % count;
          const uint64_t got = load_bits(c.to, d, j);
          check(c.to, (*c.expected)[p], got, t, [&] { return describe(c, (*c.inputs)[p], where); });
          if ((*c.expected)[p].outcome == ref::OutcomeClass::kUnspecified && got != (*c.level_out)[p]) {
            ++t.failures;
            t.samples.push_back(describe(c, (*c.inputs)[p], where + ": unspecified bits differ from the full run"));
          }
        }
        bool clean = true;
        for (size_t i = 0; i < dst_shift; ++i) clean = clean && dbuf[i] == 0xE7;
        for (size_t i = dst_shift + out_bytes; i < dbuf.size(); ++i) clean = clean && dbuf[i] == 0xE7;
        const unsigned bits = info(c.to).bits;
        if (bits < 8 && len % (8 / bits) != 0) {
          const unsigned used = static_cast<unsigned>(len % (8 / bits)) * bits;
          clean = clean && (d[out_bytes - 1] >> used) == 0;
        }
        if (!clean) {
          ++t.failures;
          t.samples.push_back(describe(c, 0, where + ": wrote outside its bytes or left padding bits set"));
        }
      }
    }
  }
}

class Exhaustive : public ::testing::TestWithParam<ElementType> {};

TEST_P(Exhaustive, EveryPatternToEveryDestinationOnEveryIsa) {
  const ElementType from = GetParam();
  IsaGuard guard;
  const std::vector<castlike_isa> isas = available_isas();
  const size_t count = size_t{1} << info(from).bits;
  // A scrambled order (odd multiplier: a bijection modulo 2^bits) so that short windows mix values.
  std::vector<uint64_t> inputs(count);
  for (size_t i = 0; i < count; ++i) inputs[i] = (i * 40503u + 12345u) & (count - 1);
  const std::vector<uint8_t> src = pack(from, inputs);

  std::map<castlike_isa, Tally> per_isa;
  size_t combinations = 0;
  for (const TypeInfo& ti : kTypeTable) {
    const ElementType to = ti.type;
    if (to == ElementType::kString) continue;
    const std::vector<Variant> variants = variants_for(to);
    for (const Variant& v : variants) {
      ++combinations;
      const std::vector<ref::Result> expected = reference(from, inputs, to, v.attrs);
      std::vector<uint64_t> scalar_out;
      for (castlike_isa isa : isas) {
        ASSERT_EQ(castlike_force_isa(isa), CASTLIKE_OK);
        std::vector<uint8_t> dst(*storage_bytes(to, count));
        ASSERT_EQ(castlike_convert(c_type(from), src.data(), 0, c_type(to), dst.data(), 0, count, &v.attrs),
                  CASTLIKE_OK);
        const std::vector<uint64_t> out = unpack(to, dst.data(), 0, count);
        Tally t;
        const Case c{from, to, &v, &inputs, &expected, &out, isa};
        for (size_t i = 0; i < count; ++i)
          check(to, expected[i], out[i], t, [&] { return describe(c, inputs[i], "full run"); });
        if (isa == CASTLIKE_ISA_SCALAR) {
          scalar_out = out;
        } else {
          for (size_t i = 0; i < count; ++i) {
            if (expected[i].outcome == ref::OutcomeClass::kUnspecified && out[i] != scalar_out[i]) {
              ++t.failures;
              if (t.samples.size() < 10)
                t.samples.push_back(describe(
                    c, inputs[i],
                    "unspecified bits differ from the scalar path: " + hex(out[i]) + " vs " + hex(scalar_out[i])));
            }
          }
        }
        Tally windows;  // counted apart: the same inputs again
        check_api_windows(c, windows);
        check_kernel_contract(c, windows);
        t.failures += windows.failures;
        for (const auto& s : windows.samples)
          if (t.samples.size() < 10) t.samples.push_back(s);
        EXPECT_EQ(t.failures, 0u) << name(from) << " -> " << name(to) << " [" << v.name << ", "
                                  << castlike_isa_name(isa) << "]: " << t.summary() << "\n  "
                                  << (t.samples.empty() ? "" : t.samples.front())
                                  << (t.samples.size() > 1 ? "\n  " + t.samples[1] : "")
                                  << (t.samples.size() > 2 ? "\n  " + t.samples[2] : "");
        EXPECT_EQ(t.unspecified_not_documented, 0u)
            << name(from) << " -> " << name(to) << " [" << v.name << ", " << castlike_isa_name(isa)
            << "]: unspecified results must be the documented deterministic bits";
        per_isa[isa].add(t);
      }
    }
  }
  for (const auto& [isa, t] : per_isa)
    std::printf("[ %s ] %s: %zu inputs x %zu (destination, attributes): %s\n", name(from).c_str(),
                castlike_isa_name(isa), count, combinations, t.summary().c_str());
  for (castlike_isa isa : {CASTLIKE_ISA_AVX2, CASTLIKE_ISA_AVX512, CASTLIKE_ISA_NEON})
    if (!castlike_isa_available(isa))
      std::printf("[ %s ] %s: not available on this machine/build, skipped\n", name(from).c_str(),
                  castlike_isa_name(isa));
}

INSTANTIATE_TEST_SUITE_P(Kernels, Exhaustive, ::testing::ValuesIn(narrow_sources()),
                         [](const ::testing::TestParamInfo<ElementType>& p) { return name(p.param); });

}  // namespace
}  // namespace castlike::kt
