#include "cli_args.hpp"

namespace castlike::cli {

bool Args::has(const std::string& name) const {
  for (const auto& [n, v] : options)
    if (n == name) return true;
  return false;
}

std::string Args::value(const std::string& name) const {
  std::string out;
  for (const auto& [n, v] : options)
    if (n == name) out = v;
  return out;
}

std::string Args::value_or(const std::string& name, const std::string& fallback) const {
  return has(name) ? value(name) : fallback;
}

std::vector<std::string> Args::all(const std::string& name) const {
  std::vector<std::string> out;
  for (const auto& [n, v] : options)
    if (n == name) out.push_back(v);
  return out;
}

Args parse_command_args(const std::string& command, const std::vector<std::string>& args,
                        const std::vector<ArgSpec>& specs) {
  Args out;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      out.help = true;
      continue;
    }
    if (arg.size() < 3 || arg.compare(0, 2, "--") != 0) {
      out.positional.push_back(arg);
      continue;
    }
    std::string name = arg.substr(2), value;
    bool inline_value = false;
    if (const size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      inline_value = true;
    }
    const ArgSpec* spec = nullptr;
    for (const ArgSpec& s : specs)
      if (name == s.name) spec = &s;
    if (!spec) throw UsageError{"unknown option '--" + name + "' for " + command, "castlike " + command + " --help"};
    if (spec->takes_value && !inline_value) {
      if (i + 1 >= args.size()) throw UsageError{"option --" + name + " needs a value", "castlike " + command + " --help"};
      value = args[++i];
    }
    if (!spec->takes_value && inline_value)
      throw UsageError{"option --" + name + " takes no value", "castlike " + command + " --help"};
    out.options.emplace_back(name, value);
  }
  return out;
}

int parse_int(const std::string& text, const std::string& option) {
  size_t used = 0;
  int v = 0;
  try {
    v = std::stoi(text, &used);
  } catch (...) {
    used = 0;
  }
  if (text.empty() || used != text.size())
    throw UsageError{option + " must be an integer, got '" + text + "'", "e.g. " + option + " 25"};
  return v;
}

}  // namespace castlike::cli
