// What both modes check on the validator side: the call itself, and the texts a plug-in returns.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

#include "formats/printable.hpp"
#include "plugin.hpp"

namespace castlike::harness {

// The output bytes of a valid call (0 for STRING), or what is wrong with the call.
std::variant<size_t, std::string> output_bytes(const PluginCall& call);

// A kOk outcome of a STRING call whose texts are not all valid UTF-8 becomes kInvalidOutput: the
// invalid texts are dropped (nullopt), the message names the first one, escaped, and their number.
void check_output_texts(PluginOutcome& outcome);

}  // namespace castlike::harness
