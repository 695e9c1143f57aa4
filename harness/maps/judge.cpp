#include "judge.hpp"

#include <algorithm>
#include <cstring>

#include "castlike/packing.hpp"
#include "reference/round.hpp"

namespace castlike::exhaustive {
namespace {

struct Collector {
  Judgement& j;
  size_t max_intervals;
  void fail(uint64_t x, const Run& r, uint64_t expected, uint64_t actual) {
    ++j.failures;
    if (j.failures_by_rule.empty()) j.failures_by_rule.resize(ref::rule_count());
    ++j.failures_by_rule[static_cast<size_t>(r.rule)];
    if (!j.intervals.empty()) {
      FailingInterval& last = j.intervals.back();
      if (last.last + 1 == x && last.rule == r.rule) {
        last.last = x, ++last.count;
        return;
      }
    }
    if (j.intervals.size() >= max_intervals) {
      j.truncated = true;
      return;
    }
    j.intervals.push_back({x, x, 1, expected, actual, r.outcome, r.rule});
  }
};

// The NaN runs of [x, end) in blocks of 64: each output must pass the NaN test and, where the sign
// matters, carry the expected sign; the block is tested without branches and walked only when
// an output fails.
template <class E, class Load>
void judge_nan(const Run& r, uint64_t a, uint64_t x, uint64_t end, uint64_t mask, uint64_t sign, const NanTest& nan,
               const Load& load, Collector& col) {
  const E m = static_cast<E>(mask), magnitude = static_cast<E>(nan.magnitude), low = static_cast<E>(nan.low),
          span = static_cast<E>(nan.span), s = static_cast<E>(sign);
  const bool constant = r.staircase == Staircase::kAffine && r.step == 0;
  E want[64];
  if (constant) std::fill(want, want + 64, static_cast<E>(r.base & mask));
  while (x < end) {
    const size_t k = static_cast<size_t>(std::min<uint64_t>(64, end - x));
    const size_t off = static_cast<size_t>(x - a);
    if (!constant) run_values<E>(r, x, k, want);
    E bad = 0;
    for (size_t j = 0; j < k; ++j) {
      const E got = static_cast<E>(load(off + j)) & m;
      bad |= static_cast<E>(static_cast<E>((got & magnitude) - low) > span) | ((got ^ want[j]) & s);
    }
    if (bad != 0)
      for (size_t j = 0; j < k; ++j) {
        const E got = static_cast<E>(load(off + j)) & m;
        if (static_cast<E>((got & magnitude) - low) > span || ((got ^ want[j]) & s) != 0)
          col.fail(x + j, r, want[j] & m, got);
      }
    x += k;
  }
}

// Element loaders of the raw layout.
template <class T>
struct Wide {
  const uint8_t* base;
  uint64_t operator()(size_t i) const {
    T v;
    std::memcpy(&v, base + i * sizeof(T), sizeof(T));
    return static_cast<uint64_t>(v);
  }
};

// The exact outcomes of a run over [x, end), in blocks of 64 compared without branches (a block
// with a difference is walked).
template <class Load>
void judge_constant(const Run& r, uint64_t a, uint64_t x, uint64_t end, uint64_t v, uint64_t mask, const Load& load,
                    Collector& col) {
  while (x < end) {
    const size_t k = static_cast<size_t>(std::min<uint64_t>(64, end - x));
    const size_t off = static_cast<size_t>(x - a);
    uint64_t diff = 0;
    for (size_t j = 0; j < k; ++j) diff |= (load(off + j) & mask) ^ v;
    if (diff != 0)
      for (size_t j = 0; j < k; ++j) {
        const uint64_t got = load(off + j) & mask;
        if (got != v) col.fail(x + j, r, v, got);
      }
    x += k;
  }
}

template <class E, class Load>
void judge_exact(const Run& r, uint64_t a, uint64_t x, uint64_t end, uint64_t mask, const Load& load,
                 Collector& col) {
  // Constant stretches (a constant run, the groups of a coarse staircase) against one value.
  if (r.staircase == Staircase::kAffine && r.step == 0) {
    judge_constant(r, a, x, end, r.base & mask, mask, load, col);
    return;
  }
  if (r.staircase != Staircase::kAffine && r.shift >= 4) {
    while (x < end) {
      const uint64_t group_end = std::min(end, r.first + r.next_group(x - r.first));
      judge_constant(r, a, x, group_end, r.bits_at(x, mask), mask, load, col);
      x = group_end;
    }
    return;
  }
  E want[64];
  while (x < end) {
    const size_t k = static_cast<size_t>(std::min<uint64_t>(64, end - x));
    const size_t off = static_cast<size_t>(x - a);
    run_values<E>(r, x, k, want);
    uint64_t diff = 0;
    for (size_t j = 0; j < k; ++j) diff |= (load(off + j) ^ want[j]) & mask;
    if (diff != 0)
      for (size_t j = 0; j < k; ++j) {
        const uint64_t got = load(off + j) & mask, w = want[j] & mask;
        if (got != w) col.fail(x + j, r, w, got);
      }
    x += k;
  }
}

template <class Load>
void judge_with(const Map& map, uint64_t a, uint64_t b, const NanTest& nan, const Load& load, Collector& col) {
  const uint64_t mask = map.output_mask();
  const FloatFormat& f = info(map.config.to).format;
  const bool signed_nans = is_float(map.config.to) && f.has_sign && f.special != SpecialEncoding::kFnuz;
  const uint64_t sign = signed_nans ? ref::sign_bit(f) : 0;
  const bool narrow = mask >> 32 == 0;  // expected values in 32 bits (exact modulo the width)
  size_t ri = map.run_index(a);
  for (uint64_t x = a; x < b; ++ri) {
    const Run& r = map.runs[ri];
    const uint64_t end = std::min<uint64_t>(b, r.last + 1);
    if (r.outcome == ref::OutcomeClass::kUnspecified) {
      col.j.unspecified += end - x;
    } else if (r.outcome == ref::OutcomeClass::kNan) {
      const uint64_t want_sign = r.nan_sign_matters ? sign : 0;
      if (narrow)
        judge_nan<uint32_t>(r, a, x, end, mask, want_sign, nan, load, col);
      else
        judge_nan<uint64_t>(r, a, x, end, mask, want_sign, nan, load, col);
    } else if (narrow) {
      judge_exact<uint32_t>(r, a, x, end, mask, load, col);
    } else {
      judge_exact<uint64_t>(r, a, x, end, mask, load, col);
    }
    x = end;
  }
}

// judge_with for inputs whose patterns are patterns[0 .. b - a), in blocks of at most 64 inputs
// of one run: the runs are walked forward by their first inputs, a block ends where its run does,
// and the run's expectations are computed from the patterns and compared without branches.
template <class E, class Load>
void judge_patterns_with(const Map& map, const uint64_t* run_starts, const uint64_t* patterns, uint64_t a, uint64_t b,
                         const NanTest& nan, const Load& load, Collector& col) {
  const FloatFormat& f = info(map.config.to).format;
  const bool signed_nans = is_float(map.config.to) && f.has_sign && f.special != SpecialEncoding::kFnuz;
  const E m = static_cast<E>(map.output_mask()), magnitude = static_cast<E>(nan.magnitude),
          low = static_cast<E>(nan.low), span = static_cast<E>(nan.span);
  E want[64];
  const size_t runs = map.runs.size();
  size_t ri = static_cast<size_t>(std::upper_bound(run_starts, run_starts + runs, a) - run_starts) - 1;
  for (uint64_t x = a; x < b;) {
    const size_t off = static_cast<size_t>(x - a);
    while (ri + 1 < runs && run_starts[ri + 1] <= x) ++ri;
    const Run& r = map.runs[ri];
    const uint64_t* p = patterns + off;
    const uint64_t run_end = ri + 1 < runs ? run_starts[ri + 1] : b;
    const size_t k = static_cast<size_t>(std::min<uint64_t>({64, b - x, run_end - x}));
    if (r.outcome == ref::OutcomeClass::kUnspecified) {
      col.j.unspecified += k;
      x += k;
      continue;
    }
    const bool is_nan = r.outcome == ref::OutcomeClass::kNan;
    const E sign = is_nan && signed_nans && r.nan_sign_matters ? static_cast<E>(ref::sign_bit(f)) : 0;
    const E base = static_cast<E>(r.base), step = static_cast<E>(r.step);
    const uint64_t first = r.first;
    // Exact modulo 2^(bits of E), so modulo 2^(destination bits).
    const auto fill_want = [&] {
      for (size_t j = 0; j < k; ++j) want[j] = static_cast<E>(base + step * static_cast<E>(p[j] - first));
    };
    const bool constant = step == 0 && !is_nan;  // most runs
    if (!constant) fill_want();
    E bad = 0;
    if (constant)
      for (size_t j = 0; j < k; ++j) bad |= static_cast<E>(load(off + j)) ^ base;
    else if (is_nan)
      for (size_t j = 0; j < k; ++j) {
        const E got = static_cast<E>(load(off + j)) & m;
        bad |= static_cast<E>(static_cast<E>((got & magnitude) - low) > span) | ((got ^ want[j]) & sign);
      }
    else
      for (size_t j = 0; j < k; ++j) bad |= static_cast<E>(load(off + j)) ^ want[j];
    if ((bad & m) != 0) {
      if (constant) fill_want();
      for (size_t j = 0; j < k; ++j) {
        const E got = static_cast<E>(load(off + j)) & m;
        const bool fails = is_nan ? static_cast<E>((got & magnitude) - low) > span || ((got ^ want[j]) & sign) != 0
                                  : got != (want[j] & m);
        if (fails) col.fail(x + j, r, want[j] & m, got);
      }
    }
    x += k;
  }
}

template <class Judge>
void by_layout(ElementType to, uint64_t a, uint64_t b, const uint8_t* actual, const Judge& judge_range) {
  if (is_packed(to)) {
    // Unpacked a byte at a time into chunks of one byte per output, judged as 1-byte outputs
    // (intervals merge across chunks: the collector extends the last one).
    constexpr uint64_t kChunk = 4096;
    uint8_t buf[kChunk];
    for (uint64_t x = a; x < b; x += kChunk) {
      const uint64_t end = std::min<uint64_t>(b, x + kChunk);
      unpack_elements(to, actual, static_cast<size_t>(x - a), static_cast<size_t>(end - x), buf);
      judge_range(x, end, Wide<uint8_t>{buf});
    }
    return;
  }
  switch (info(to).bits) {
    case 8: judge_range(a, b, Wide<uint8_t>{actual}); break;
    case 16: judge_range(a, b, Wide<uint16_t>{actual}); break;
    case 32: judge_range(a, b, Wide<uint32_t>{actual}); break;
    default: judge_range(a, b, Wide<uint64_t>{actual}); break;
  }
}

}  // namespace

NanTest nan_test(ElementType to) {
  if (!is_float(to)) return {};
  const FloatFormat& f = info(to).format;
  const uint64_t value_bits = bit_mask(to) & ~ref::sign_bit(f);  // without the sign
  const uint64_t all_ones = (uint64_t{f.max_exponent_field()} << f.mantissa_bits) | f.mantissa_mask();
  switch (f.special) {
    case SpecialEncoding::kIeee: {  // above infinity, either sign
      const uint64_t low = ref::infinity_bits(f, false) + 1;
      return {value_bits, low, all_ones - low};
    }
    case SpecialEncoding::kFiniteNanOnes:  // exponent and mantissa all ones, either sign
    case SpecialEncoding::kExponentOnly: return {value_bits, all_ones, 0};
    case SpecialEncoding::kFnuz: return {bit_mask(to), ref::sign_bit(f), 0};  // the sign bit alone
    case SpecialEncoding::kFiniteOnly: return {};
  }
  return {};
}

Judgement judge(const Map& map, uint64_t a, uint64_t b, const uint8_t* actual, size_t max_intervals) {
  Judgement j;
  if (a >= b) return j;
  j.inputs = b - a;
  Collector col{j, max_intervals};
  const NanTest nan = nan_test(map.config.to);
  by_layout(map.config.to, a, b, actual,
            [&](uint64_t x, uint64_t end, const auto& load) { judge_with(map, x, end, nan, load, col); });
  return j;
}

Judgement judge_patterns(const Map& map, const uint64_t* run_starts, const uint64_t* patterns, uint64_t a, uint64_t b,
                         const uint8_t* actual, size_t max_intervals) {
  Judgement j;
  if (a >= b) return j;
  j.inputs = b - a;
  Collector col{j, max_intervals};
  const NanTest nan = nan_test(map.config.to);
  const bool narrow = map.output_mask() >> 32 == 0;
  by_layout(map.config.to, a, b, actual, [&](uint64_t x, uint64_t end, const auto& load) {
    if (narrow)
      judge_patterns_with<uint32_t>(map, run_starts, patterns + (x - a), x, end, nan, load, col);
    else
      judge_patterns_with<uint64_t>(map, run_starts, patterns + (x - a), x, end, nan, load, col);
  });
  return j;
}

}  // namespace castlike::exhaustive
