#include "cast_like.hpp"

#include "castlike/packing.hpp"

namespace castlike::ref {
namespace {

std::string type_name(ElementType t) { return std::string(info(t).name); }

}  // namespace

std::variant<Attributes, std::string> resolve_attributes(const CastLikeRequest& request, const Variants& variants) {
  const std::string op(operator_name(request.op));
  const auto version = version_for_opset(request.op, request.opset);
  if (!version)
    return "opset " + std::to_string(request.opset) + " has no " + op +
           (request.opset > kNewestKnownOpset
                ? " known to castlike (opset " + std::to_string(kNewestKnownOpset) + " is the newest it knows)"
                : " (" + op + " exists from opset " + std::to_string(versions_of(request.op).front()) + ")");
  const std::string at = op + "-" + std::to_string(*version) + " (opset " + std::to_string(request.opset) + ")";
  for (ElementType t : {request.input.type, request.target}) {
    if (type_in_version(t, *version)) continue;
    if (const auto first = first_opset_with_type(request.op, t))
      return type_name(t) + " does not exist at " + at + "; it needs opset >= " + std::to_string(*first);
    const Operator other = request.op == Operator::kCast ? Operator::kCastLike : Operator::kCast;
    const auto other_first = first_opset_with_type(other, t);
    return type_name(t) + " is in no " + op + " version (" + op + "-" + std::to_string(versions_of(request.op).back()) +
           " is the newest)" +
           (other_first ? "; " + std::string(operator_name(other)) + "-" + std::to_string(*other_first) + " has it" : "");
  }
  Attributes a;
  if (request.saturate) {
    if (!saturate_in_version(*version))
      return "attribute saturate does not exist at " + at + "; it needs opset >= " + std::to_string(kSaturateSince);
    if (*request.saturate != 0 && *request.saturate != 1)
      return "attribute saturate must be 0 or 1, got " + std::to_string(*request.saturate);
    a.saturate = *request.saturate == 1;
  }
  if (request.round_mode) {
    if (!round_mode_in_version(*version))
      return "attribute round_mode does not exist at " + at + "; it needs opset >= " + std::to_string(kRoundModeSince);
    const auto mode = round_mode_from_name(*request.round_mode);
    if (!mode) return "attribute round_mode must be up, down or nearest, got '" + *request.round_mode + "'";
    a.round_mode = *mode;
  }
  // A7: the ONNX reference's CastLike-25 drops round_mode on the floor.
  if (request.op == Operator::kCastLike && *version == 25 && variants.a7 == Variants::RoundModeAt25::kIgnored) a.round_mode = CASTLIKE_ROUND_UP;
  return a;
}

CastLikeResult cast_like(const CastLikeRequest& request, const Variants& variants) {
  const auto attributes = resolve_attributes(request, variants);
  if (const auto* error = std::get_if<std::string>(&attributes)) return *error;
  const auto count_or_error = element_count(request.input.shape);
  if (const auto* error = std::get_if<std::string>(&count_or_error)) return *error;
  const size_t count = std::get<size_t>(count_or_error);

  const Tensor& in = request.input;
  const ElementType from = in.type, to = request.target;
  if (from == ElementType::kString) {
    if (in.strings.size() != count)
      return "input has " + std::to_string(in.strings.size()) + " strings, its shape needs " + std::to_string(count);
  } else {
    const auto bytes = storage_bytes(from, count);
    if (!bytes) return "the input's byte size overflows size_t";
    if (in.data.size() != *bytes)
      return "input data is " + std::to_string(in.data.size()) + " bytes, " + std::to_string(count) + " " +
             type_name(from) + " elements need " + std::to_string(*bytes);
  }

  CastLikeOutput out;
  out.output.type = to;
  out.output.shape = in.shape;
  if (to == ElementType::kString) out.output.strings.resize(count);
  else out.output.data.assign(*storage_bytes(to, count), 0);  // packed padding stays zero
  out.outcomes.reserve(count);
  out.rules.reserve(count);
  const Attributes& a = std::get<Attributes>(attributes);
  for (size_t i = 0; i < count; ++i) {
    const Element e = from == ElementType::kString ? Element::of_text(in.strings[i])
                                                   : Element::of_bits(load_bits(from, in.data.data(), i));
    Result r = convert_element(from, e, to, a, variants);
    if (to == ElementType::kString) out.output.strings[i] = std::move(r.value.text);
    else store_bits(to, out.output.data.data(), i, r.value.bits);
    out.outcomes.push_back(r.outcome);
    out.rules.push_back(r.rule);
  }
  return out;
}

}  // namespace castlike::ref
