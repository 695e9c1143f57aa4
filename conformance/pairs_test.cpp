// Every (from, to) pair of the types, at every Cast and CastLike version where both exist, with
// every attribute combination that exists at that version, run through the reference's entry on
// a tensor of the sampled values of the source type (test_support.hpp).
//
// Per element it checks what must hold whatever the value: no error, one outcome and one rule, the
// rule belongs to the destination's family, kUnspecified exactly for the undefined rules, exact
// float results are non-NaN encodings and NaN results are NaN encodings (so FNUZ never gives 0x80
// as a number), packed padding stays zero. Where the specification leaves no doubt it also checks
// the value (identity copies, NaN/inf/zero propagation, exactly representable values, integer wrap,
// integer text). Across versions and attributes, destinations that ignore an attribute must give
// the same output, and an absent attribute must equal its default.
//
// The enumeration is counted against a closed formula from the specification's version table so
// that no pair, version or attribute combination can go missing.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <sstream>
#include <tuple>

#include "test_support.hpp"

namespace castlike::probe {
namespace {

struct Combo {
  Operator op;
  ElementType from, to;
  int version;
  std::optional<int64_t> saturate;
  std::optional<std::string> round_mode;
};

std::string describe(const Combo& c) {
  std::ostringstream s;
  s << name_of(c.from) << " -> " << name_of(c.to) << " at " << operator_name(c.op) << "-" << c.version << " saturate="
    << (c.saturate ? std::to_string(*c.saturate) : "absent") << " round_mode=" << c.round_mode.value_or("absent");
  return s.str();
}

// The enumeration under test: driven by the shared type table's version data.
std::vector<Combo> enumerate_combos() {
  std::vector<Combo> out;
  for (Operator op : kOperators)
  for (const TypeInfo& f : kTypeTable)
    for (const TypeInfo& t : kTypeTable)
      for (int v : versions_of(op)) {
        if (!type_in_version(f.type, v) || !type_in_version(t.type, v)) continue;
        std::vector<std::optional<int64_t>> saturates{std::nullopt};
        if (saturate_in_version(v)) saturates.insert(saturates.end(), {0, 1});
        std::vector<std::optional<std::string>> modes{std::nullopt};
        if (round_mode_in_version(v)) modes.insert(modes.end(), {"up", "down", "nearest"});
        for (const auto& s : saturates)
          for (const auto& m : modes) out.push_back({op, f.type, t.type, v, s, m});
      }
  return out;
}

// The specification's version table (docs/specification.md section 1), written out independently: how many
// types exist and how many attribute combinations (saturate: absent/0/1 from 19; round_mode:
// absent/up/down/nearest from 24) at each version.
struct VersionRow {
  int version, types, attribute_combinations;
};
constexpr VersionRow kCastLikeRows[] = {{15, 14, 1}, {19, 18, 3}, {21, 20, 3}, {23, 21, 3}, {24, 22, 12}, {25, 24, 12}};
// Cast-13 has CastLike-15's types; Cast-28 adds the two FLOAT6 types (and the synthetic row, when
// the build has it).
constexpr int kCast28Types = 26 + kSyntheticTypeRows;
constexpr VersionRow kCastRows[] = {{13, 14, 1}, {19, 18, 3}, {21, 20, 3}, {23, 21, 3},
                                    {24, 22, 12}, {25, 24, 12}, {28, kCast28Types, 12}};
std::vector<VersionRow> rows_of(Operator op) {
  if (op == Operator::kCast) return {std::begin(kCastRows), std::end(kCastRows)};
  return {std::begin(kCastLikeRows), std::end(kCastLikeRows)};
}

size_t closed_total(Operator op) {
  size_t total = 0;
  for (const VersionRow& r : rows_of(op)) total += size_t(r.types) * r.types * r.attribute_combinations;
  return total;
}
size_t closed_per_source(ElementType from) {
  size_t total = 0;
  for (Operator op : kOperators)
    for (const VersionRow& r : rows_of(op))
      if (r.version >= spec_since_version(from)) total += size_t(r.types) * r.attribute_combinations;
  return total;
}
size_t closed_per_pair(Operator op, ElementType from, ElementType to) {
  size_t total = 0;
  for (const VersionRow& r : rows_of(op))
    if (r.version >= spec_since_version(from) && r.version >= spec_since_version(to))
      total += r.attribute_combinations;
  return total;
}

TEST(PairsEnumeration, CountsMatchTheSpecificationTable) {
  const std::vector<Combo> combos = enumerate_combos();
  // CastLike: 14^2 + 3 (18^2 + 20^2 + 21^2) + 12 (22^2 + 24^2) = 196 + 3495 + 12720.
  EXPECT_EQ(closed_total(Operator::kCastLike), 16411u);
  // Cast: the same from 13 (CastLike's 15), and Cast-28's pairs with twelve combinations.
  EXPECT_EQ(closed_total(Operator::kCast), 16411u + 12u * kCast28Types * kCast28Types);
  EXPECT_EQ(combos.size(), closed_total(Operator::kCastLike) + closed_total(Operator::kCast));

  std::map<Operator, std::set<std::pair<int, int>>> pairs;
  std::set<std::tuple<int, int, int, int, int64_t, std::string>> unique;
  std::map<std::tuple<Operator, int, int>, size_t> per_pair;
  std::map<std::pair<Operator, int>, size_t> at_version;
  for (const Combo& c : combos) {
    pairs[c.op].insert({int(c.from), int(c.to)});
    unique.insert({int(c.op), int(c.from), int(c.to), c.version, c.saturate.value_or(-1), c.round_mode.value_or("-")});
    ++per_pair[{c.op, int(c.from), int(c.to)}];
    ++at_version[{c.op, c.version}];
  }
  EXPECT_EQ(pairs[Operator::kCastLike].size(), 576u);
  EXPECT_EQ(pairs[Operator::kCast].size(), size_t(kCast28Types) * kCast28Types);
  EXPECT_EQ(unique.size(), combos.size()) << "an enumerated combination repeats";
  for (Operator op : kOperators)
    for (ElementType f : all_types())
      for (ElementType t : all_types())
        EXPECT_EQ((per_pair[{op, int(f), int(t)}]), closed_per_pair(op, f, t))
            << operator_name(op) << " " << name_of(f) << " -> " << name_of(t);
  size_t sum = 0;
  for (ElementType f : all_types()) sum += closed_per_source(f);
  EXPECT_EQ(sum, combos.size());
  // The newest version of each operator has every pair with all twelve attribute combinations.
  EXPECT_EQ((at_version[{Operator::kCastLike, 25}]), 576u * 12u);
  EXPECT_EQ((at_version[{Operator::kCast, 28}]), size_t(kCast28Types) * kCast28Types * 12u);
}

TEST(PairsEnumeration, TypeTableAgreesWithTheSpecification) {
  EXPECT_EQ(kTypeTable.size(), size_t(kCast28Types));
  for (ElementType t : all_types()) {
    EXPECT_EQ(info(t).since_version, spec_since_version(t)) << name_of(t);
    // The float8 family as restated here and as the rows give it.
    EXPECT_EQ(is_float8(t), is_float8_family(t)) << name_of(t);
    const auto f = spec_format(t);
    EXPECT_EQ(bool(f), info(t).type_class == TypeClass::kFloat) << name_of(t);
    if (!f) continue;
    const FloatFormat& g = info(t).format;
    EXPECT_EQ(g.exponent_bits, f->ebits) << name_of(t);
    EXPECT_EQ(g.mantissa_bits, f->mbits) << name_of(t);
    EXPECT_EQ(g.bias, f->bias) << name_of(t);
    EXPECT_EQ(g.has_sign, f->sign) << name_of(t);
    EXPECT_EQ(info(t).bits, 1 + f->ebits + f->mbits - (f->sign ? 0 : 1)) << name_of(t);
  }
  // Largest finite values of the specification's table, through the test's own decoder.
  const auto max_of = [](ElementType t) {
    const MaxFinite m = max_finite(*spec_format(t));
    return std::ldexp(static_cast<double>(m.significand), m.quantum_exponent);
  };
  EXPECT_EQ(max_of(ElementType::kFloat16), 65504.0);
  EXPECT_EQ(max_of(ElementType::kFloat8E4M3FN), 448.0);
  EXPECT_EQ(max_of(ElementType::kFloat8E4M3FNUZ), 240.0);
  EXPECT_EQ(max_of(ElementType::kFloat8E5M2), 57344.0);
  EXPECT_EQ(max_of(ElementType::kFloat8E5M2FNUZ), 57344.0);
  EXPECT_EQ(max_of(ElementType::kFloat4E2M1), 6.0);
  EXPECT_EQ(max_of(ElementType::kFloat6E2M3), 7.5);
  EXPECT_EQ(max_of(ElementType::kFloat6E3M2), 28.0);
  EXPECT_EQ(max_of(ElementType::kFloat8E8M0), std::ldexp(1.0, 127));
  EXPECT_EQ(decode_double(ElementType::kFloat8E4M3FN, 0x7E), 448.0);
  EXPECT_EQ(decode_double(ElementType::kFloat8E4M3FNUZ, 0x7F), 240.0);
  EXPECT_EQ(decode_double(ElementType::kFloat8E5M2FNUZ, 0x01), std::ldexp(1.0, -17));
  EXPECT_EQ(decode_double(ElementType::kFloat8E4M3FN, 0x01), std::ldexp(1.0, -9));
  EXPECT_EQ(decode_double(ElementType::kFloat8E4M3FNUZ, 0x01), std::ldexp(1.0, -10));
  EXPECT_EQ(decode_double(ElementType::kBfloat16, 0x0001), std::ldexp(1.0, -133));
  EXPECT_TRUE(spec_is_nan(ElementType::kFloat8E5M2, 0xFD));
  EXPECT_TRUE(spec_is_inf(ElementType::kFloat8E5M2, 0xFC));
  EXPECT_FALSE(spec_is_nan(ElementType::kFloat8E4M3FN, 0x7E));
  EXPECT_EQ(encode_exact(ElementType::kFloat8E4M3FN, false, 448, 0), uint64_t{0x7E});
  EXPECT_EQ(encode_exact(ElementType::kFloat8E4M3FN, false, 480, 0), std::nullopt);
  EXPECT_EQ(encode_exact(ElementType::kFloat8E4M3FNUZ, true, 0, 0), std::nullopt);
  EXPECT_EQ(encode_exact(ElementType::kFloat4E2M1, true, 3, 1), uint64_t{0xF});
  EXPECT_EQ(encode_exact(ElementType::kBfloat16, false, (1u << 24) + (1u << 17), 0), uint64_t{0x4B81});
}

// ---------------------------------------------------------------------------------------------
// One source type against every destination, version and attribute combination.

struct Snapshot {
  std::vector<uint8_t> data;
  std::vector<std::string> strings;
  std::vector<ref::OutcomeClass> outcomes;
  std::vector<ref::RuleId> rules;
  bool operator==(const Snapshot&) const = default;
};

class Checker {
 public:
  Checker(const Combo& c, const ref::Tensor& in, const std::vector<uint64_t>& in_bits, const ref::CastLikeOutput& out)
      : c_(c), in_(in), in_bits_(in_bits), out_(out) {}

