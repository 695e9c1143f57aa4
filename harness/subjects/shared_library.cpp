// A shared library with the plug-in ABI of include/castlike/validator_abi.h as an implementation:
// one castlike_validator_cast_like (or, for a Cast call, castlike_validator_cast) call per vector
// file or per batch of every input, through harness/worker/ (docs/isolation.md). By default the
// plug-in runs in a worker process, so that a crash, hang, exit or stray write is the reported
// failure of the one case or batch that caused it; on every input each job has its own worker, so
// jobs run in parallel, and the next batch of a job whose worker was lost starts a fresh one.
// `in_process` calls the plug-in directly (trusted plug-ins), one call at a time as the ABI
// promises it. Only this file knows how the plug-in is reached.
#include <filesystem>
#include <mutex>

#include "castlike/packing.hpp"
#include "castlike/validator_abi.h"
#include "subjects/implementation.hpp"
#include "formats/printable.hpp"

namespace castlike::harness {
namespace {

namespace fs = std::filesystem;
using exhaustive::BatchStatus;
using harness::PluginOutcome;
using ref::Element;

class SharedLibraryImplementation final : public Implementation {
 public:
  std::string path, label;
  SharedLibraryOptions options;
  std::vector<std::unique_ptr<harness::Plugin>> plugins;  // one per slot; [0] opened up front
  std::mutex open_mutex;

  std::string name() const override { return label; }
  std::string description() const override {
    return label + ", shared library " + harness::printable(path) +
           (options.in_process ? " (in-process)"
                               : " (isolated in a worker process per job; sandbox: " + plugins[0]->confinement() + ")");
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
    const PluginOutcome outcome = plugins[0]->call(call);

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

  unsigned max_jobs() const override { return options.in_process ? 1 : 0; }
  std::optional<DeclaredCoverage> coverage() const override { return plugins[0]->coverage(); }

  harness::Plugin& plugin(unsigned slot) {
    std::lock_guard<std::mutex> lock(open_mutex);
    if (plugins.size() <= slot) plugins.resize(slot + 1);
    if (!plugins[slot]) {
      auto opened = harness::IsolatedPlugin::open(path, options.isolation);
      // It opened once already: failing now is a failure of the environment (e.g. out of memory).
      if (auto* e = std::get_if<std::string>(&opened))
        throw exhaustive::InputError{harness::printable(*e), "run with --jobs 1"};
      plugins[slot] = std::move(std::get<0>(opened));
    }
    return *plugins[slot];
  }

  BatchStatus convert(unsigned slot, const exhaustive::Call& call, uint64_t a, uint64_t b, const uint8_t* input,
                      uint8_t* out) override {
    return call_plugin(slot, call, a, b, input, out, std::nullopt);
  }

  ShapeCapabilities shape_capabilities() const override {
    const uint32_t flags = plugins[0]->capabilities();
    return {(flags & CASTLIKE_VALIDATOR_CAN_IN_PLACE) != 0, (flags & CASTLIKE_VALIDATOR_CAN_ELEMENT_PHASES) != 0};
  }
  // The plug-in's buffers are its own (the worker's shared memory, or the in-process copies): the
  // shape's misalignment, aliasing and element phases travel with the call (`input` and `out`
  // point at the packing groups that hold the first elements).
  BatchStatus convert_in_shape(unsigned slot, const exhaustive::Call& call, uint64_t a, uint64_t b,
                               const uint8_t* input, uint8_t* out, const CallShape& shape) override {
    harness::PluginCall::Placement placement;
    placement.input_misalignment = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(input) % kPlacementAlignment);
    placement.output_misalignment = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(out) % kPlacementAlignment);
    placement.in_place = input == out;
    if (call.config.from != ElementType::kString)
      placement.input_phase = static_cast<uint32_t>(element_start(call.config.from, shape.input_offset).phase);
    if (call.config.to != ElementType::kString)
      placement.output_phase = static_cast<uint32_t>(element_start(call.config.to, shape.output_offset).phase);
    return call_plugin(slot, call, a, b, input, out, placement);
  }

  BatchStatus call_plugin(unsigned slot, const exhaustive::Call& call, uint64_t a, uint64_t b, const uint8_t* input,
                          uint8_t* out, const std::optional<harness::PluginCall::Placement>& placement) {
    const size_t n = static_cast<size_t>(b - a);
    harness::PluginCall c;
    c.placement = placement;
    c.op = call.op;
    c.opset = call.opset;
    c.from = call.config.from;
    c.to = call.config.to;
    c.saturate = call.saturate ? static_cast<int32_t>(*call.saturate) : -1;
    c.round_mode = call.round_mode;
    c.count = n;
    std::vector<std::string> texts;  // STRING: the input holds text pointers (engine.hpp, input_patterns)
    if (c.from == ElementType::kString) {
      const auto* pointers = reinterpret_cast<const char* const*>(input);
      texts.assign(pointers, pointers + n);
      c.input_texts = texts;
    } else {
      const size_t phase = placement ? placement->input_phase : 0;
      c.input = std::span<const uint8_t>(input, *storage_bytes(c.from, phase + n));
    }
    const PluginOutcome outcome = plugin(slot).call(c);
    if (outcome.kind == PluginOutcome::Kind::kRejected) return {BatchStatus::Kind::kRejected, "", outcome.message};
    if (!outcome.ok())
      return {BatchStatus::Kind::kCallFailed, std::string(harness::outcome_kind_name(outcome.kind)), outcome.message};
    std::copy(outcome.data.begin(), outcome.data.end(), out);
    return {};
  }
};

}  // namespace

LoadedImplementation load_shared_library(const std::string& path, const SharedLibraryOptions& options) {
  auto impl = std::make_unique<SharedLibraryImplementation>();
  impl->path = path;
  impl->options = options;
  const auto opened = [&](auto&& result) -> std::optional<std::string> {
    if (auto* e = std::get_if<std::string>(&result)) return harness::printable(*e);  // it names the path
    impl->plugins.push_back(std::move(std::get<0>(result)));
    return std::nullopt;
  };
  const auto error = options.in_process ? opened(harness::InProcessPlugin::open(path))
                                        : opened(harness::IsolatedPlugin::open(path, options.isolation));
  if (error) return *error;
  const std::string& label = impl->plugins[0]->name();
  impl->label = !label.empty() ? label : harness::printable(fs::path(path).filename().string());
  return std::unique_ptr<Implementation>(std::move(impl));
}

}  // namespace castlike::harness
