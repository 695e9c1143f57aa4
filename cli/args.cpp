#include "args.hpp"

#include "castlike/type_table.hpp"

namespace castlike::cli {
namespace {

bool is_option_like(const std::string& a) { return a.size() > 2 && a[0] == '-' && a[1] == '-'; }

}  // namespace

bool ParsedArgs::has(const std::string& name) const {
  for (const auto& [n, v] : options)
    if (n == name) return true;
  return false;
}

std::string ParsedArgs::value(const std::string& name) const {
  std::string out;
  for (const auto& [n, v] : options)
    if (n == name) out = v;
  return out;
}

std::string ParsedArgs::value_or(const std::string& name, const std::string& fallback) const {
  return has(name) ? value(name) : fallback;
}

std::vector<std::string> ParsedArgs::all(const std::string& name) const {
  std::vector<std::string> out;
  for (const auto& [n, v] : options)
    if (n == name) out.push_back(v);
  return out;
}

ParsedArgs parse_args(const std::string& command, const std::vector<std::string>& args,
                      const std::vector<OptionSpec>& specs) {
  ParsedArgs out;
  bool options_done = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (options_done) {
      out.positional.push_back(a);
      continue;
    }
    if (a == "--") {
      options_done = true;
      continue;
    }
    if (a == "-h" || a == "--help") {
      out.help = true;
      continue;
    }
    if (!is_option_like(a)) {
      out.positional.push_back(a);  // values, including "-", "-5" and "-inf"
      continue;
    }
    std::string name = a.substr(2), value;
    bool inline_value = false;
    if (const size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      inline_value = true;
    }
    const OptionSpec* spec = nullptr;
    for (const OptionSpec& s : specs)
      if (name == s.name) spec = &s;
    if (!spec)
      throw UsageError{"unknown option '--" + name + "' for " + command, "see castlike " + command + " --help"};
    if (spec->takes_value && !inline_value) {
      if (i + 1 >= args.size())
        throw UsageError{"option --" + name + " needs a value", "see castlike " + command + " --help"};
      value = args[++i];
    } else if (!spec->takes_value && inline_value) {
      throw UsageError{"option --" + name + " takes no value", "write --" + name + " alone"};
    }
    if (spec->takes_value && !spec->repeatable && out.has(name))
      throw UsageError{"option --" + name + " is given twice ('" + out.value(name) + "' and '" + value + "')",
                       "give --" + name + " once"};
    out.options.emplace_back(name, value);
  }
  return out;
}

std::optional<int64_t> parse_int64(const std::string& s) {
  const bool negative = !s.empty() && s[0] == '-';
  size_t i = !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (i == s.size()) return std::nullopt;
  // Accumulate the magnitude as unsigned: INT64_MIN's magnitude is one more than INT64_MAX.
  const uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
  uint64_t v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
    const unsigned d = static_cast<unsigned>(s[i] - '0');
    if (v > (limit - d) / 10) return std::nullopt;
    v = v * 10 + d;
  }
  return negative ? static_cast<int64_t>(0 - v) : static_cast<int64_t>(v);
}

int64_t parse_integer(const std::string& text, const std::string& option, int64_t min, int64_t max) {
  const std::string range = std::to_string(min) + " to " + std::to_string(max);
  const auto v = parse_int64(text);
  if (!v) throw UsageError{option + " must be an integer, got '" + text + "'", "give an integer from " + range};
  if (*v < min || *v > max)
    throw UsageError{option + " must be from " + range + ", got " + text, "e.g. " + option + " " + std::to_string(min)};
  return *v;
}

std::string known_opsets(Operator op) {
  const std::string name(operator_name(op));
  return name + " exists at opsets " + std::to_string(versions_of(op).front()) + " to " +
         std::to_string(kNewestKnownOpset) + " (the newest castlike knows)";
}

int parse_opset(const std::string& text, const std::string& option, Operator op, bool newer_as_newest) {
  const std::string name(operator_name(op));
  const auto v = parse_int64(text);
  if (!v) throw UsageError{option + " must be an opset number, got '" + text + "'", known_opsets(op)};
  // Judged on the 64-bit value: 4294967311 is not opset 15.
  if (*v > kNewestKnownOpset && *v <= 1000000) {
    if (newer_as_newest) return kNewestKnownOpset;
    const std::string newest = std::to_string(kNewestKnownOpset);
    throw UsageError{"opset " + text + " is newer than opset " + newest + ", the newest castlike knows",
                     "--newer-opset-as-newest reads it as opset " + newest + " (" + name + "-" +
                         std::to_string(*version_for_opset(op, kNewestKnownOpset)) +
                         "), right only if the newer opset did not change " + name};
  }
  if (*v != static_cast<int>(*v) || !version_for_opset(op, static_cast<int>(*v)))
    throw UsageError{"opset " + text + " has no " + name, known_opsets(op)};
  return static_cast<int>(*v);
}

Operator parse_operator(const std::string& text) {
  if (const auto op = operator_from_name(text)) return *op;
  throw UsageError{"unknown operator '" + text + "'", "--operator CastLike (the default) or Cast"};
}

}  // namespace castlike::cli
