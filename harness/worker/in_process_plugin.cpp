// InProcessPlugin: the plug-in called directly, as `castlike validate --library` always did. Only
// the checks that need no protection are made (the call, UTF-8 of the texts).
#include <cstdio>
#include <cstring>
#include <cstdint>
#include <optional>
#include <stdexcept>

#include "call_checks.hpp"
#include "plugin.hpp"
#include "plugin_library.hpp"

namespace castlike::harness {

namespace {
uint8_t* align_up(uint8_t* p) {
  const auto address = reinterpret_cast<uintptr_t>(p);
  return p + (kPlacementAlignment - address % kPlacementAlignment) % kPlacementAlignment;
}
}  // namespace

struct InProcessPlugin::State {
  PluginLibrary library;
  std::string name;
};

InProcessPlugin::InProcessPlugin(std::unique_ptr<State> state) : state_(std::move(state)) {}
InProcessPlugin::~InProcessPlugin() = default;
const std::string& InProcessPlugin::name() const { return state_->name; }
uint32_t InProcessPlugin::capabilities() const { return state_->library.capabilities; }
const std::optional<DeclaredCoverage>& InProcessPlugin::coverage() const { return state_->library.coverage; }

std::variant<std::unique_ptr<InProcessPlugin>, std::string> InProcessPlugin::open(const std::string& path) {
  auto loaded = load_plugin_library(path);
  if (auto* e = std::get_if<std::string>(&loaded)) return std::move(*e);
  auto state = std::make_unique<State>();
  state->library = std::get<PluginLibrary>(std::move(loaded));
  state->name = printable(state->library.name);
  return std::unique_ptr<InProcessPlugin>(new InProcessPlugin(std::move(state)));
}

PluginOutcome InProcessPlugin::call(const PluginCall& call) {
  PluginOutcome out;
  const auto size = output_bytes(call);
  if (auto* e = std::get_if<std::string>(&size)) {
    out.message = *e;
    return out;
  }
  std::vector<const char*> texts;
  for (const auto& s : call.input_texts) texts.push_back(s.c_str());
  castlike_validator_request request{};
  request.opset = call.opset;
  request.from = static_cast<int32_t>(call.from);
  request.to = static_cast<int32_t>(call.to);
  request.saturate = call.saturate;
  request.round_mode = call.round_mode ? call.round_mode->c_str() : nullptr;
  request.count = call.count;
  request.input = call.from == ElementType::kString ? nullptr : call.input.data();
  // In a shape: both buffers misaligned from a boundary inside aligned storage; in place, one.
  std::vector<uint8_t> placed_input, placed_output;
  uint8_t* placed_data = nullptr;
  if (call.placement && call.from != ElementType::kString && call.to != ElementType::kString) {
    const auto& p = *call.placement;
    const size_t data_bytes = std::get<size_t>(size);
    const size_t in_bytes = call.input.size();
    placed_input.assign(in_bytes + 2 * kPlacementAlignment, 0);
    uint8_t* in = align_up(placed_input.data()) + p.input_misalignment % kPlacementAlignment;
    std::copy(call.input.begin(), call.input.end(), in);
    if (p.in_place) {
      placed_data = in;
      if (in_bytes < data_bytes) throw std::logic_error("in place with a wider output");
    } else {
      placed_output.assign(data_bytes + 2 * kPlacementAlignment, 0);
      placed_data = align_up(placed_output.data()) + p.output_misalignment % kPlacementAlignment;
    }
    request.input = in;
  }
  request.input_text = call.from == ElementType::kString ? texts.data() : nullptr;

  castlike_validator_output output{};
  if (call.to == ElementType::kString) {
    out.texts.resize(call.count);
    output.set_text = [](void* context, size_t index, const char* text, size_t length) -> int32_t {
      auto* sink = static_cast<std::vector<std::optional<std::string>>*>(context);
      if (index >= sink->size() || (text == nullptr && length != 0)) return -1;
      (*sink)[index] = std::string(text ? text : "", length);
      return 0;
    };
    output.context = &out.texts;
  } else {
    out.data.assign(std::get<size_t>(size), 0);
    output.data = placed_data ? placed_data : out.data.data();
    output.data_size = out.data.size();
    mark_neighbours(call, output.data);
  }
  char message[1024] = {};
  output.message = message;
  output.message_size = sizeof message;
  const castlike_validator_cast_like_fn run =
      call.op == Operator::kCast ? state_->library.cast : state_->library.cast_like;
  const castlike_validator_cast_at_fn run_at =
      call.op == Operator::kCast ? state_->library.cast_at : state_->library.cast_like_at;
  const bool phased = call.placement && call.placement->phased();
  if (phased && run && !run_at) {
    out.message = "bad call: an element phase, and the library takes none";
    return out;
  }
  if (!run) snprintf(message, sizeof message, "%s", kNoCastFunction);
  const castlike_validator_phases phases{phased ? call.placement->input_phase : 0,
                                         phased ? call.placement->output_phase : 0};
  const int32_t status = !run ? CASTLIKE_VALIDATOR_REJECTED
                         : phased ? run_at(&request, &output, &phases)
                                  : run(&request, &output);
  if (status != CASTLIKE_VALIDATOR_OK) {
    out.kind = PluginOutcome::Kind::kRejected;
    const std::string reason(message, strnlen(message, sizeof message));
    out.message = reason.empty() ? "rejected (status " + std::to_string(status) + ", no message)" : printable(reason);
    out.data.clear();
    out.texts.clear();
    return out;
  }
  out.kind = PluginOutcome::Kind::kOk;
  if (placed_data) std::copy(placed_data, placed_data + out.data.size(), out.data.begin());
  if (auto changed = check_neighbours(call, out.data.data())) {
    out.kind = PluginOutcome::Kind::kWroteOutsideBuffer;
    out.message = *changed;
    out.data.clear();
    return out;
  }
  check_output_texts(out);
  return out;
}

}  // namespace castlike::harness
