#include "generation/generator.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "castlike/packing.hpp"
#include "generation/generator_points.hpp"
#include "reference/cast_like.hpp"
#include "reference/round.hpp"

namespace castlike::harness {

using ref::Element;

std::string case_name(const CaseSpec& spec) {
  std::string name = std::string(info(spec.from).name) + "_to_" + std::string(info(spec.to).name) + "_op" +
                     std::to_string(spec.opset);
  if (spec.saturate) name += "_sat" + std::to_string(*spec.saturate);
  if (spec.round_mode) name += "_" + *spec.round_mode;
  if (spec.op == Operator::kCast) name += "_cast";
  return name;
}

Operator default_operator(ElementType from, ElementType to) {
  return first_opset_with_type(Operator::kCastLike, from) && first_opset_with_type(Operator::kCastLike, to)
             ? Operator::kCastLike
             : Operator::kCast;
}

std::vector<CaseSpec> case_specs(Operator op, ElementType from, ElementType to, OpsetChoice opsets,
                                 const std::vector<int>& listed, AttributeChoice attributes) {
  const auto first_from = first_opset_with_type(op, from), first_to = first_opset_with_type(op, to);
  if (!first_from || !first_to) return {};
  const int first = std::max(*first_from, *first_to);
  std::vector<int> versions;
  if (opsets == OpsetChoice::kAll)
    for (int v : versions_of(op))
      if (v >= first) versions.push_back(v);
  if (opsets == OpsetChoice::kNewest) versions.push_back(std::max(first, kDefaultOpset));
  if (opsets == OpsetChoice::kListed)
    for (int o : listed) {
      const auto v = version_for_opset(op, o);
      if (v && *v >= first) versions.push_back(o);
    }
  std::vector<CaseSpec> out;
  for (int opset : versions) {
    const int version = *version_for_opset(op, opset);
    std::vector<std::optional<int64_t>> saturates{std::nullopt};
    std::vector<std::optional<std::string>> modes{std::nullopt};
    if (saturate_in_version(version)) {
      if (attributes == AttributeChoice::kAll) saturates = {std::nullopt, 0, 1};
      else if (reads_saturate(to)) saturates = {std::nullopt, 0};
    }
    if (round_mode_in_version(version)) {
      if (attributes == AttributeChoice::kAll) modes = {std::nullopt, "up", "down", "nearest"};
      else if (reads_round_mode(to)) modes = {std::nullopt, "down", "nearest"};
    }
    for (const auto& s : saturates)
      for (const auto& m : modes) out.push_back(CaseSpec{op, from, to, opset, s, m});
  }
  return out;
}

std::string_view input_set_name(InputSet s) { return s == InputSet::kStructured ? "structured" : "exhaustive"; }

namespace {

bool exhaustive_source(ElementType from, InputSet set) {
  const unsigned width = info(from).bits;
  return width != 0 && (width <= 8 || (width == 16 && set == InputSet::kExhaustive16));
}

size_t special_count(ElementType from) {
  points::Inputs specials(from);
  points::add_source_specials(specials);
  return specials.take().size();
}

// An input a case with attributes keeps whatever its result: its result is the destination's
// largest finite value or FLOAT8E8M0's end of range (the cells just short of the overflow and
// underflow thresholds, where saturate=0 and 1 agree but a threshold one cell early would not), or
// a FLOAT8E8M0 input is exactly a power of two (where `up`, `down` and `nearest` agree).
bool boundary_result(ElementType to, uint64_t bits) {
  if (!is_float(to)) return false;
  if (to == ElementType::kFloat8E8M0) return bits == 0x00 || bits == 0xFE;
  const FloatFormat& f = info(to).format;
  return bits == ref::max_finite_bits(f, false) || bits == ref::max_finite_bits(f, true);
}
bool exact_power_of_two(ElementType from, ElementType to, const Element& e) {
  if (to != ElementType::kFloat8E8M0) return false;
  const ref::Decoded d = ref::decode_element(from, e);
  if (d.not_a_number || !d.value.is_finite() || d.value.is_zero()) return false;
  const ref::Neighbours n = ref::neighbours(to, d.value);
  return n.below && n.above && *n.below == *n.above;
}

}  // namespace

std::vector<Element> interesting_inputs(ElementType from, ElementType to, InputSet set) {
  points::Inputs in(from);
  if (from == ElementType::kBool) {
    in.bits(0);
    in.bits(1);
    return in.take();
  }
  if (exhaustive_source(from, set)) {
    for (uint64_t b = 0; b < (uint64_t{1} << info(from).bits); ++b) in.bits(b);
    return in.take();
  }
  points::add_source_specials(in);
  const std::vector<points::Point> pts = points::destination_points(from, to);
  for (size_t i = 0; i < pts.size(); ++i) {
    points::add_point(pts[i].x, in, i % 8 == 0);
    if (pts[i].traps) points::add_intermediate_traps(to, pts[i].x, in);
  }
  if (to == ElementType::kString || is_float(to) || to == ElementType::kBool) points::add_source_sample(in);
  return in.take();
}

std::vector<Element> focus_on_attributes(const CaseSpec& spec, const std::vector<Element>& inputs, InputSet set) {
  if (exhaustive_source(spec.from, set) || (!spec.saturate && !spec.round_mode)) return inputs;
  VectorFile probe;
  probe.from = spec.from;
  probe.to = spec.to;
  probe.shape = {static_cast<int64_t>(inputs.size())};
  probe.input = inputs;
  probe.op = spec.op;
  ref::CastLikeRequest with = probe.request(), without = probe.request();
  with.opset = without.opset = spec.opset;
  with.saturate = spec.saturate;
  with.round_mode = spec.round_mode;
  const auto a = ref::cast_like(with), b = ref::cast_like(without);
  if (!std::holds_alternative<ref::CastLikeOutput>(a) || !std::holds_alternative<ref::CastLikeOutput>(b)) return inputs;
  const auto& oa = std::get<ref::CastLikeOutput>(a);
  const auto& ob = std::get<ref::CastLikeOutput>(b);
  // The specials come first in interesting_inputs(); keep them all.
  const size_t specials = special_count(spec.from);
  std::vector<Element> out;
  for (size_t i = 0; i < inputs.size(); ++i) {
    bool differs = oa.outcomes[i] != ob.outcomes[i] || oa.rules[i] != ob.rules[i];
    uint64_t bits = 0;
    if (spec.to == ElementType::kString) {
      differs = differs || oa.output.strings[i] != ob.output.strings[i];
    } else {
      bits = load_bits(spec.to, oa.output.data.data(), i);
      differs = differs || bits != load_bits(spec.to, ob.output.data.data(), i);
    }
    const bool boundary = boundary_result(spec.to, bits) || exact_power_of_two(spec.from, spec.to, inputs[i]);
    if (i < specials || differs || boundary || i % 8 == 0) out.push_back(inputs[i]);
  }
  return out;
}

std::variant<VectorFile, std::string> make_case(const CaseSpec& spec, std::vector<Element> inputs,
                                                const std::string& profile) {
  const auto variants = ref::profile_by_name(profile);
  if (!variants) return "unknown profile '" + profile + "' (default, exact, onnx-reference)";
  return make_case(spec, std::move(inputs), *variants);
}

std::variant<VectorFile, std::string> make_case(const CaseSpec& spec, std::vector<Element> inputs,
                                                const ref::Variants& variants) {
  VectorFile f;
  f.name = case_name(spec);
  f.path = f.name + ".json";
  f.kind = "generated";
  f.op = spec.op;
  f.opset = spec.opset;
  f.from = spec.from;
  f.to = spec.to;
  f.saturate = spec.saturate;
  f.round_mode = spec.round_mode;
  f.shape = {static_cast<int64_t>(inputs.size())};
  f.input = std::move(inputs);
  const auto result = ref::cast_like(f.request(), variants);
  if (const auto* error = std::get_if<std::string>(&result)) return f.name + ": " + *error;
  const auto& out = std::get<ref::CastLikeOutput>(result);
  for (size_t i = 0; i < f.input.size(); ++i) {
    if (f.to == ElementType::kString) f.expected.push_back(Element::of_text(out.output.strings[i]));
    else f.expected.push_back(Element::of_bits(load_bits(f.to, out.output.data.data(), i)));
    f.outcomes.push_back(out.outcomes[i]);
    f.rules.push_back(out.rules[i]);
  }
  if (is_packed(f.from)) f.input_packed = f.request().input.data;
  if (is_packed(f.to)) f.expected_packed = out.output.data;
  return f;
}

}  // namespace castlike::harness
