// The kernel library (optimized/) judged in-process through its C API, one castlike_convert call
// per batch; any number of threads (the library is thread-safe).
#include "castlike/castlike.h"
#include "sources.hpp"

namespace castlike::exhaustive {
namespace {

class KernelBatches final : public BatchImplementation {
 public:
  explicit KernelBatches(bool forced) : forced_(forced) {}
  std::string name() const override {
    const std::string level = castlike_isa_name(castlike_active_isa());
    return forced_ ? "kernels-" + level : "kernels (" + level + ")";
  }
  std::string description() const override {
    return "castlike kernel library " + std::to_string(CASTLIKE_VERSION_MAJOR) + "." +
           std::to_string(CASTLIKE_VERSION_MINOR) + "." + std::to_string(CASTLIKE_VERSION_PATCH) +
           ", castlike_convert, ISA " + castlike_isa_name(castlike_active_isa()) + (forced_ ? " (forced)" : "");
  }
  bool needs_zeroed_output() const override { return false; }  // castlike_convert writes every output byte
  BatchStatus convert(unsigned, const Call& call, uint64_t a, uint64_t b, const uint8_t* input, uint8_t* out) override {
    castlike_attributes attributes;
    attributes.saturate = call.config.attributes.saturate ? 1 : 0;
    attributes.round_mode = call.config.attributes.round_mode;
    // Texts go through the library's STRING entry point (input: NUL-terminated text pointers).
    const castlike_status st =
        call.config.from == ElementType::kString
            ? castlike_convert_from_strings(reinterpret_cast<const char* const*>(input), nullptr,
                                            static_cast<size_t>(b - a), static_cast<castlike_type>(call.config.to),
                                            out, 0, &attributes)
            : castlike_convert(static_cast<castlike_type>(call.config.from), input, 0,
                                                static_cast<castlike_type>(call.config.to), out, 0,
                                                static_cast<size_t>(b - a), &attributes);
    if (st == CASTLIKE_OK) return {};
    return {BatchStatus::Kind::kRejected, "", castlike_status_message(st)};
  }

 private:
  bool forced_;
};

}  // namespace

LoadedBatchImplementation make_kernels_batches(std::optional<castlike_isa> forced) {
  if (forced && castlike_force_isa(*forced) != CASTLIKE_OK) {
    std::string available;
    for (castlike_isa isa : {CASTLIKE_ISA_SCALAR, CASTLIKE_ISA_AVX2, CASTLIKE_ISA_AVX512, CASTLIKE_ISA_NEON})
      if (castlike_isa_available(isa)) available += std::string(available.empty() ? "" : ", ") + castlike_isa_name(isa);
    return std::string("ISA level ") + castlike_isa_name(*forced) + " is not available on this machine or build " +
           "(available: " + available + ")";
  }
  return std::unique_ptr<BatchImplementation>(std::make_unique<KernelBatches>(forced.has_value()));
}

}  // namespace castlike::exhaustive
