#include "semantics.hpp"

#include <array>
#include <vector>

namespace castlike::ref {
namespace {

// One row per switch: its key, the names of its settings (index = enum value), and a setter.
struct Switch {
  std::string_view key;
  std::vector<std::string_view> settings;
  uint8_t (*get)(const Variants&);
  void (*set)(Variants&, uint8_t);
};

#define CASTLIKE_SWITCH(member, ...)                                                             \
  Switch {                                                                                       \
    #member, {__VA_ARGS__}, [](const Variants& v) { return static_cast<uint8_t>(v.member); },   \
        [](Variants& v, uint8_t s) { v.member = static_cast<decltype(v.member)>(s); }          \
  }

const std::array<Switch, 12>& switches() {
  static const std::array<Switch, 12> table{
      CASTLIKE_SWITCH(a1, "saturate", "nan"),
      CASTLIKE_SWITCH(a2, "zero", "six", "negzero"),
      CASTLIKE_SWITCH(a3, "saturate", "nan"),
      CASTLIKE_SWITCH(a4, "exact", "onnx-bits"),
      CASTLIKE_SWITCH(a5, "exact", "through-float32"),
      CASTLIKE_SWITCH(a6, "nan-unless-saturate", "min"),
      CASTLIKE_SWITCH(a7, "honoured", "ignored"),
      CASTLIKE_SWITCH(a8, "round-wrap", "truncate-wrap", "round-clamp"),
      CASTLIKE_SWITCH(a9, "single", "through-float32", "through-double"),
      CASTLIKE_SWITCH(a10, "shortest", "printf-g"),
      CASTLIKE_SWITCH(a11, "unrounded", "rounded"),
      CASTLIKE_SWITCH(a12, "zero", "exact"),
  };
  return table;
}

bool same_key(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const char x = a[i] >= 'A' && a[i] <= 'Z' ? static_cast<char>(a[i] - 'A' + 'a') : a[i];
    if (x != b[i]) return false;
  }
  return true;
}

}  // namespace

std::optional<Variants> profile_by_name(std::string_view name) {
  Variants v;
  if (name == "default") return v;
  if (name == "exact") {
    // Every value at its definition: FLOAT8E8M0 0x00 is 2^-127, and NaN to a finite-only format follows
    // the float4 technical note (the examples' +0 came from an ml_dtypes version).
    v.a2 = Variants::FiniteOnlyNan::kMax;
    v.a12 = Variants::E8M0MinDecode::kTwoToMinus127;
    return v;
  }
  if (name == "onnx-reference") {
    // onnx.reference's Cast/CastLike: float8e8m0 through float32 bits, Inf -> NaN, 0 -> 0x00,
    // CastLike-25 ignores round_mode.
    v.a3 = Variants::E8M0Infinity::kNan;
    v.a4 = Variants::E8M0Subnormal::kOnnxReferenceBits;
    v.a5 = Variants::E8M0Input::kThroughFloat32;
    v.a6 = Variants::E8M0Zero::kMin;
    v.a7 = Variants::RoundModeAt25::kIgnored;
    v.a11 = Variants::E8M0Range::kRounded;
    v.a12 = Variants::E8M0MinDecode::kTwoToMinus127;
    return v;
  }
  return std::nullopt;
}

std::optional<std::string> apply_variant_overrides(Variants& target, std::string_view spec) {
  Variants v = target;  // all or nothing: `target` changes only when every item is valid
  while (!spec.empty()) {
    const size_t comma = spec.find(',');
    std::string_view item = spec.substr(0, comma);
    spec = comma == std::string_view::npos ? std::string_view{} : spec.substr(comma + 1);
    if (item.empty()) continue;
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos) return "variant '" + std::string(item) + "' is not KEY=SETTING (e.g. A2=six)";
    const std::string_view key = item.substr(0, eq), setting = item.substr(eq + 1);
    const Switch* sw = nullptr;
    for (const Switch& s : switches())
      if (same_key(key, s.key)) sw = &s;
    if (!sw) return "unknown variant switch '" + std::string(key) + "' (A1..A12)";
    bool found = false;
    for (size_t i = 0; i < sw->settings.size(); ++i) {
      if (sw->settings[i] == setting) {
        sw->set(v, static_cast<uint8_t>(i));
        found = true;
      }
    }
    if (!found) {
      std::string msg = "unknown setting '" + std::string(setting) + "' for " + std::string(key) + "; one of:";
      for (auto s : sw->settings) msg += " " + std::string(s);
      return msg;
    }
  }
  target = v;
  return std::nullopt;
}

std::string describe_variants(const Variants& v) {
  const Variants defaults;
  std::string out;
  for (const Switch& s : switches()) {
    if (s.get(v) == s.get(defaults)) continue;
    if (!out.empty()) out += ',';
    out += "A" + std::string(s.key.substr(1)) + "=" + std::string(s.settings[s.get(v)]);
  }
  return out;
}

}  // namespace castlike::ref
