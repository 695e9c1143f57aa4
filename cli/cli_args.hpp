// A small argument parser for `castlike export` and `castlike validate`: --name VALUE,
// --name=VALUE, flags, repeated options. Problems throw UsageError (printed as one line, exit 2).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "options.hpp"  // UsageError

namespace castlike::cli {

struct ArgSpec {
  const char* name;
  bool takes_value;
};

struct Args {
  std::vector<std::pair<std::string, std::string>> options;
  std::vector<std::string> positional;
  bool help = false;

  bool has(const std::string& name) const;
  std::string value(const std::string& name) const;  // the last one given
  std::string value_or(const std::string& name, const std::string& fallback) const;
  std::vector<std::string> all(const std::string& name) const;
};

Args parse_command_args(const std::string& command, const std::vector<std::string>& args,
                        const std::vector<ArgSpec>& specs);
int parse_int(const std::string& text, const std::string& option);

}  // namespace castlike::cli
