#include "call_checks.hpp"

#include <cstdio>

#include "castlike/packing.hpp"

namespace castlike::harness {

std::string_view outcome_kind_name(PluginOutcome::Kind kind) {
  using K = PluginOutcome::Kind;
  switch (kind) {
    case K::kOk: return "ok";
    case K::kRejected: return "rejected";
    case K::kCrashed: return "crashed";
    case K::kTimedOut: return "timed out";
    case K::kExited: return "exited";
    case K::kOutOfMemory: return "out of memory";
    case K::kWroteOutsideBuffer: return "wrote outside its buffer";
    case K::kForbiddenCall: return "forbidden system call";
    case K::kInvalidOutput: return "invalid output";
    case K::kWorkerError: return "worker error";
  }
  return "unknown";
}

std::variant<size_t, std::string> output_bytes(const PluginCall& call) {
  if (!find_type(static_cast<int32_t>(call.from)) || !find_type(static_cast<int32_t>(call.to)))
    return std::string("bad call: unknown element type");
  const PluginCall::Placement placed = call.placement.value_or(PluginCall::Placement{});
  // A phase is an element of the side's first packing group (0 where a group is one element, and
  // for STRING).
  const auto phases = [](ElementType t) { return info(t).bits == 0 ? 1u : packing_group(t).elements; };
  if (placed.input_phase >= phases(call.from) || placed.output_phase >= phases(call.to))
    return std::string("bad call: an element phase past its packing group");
  if (placed.phased() && placed.in_place) return std::string("bad call: in place with an element phase");
  if (call.from == ElementType::kString) {
    if (call.input_texts.size() != call.count)
      return "bad call: " + std::to_string(call.input_texts.size()) + " input texts for " +
             std::to_string(call.count) + " elements";
  } else {
    const auto need = storage_bytes(call.from, placed.input_phase + call.count);
    if (!need || *need != call.input.size())
      return "bad call: " + std::to_string(call.input.size()) + " input bytes for " + std::to_string(call.count) +
             " elements of " + std::string(info(call.from).name);
  }
  if (call.to == ElementType::kString) return size_t{0};
  const auto out = storage_bytes(call.to, placed.output_phase + call.count);
  if (!out) return std::string("bad call: output size overflows");
  return *out;
}

namespace {

// The element slots of a phased call's output bytes that are not the call's: [0, phase) and
// [phase + count, the last slot wholly inside the bytes).
template <typename Visit>
void each_neighbour(const PluginCall& call, Visit&& visit) {
  if (!call.placement || !call.placement->phased() || call.to == ElementType::kString) return;
  const size_t phase = call.placement->output_phase, bits = info(call.to).bits;
  const size_t slots = *storage_bytes(call.to, phase + call.count) * 8 / bits;
  for (size_t i = 0; i < phase; ++i) visit(i);
  for (size_t i = phase + call.count; i < slots; ++i) visit(i);
}

}  // namespace

void mark_neighbours(const PluginCall& call, uint8_t* out) {
  each_neighbour(call, [&](size_t i) { store_bits(call.to, out, i, bit_mask(call.to)); });
}

std::optional<std::string> check_neighbours(const PluginCall& call, const uint8_t* out) {
  std::optional<std::string> changed;
  each_neighbour(call, [&](size_t i) {
    if (!changed && load_bits(call.to, out, i) != bit_mask(call.to))
      changed = "changed element " + std::to_string(i) + " of its output bytes, which is not the call's (its " +
                std::to_string(call.count) + " elements start at phase " +
                std::to_string(call.placement->output_phase) + "): another element of the tensor";
  });
  return changed;
}

void check_output_texts(PluginOutcome& outcome) {
  if (outcome.kind != PluginOutcome::Kind::kOk) return;
  size_t invalid = 0, first = 0;
  std::string first_text;
  for (size_t i = 0; i < outcome.texts.size(); ++i) {
    auto& t = outcome.texts[i];
    if (!t || is_valid_utf8(*t)) continue;
    if (invalid++ == 0) {
      first = i;
      first_text = printable(*t);
    }
    t.reset();
  }
  if (invalid == 0) return;
  outcome.kind = PluginOutcome::Kind::kInvalidOutput;
  outcome.message = "output text " + std::to_string(first) + " is not valid UTF-8: \"" + first_text + "\"";
  if (invalid > 1) outcome.message += " (" + std::to_string(invalid) + " invalid texts)";
}

}  // namespace castlike::harness
