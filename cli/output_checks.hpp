// Helpers the commands that write reports share: a word quoted for the shell, and the refusal to
// write a report over one of the command's inputs.
#pragma once

#include <string>
#include <vector>

namespace castlike::cli {

// `text` as one shell word, ready to paste.
std::string shell_quote(const std::string& text);

// --out must not name any input (the same file through any path, link or hard link): the report
// would replace what it judges. A UsageError otherwise.
void refuse_output_over_input(const std::string& out, const std::vector<std::string>& inputs);

}  // namespace castlike::cli