  // The first problem found, if any.
  std::optional<std::string> run() {
    const size_t n = count();
    if (out_.output.type != c_.to) return "output type " + name_of(out_.output.type);
    if (out_.output.shape != in_.shape) return std::string("output shape differs from input shape");
    if (out_.outcomes.size() != n || out_.rules.size() != n) return std::string("not one outcome and rule per element");
    if (c_.to == ElementType::kString) {
      if (out_.output.strings.size() != n || !out_.output.data.empty()) return std::string("string output size");
    } else {
      if (out_.output.data.size() != *storage_bytes(c_.to, n) || !out_.output.strings.empty())
        return "output is " + std::to_string(out_.output.data.size()) + " bytes";
      const unsigned used = unsigned(n % 8) * unsigned(width(c_.to)) % 8;  // bits of the last byte in use
      if (is_packed(c_.to) && used != 0 && (out_.output.data.back() >> used) != 0)
        return std::string("packed padding bits are not zero");
    }
    for (size_t i = 0; i < n; ++i)
      if (auto p = element(i)) return "element " + std::to_string(i) + " (" + input_text(i) + "): " + *p;
    return std::nullopt;
  }

 private:
  size_t count() const { return c_.from == ElementType::kString ? in_.strings.size() : in_bits_.size(); }
  std::string input_text(size_t i) const {
    if (c_.from == ElementType::kString) return "\"" + in_.strings[i] + "\"";
    std::ostringstream s;
    s << "0x" << std::hex << (in_bits_[i] & mask_of(c_.from));
    return s.str();
  }
  bool saturating() const { return c_.saturate.value_or(1) == 1; }

