// A shared library with the plug-in ABI of include/castlike/validator_abi.h as an implementation:
// dlopen in this process, one castlike_validator_cast_like call per vector file. Only this file
// knows how the plug-in is reached (a later isolated worker process replaces its internals).
#include <dlfcn.h>

#include <filesystem>

#include "castlike/packing.hpp"
#include "castlike/validator_abi.h"
#include "implementation.hpp"

namespace castlike::conformance {
namespace {

namespace fs = std::filesystem;
using ref::Element;

class SharedLibraryImplementation final : public Implementation {
 public:
  void* handle = nullptr;
  std::string path, label;
  castlike_validator_cast_like_fn cast_like = nullptr;
  ~SharedLibraryImplementation() override {
    if (handle) dlclose(handle);
  }
  std::string name() const override { return label; }
  std::string description() const override { return label + ", shared library " + path; }
  CaseOutput run(const VectorFile& file, size_t) override {
    const ref::CastLikeRequest r = file.request();
    const size_t count = file.input.size();
    std::vector<const char*> texts;
    for (const auto& s : r.input.strings) texts.push_back(s.c_str());
    castlike_validator_request request{};
    request.opset = file.opset;
    request.from = static_cast<int32_t>(file.from);
    request.to = static_cast<int32_t>(file.to);
    request.saturate = file.saturate ? static_cast<int32_t>(*file.saturate) : -1;
    request.round_mode = file.round_mode ? file.round_mode->c_str() : nullptr;
    request.count = count;
    request.input = file.from == ElementType::kString ? nullptr : r.input.data.data();
    request.input_text = file.from == ElementType::kString ? texts.data() : nullptr;

    std::vector<uint8_t> data;
    struct TextSink {
      std::vector<std::optional<std::string>> values;
    } sink;
    castlike_validator_output output{};
    if (file.to == ElementType::kString) {
      sink.values.resize(count);
      output.set_text = [](void* context, size_t index, const char* text, size_t length) -> int32_t {
        auto* s = static_cast<TextSink*>(context);
        if (index >= s->values.size() || (text == nullptr && length != 0)) return -1;
        s->values[index] = std::string(text ? text : "", length);
        return 0;
      };
      output.context = &sink;
    } else {
      data.assign(*storage_bytes(file.to, count), 0);
      output.data = data.data();
      output.data_size = data.size();
    }
    char message[1024] = {};
    output.message = message;
    output.message_size = sizeof message;
    const int32_t status = cast_like(&request, &output);
    message[sizeof message - 1] = '\0';
    CaseOutput out;
    if (status != CASTLIKE_VALIDATOR_OK) {
      out.status = CaseOutput::Status::kRejected;
      out.message = message[0] ? message : "rejected (status " + std::to_string(status) + ", no message)";
      return out;
    }
    out.elements.resize(count);
    out.element_errors.assign(count, "");
    for (size_t i = 0; i < count; ++i) {
      if (file.to == ElementType::kString) {
        if (sink.values[i]) out.elements[i] = Element::of_text(*sink.values[i]);
        else out.element_errors[i] = "the library did not set this output string";
      } else {
        out.elements[i] = Element::of_bits(load_bits(file.to, data.data(), i));
      }
    }
    return out;
  }
};

}  // namespace

std::variant<std::unique_ptr<Implementation>, std::string> load_shared_library(const std::string& path) {
  auto impl = std::make_unique<SharedLibraryImplementation>();
  impl->path = path;
  // A bare file name would make dlopen search the library path: insist on a path.
  const std::string load_path = path.find('/') == std::string::npos ? "./" + path : path;
  impl->handle = dlopen(load_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!impl->handle) {
    const char* e = dlerror();
    return path + ": cannot load the shared library: " + (e ? e : "unknown dlopen error");
  }
  const auto symbol = [&](const char* name) { return dlsym(impl->handle, name); };
  auto version = reinterpret_cast<castlike_validator_abi_version_fn>(symbol("castlike_validator_abi_version"));
  auto name = reinterpret_cast<castlike_validator_name_fn>(symbol("castlike_validator_name"));
  impl->cast_like = reinterpret_cast<castlike_validator_cast_like_fn>(symbol("castlike_validator_cast_like"));
  if (!version || !name || !impl->cast_like)
    return path + ": not a castlike validator plug-in: it must export castlike_validator_abi_version, "
                  "castlike_validator_name and castlike_validator_cast_like (include/castlike/validator_abi.h)";
  const int32_t v = version();
  if (v != CASTLIKE_VALIDATOR_ABI_VERSION)
    return path + ": plug-in ABI version " + std::to_string(v) + ", this validator speaks " +
           std::to_string(CASTLIKE_VALIDATOR_ABI_VERSION);
  const char* label = name();
  impl->label = label && *label ? label : fs::path(path).filename().string();
  return std::unique_ptr<Implementation>(std::move(impl));
}

}  // namespace castlike::conformance
