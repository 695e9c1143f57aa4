// The kernel library (optimized/) as an implementation, through its public C++ API:
// castlike::cast_like (include/castlike/castlike.hpp) on the file's tensor, one call per vector
// file, optionally at a forced ISA level.
#include "castlike/castlike.hpp"
#include "castlike/packing.hpp"
#include "implementation.hpp"

namespace castlike::conformance {
namespace {

class KernelImplementation final : public Implementation {
 public:
  explicit KernelImplementation(std::optional<castlike_isa> forced) : forced_(forced) {}

  // A forced level names itself ("kernels-avx2"), so that the levels of one report stay apart;
  // the dispatched one says which level it ran on.
  std::string name() const override {
    if (forced_) return std::string("kernels-") + castlike_isa_name(*forced_);
    return std::string("kernels (") + castlike_isa_name(castlike::active_isa()) + ")";
  }
  std::string description() const override {
    return "castlike kernel library " + std::to_string(CASTLIKE_VERSION_MAJOR) + "." +
           std::to_string(CASTLIKE_VERSION_MINOR) + "." + std::to_string(CASTLIKE_VERSION_PATCH) +
           ", castlike::cast_like, ISA " + castlike_isa_name(forced_ ? *forced_ : castlike::active_isa()) +
           (forced_ ? " (forced)" : "");
  }

  CaseOutput run(const VectorFile& file, size_t) override {
    const ref::CastLikeRequest request = file.request();
    castlike::Tensor input;
    input.type = static_cast<castlike_type>(file.from);
    input.shape = request.input.shape;
    input.data = request.input.data;
    input.strings = request.input.strings;
    castlike::NodeAttributes attributes{file.saturate, file.round_mode};
    castlike::Tensor output;
    CaseOutput out;
    const castlike_isa previous = castlike::active_isa();
    if (forced_ && castlike::force_isa(*forced_) != CASTLIKE_OK) {
      out.status = CaseOutput::Status::kRejected;
      out.message = std::string("ISA level ") + castlike_isa_name(*forced_) + " not available";
      return out;
    }
    const auto node = file.op == Operator::kCast ? &castlike::cast : &castlike::cast_like;
    const castlike_status status = node(input, static_cast<castlike_type>(file.to), file.opset, attributes, output);
    if (forced_) castlike::force_isa(previous);
    if (status != CASTLIKE_OK) {
      out.status = CaseOutput::Status::kRejected;
      out.message = castlike::status_message(status);
      return out;
    }
    const size_t count = file.input.size();
    out.elements.resize(count);
    out.element_errors.assign(count, "");
    for (size_t i = 0; i < count; ++i) {
      if (file.to == ElementType::kString) {
        if (i < output.strings.size()) out.elements[i] = ref::Element::of_text(output.strings[i]);
        else out.element_errors[i] = "castlike::cast_like did not produce this string";
      } else if (storage_bytes(file.to, i + 1).value_or(SIZE_MAX) <= output.data.size()) {
        out.elements[i] = ref::Element::of_bits(load_bits(file.to, output.data.data(), i));
      } else {
        out.element_errors[i] = "castlike::cast_like returned a shorter tensor";
      }
    }
    return out;
  }

 private:
  std::optional<castlike_isa> forced_;
};

}  // namespace

LoadedImplementation make_kernels_implementation(std::optional<castlike_isa> forced) {
  if (forced && !castlike_isa_available(*forced))
    return std::string("ISA level ") + castlike_isa_name(*forced) + " is not available on this machine or build";
  return std::unique_ptr<Implementation>(std::make_unique<KernelImplementation>(forced));
}

}  // namespace castlike::conformance
