// What both modes check on the validator side: the call itself, and the texts a plug-in returns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "formats/printable.hpp"
#include "plugin.hpp"

namespace castlike::harness {

// The output bytes of a valid call (0 for STRING), or what is wrong with the call.
std::variant<size_t, std::string> output_bytes(const PluginCall& call);

// A call at an element phase (PluginCall::Placement) writes its elements and keeps the other
// elements of its output bytes (the tensor it is a slice of): before the call they are set to all
// ones (mark_neighbours), after it check_neighbours names the first one the library changed.
// Both do nothing for other calls. `out` holds output_bytes(call) bytes.
void mark_neighbours(const PluginCall& call, uint8_t* out);
std::optional<std::string> check_neighbours(const PluginCall& call, const uint8_t* out);

// A kOk outcome of a STRING call whose texts are not all valid UTF-8 becomes kInvalidOutput: the
// invalid texts are dropped (nullopt), the message names the first one, escaped, and their number.
void check_output_texts(PluginOutcome& outcome);

}  // namespace castlike::harness
