#include "implementation.hpp"

#include "castlike/castlike.h"
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

namespace {

// The kernel library through its public C API (castlike_cast_like), at one ISA level. The level
// is forced for the call and the previous one restored, so each level is judged on its own.
class KernelImplementation final : public Implementation {
 public:
  explicit KernelImplementation(castlike_isa isa) : isa_(isa) {}
  std::string name() const override { return std::string("kernels-") + castlike_isa_name(isa_); }
  std::string description() const override {
    return std::string("the kernel library (optimized/), castlike_cast_like forced to ") + castlike_isa_name(isa_);
  }
  ConvertResult convert(ElementType from, ElementType to, const CallAttributes& attributes,
                        const std::vector<ref::Element>& elements) const override {
    const int64_t shape[1] = {static_cast<int64_t>(elements.size())};
    castlike_tensor input{};
    input.type = static_cast<castlike_type>(from);
    input.shape = shape;
    input.rank = 1;
    std::vector<uint8_t> data;
    std::vector<const char*> texts;
    std::vector<size_t> lengths;
    if (from == ElementType::kString) {
      for (const ref::Element& e : elements) {
        texts.push_back(e.text.data());
        lengths.push_back(e.text.size());
      }
      input.strings = texts.data();
      input.string_lengths = lengths.data();
    } else {
      const auto bytes = storage_bytes(from, elements.size());
      if (!bytes) return std::string("input too large");
      data.assign(*bytes, 0);
      for (size_t i = 0; i < elements.size(); ++i) store_bits(from, data.data(), i, elements[i].bits & bit_mask(from));
      input.data = data.data();
      input.data_bytes = data.size();
    }
    castlike_node_attributes node{};
    if (attributes.saturate) {
      node.has_saturate = 1;
      node.saturate = *attributes.saturate;
    }
    if (attributes.round_mode) {
      node.has_round_mode = 1;
      node.round_mode = attributes.round_mode->c_str();
    }
    std::vector<ref::Element> values(elements.size());
    std::vector<uint8_t> out_bytes;
    castlike_output output{};
    if (to == ElementType::kString) {
      output.sink = [](void* user, size_t index, const char* text, size_t length) {
        auto* v = static_cast<std::vector<ref::Element>*>(user);
        if (index >= v->size()) return 1;
        (*v)[index].text.assign(text, length);
        return 0;
      };
      output.sink_user_data = &values;
    } else {
      out_bytes.assign(storage_bytes(to, elements.size()).value_or(0), 0);
      output.data = out_bytes.data();
      output.capacity = out_bytes.size();
    }
    const castlike_isa previous = castlike_active_isa();
    if (castlike_force_isa(isa_) != CASTLIKE_OK) return std::string("ISA level not available");
    const castlike_status status = castlike_cast_like(&input, static_cast<castlike_type>(to), attributes.opset, &node, &output);
    castlike_force_isa(previous);
    if (status != CASTLIKE_OK) return std::string(castlike_status_message(status));
    if (to != ElementType::kString)
      for (size_t i = 0; i < elements.size(); ++i) values[i] = ref::Element::of_bits(load_bits(to, out_bytes.data(), i));
    return values;
  }

 private:
  castlike_isa isa_;
};

}  // namespace

std::vector<std::unique_ptr<Implementation>> builtin_implementations(const ref::Variants& variants) {
  std::vector<std::unique_ptr<Implementation>> out;
  out.push_back(std::make_unique<ReferenceImplementation>(variants));
  // The kernel library at every ISA level this CPU and build have (it follows the default profile).
  if (variants == ref::Variants{}) {
    for (castlike_isa isa : {CASTLIKE_ISA_SCALAR, CASTLIKE_ISA_AVX2, CASTLIKE_ISA_AVX512, CASTLIKE_ISA_NEON})
      if (castlike_isa_available(isa)) out.push_back(std::make_unique<KernelImplementation>(isa));
  }
  return out;
}

}  // namespace castlike::cli
