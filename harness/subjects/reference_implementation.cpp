// The exact reference as an implementation, under a profile and variant switches: ref::cast_like
// on a vector file's tensor (`castlike validate --builtin reference`, `castlike report`), and
// ref::convert_element on every input of sources of at most 16 bits (`castlike validate
// --exhaustive --builtin reference`), whose differences from the maps the readings then name.
// 32-bit sources are refused there: the reference converts a few million elements per second, so
// 2^32 inputs would take about half an hour each, and their maps already are the reference's answer.
#include "castlike/packing.hpp"
#include "maps/structured_inputs.hpp"
#include "subjects/implementation.hpp"
#include "reference/cast_like.hpp"

namespace castlike::harness {
namespace {

using exhaustive::BatchStatus;
using exhaustive::Call;
using exhaustive::Configuration;
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

  std::optional<std::string> refuses(const Configuration& c) const override {
    if (exhaustive::has_structured_set(c.from))
      return "the reference is not judged on a structured set (its expectations are the reference's own answers)";
    if (info(c.from).bits <= 16) return std::nullopt;
    return "the reference is judged exhaustively on sources of <= 16 bits only (2^32 exact conversions take "
           "too long; the map of this configuration is the reference's answer)";
  }
  bool needs_inputs() const override { return false; }
  BatchStatus convert(unsigned, const Call& call, uint64_t a, uint64_t b, const uint8_t*, uint8_t* out) override {
    const Configuration& c = call.config;
    ref::Attributes attributes = c.attributes;
    // A7: CastLike-25 ignoring round_mode, as ref::resolve_attributes applies it.
    if (call.op == Operator::kCastLike && castlike_version_for_opset(call.opset) == 25 &&
        variants_.a7 == ref::Variants::RoundModeAt25::kIgnored)
      attributes.round_mode = CASTLIKE_ROUND_UP;
    for (uint64_t x = a; x < b; ++x) {
      const ref::Result r = ref::convert_element(c.from, Element::of_bits(x), c.to, attributes, variants_);
      store_bits(c.to, out, static_cast<size_t>(x - a), r.value.bits);
    }
    return {};
  }

 private:
  ref::Variants variants_;
  std::string label_;
};

}  // namespace

std::unique_ptr<Implementation> make_reference_implementation(const ref::Variants& variants, const std::string& label) {
  return std::make_unique<ReferenceImplementation>(variants, label);
}

}  // namespace castlike::harness
