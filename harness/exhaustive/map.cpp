#include "map.hpp"

#include <algorithm>
#include <cstring>

#include "castlike/packing.hpp"

namespace castlike::exhaustive {

std::string Configuration::name() const {
  std::string s = std::string(info(from).name) + "->" + std::string(info(to).name);
  if (is_float8_family(to) || to == ElementType::kFloat8E8M0)
    s += std::string(" saturate=") + (attributes.saturate ? "1" : "0");
  if (to == ElementType::kFloat8E8M0) s += " round_mode=" + std::string(round_mode_name(attributes.round_mode));
  return s;
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
    next = r.last + 1;
  }
  if (next != map.input_count()) return "the runs do not reach the last source pattern";
  return {};
}

namespace {

template <class T>
void fill_wide(const Map& map, uint64_t a, uint64_t b, uint8_t* out) {
  T* dst = reinterpret_cast<T*>(out);  // callers' buffers are byte arrays: copy through memcpy below
  const uint64_t mask = map.output_mask();
  size_t ri = map.run_index(a);
  uint64_t x = a;
  while (x < b) {
    const Run& r = map.runs[ri];
    const uint64_t end = std::min<uint64_t>(b, r.last + 1);
    const size_t n = static_cast<size_t>(end - x);
    T buf[512];
    uint64_t v = r.bits_at(x, mask);
    for (size_t done = 0; done < n;) {
      const size_t k = std::min<size_t>(n - done, 512);
      if (r.step == 0) {
        std::fill(buf, buf + k, static_cast<T>(v));
      } else {
        // T is exactly the destination's width: the conversion to T is the modulo.
        for (size_t j = 0; j < k; ++j) buf[j] = static_cast<T>(v + r.step * j);
        v = (v + r.step * k) & mask;
      }
      std::memcpy(reinterpret_cast<uint8_t*>(dst) + (x - a + done) * sizeof(T), buf, k * sizeof(T));
      done += k;
    }
    x = end;
    ++ri;
  }
}

}  // namespace

void expand(const Map& map, uint64_t a, uint64_t b, uint8_t* out) {
  if (a >= b) return;
  const ElementType to = map.config.to;
  if (is_packed(to)) {
    const uint64_t mask = map.output_mask();
    size_t ri = map.run_index(a);
    for (uint64_t x = a; x < b; ++ri) {
      const Run& r = map.runs[ri];
      const uint64_t end = std::min<uint64_t>(b, r.last + 1);
      for (; x < end; ++x) store_bits(to, out, static_cast<size_t>(x - a), r.bits_at(x, mask));
    }
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
