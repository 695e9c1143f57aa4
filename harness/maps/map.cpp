#include "map.hpp"

#include <algorithm>
#include <cstring>

#include "castlike/packing.hpp"

namespace castlike::exhaustive {

std::string Configuration::name() const {
  std::string s = std::string(info(from).name) + "->" + std::string(info(to).name);
  if (reads_saturate(to))
    s += std::string(" saturate=") + (attributes.saturate ? "1" : "0");
  if (reads_round_mode(to)) s += " round_mode=" + std::string(round_mode_name(attributes.round_mode));
  return s;
}

std::string_view staircase_name(Staircase s) {
  switch (s) {
    case Staircase::kAffine: return "affine";
    case Staircase::kFloor: return "floor";
    case Staircase::kAlternating: return "alternating";
  }
  return "?";
}

size_t Map::run_index(uint64_t input) const {
  const auto it = std::upper_bound(runs.begin(), runs.end(), input,
                                   [](uint64_t x, const Run& r) { return x < r.first; });
  return static_cast<size_t>(it - runs.begin()) - 1;
}

ref::Result Map::expected(uint64_t input) const {
  const Run& r = runs[run_index(input)];
  ref::Result out;
  out.value = ref::Element::of_bits(r.bits_at(input, output_mask()));
  out.outcome = r.outcome;
  out.rule = r.rule;
  out.nan_sign_matters = r.nan_sign_matters;
  return out;
}

std::string check_structure(const Map& map) {
  if (info(map.config.from).bits == 0 || info(map.config.from).bits > 32) return "source is not numeric of <= 32 bits";
  if (info(map.config.to).bits == 0) return "destination is not numeric";
  if (map.runs.empty()) return "no runs";
  const uint64_t mask = map.output_mask();
  uint64_t next = 0;
  for (size_t i = 0; i < map.runs.size(); ++i) {
    const Run& r = map.runs[i];
    const std::string at = "run " + std::to_string(i) + ": ";
    if (r.first != next) return at + "does not start where the previous run ended";
    if (r.last < r.first) return at + "last < first";
    if (r.last >= map.input_count()) return at + "beyond the source's patterns";
    if ((r.base & ~mask) != 0 || (r.step & ~mask) != 0) return at + "base or step beyond the destination's bits";
    if (static_cast<size_t>(r.rule) >= ref::rule_count()) return at + "unknown rule";
    if (r.outcome != ref::OutcomeClass::kExact && r.outcome != ref::OutcomeClass::kNan &&
        r.outcome != ref::OutcomeClass::kUnspecified)
      return at + "unknown outcome class";
    if (r.staircase != Staircase::kAffine) {
      if (r.staircase != Staircase::kFloor && r.staircase != Staircase::kAlternating) return at + "unknown staircase";
      if (r.shift < 1 || r.shift > 31) return at + "staircase shift outside 1..31";
      if (r.offset >= r.period()) return at + "staircase offset not below its period";
    } else if (r.shift != 0 || r.offset != 0) {
      return at + "an affine run has shift and offset 0";
    }
    next = r.last + 1;
  }
  if (next != map.input_count()) return "the runs do not reach the last source pattern";
  return {};
}

namespace {

template <class T>
void fill_wide(const Map& map, uint64_t a, uint64_t b, uint8_t* out) {
  size_t ri = map.run_index(a);
  for (uint64_t x = a; x < b; ++ri) {
    const Run& r = map.runs[ri];
    const uint64_t end = std::min<uint64_t>(b, r.last + 1);
    T buf[512];
    while (x < end) {
      const size_t k = static_cast<size_t>(std::min<uint64_t>(end - x, 512));
      if (r.staircase == Staircase::kAffine && r.step == 0)
        std::fill(buf, buf + k, static_cast<T>(r.base));
      else
        run_values<T>(r, x, k, buf);  // T is the destination's width: the conversion is the modulo
      // The caller's buffer is a byte array: copy, never alias it as T.
      std::memcpy(out + (x - a) * sizeof(T), buf, k * sizeof(T));
      x += k;
    }
  }
}

// 4- and 2-bit destinations: values computed as bytes in chunks (starting on byte boundaries of
// `out`), then packed a byte at a time.
void fill_packed(const Map& map, uint64_t a, uint64_t b, uint8_t* out) {
  constexpr uint64_t kChunk = 4096;
  uint8_t buf[kChunk];
  for (uint64_t x = a; x < b; x += kChunk) {
    const uint64_t end = std::min<uint64_t>(b, x + kChunk);
    fill_wide<uint8_t>(map, x, end, buf);
    pack_elements(map.config.to, buf, static_cast<size_t>(end - x), out, static_cast<size_t>(x - a));
  }
}

}  // namespace

void expand(const Map& map, uint64_t a, uint64_t b, uint8_t* out) {
  if (a >= b) return;
  const ElementType to = map.config.to;
  if (is_packed(to)) {
    fill_packed(map, a, b, out);
    return;
  }
  switch (info(to).bits) {
    case 8: fill_wide<uint8_t>(map, a, b, out); break;
    case 16: fill_wide<uint16_t>(map, a, b, out); break;
    case 32: fill_wide<uint32_t>(map, a, b, out); break;
    default: fill_wide<uint64_t>(map, a, b, out); break;
  }
}

}  // namespace castlike::exhaustive
