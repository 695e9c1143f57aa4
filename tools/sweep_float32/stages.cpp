#include <cstring>

#include "sweep.hpp"

namespace castlike::sweep {
namespace {

ref::Result to_result(const Expect& e, uint64_t bits) {
  ref::Result r;
  r.value = ref::Element::of_bits(bits);
  r.outcome = static_cast<ref::OutcomeClass>(e.outcome);
  r.rule = static_cast<ref::RuleId>(e.rule);
  r.nan_sign_matters = e.nan_sign_matters != 0;
  return r;
}

// Element i of a destination buffer (raw layout).
inline uint64_t element_at(ElementType to, unsigned bits, const uint8_t* data, size_t i) {
  if (bits == 8) return data[i];
  if (bits == 16) return uint64_t{data[2 * i]} | uint64_t{data[2 * i + 1]} << 8;
  return load_bits(to, data, i);
}

}  // namespace

void compute_reference(const std::vector<Config>& configs, Block& b) {
  b.expect.assign(configs.size(), {});
  b.wide.assign(configs.size(), {});
  b.ref_packed.assign(configs.size(), {});
  for (size_t c = 0; c < configs.size(); ++c) {
    const Config& cfg = configs[c];
    const ref::Attributes ra = kt::ref_attrs(cfg.variant.attrs);
    std::vector<Expect>& ex = b.expect[c];
    ex.resize(b.n);
    const unsigned width = info(cfg.to).bits;
    const bool wide = width > 16;
    if (wide) b.wide[c].resize(b.n);
    std::vector<uint8_t>& packed = b.ref_packed[c];
    packed.assign(*storage_bytes(cfg.to, b.n), 0);
    for (size_t i = 0; i < b.n; ++i) {
      const ref::Result r = ref::convert_element(ElementType::kFloat, ref::Element::of_bits(b.first + i), cfg.to, ra);
      ex[i] = {static_cast<uint16_t>(r.value.bits), static_cast<uint8_t>(r.outcome),
               static_cast<uint8_t>(r.nan_sign_matters ? 1 : 0), static_cast<uint16_t>(r.rule)};
      if (wide) b.wide[c][i] = r.value.bits;
      if (width == 8) {
        packed[i] = static_cast<uint8_t>(r.value.bits);
      } else if (width == 16) {
        packed[2 * i] = static_cast<uint8_t>(r.value.bits);
        packed[2 * i + 1] = static_cast<uint8_t>(r.value.bits >> 8);
      } else {
        store_bits(cfg.to, packed.data(), i, r.value.bits);
      }
    }
  }
}

std::string convert_block(const Options& o, const std::vector<std::string>& level_names, Block& b, Digests& digests) {
  const size_t nc = o.configs.size(), nl = o.isas.size();
  std::vector<uint32_t> src(b.n);
  for (size_t i = 0; i < b.n; ++i) src[i] = static_cast<uint32_t>(b.first + i);
  b.out.assign(nc, std::vector<std::vector<uint8_t>>(nl));
  for (size_t c = 0; c < nc; ++c) {
    const Config& cfg = o.configs[c];
    const size_t bytes = b.ref_packed[c].size();
    digests.reference[c].update(b.ref_packed[c].data(), bytes);
    b.ref_packed[c] = {};
    for (size_t l = 0; l < nl; ++l) {
      const std::string where = cfg.label() + " on " + level_names[l];
      std::vector<uint8_t>& dst = b.out[c][l];
      // A guard after the output: a kernel writing past its elements changes it.
      dst.assign(bytes + 16, 0xA5);
      castlike_status st = castlike_force_isa(o.isas[l]);
      if (st == CASTLIKE_OK)
        st = castlike_convert(CASTLIKE_FLOAT, src.data(), 0, kt::c_type(cfg.to), dst.data(), 0, b.n, &cfg.variant.attrs);
      if (st != CASTLIKE_OK) return where + ": " + castlike_status_message(st);
      for (size_t i = bytes; i < dst.size(); ++i)
        if (dst[i] != 0xA5) return where + ": wrote past the output";
      dst.resize(bytes);
      // A packed slice ending inside a byte: castlike_convert keeps the other bits of that byte
      // (they are not its elements), and the digest wants ONNX's zero padding there.
      const unsigned width = info(cfg.to).bits;
      if (width < 8 && b.n * width % 8 != 0) {
        const unsigned used = static_cast<unsigned>(b.n * width % 8);
        const uint8_t pad = static_cast<uint8_t>(0xFF << used);
        if ((dst[bytes - 1] & pad) != (0xA5 & pad)) return where + ": changed bits after the last element";
        dst[bytes - 1] &= static_cast<uint8_t>(~pad);
      }
      digests.levels[c][l].update(dst.data(), bytes);
    }
  }
  return {};
}

// The comparison (sweep.hpp says what it adds up):
//
// Every element goes through kt::check (ref::matches by outcome class, as the other kernel suites),
// except the two cases with nothing to report that make up nearly all elements: an `exact`
// expectation met by identical bits (ref::matches is "same bits" there) and an `unspecified` one
// with the documented bits, the same as on the first level. Skipping the call for them cuts the
// comparison's cost by 5-10x.
void compare_config(const Config& cfg, const std::vector<std::string>& level_names, const Block& b, size_t c,
                    Counts& counts, std::vector<std::string>& samples, size_t sample_limit, uint64_t* total) {
  const size_t n = b.n;
  const uint64_t mask = bit_mask(cfg.to);
  const unsigned width = info(cfg.to).bits;
  const std::vector<Expect>& ex = b.expect[c];
  counts.inputs += n;
  for (size_t i = 0; i < n; ++i) {
    switch (static_cast<ref::OutcomeClass>(ex[i].outcome)) {
      case ref::OutcomeClass::kExact: ++counts.exact; break;
      case ref::OutcomeClass::kNan: ++counts.nan; break;
      case ref::OutcomeClass::kUnspecified: ++counts.unspecified; break;
      case ref::OutcomeClass::kRoundTrip: ++counts.outcome_failures; break;  // a text outcome: never here
    }
  }
  const auto add_sample = [&](std::string s) {
    ++*total;
    if (samples.size() < sample_limit) samples.push_back(std::move(s));
  };
  const std::vector<std::vector<uint8_t>>& out = b.out[c];
  for (size_t l = 0; l < out.size(); ++l) {
    Tally t;
    for (size_t i = 0; i < n; ++i) {
      const Expect& e = ex[i];
      const uint64_t want = b.expected_bits(c, i);
      const uint64_t got = element_at(cfg.to, width, out[l].data(), i) & mask;
      const auto outcome = static_cast<ref::OutcomeClass>(e.outcome);
      if (outcome == ref::OutcomeClass::kExact && got == want) continue;  // = ref::matches (see above)
      if (outcome == ref::OutcomeClass::kUnspecified && got == want &&
          (l == 0 || got == (element_at(cfg.to, width, out[0].data(), i) & mask)))
        continue;  // the documented bits, as on the first level: nothing to report
      const auto what = [&] { return "FLOAT " + hex(b.first + i) + " -> " + cfg.label() + " on " + level_names[l]; };
      const size_t failures_before = t.failures, undocumented_before = t.unspecified_not_documented;
      const uint64_t mismatches_before = counts.mismatches();
      kt::check(cfg.to, to_result(e, want), got, t, what);
      if (t.failures != failures_before) {
        ++counts.outcome_failures;
        add_sample(t.samples.empty() ? what() : t.samples.back());
        t.samples.clear();
      }
      if (t.unspecified_not_documented != undocumented_before) {
        ++counts.unspecified_undocumented;
        add_sample(what() + ": got " + hex(got) + ", want the documented " + hex(want) + " (unspecified, " +
                   std::string(ref::rule_name(static_cast<ref::RuleId>(e.rule))) + ")");
      }
      if (l > 0 && outcome == ref::OutcomeClass::kUnspecified) {
        const uint64_t first_level = element_at(cfg.to, width, out[0].data(), i) & mask;
        if (got != first_level) {
          ++counts.unspecified_across_levels;
          add_sample(what() + ": unspecified bits " + hex(got) + " differ from " + level_names[0] + "'s " +
                     hex(first_level) + " (" + std::string(ref::rule_name(static_cast<ref::RuleId>(e.rule))) + ")");
        }
      }
      if (counts.mismatches() != mismatches_before && !counts.first_mismatch) counts.first_mismatch = b.first + i;
    }
  }
}


}  // namespace castlike::sweep
