// The exact reference judged on every input of sources of at most 16 bits (under a profile or
// variants, whose differences the readings then name). 32-bit sources are refused: the reference
// converts a few million elements per second, so 2^32 inputs would take about half an hour each,
// and their maps already are the reference's answer.
#include "castlike/packing.hpp"
#include "sources.hpp"
#include "structured_inputs.hpp"

namespace castlike::exhaustive {
namespace {

class ReferenceBatches final : public BatchImplementation {
 public:
  ReferenceBatches(const ref::Variants& v, std::string label) : variants_(v), label_(std::move(label)) {}
  std::string name() const override { return label_; }
  std::string description() const override {
    return "castlike reference (exact rationals), " + ref::describe_variants(variants_);
  }
  std::optional<std::string> refuses(const Configuration& c) const override {
    if (has_structured_set(c.from))
      return "the reference is not judged on a structured set (its expectations are the reference's own answers)";
    if (info(c.from).bits <= 16) return std::nullopt;
    return "the reference is judged exhaustively on sources of <= 16 bits only (2^32 exact conversions take "
           "too long; the map of this configuration is the reference's answer)";
  }
  BatchStatus convert(unsigned, const Call& call, uint64_t a, uint64_t b, const uint8_t*, uint8_t* out) override {
    const Configuration& c = call.config;
    ref::Attributes attributes = c.attributes;
    // A7: CastLike-25 ignoring round_mode, as ref::resolve_attributes applies it.
    if (call.op == Operator::kCastLike && castlike_version_for_opset(call.opset) == 25 &&
        variants_.a7 == ref::Variants::RoundModeAt25::kIgnored)
      attributes.round_mode = CASTLIKE_ROUND_UP;
    for (uint64_t x = a; x < b; ++x) {
      const ref::Result r = ref::convert_element(c.from, ref::Element::of_bits(x), c.to, attributes, variants_);
      store_bits(c.to, out, static_cast<size_t>(x - a), r.value.bits);
    }
    return {};
  }
  bool needs_inputs() const override { return false; }

 private:
  ref::Variants variants_;
  std::string label_;
};

}  // namespace

std::unique_ptr<BatchImplementation> make_reference_batches(const ref::Variants& variants, const std::string& label) {
  return std::make_unique<ReferenceBatches>(variants, label);
}

}  // namespace castlike::exhaustive
