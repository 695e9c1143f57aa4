// The kernel library (optimized/) as an implementation, through its public API: castlike::cast_like
// (include/castlike/castlike.hpp) on a vector file's tensor, one call per file; castlike_convert
// (castlike.h) on a batch of every input, from any number of threads (the library is
// thread-safe). At the dispatched level or at a forced one.
#include "castlike/isa_levels.hpp"
#include "castlike/castlike.hpp"
#include "castlike/packing.hpp"
#include "subjects/implementation.hpp"

namespace castlike::harness {
namespace {

using exhaustive::BatchStatus;
using exhaustive::Call;

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
           ", public API, ISA " +
           castlike_isa_name(forced_ ? *forced_ : castlike::active_isa()) + (forced_ ? " (forced)" : "");
  }

  // The level is the process's: a vector file's call forces it and restores the previous one, so
  // that the levels of one report (each its own implementation) run one after the other.
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

  // Every-input runs call convert() from several threads at once, so the level cannot be forced
  // and restored around each batch: it is forced once, before the first batch, for the run.
  void expect_inputs(const std::vector<Call>&, const std::vector<uint64_t>&) override {
    if (forced_) castlike::force_isa(*forced_);  // available: checked when made
  }
  bool needs_zeroed_output() const override { return false; }  // castlike_convert writes every output byte
  // castlike_convert reads its source as if before any write (castlike.h): output may alias input;
  // it takes element offsets (src_offset, dst_offset): a call may start at any element phase
  // inside a byte of the packed types.
  ShapeCapabilities shape_capabilities() const override { return {true, true}; }
  BatchStatus convert(unsigned, const Call& call, uint64_t a, uint64_t b, const uint8_t* input, uint8_t* out) override {
    return convert_at(call, static_cast<size_t>(b - a), input, 0, out, 0);
  }
  // `input` and `out` point at the byte that starts the packing group of the shape's first
  // element (harness::element_start); the phases say which element of the group it is.
  BatchStatus convert_in_shape(unsigned, const Call& call, uint64_t a, uint64_t b, const uint8_t* input, uint8_t* out,
                               const CallShape& shape) override {
    const bool text = call.config.from == ElementType::kString;
    return convert_at(call, static_cast<size_t>(b - a), input,
                      text ? 0 : harness::element_start(call.config.from, shape.input_offset).phase, out,
                      harness::element_start(call.config.to, shape.output_offset).phase);
  }

 private:
  BatchStatus convert_at(const Call& call, size_t n, const uint8_t* input, size_t in_phase, uint8_t* out,
                         size_t out_phase) {
    castlike_attributes attributes;
    attributes.saturate = call.config.attributes.saturate ? 1 : 0;
    attributes.round_mode = call.config.attributes.round_mode;
    // Texts go through the library's STRING entry point (input: NUL-terminated text pointers).
    const castlike_status st =
        call.config.from == ElementType::kString
            ? castlike_convert_from_strings(reinterpret_cast<const char* const*>(input), nullptr, n,
                                            static_cast<castlike_type>(call.config.to), out, out_phase, &attributes)
            : castlike_convert(static_cast<castlike_type>(call.config.from), input, in_phase,
                               static_cast<castlike_type>(call.config.to), out, out_phase, n, &attributes);
    if (st == CASTLIKE_OK) return {};
    return {BatchStatus::Kind::kRejected, "", castlike_status_message(st)};
  }

  std::optional<castlike_isa> forced_;
};

}  // namespace

LoadedImplementation make_kernels_implementation(std::optional<castlike_isa> forced) {
  if (forced && !castlike_isa_available(*forced)) {
    std::string available;
    for (castlike_isa isa : kIsaLevels)
      if (castlike_isa_available(isa)) available += std::string(available.empty() ? "" : ", ") + castlike_isa_name(isa);
    return std::string("ISA level ") + castlike_isa_name(*forced) + " is not available on this machine or build " +
           "(available: " + available + ")";
  }
  return std::unique_ptr<Implementation>(std::make_unique<KernelImplementation>(forced));
}

}  // namespace castlike::harness
