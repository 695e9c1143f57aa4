// What both modes check on the validator side: the call itself, and the texts a plug-in returns.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

#include "plugin.hpp"

namespace castlike::harness {

// The output bytes of a valid call (0 for STRING), or what is wrong with the call.
std::variant<size_t, std::string> output_bytes(const PluginCall& call);

bool is_valid_utf8(std::string_view text);

// The text as printable UTF-8: valid UTF-8 is kept (control characters other than \t escaped),
// each other byte becomes \xNN. Never throws on any input.
std::string printable(std::string_view bytes);

// A kOk outcome of a STRING call whose texts are not all valid UTF-8 becomes kInvalidOutput: the
// invalid texts are dropped (nullopt), the message names the first one, escaped, and their number.
void check_output_texts(PluginOutcome& outcome);

}  // namespace castlike::harness
