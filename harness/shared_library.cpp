// A shared library with the plug-in ABI of include/castlike/validator_abi.h as an implementation:
// one castlike_validator_cast_like (or, for a Cast file, castlike_validator_cast) call per vector file, through harness/worker/ (docs/isolation.md).
// By default the plug-in runs in a worker process, so that a crash, hang, exit or stray write is
// the reported failure of the one case that caused it; `in_process` calls it directly (trusted
// plug-ins). Only this file knows how the plug-in is reached.
#include <filesystem>

#include "call_checks.hpp"
#include "castlike/packing.hpp"
#include "implementation.hpp"

namespace castlike::conformance {
namespace {

namespace fs = std::filesystem;
using harness::PluginOutcome;
using ref::Element;

class SharedLibraryImplementation final : public Implementation {
 public:
  std::unique_ptr<harness::Plugin> plugin;
  std::string path, label;
  bool in_process = false;
  std::string name() const override { return label; }
  std::string description() const override {
    return label + ", shared library " + harness::printable(path) +
           (in_process ? " (in-process)" : " (isolated in a worker process)");
  }
  CaseOutput run(const VectorFile& file, size_t) override {
    const ref::CastLikeRequest r = file.request();
    const size_t count = file.input.size();
    harness::PluginCall call;
    call.op = file.op;
    call.opset = file.opset;
    call.from = file.from;
    call.to = file.to;
    call.saturate = file.saturate ? static_cast<int32_t>(*file.saturate) : -1;
    call.round_mode = file.round_mode;
    call.count = count;
    call.input = r.input.data;
    call.input_texts = r.input.strings;
    const PluginOutcome outcome = plugin->call(call);

    CaseOutput out;
    if (outcome.kind == PluginOutcome::Kind::kRejected) {
      out.status = CaseOutput::Status::kRejected;
      out.message = outcome.message;
      return out;
    }
    if (!outcome.ok()) {
      // The call itself failed (crash, hang, exit, stray write, invalid texts, lost worker): a
      // failure of the case, never a rejection.
      out.status = CaseOutput::Status::kCallFailed;
      out.message = outcome.message;
      out.failure_kind = std::string(harness::outcome_kind_name(outcome.kind));
      return out;
    }
    out.elements.resize(count);
    out.element_errors.assign(count, "");
    for (size_t i = 0; i < count; ++i) {
      if (file.to == ElementType::kString) {
        if (outcome.texts[i]) out.elements[i] = Element::of_text(*outcome.texts[i]);
        else out.element_errors[i] = "the library did not set this output string";
      } else {
        out.elements[i] = Element::of_bits(load_bits(file.to, outcome.data.data(), i));
      }
    }
    return out;
  }
};

}  // namespace

LoadedImplementation load_shared_library(const std::string& path, const SharedLibraryOptions& options) {
  auto impl = std::make_unique<SharedLibraryImplementation>();
  impl->path = path;
  impl->in_process = options.in_process;
  const auto opened = [&](auto&& result) -> std::optional<std::string> {
    if (auto* e = std::get_if<std::string>(&result)) return harness::printable(*e);  // it names the path
    impl->plugin = std::move(std::get<0>(result));
    return std::nullopt;
  };
  const auto error = options.in_process ? opened(harness::InProcessPlugin::open(path))
                                        : opened(harness::IsolatedPlugin::open(path, options.isolation));
  if (error) return *error;
  const std::string& label = impl->plugin->name();
  impl->label = !label.empty() ? label : harness::printable(fs::path(path).filename().string());
  return std::unique_ptr<Implementation>(std::move(impl));
}

}  // namespace castlike::conformance
