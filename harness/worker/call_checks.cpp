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
  if (call.from == ElementType::kString) {
    if (call.input_texts.size() != call.count)
      return "bad call: " + std::to_string(call.input_texts.size()) + " input texts for " +
             std::to_string(call.count) + " elements";
  } else {
    const auto need = storage_bytes(call.from, call.count);
    if (!need || *need != call.input.size())
      return "bad call: " + std::to_string(call.input.size()) + " input bytes for " + std::to_string(call.count) +
             " elements of " + std::string(info(call.from).name);
  }
  if (call.to == ElementType::kString) return size_t{0};
  const auto out = storage_bytes(call.to, call.count);
  if (!out) return std::string("bad call: output size overflows");
  return *out;
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
