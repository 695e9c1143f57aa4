#include "output_checks.hpp"

#include <sys/stat.h>

#include "args.hpp"

namespace castlike::cli {

std::string shell_quote(const std::string& text) {
  if (!text.empty() && text.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-+=:,@%") ==
                           std::string::npos)
    return text;
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

void refuse_output_over_input(const std::string& out, const std::vector<std::string>& inputs) {
  struct stat o {};
  if (::stat(out.c_str(), &o) != 0) return;  // a new file cannot be an input
  for (const std::string& input : inputs) {
    struct stat i {};
    if (::stat(input.c_str(), &i) == 0 && i.st_dev == o.st_dev && i.st_ino == o.st_ino)
      throw UsageError{"--out '" + out + "' is the input '" + input + "'; the report would overwrite it",
                       "write the report to another file"};
  }
}

}  // namespace castlike::cli
