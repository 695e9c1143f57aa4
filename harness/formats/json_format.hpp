// The top-level "format" of a JSON file, which says which castlike file it is, read without
// building the document: a vector file says "castlike-vectors" in its first line, and reading the
// rest of it would double the cost of a walk over gigabytes (the loader reads it anyway).
#pragma once

#include <istream>
#include <optional>
#include <string>

namespace castlike::harness {

// "castlike-vectors" as soon as it is read; any other format only when the whole document parses
// (the last top-level "format" that is a string); nullopt for no format, or not JSON.
std::optional<std::string> json_format(std::istream& in);

}  // namespace castlike::harness
