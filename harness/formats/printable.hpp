// Text a person reads: whether bytes are valid UTF-8, and the printable form of any bytes. Every
// message that echoes input (a file's bytes, a plug-in's texts) goes through printable().
#pragma once

#include <string>
#include <string_view>

namespace castlike::harness {

bool is_valid_utf8(std::string_view text);

// The text as printable UTF-8: valid UTF-8 is kept (control characters other than \t escaped),
// each other byte becomes \xNN. Never throws on any input.
std::string printable(std::string_view bytes);

}  // namespace castlike::harness
