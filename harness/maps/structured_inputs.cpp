#include "structured_inputs.hpp"

#include <algorithm>
#include <numeric>
#include <set>

#include "derive.hpp"
#include "splitmix.hpp"

namespace castlike::exhaustive {
namespace {

// A top field this wide or narrower is enumerated whole; a wider one (a destination as precise as
// the source, or more) is every pattern of its low kLowTopBits bits times the word patterns of
// the rest: the low bits carry the decisions (the kept bit that ties go to, the round bit, the
// bit below it, a carry out of them), the rest only the carry that all ones propagate.
constexpr int kFullTopBits = 12;
constexpr int kLowTopBits = 6;
constexpr int kRandomFills = 4;

uint64_t ones(int width) { return width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1; }

using Random = SplitMix64;  // the same fills on every machine

// The word patterns of a field: zero, all ones, each single set bit, and seeded random fills.
std::vector<uint64_t> word_patterns(int width, Random& random) {
  if (width <= 0) return {0};
  std::vector<uint64_t> out{0, ones(width)};
  for (int i = 0; i < width; ++i) out.push_back(uint64_t{1} << i);
  for (int k = 0; k < kRandomFills; ++k) out.push_back(random() & ones(width));
  return out;
}

// log2 of the spacing of the destination's values near a value in [2^e, 2^(e+1)): below it a
// source bit is rounded away. FLOAT8E8M0 holds powers of two; BOOL only tells zero from the rest,
// so every bit below the leading one is as good as rounded away; integers keep the units.
int grid_exponent(ElementType to, int e) {
  if (to == ElementType::kBool) return e;
  if (!is_float(to)) return 0;
  const FloatFormat& f = info(to).format;
  if (f.mantissa_bits == 0) return e;
  return std::max(e, f.min_normal_exponent()) - f.mantissa_bits;
}

// A destination that keeps the low bits of every finite value, however large (the 4-/2-bit
// integers' round-then-wrap, INT4.RNE_WRAP): its result depends on a value's low bits at every
// magnitude, not only within its range. (The 8-64-bit integers' out-of-range values are
// unspecified, BOOL's are all true.)
bool wraps_every_value(ElementType to) { return !is_float(to) && is_packed(to); }

// The exponents e of values in [2^e, 2^(e+1)) of a float source whose results differ: from two
// below the smallest nonzero result (values that round to zero or to it) to one above the largest
// finite one (the overflow), the units of an integer up to its width; for a wrapping destination
// up to the first exponent where the source's last bit weighs 2^(destination bits) (every value
// there is 0 modulo the destination). Outside, every result of a sign is one.
std::pair<int, int> deciding_exponents(ElementType from, ElementType to) {
  if (to == ElementType::kBool) return {-2, 2};
  if (wraps_every_value(to)) return {-2, info(from).format.mantissa_bits + static_cast<int>(info(to).bits)};
  if (!is_float(to)) return {-2, static_cast<int>(info(to).bits)};
  const FloatFormat& f = info(to).format;
  const int smallest = f.mantissa_bits == 0 ? -f.bias : f.min_normal_exponent() - f.mantissa_bits;
  return {smallest - 2, static_cast<int>(f.max_finite_exponent_field()) - f.bias + 1};
}

struct Collected {
  uint64_t pattern;
  InputClass cls;
};

// One level (a sign and an exponent field or bit length): the significand bits below the leading
// one are bits [0, width) of the magnitude, with value 2^(e - width + j) for bit j.
struct Level {
  bool negative;
  int16_t level;
  int e, width;
  uint64_t base;  // the magnitude's pattern without its significand bits
};

void add_level(const Configuration& c, const Level& lv, bool integer, std::vector<Collected>& out) {
  const int round = grid_exponent(c.to, lv.e) - 1 - lv.e + lv.width;  // position of the round bit
  const int top_start = std::clamp(round - 1, 0, lv.width);
  const int top_width = lv.width - top_start, sticky_width = top_start;
  Random random{(static_cast<uint64_t>(lv.level) << 1 | (lv.negative ? 1 : 0)) * 0x2545f4914f6cdd1dULL + 1};

  std::vector<uint64_t> tops;
  if (round < 0) {
    // Every bit is kept (an exact conversion, an integer's wrap): nothing is decided by rounding,
    // so the bits are only copied, moved or dropped; the word patterns show each bit alone.
    tops = word_patterns(top_width, random);
  } else if (top_width <= kFullTopBits) {
    tops.resize(size_t{1} << top_width);
    std::iota(tops.begin(), tops.end(), uint64_t{0});
  } else {
    for (uint64_t high : word_patterns(top_width - kLowTopBits, random))
      for (uint64_t low = 0; low < (uint64_t{1} << kLowTopBits); ++low) tops.push_back(high << kLowTopBits | low);
  }
  // Tier one: every top pattern with the sticky field zero, its lowest bit, its highest bit, all
  // ones. Tier two: the decisive low three bits of the top field (the kept bit ties go to, the
  // round bit, the bit below) under kept bits all zero or all ones, with every word pattern of
  // the sticky field.
  std::vector<uint64_t> sticky_ends{0};
  if (sticky_width > 0)
    sticky_ends.insert(sticky_ends.end(), {uint64_t{1}, uint64_t{1} << (sticky_width - 1), ones(sticky_width)});
  std::vector<uint64_t> decisive_tops;
  if (top_width <= 3) {
    decisive_tops.resize(size_t{1} << top_width);
    std::iota(decisive_tops.begin(), decisive_tops.end(), uint64_t{0});
  } else {
    for (uint64_t upper : {uint64_t{0}, ones(top_width - 3)})
      for (uint64_t low = 0; low < 8; ++low) decisive_tops.push_back(upper << 3 | low);
  }
  const std::vector<uint64_t> sticky_words = word_patterns(sticky_width, random);

  // The value's bit at position j of the significand: the leading one at `width` (none for a
  // float's zero field, an integer's 0), zeros above it; 2 below the source's last bit, where the
  // destination's grid is finer than the source's and no bit is rounded.
  const bool leading = lv.base != 0;
  const auto bit_at = [&](uint64_t significand, int j) -> uint8_t {
    if (j < 0) return 2;
    if (j < lv.width) return static_cast<uint8_t>(significand >> j & 1);
    return j == lv.width && leading ? 1 : 0;
  };
  const auto emit = [&](uint64_t top, uint64_t sticky) {
    const uint64_t significand = top << top_start | sticky;
    InputClass k;
    k.negative = lv.negative, k.level = lv.level;
    k.lsb = bit_at(significand, round + 1), k.round = bit_at(significand, round), k.guard = bit_at(significand, round - 1);
    if (sticky_width == 0) k.sticky = InputClass::Sticky::kNone;
    else if (sticky == 0) k.sticky = InputClass::Sticky::kZero;
    else if ((sticky & (sticky - 1)) == 0)
      k.sticky = InputClass::Sticky::kBit, k.sticky_bit = static_cast<uint8_t>(__builtin_ctzll(sticky));
    else if (sticky == ones(sticky_width)) k.sticky = InputClass::Sticky::kOnes;
    else k.sticky = InputClass::Sticky::kRandom;
    const uint64_t magnitude = lv.base | significand;
    uint64_t pattern;
    if (integer) pattern = lv.negative ? uint64_t{0} - magnitude : magnitude;
    else pattern = (lv.negative ? uint64_t{1} << (info(c.from).bits - 1) : 0) | magnitude;
    out.push_back({pattern, k});
  };
  for (uint64_t top : tops)
    for (uint64_t sticky : sticky_ends) emit(top, sticky);
  for (uint64_t top : decisive_tops)
    for (uint64_t sticky : sticky_words) emit(top, sticky);
}

}  // namespace

bool has_structured_set(ElementType from) { return from == ElementType::kString || info(from).bits > 32; }

std::vector<Configuration> structured_configurations() {
  std::vector<Configuration> out;
  for (const TypeInfo& t : kTypeTable)
    if (has_structured_set(t.type))
      for (const Configuration& c : configurations_from(t.type)) out.push_back(c);
  return out;
}

StructuredSet structured_set(const Configuration& c) {
  if (c.from == ElementType::kString) {
    auto text = std::make_shared<const TextSet>(structured_text_set(c.to));
    StructuredSet s{c, std::vector<uint64_t>(text->texts.size()), std::vector<InputClass>(text->texts.size()), text};
    std::iota(s.inputs.begin(), s.inputs.end(), uint64_t{0});
    return s;
  }
  // Each level's inputs are sorted on their own (they fill a few cache lines, not the whole set);
  // the levels are disjoint ranges of patterns (only zero is shared, by an integer's two signs),
  // so putting them in order of their first pattern orders the set.
  std::vector<std::vector<Collected>> levels;
  const auto sorted_level = [&levels](std::vector<Collected> level) {
    std::stable_sort(level.begin(), level.end(), [](const Collected& a, const Collected& b) { return a.pattern < b.pattern; });
    levels.push_back(std::move(level));
  };
  if (is_float(c.from)) {
    const auto [lo, hi] = deciding_exponents(c.from, c.to);
    const FloatFormat& f = info(c.from).format;
    const int max_field = static_cast<int>(f.max_exponent_field());
    // Every exponent field whose results differ, the source's ends, the fields around 1 and one
    // field inside each stretch left out (there every result of a sign is the same).
    std::set<int> fields{0, 1, 2, f.bias - 1, f.bias, f.bias + 1, max_field - 2, max_field - 1, max_field};
    const int lo_field = std::max(1, lo + f.bias), hi_field = std::min(max_field - 1, hi + f.bias);
    for (int field = lo_field; field <= hi_field; ++field) fields.insert(field);
    if (lo_field > 3) fields.insert((1 + lo_field) / 2);
    if (hi_field < max_field - 3) fields.insert((hi_field + max_field - 1) / 2);
    for (bool negative : {false, true})
      for (int field : fields) {
        const int e = std::max(field, 1) - f.bias;
        std::vector<Collected> level;
        add_level(c, {negative, static_cast<int16_t>(field), e, f.mantissa_bits, static_cast<uint64_t>(field) << f.mantissa_bits},
                  false, level);
        sorted_level(std::move(level));
      }
  } else {
    const int bits = info(c.from).bits;
    const bool is_signed = is_signed_integer(c.from);
    for (bool negative : is_signed ? std::vector<bool>{false, true} : std::vector<bool>{false})
      for (int length = 0; length <= bits; ++length) {
        if (is_signed && length == bits && !negative) continue;  // beyond the largest value
        const uint64_t leading = length == 0 ? 0 : uint64_t{1} << (length - 1);
        std::vector<Collected> level;
        add_level(c, {negative, static_cast<int16_t>(length), length - 1, std::max(0, length - 1), leading}, true, level);
        // The most negative value is the only one of its bit length.
        if (is_signed && length == bits) std::erase_if(level, [&](const Collected& x) { return x.pattern != leading; });
        sorted_level(std::move(level));
      }
  }
  std::stable_sort(levels.begin(), levels.end(), [](const auto& a, const auto& b) { return a.front().pattern < b.front().pattern; });
  size_t total = 0;
  for (const auto& level : levels) total += level.size();
  StructuredSet s{c, {}, {}, {}};
  s.inputs.reserve(total), s.classes.reserve(total);
  for (const auto& level : levels)
    for (const Collected& x : level)  // the first of equal patterns is kept
      if (s.inputs.empty() || s.inputs.back() != x.pattern) s.inputs.push_back(x.pattern), s.classes.push_back(x.cls);
  return s;
}

uint64_t judged_inputs(const Configuration& c) {
  return has_structured_set(c.from) ? structured_set(c).inputs.size() : uint64_t{1} << info(c.from).bits;
}

std::string level_text(ElementType from, int first, int last) {
  const std::string range = first == last ? std::to_string(first) : std::to_string(first) + ".." + std::to_string(last);
  if (!is_float(from)) return "bit length " + range;
  const FloatFormat& f = info(from).format;
  const auto value = [&](int field) {
    if (field == 0) return std::string("zero and subnormals");
    if (field == static_cast<int>(f.max_exponent_field())) return std::string("infinity and NaNs");
    return "2^" + std::to_string(field - f.bias);
  };
  return "exponent field " + range + " (" + value(first) + (first == last ? "" : ".." + value(last)) + ")";
}

}  // namespace castlike::exhaustive
