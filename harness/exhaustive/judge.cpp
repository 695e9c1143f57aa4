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
struct Packed {
  ElementType type;
  const uint8_t* base;
  uint64_t operator()(size_t i) const { return load_bits(type, base, i); }
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
void judge_with(const Map& map, uint64_t a, uint64_t b, const Load& load, Collector& col) {
  const uint64_t mask = map.output_mask();
  const FloatFormat& f = info(map.config.to).format;
  const bool signed_nans = is_float(map.config.to) && f.has_sign && f.special != SpecialEncoding::kFnuz;
  const uint64_t sign = is_float(map.config.to) ? ref::sign_bit(f) : 0;
  size_t ri = map.run_index(a);
  for (uint64_t x = a; x < b; ++ri) {
    const Run& r = map.runs[ri];
    const uint64_t end = std::min<uint64_t>(b, r.last + 1);
    if (r.outcome == ref::OutcomeClass::kUnspecified) {
      col.j.unspecified += end - x;
      x = end;
      continue;
    }
    if (r.outcome == ref::OutcomeClass::kNan) {
      const bool want_sign = signed_nans && r.nan_sign_matters;
      for (; x < end; ++x) {
        const uint64_t got = load(static_cast<size_t>(x - a)) & mask;
        const uint64_t want = r.bits_at(x, mask);
        const bool ok = is_float(map.config.to) && ref::is_nan_bits(f, got) && (!want_sign || (got & sign) == (want & sign));
        if (!ok) col.fail(x, r, want, got);
      }
      continue;
    }
    // Exact: expected values in 32 bits where the destination fits (exact modulo its width).
    if (mask >> 32 == 0)
      judge_exact<uint32_t>(r, a, x, end, mask, load, col);
    else
      judge_exact<uint64_t>(r, a, x, end, mask, load, col);
    x = end;
  }
}

}  // namespace

Judgement judge(const Map& map, uint64_t a, uint64_t b, const uint8_t* actual, size_t max_intervals) {
  Judgement j;
  if (a >= b) return j;
  j.inputs = b - a;
  Collector col{j, max_intervals};
  const ElementType to = map.config.to;
  if (is_packed(to)) {
    judge_with(map, a, b, Packed{to, actual}, col);
    return j;
  }
  switch (info(to).bits) {
    case 8: judge_with(map, a, b, Wide<uint8_t>{actual}, col); break;
    case 16: judge_with(map, a, b, Wide<uint16_t>{actual}, col); break;
    case 32: judge_with(map, a, b, Wide<uint32_t>{actual}, col); break;
    default: judge_with(map, a, b, Wide<uint64_t>{actual}, col); break;
  }
  return j;
}

}  // namespace castlike::exhaustive
