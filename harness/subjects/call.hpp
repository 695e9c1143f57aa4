// One call of an every-input run, as an implementation sees it (harness/subjects/implementation.hpp,
// Implementation::convert): which configuration, called how, and what the call gave.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "maps/map.hpp"

namespace castlike::exhaustive {

// How one configuration is called: the operator, the opset and the attributes the call sets
// (nullopt: not set, the opset's default applies). Their effective values are `config.attributes`.
struct Call {
  Configuration config;
  int opset = kDefaultOpset;
  std::optional<int64_t> saturate;
  std::optional<std::string> round_mode;
  Operator op = Operator::kCastLike;
};

// What one batch call gave.
struct BatchStatus {
  enum class Kind { kOk, kRejected, kCallFailed };
  Kind kind = Kind::kOk;
  std::string failure_kind;  // kCallFailed: "crashed", "timed out", ... (harness/worker/plugin.hpp)
  std::string message;       // kRejected: the implementation's reason; kCallFailed: what happened
};

// A fault of the input the implementation reads (a raw output stream that is too short or too
// long): the run stops, and the CLI reports it as a bad input (exit 2).
struct InputError {
  std::string message, hint;
};

}  // namespace castlike::exhaustive
