#include "implementation.hpp"

#include "castlike/packing.hpp"
#include "reference/cast_like.hpp"

namespace castlike::cli {

std::string ReferenceImplementation::description() const {
  const std::string changed = ref::describe_variants(variants_);
  return "the exact reference (Boost.Multiprecision), operator level" +
         (changed.empty() ? std::string() : ", variants " + changed);
}

ConvertResult ReferenceImplementation::convert(ElementType from, ElementType to, const CallAttributes& attributes,
                                               const std::vector<ref::Element>& elements) const {
  ref::CastLikeRequest request;
  request.input.type = from;
  request.input.shape = {static_cast<int64_t>(elements.size())};
  request.target = to;
  request.opset = attributes.opset;
  request.saturate = attributes.saturate;
  request.round_mode = attributes.round_mode;
  if (from == ElementType::kString) {
    for (const ref::Element& e : elements) request.input.strings.push_back(e.text);
  } else {
    const auto bytes = storage_bytes(from, elements.size());
    if (!bytes) return std::string("input too large");
    request.input.data.assign(*bytes, 0);
    for (size_t i = 0; i < elements.size(); ++i)
      store_bits(from, request.input.data.data(), i, elements[i].bits & bit_mask(from));
  }
  const ref::CastLikeResult result = ref::cast_like(request, variants_);
  if (const auto* error = std::get_if<std::string>(&result)) return *error;
  const ref::Tensor& out = std::get<ref::CastLikeOutput>(result).output;
  std::vector<ref::Element> values;
  values.reserve(elements.size());
  for (size_t i = 0; i < elements.size(); ++i) {
    if (to == ElementType::kString) values.push_back(ref::Element::of_text(out.strings[i]));
    else values.push_back(ref::Element::of_bits(load_bits(to, out.data.data(), i)));
  }
  return values;
}

std::vector<std::unique_ptr<Implementation>> builtin_implementations(const ref::Variants& variants) {
  std::vector<std::unique_ptr<Implementation>> out;
  out.push_back(std::make_unique<ReferenceImplementation>(variants));
  // The kernel library (issue 3) joins here: an adapter around its C API, e.g.
  //   out.push_back(std::make_unique<KernelImplementation>());
  return out;
}

}  // namespace castlike::cli
