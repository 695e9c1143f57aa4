#include "coverage.hpp"

#include <array>
#include <set>

#include "castlike/type_table.hpp"
#include "reference/cast_like.hpp"

namespace castlike::harness {
namespace {

// The values the sweep feeds (one per combination, rotating so that neighbouring combinations see
// different ones), read into the source type like `castlike convert` does.
constexpr std::array<const char*, 13> kCoverageValues{
    "1", "0.4790", "-2.5", "1e6", "nan", "-inf", "0", "-0", "300", "3.75", "inf", "-1e-9", "0.1"};

ref::Element coverage_input(ElementType from, const char* text) {
  if (from == ElementType::kString) return ref::Element::of_text(text);
  ref::Attributes a;
  a.saturate = false;
  a.round_mode = CASTLIKE_ROUND_NEAREST;
  return ref::convert_element(ElementType::kString, ref::Element::of_text(text), from, a).value;
}

std::string describe(ElementType t, const ref::Element& e) {
  return t == ElementType::kString ? "\"" + e.text + "\"" : format_hex_bits(e.bits & bit_mask(t), info(t).bits);
}

// One combination as a one-element vector file: what every implementation runs.
VectorFile one_call(Operator op, ElementType from, ElementType to, int version, const std::optional<int64_t>& saturate,
                    const std::optional<std::string>& round_mode, const ref::Element& input) {
  VectorFile f;
  f.name = "coverage";
  f.op = op;
  f.from = from;
  f.to = to;
  f.opset = version;
  f.saturate = saturate;
  f.round_mode = round_mode;
  f.shape = {1};
  f.input = {input};
  return f;
}

}  // namespace

Coverage run_coverage(Implementation& impl, const ref::Variants& variants, size_t max_problems) {
  Coverage c;
  const auto problem = [&](const std::string& text) {
    if (c.problems.size() < max_problems) c.problems.push_back(text);
  };
  std::set<std::pair<int, int>> pairs;
  const std::vector<std::optional<int64_t>> saturates{std::nullopt, 0, 1};
  const std::vector<std::optional<std::string>> modes{std::nullopt, "up", "down", "nearest"};
  for (const Operator op : kOperators) {
    const OperatorVersions versions = versions_of(op);
    for (size_t vi = 0; vi < versions.count; ++vi) {
      const int version = versions.first[vi];
      for (size_t fi = 0; fi < kTypeTable.size(); ++fi) {
        const ElementType from = kTypeTable[fi].type;
        if (!type_in_version(from, version)) continue;
        for (size_t ti = 0; ti < kTypeTable.size(); ++ti) {
          const ElementType to = kTypeTable[ti].type;
          if (!type_in_version(to, version)) continue;
          size_t attribute_index = 0;
          for (const auto& saturate : saturates) {
            if (saturate && !saturate_in_version(version)) continue;
            for (const auto& mode : modes) {
              if (mode && !round_mode_in_version(version)) continue;
              ++attribute_index;
              ++c.combinations;
              const char* text = kCoverageValues[(fi + 3 * ti + 5 * attribute_index + vi) % kCoverageValues.size()];
              const VectorFile call = one_call(op, from, to, version, saturate, mode, coverage_input(from, text));
              const ref::Element& in = call.input[0];
              const std::string where = std::string(info(from).name) + " -> " + std::string(info(to).name) + " " +
                                        std::string(operator_name(op)) + " at opset " + std::to_string(version) +
                                        (saturate ? " saturate=" + std::to_string(*saturate) : "") +
                                        (mode ? " round_mode=" + *mode : "");
              const CaseOutput got = impl.run(call, 0);
              if (got.status == CaseOutput::Status::kRejected) {
                ++c.errors;
                problem(where + ": rejected: " + got.message);
                continue;
              }
              if (got.elements.size() != 1 || !got.elements[0]) {
                ++c.errors;
                problem(where + ": no output element" +
                        (got.element_errors.size() == 1 ? ": " + got.element_errors[0] : std::string()));
                continue;
              }
              const ref::Element& out = *got.elements[0];
              ++c.ran;
              pairs.insert({static_cast<int>(from), static_cast<int>(to)});
              // What the exact reference says for the same call.
              ref::CastLikeRequest request;
              request.op = op;
              request.input.type = from;
              request.target = to;
              request.opset = version;
              request.saturate = saturate;
              request.round_mode = mode;
              const auto attributes = ref::resolve_attributes(request, variants);
              if (const auto* error = std::get_if<std::string>(&attributes)) {
                problem(where + ": reference rejects: " + *error);
                continue;
              }
              const ref::Result want =
                  ref::convert_element(from, in, to, std::get<ref::Attributes>(attributes), variants);
              if (ref::matches(to, want, out)) {
                ++c.matched;
              } else {
                problem(where + ": input " + describe(from, in) + " expected " + describe(to, want.value) + " (" +
                        std::string(ref::rule_name(want.rule)) + ") got " + describe(to, out));
              }
            }
          }
        }
      }
    }
  }
  c.pairs_ran = pairs.size();
  return c;
}

std::string coverage_versions() {
  std::string out;
  for (const Operator op : kOperators) {
    if (!out.empty()) out += "; ";
    out += operator_name(op);
    const OperatorVersions versions = versions_of(op);
    for (size_t i = 0; i < versions.count; ++i) {
      out += i ? ',' : ' ';
      out += std::to_string(versions.first[i]);
    }
  }
  return out;
}

}  // namespace castlike::harness