  std::optional<std::string> element(size_t i) const {
    const ElementType from = c_.from, to = c_.to;
    const ref::OutcomeClass outcome = out_.outcomes[i];
    if (static_cast<size_t>(out_.rules[i]) >= ref::rule_count()) return std::string("rule id out of range");
    const std::string rule(ref::rule_name(out_.rules[i]));
    const std::string why = " [outcome " + std::string(ref::outcome_name(outcome)) + ", rule " + rule + "]";
    if (!rule_fits(from, to, rule)) return "rule does not belong to this pair" + why;
    if ((outcome == ref::OutcomeClass::kUnspecified) != rule_is_unspecified(rule))
      return "outcome class does not match the rule" + why;

    const bool to_text = to == ElementType::kString;
    const uint64_t ob = to_text ? 0 : load_bits(to, out_.output.data.data(), i);
    const std::string text = to_text ? out_.output.strings[i] : "";
    std::ostringstream got_s;
    if (to_text) got_s << " got \"" << text << "\"";
    else got_s << " got 0x" << std::hex << ob;
    const std::string got = got_s.str() + why;
    const auto to_fmt = spec_format(to);

    // Encodings.
    if (outcome == ref::OutcomeClass::kNan && !(to_fmt && spec_is_nan(to, ob))) return "nan outcome, not a NaN" + got;
    if (outcome == ref::OutcomeClass::kExact && to_fmt && spec_is_nan(to, ob)) return "exact outcome is a NaN" + got;
    // (Unspecified results, e.g. text that is no number, may be any pattern, NaN included.)
    if (is_fnuz(to) && ob == 0x80 && outcome == ref::OutcomeClass::kExact) return "FNUZ 0x80 as a number" + got;

    if (from == to) {
      if (rule != "CAST.IDENTITY") return "identity cast with another rule" + got;
      if (to_text) return text == in_.strings[i] ? std::nullopt : std::optional<std::string>("identity changed the text" + got);
      if (ob != (in_bits_[i] & mask_of(from))) return "identity changed the bits" + got;
      return std::nullopt;
    }
    if (to_text && text.empty()) return "empty text" + got;
    if (to == ElementType::kBool && ob > 1) return "bool is not 0 or 1" + got;  // (identity copies any byte)
    if (from == ElementType::kString) return std::nullopt;

    const uint64_t ib = in_bits_[i] & mask_of(from);
    const auto expect_exact = [&](uint64_t bits, const char* what) -> std::optional<std::string> {
      if (outcome != ref::OutcomeClass::kExact || ob != bits) {
        std::ostringstream s;
        s << what << ": expected exact 0x" << std::hex << bits << got;
        return s.str();
      }
      return std::nullopt;
    };
    // A number's text is judged by the element it reads back to (outcome round-trip).
    const auto expect_number_text = [&](const std::string& want) -> std::optional<std::string> {
      if (outcome != ref::OutcomeClass::kRoundTrip || text != want) return "expected round-trip \"" + want + "\"" + got;
      return std::nullopt;
    };

    if (!spec_format(from)) {  // integers and bool
      const i128 n = from == ElementType::kBool ? i128(ib != 0)
                     : is_signed_integer(from)  ? i128(sign_extend(from, ib))
                                                : i128(ib);
      if (to_text) {  // a number's text: judged by the value it reads back to, as a float's is
        if (from == ElementType::kBool) return expect_number_text(n ? "True" : "False");
        return expect_number_text(is_signed_integer(from) ? std::to_string(int64_t(n)) : std::to_string(uint64_t(n)));
      }
      if (to == ElementType::kBool) return expect_exact(n != 0, "integer to bool");
      if (is_integer(to)) return expect_exact(uint64_t(n) & mask_of(to), "integer wraps");
      const auto want = encode_exact(to, n < 0, static_cast<u128>(n < 0 ? -n : n), 0);
      if (want) return expect_exact(*want, "integer the destination holds exactly");
      return std::nullopt;
    }

    // Float sources.
    const bool nan_in = spec_is_nan(from, ib), inf_in = spec_is_inf(from, ib), neg = spec_negative(from, ib);
    // A12 (default profile): FLOAT8E8M0 0x00 reads as zero.
    const double x = from == ElementType::kFloat8E8M0 && ib == 0 ? 0.0 : decode_double(from, ib);
    if (nan_in) {
      if (to_text) return expect_number_text("nan");
      if (to == ElementType::kBool) return expect_exact(1, "NaN is true");
      if (is_integer(to)) return outcome == ref::OutcomeClass::kUnspecified ? std::nullopt
                                                                              : std::optional<std::string>("NaN to integer" + got);
      if (to_fmt->kind == Kind::kFiniteOnly) return outcome == ref::OutcomeClass::kExact ? std::nullopt
                                                                                       : std::optional<std::string>("NaN to FLOAT4E2M1" + got);
      if (outcome != ref::OutcomeClass::kNan) return "NaN must give NaN" + got;
      const bool signed_nans_in = spec_format(from)->kind == Kind::kIeee || spec_format(from)->kind == Kind::kFn;
      const bool signed_nans_out = to_fmt->kind == Kind::kIeee || to_fmt->kind == Kind::kFn;
      if (signed_nans_in && signed_nans_out && spec_negative(to, ob) != neg) return "NaN lost its sign" + got;
      return std::nullopt;
    }
    if (inf_in) {
      if (to_text) return expect_number_text(neg ? "-inf" : "inf");
      if (to == ElementType::kBool) return expect_exact(1, "infinity is true");
      if (is_integer(to)) return outcome == ref::OutcomeClass::kUnspecified ? std::nullopt
                                                                              : std::optional<std::string>("inf to integer" + got);
      if (to_fmt->kind == Kind::kIeee && !is_float8(to)) {
        if (!spec_is_inf(to, ob) || spec_negative(to, ob) != neg || outcome != ref::OutcomeClass::kExact)
          return "infinity must stay infinite" + got;
      }
      if ((is_float8(to) && saturating()) || to_fmt->kind == Kind::kFiniteOnly) {
        const MaxFinite m = max_finite(*to_fmt);
        if (*encode_exact(to, neg, m.significand, m.quantum_exponent) != ob) return "infinity saturates to max" + got;
      }
      return std::nullopt;
    }
    // Finite.
    if (to_text) {
      if (x == 0) return expect_number_text(neg ? "-0.0" : "0.0");
      if (outcome != ref::OutcomeClass::kRoundTrip) return "a float's text is not judged round-trip" + got;
      return std::nullopt;
    }
    if (to == ElementType::kBool) return expect_exact(x != 0, "float to bool");
    if (is_integer(to)) {
      if (std::fabs(x) >= 0x1p62) return std::nullopt;
      if (is_packed(to)) {  // round to nearest even, keep the low bits
        const auto n = static_cast<int64_t>(std::nearbyint(x));
        return expect_exact(uint64_t(n) & mask_of(to), "float to 4-/2-bit integer");
      }
      const auto n = static_cast<int64_t>(std::trunc(x));
      const auto [lo, hi] = int_range(to);
      if (n < lo || n > hi)
        return outcome == ref::OutcomeClass::kUnspecified ? std::nullopt
                                                          : std::optional<std::string>("out of range must be unspecified" + got);
      return expect_exact(uint64_t(n) & mask_of(to), "float to integer truncates");
    }
    if (to == ElementType::kFloat8E8M0) {
      if (neg) return outcome == ref::OutcomeClass::kUnspecified ? std::nullopt
                                                                 : std::optional<std::string>("negative to E8M0" + got);
      if (x == 0) return saturating() ? expect_exact(0x00, "zero to E8M0 with saturation")
                                      : (outcome == ref::OutcomeClass::kNan ? std::nullopt
                                                                            : std::optional<std::string>("zero to E8M0 without saturation" + got));
    }
    if (x == 0) {
      const bool want_negative = neg && to_fmt->kind != Kind::kFnuz;
      if (decode_double(to, ob) != 0 || spec_negative(to, ob) != want_negative || outcome != ref::OutcomeClass::kExact)
        return "zero must stay a zero of the right sign" + got;
      return std::nullopt;
    }
    const Dyadic d = dyadic_of(x);
    if (const auto want = encode_exact(to, d.negative, d.m, d.e)) return expect_exact(*want, "value the destination holds");
    return std::nullopt;
  }

