// `castlike validate --builtin kernels`: the kernel library (optimized/) through its public C API
// castlike_cast_like (include/castlike/castlike.h), one call per vector file. Compiled only when the
// build has the castlike_optimized target (conformance/CMakeLists.txt).
#include <vector>

#include "castlike/castlike.h"
#include "castlike/packing.hpp"
#include "validator.hpp"

namespace castlike::conformance {
namespace {

class KernelsImplementation final : public Implementation {
 public:
  std::string name() const override { return std::string("kernels (") + castlike_isa_name(castlike_active_isa()) + ")"; }
  std::string description() const override {
    return "castlike kernel library " + std::to_string(CASTLIKE_VERSION_MAJOR) + "." +
           std::to_string(CASTLIKE_VERSION_MINOR) + "." + std::to_string(CASTLIKE_VERSION_PATCH) +
           ", castlike_cast_like, ISA " + castlike_isa_name(castlike_active_isa());
  }
  CaseOutput run(const VectorFile& file, size_t) override {
    const ref::CastLikeRequest r = file.request();
    const size_t count = file.input.size();
    std::vector<const char*> texts;
    for (const auto& s : r.input.strings) texts.push_back(s.c_str());
    castlike_tensor input{};
    input.type = static_cast<castlike_type>(file.from);
    input.shape = file.shape.data();
    input.rank = file.shape.size();
    if (file.from == ElementType::kString) {
      input.strings = texts.data();
    } else {
      input.data = r.input.data.data();
      input.data_bytes = r.input.data.size();
    }
    castlike_node_attributes attributes{};
    attributes.has_saturate = file.saturate.has_value();
    attributes.saturate = file.saturate.value_or(1);
    attributes.has_round_mode = file.round_mode.has_value();
    attributes.round_mode = file.round_mode ? file.round_mode->c_str() : nullptr;
    std::vector<uint8_t> data;
    struct Sink {
      std::vector<std::optional<std::string>> values;
    } sink;
    castlike_output output{};
    if (file.to == ElementType::kString) {
      sink.values.resize(count);
      output.sink = [](void* user, size_t index, const char* text, size_t length) -> int {
        auto* s = static_cast<Sink*>(user);
        if (index >= s->values.size()) return 1;
        s->values[index] = std::string(text, length);
        return 0;
      };
      output.sink_user_data = &sink;
    } else {
      data.assign(*storage_bytes(file.to, count), 0);
      output.data = data.data();
      output.capacity = data.size();
    }
    const castlike_status status =
        castlike_cast_like(&input, static_cast<castlike_type>(file.to), file.opset, &attributes, &output);
    CaseOutput out;
    if (status != CASTLIKE_OK) {
      out.status = CaseOutput::Status::kRejected;
      out.message = castlike_status_message(status);
      return out;
    }
    out.elements.resize(count);
    out.element_errors.assign(count, "");
    for (size_t i = 0; i < count; ++i) {
      if (file.to == ElementType::kString) {
        if (sink.values[i]) out.elements[i] = ref::Element::of_text(*sink.values[i]);
        else out.element_errors[i] = "castlike_cast_like did not produce this string";
      } else {
        out.elements[i] = ref::Element::of_bits(load_bits(file.to, data.data(), i));
      }
    }
    return out;
  }
};

}  // namespace

std::variant<std::unique_ptr<Implementation>, std::string> make_kernels_implementation() {
  return std::unique_ptr<Implementation>(std::make_unique<KernelsImplementation>());
}

}  // namespace castlike::conformance
