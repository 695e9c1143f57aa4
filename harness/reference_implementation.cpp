// The exact reference as an implementation: ref::cast_like on the file's tensor, under a profile
// and variant switches (`castlike validate --builtin reference`, `castlike report`).
#include "castlike/packing.hpp"
#include "implementation.hpp"
#include "reference/cast_like.hpp"

namespace castlike::conformance {
namespace {

using ref::Element;

std::vector<std::optional<Element>> unpack(ElementType to, const ref::Tensor& t, size_t count) {
  std::vector<std::optional<Element>> out;
  out.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    if (to == ElementType::kString) out.push_back(Element::of_text(t.strings[i]));
    else out.push_back(Element::of_bits(load_bits(to, t.data.data(), i)));
  }
  return out;
}

class ReferenceImplementation final : public Implementation {
 public:
  ReferenceImplementation(const ref::Variants& v, std::string label) : variants_(v), label_(std::move(label)) {}
  std::string name() const override { return label_; }
  std::string description() const override {
    const std::string v = ref::describe_variants(variants_);
    return "castlike exact reference (" + (v.empty() ? std::string("default profile") : "variants " + v) + ")";
  }
  CaseOutput run(const VectorFile& file, size_t) override {
    CaseOutput out;
    const auto r = ref::cast_like(file.request(), variants_);
    if (const auto* error = std::get_if<std::string>(&r)) {
      out.status = CaseOutput::Status::kRejected;
      out.message = *error;
      return out;
    }
    out.elements = unpack(file.to, std::get<ref::CastLikeOutput>(r).output, file.input.size());
    out.element_errors.assign(out.elements.size(), "");
    return out;
  }

 private:
  ref::Variants variants_;
  std::string label_;
};

}  // namespace

std::unique_ptr<Implementation> make_reference_implementation(const ref::Variants& variants, const std::string& label) {
  return std::make_unique<ReferenceImplementation>(variants, label);
}

}  // namespace castlike::conformance