  const Combo& c_;
  const ref::Tensor& in_;
  const std::vector<uint64_t>& in_bits_;
  const ref::CastLikeOutput& out_;
};

class PairsFromSource : public ::testing::TestWithParam<ElementType> {};

TEST_P(PairsFromSource, EveryDestinationVersionAndAttributeCombination) {
  const ElementType from = GetParam();
  std::vector<uint64_t> in_bits;
  ref::Tensor input;
  if (from == ElementType::kString) {
    input = make_string_tensor(sample_texts());
  } else {
    in_bits = sample_bits(from);
    input = make_tensor(from, in_bits);
  }
  const size_t elements = from == ElementType::kString ? input.strings.size() : in_bits.size();
  ASSERT_GE(elements, 16u);

  std::map<std::tuple<int, int64_t, std::string>, Snapshot> first;  // (to, effective attrs) -> output
  size_t combos = 0, checked = 0, failures = 0;
  std::set<int> destinations;
  for (const Combo& c : enumerate_combos()) {
    if (c.from != from) continue;
    ++combos;
    destinations.insert(int(c.to));
    ref::CastLikeRequest request;
    request.op = c.op;
    request.input = input;
    request.target = c.to;
    request.opset = c.version;
    request.saturate = c.saturate;
    request.round_mode = c.round_mode;
    const ref::CastLikeResult result = ref::cast_like(request);
    if (const auto* error = std::get_if<std::string>(&result)) {
      ADD_FAILURE() << describe(c) << ": error: " << *error;
      if (++failures > 20) return;
      continue;
    }
    const auto& out = std::get<ref::CastLikeOutput>(result);
    if (const auto problem = Checker(c, input, in_bits, out).run()) {
      ADD_FAILURE() << describe(c) << ": " << *problem;
      if (++failures > 20) return;
    }
    checked += elements;

    // Attributes a destination does not read must not change its output; absent = default.
    const bool reads_saturate = c.from != c.to && (is_float8(c.to) || c.to == ElementType::kFloat8E8M0);
    const bool reads_mode = c.from != c.to && c.to == ElementType::kFloat8E8M0;
    const auto key = std::make_tuple(int(c.to), reads_saturate ? c.saturate.value_or(1) : int64_t{1},
                                     reads_mode ? c.round_mode.value_or("up") : std::string("up"));
    Snapshot snap{out.output.data, out.output.strings, out.outcomes, out.rules};
    const auto [it, inserted] = first.try_emplace(key, std::move(snap));
    if (!inserted && !(it->second == Snapshot{out.output.data, out.output.strings, out.outcomes, out.rules})) {
      ADD_FAILURE() << describe(c) << ": output differs from the same effective attributes at another version "
                    << "or with the attribute absent";
      if (++failures > 20) return;
    }
  }
  EXPECT_EQ(combos, closed_per_source(from));
  EXPECT_EQ(destinations.size(), kTypeTable.size());  // every type at Cast-28
  RecordProperty("combinations", static_cast<int>(combos));
  RecordProperty("elements_checked", static_cast<int>(checked));
  std::printf("%s: %zu combinations x %zu elements = %zu element checks\n", name_of(from).c_str(), combos, elements,
              checked);
}

INSTANTIATE_TEST_SUITE_P(AllSources, PairsFromSource, ::testing::ValuesIn(all_types()),
                         [](const ::testing::TestParamInfo<ElementType>& p) { return name_of(p.param); });

// ---------------------------------------------------------------------------------------------
// Rejections: each with the message that names the problem.

ref::CastLikeRequest request_of(ElementType from, ElementType to, int opset) {
  ref::CastLikeRequest r;
  r.input = from == ElementType::kString ? make_string_tensor({"1", "2", "3"}) : make_tensor(from, {1, 2, 3});
  r.target = to;
  r.opset = opset;
  return r;
}

std::string error_of(const ref::CastLikeRequest& r) {
  const auto result = ref::cast_like(r);
  if (const auto* e = std::get_if<std::string>(&result)) return *e;
  return "";
}

void expect_error(const ref::CastLikeRequest& r, std::initializer_list<std::string_view> parts) {
  const std::string e = error_of(r);
  ASSERT_FALSE(e.empty()) << "accepted: " << name_of(r.input.type) << " -> " << name_of(r.target) << " opset "
                          << r.opset;
  for (std::string_view p : parts) EXPECT_NE(e.find(p), std::string::npos) << "'" << p << "' not in: " << e;
}

TEST(PairsRejections, TypeBeforeItsVersion) {
  using T = ElementType;
  const struct {
    T type;
    int opset;
    const char* version;
    const char* needs;
  } cases[] = {{T::kFloat8E4M3FN, 15, "CastLike-15", ">= 19"}, {T::kFloat8E5M2FNUZ, 18, "CastLike-15", ">= 19"},
               {T::kInt4, 19, "CastLike-19", ">= 21"},       {T::kUint4, 20, "CastLike-19", ">= 21"},
               {T::kFloat4E2M1, 21, "CastLike-21", ">= 23"}, {T::kFloat4E2M1, 22, "CastLike-21", ">= 23"},
               {T::kFloat8E8M0, 23, "CastLike-23", ">= 24"}, {T::kInt2, 24, "CastLike-24", ">= 25"},
               {T::kUint2, 24, "CastLike-24", ">= 25"}};
  for (const auto& c : cases) {
    SCOPED_TRACE(name_of(c.type) + " at opset " + std::to_string(c.opset));
    // As the input type and as the target type.
    expect_error(request_of(c.type, T::kFloat, c.opset), {name_of(c.type), "does not exist", c.version, c.needs});
    expect_error(request_of(T::kFloat, c.type, c.opset), {name_of(c.type), "does not exist", c.version, c.needs});
    // And accepted from the version that introduced it.
    EXPECT_EQ(error_of(request_of(c.type, T::kFloat, spec_since_version(c.type))), "");
  }
}

// The FLOAT6 types are Cast-28's: CastLike has them at no opset, and the message says where they are.
TEST(PairsRejections, Float6IsCastOnly) {
  using T = ElementType;
  for (T t : {T::kFloat6E2M3, T::kFloat6E3M2}) {
    SCOPED_TRACE(name_of(t));
    for (int opset : {25, 28}) {
      expect_error(request_of(t, T::kFloat, opset), {name_of(t), "Cast-28"});
      expect_error(request_of(T::kFloat, t, opset), {name_of(t), "Cast-28"});
    }
    ref::CastLikeRequest cast = request_of(T::kFloat, t, 27);
    cast.op = Operator::kCast;
    expect_error(cast, {name_of(t), "does not exist", "Cast-25"});
    cast.opset = 28;
    EXPECT_EQ(error_of(cast), "");
  }
}

TEST(PairsRejections, AttributesBeforeTheirVersionAndBadValues) {
  using T = ElementType;
  auto r = request_of(T::kFloat, T::kFloat16, 15);
  r.saturate = 1;
  expect_error(r, {"saturate", "does not exist", "CastLike-15", ">= 19"});
  r.opset = 18;
  expect_error(r, {"saturate", "CastLike-15"});
  r.opset = 19;
  EXPECT_EQ(error_of(r), "");

  for (int opset : {19, 21, 23}) {
    auto m = request_of(T::kFloat, T::kFloat8E4M3FN, opset);
    m.round_mode = "up";
    expect_error(m, {"round_mode", "does not exist", "CastLike-" + std::to_string(opset), ">= 24"});
  }
  auto m = request_of(T::kFloat, T::kFloat8E8M0, 24);
  m.round_mode = "nearest";
  EXPECT_EQ(error_of(m), "");

  for (int64_t bad : {2, -1, 255}) {
    auto s = request_of(T::kFloat, T::kFloat8E4M3FN, 25);
    s.saturate = bad;
    expect_error(s, {"saturate", "0 or 1", std::to_string(bad)});
  }
  for (const char* bad : {"UP", "", "Nearest", "down ", "ceil"}) {
    auto s = request_of(T::kFloat, T::kFloat8E8M0, 25);
    s.round_mode = bad;
    expect_error(s, {"round_mode", "up, down or nearest", "'" + std::string(bad) + "'"});
  }
}

TEST(PairsRejections, OpsetsWithoutCastLike) {
  for (int opset : {14, 1, 0, -3, kNewestKnownOpset + 1, 100}) {
    SCOPED_TRACE(opset);
    expect_error(request_of(ElementType::kFloat, ElementType::kFloat16, opset),
                 {"opset " + std::to_string(opset), "no CastLike"});
  }
  expect_error(request_of(ElementType::kFloat, ElementType::kFloat16, kNewestKnownOpset + 1),
               {"known to castlike", "opset 28 is the newest"});
  for (int opset = 15; opset <= kNewestKnownOpset; ++opset)
    EXPECT_EQ(error_of(request_of(ElementType::kFloat, ElementType::kFloat16, opset)), "") << opset;
}

// onnx 1.23.2 defines opsets up to 28 and CastLike-25 is in force from 25 on: at 26, 27 and 28 every
// type of version 25 exists and each attribute means what it means at 25.
TEST(PairsRejections, OpsetsAfter25AreCastLike25) {
  using T = ElementType;
  EXPECT_EQ(kNewestKnownOpset, 28);
  for (int opset = 25; opset <= kNewestKnownOpset; ++opset) {
    SCOPED_TRACE(opset);
    EXPECT_EQ(castlike_version_for_opset(opset), 25);
    EXPECT_EQ(error_of(request_of(T::kInt2, T::kUint2, opset)), "");
    auto down = request_of(T::kFloat, T::kFloat8E8M0, opset);
    down.round_mode = "down";
    EXPECT_EQ(error_of(down), "");
  }
  EXPECT_FALSE(castlike_version_for_opset(kNewestKnownOpset + 1));
}

// Cast beside CastLike: Cast exists from opset 13 (Cast-13), its versions are CastLike's from 19 on,
// plus Cast-28 at opset 28; a version lists the same types and attributes for both operators.
TEST(PairsRejections, CastVersionsBesideCastLikes) {
  using T = ElementType;
  const std::vector<std::pair<int, int>> cast{{12, 0}, {13, 13}, {14, 13}, {18, 13}, {19, 19}, {22, 21},
                                              {23, 23}, {24, 24}, {25, 25}, {27, 25}, {28, 28}, {29, 0}};
  for (const auto& [opset, version] : cast) {
    SCOPED_TRACE(opset);
    EXPECT_EQ(version_for_opset(Operator::kCast, opset).value_or(0), version);
    EXPECT_EQ(version_for_opset(Operator::kCastLike, opset).value_or(0),
              opset < 15 || opset > kNewestKnownOpset ? 0 : opset < 19 ? 15 : std::min(version, 25));
  }
  EXPECT_EQ(operator_from_name("Cast"), Operator::kCast);
  EXPECT_EQ(operator_from_name("CastLike"), Operator::kCastLike);
  EXPECT_FALSE(operator_from_name("cast"));
  auto at13 = request_of(T::kFloat, T::kBfloat16, 13);
  expect_error(at13, {"opset 13 has no CastLike", "from opset 15"});
  at13.op = Operator::kCast;
  EXPECT_EQ(error_of(at13), "");
  at13.saturate = 0;
  expect_error(at13, {"saturate does not exist at Cast-13 (opset 13)", "needs opset >= 19"});
  auto f8 = request_of(T::kFloat, T::kFloat8E4M3FN, 18);
  f8.op = Operator::kCast;
  expect_error(f8, {"FLOAT8E4M3FN does not exist at Cast-13 (opset 18)", "needs opset >= 19"});
  for (const TypeInfo& t : kTypeTable) {
    SCOPED_TRACE(std::string(t.name));
    // Every type of a CastLike version is in the Cast version of the same number.
    for (int v : kCastLikeVersions) {
      if (type_in_version(t.type, v)) EXPECT_TRUE(first_opset_with_type(Operator::kCast, t.type).value_or(99) <= v);
    }
  }
}

TEST(PairsRejections, ShapesAndSizes) {
  using T = ElementType;
  auto r = request_of(T::kFloat, T::kFloat16, 25);
  r.input.shape = {3, -1};
  expect_error(r, {"dimension 1", "negative", "-1"});
  r.input.shape = {int64_t{1} << 62, int64_t{1} << 62};
  expect_error(r, {"element count overflows"});
  // 2^64 - 1 elements: the count fits, four bytes each do not.
  r.input.shape = {4294967295, 4294967297};
  expect_error(r, {"byte size overflows"});

  // Packed: 5 INT4 elements need 3 bytes.
  auto p = request_of(T::kInt4, T::kFloat, 25);
  p.input.shape = {5};
  p.input.data = {0x21, 0x43};
  expect_error(p, {"2 bytes", "5 INT4 elements need 3"});
  p.input.data = {0x21, 0x43, 0x05, 0x00};
  expect_error(p, {"4 bytes", "need 3"});
  p.input.data = {0x21, 0x43, 0x05};
  EXPECT_EQ(error_of(p), "");
  auto q = request_of(T::kUint2, T::kFloat, 25);
  q.input.shape = {5};
  q.input.data = {0xE4};
  expect_error(q, {"1 bytes", "5 UINT2 elements need 2"});
  auto w = request_of(T::kFloat, T::kFloat16, 25);
  w.input.data.pop_back();
  expect_error(w, {"11 bytes", "3 FLOAT elements need 12"});

  auto s = request_of(T::kString, T::kFloat, 25);
  s.input.shape = {4};
  expect_error(s, {"3 strings", "needs 4"});
  s.input.shape = {2};
  expect_error(s, {"3 strings", "needs 2"});
  s.input.shape = {1, 3};
  EXPECT_EQ(error_of(s), "");

  // Zero elements is fine and gives an empty output.
  auto z = request_of(T::kInt4, T::kFloat8E4M3FN, 25);
  z.input.shape = {2, 0};
  z.input.data.clear();
  const auto result = ref::cast_like(z);
  ASSERT_TRUE(std::holds_alternative<ref::CastLikeOutput>(result)) << std::get<std::string>(result);
  EXPECT_TRUE(std::get<ref::CastLikeOutput>(result).output.data.empty());
}

}  // namespace
}  // namespace castlike::probe
