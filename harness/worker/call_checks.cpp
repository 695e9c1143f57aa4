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

namespace {

// Length of the valid UTF-8 sequence at s[i], or 0 (overlong forms, surrogates, > U+10FFFF and
// truncated sequences are invalid).
size_t utf8_sequence(std::string_view s, size_t i) {
  const auto b = [&](size_t k) { return static_cast<uint8_t>(s[k]); };
  const uint8_t c = b(i);
  if (c < 0x80) return 1;
  size_t n;
  uint8_t lo = 0x80, hi = 0xbf;
  if (c >= 0xc2 && c <= 0xdf) n = 2;
  else if (c >= 0xe0 && c <= 0xef) {
    n = 3;
    if (c == 0xe0) lo = 0xa0;
    if (c == 0xed) hi = 0x9f;
  } else if (c >= 0xf0 && c <= 0xf4) {
    n = 4;
    if (c == 0xf0) lo = 0x90;
    if (c == 0xf4) hi = 0x8f;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  if (b(i + 1) < lo || b(i + 1) > hi) return 0;
  for (size_t k = 2; k < n; ++k)
    if (b(i + k) < 0x80 || b(i + k) > 0xbf) return 0;
  return n;
}

}  // namespace

bool is_valid_utf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const size_t n = utf8_sequence(text, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::string printable(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (size_t i = 0; i < bytes.size();) {
    const size_t n = utf8_sequence(bytes, i);
    const auto c = static_cast<uint8_t>(bytes[i]);
    if (n == 0 || (n == 1 && ((c < 0x20 && c != '\t') || c == 0x7f))) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
      ++i;
    } else {
      out.append(bytes.substr(i, n));
      i += n;
    }
  }
  return out;
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
