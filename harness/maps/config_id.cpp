#include "config_id.hpp"

#include "derive.hpp"
#include "structured_inputs.hpp"

namespace castlike::exhaustive {

std::string configuration_id(const Configuration& c) {
  std::string s = std::string(info(c.from).name) + "-" + std::string(info(c.to).name);
  if (reads_saturate(c.to)) s += c.attributes.saturate ? "-sat1" : "-sat0";
  if (reads_round_mode(c.to)) s += "-" + std::string(round_mode_name(c.attributes.round_mode));
  return s;
}

std::optional<Configuration> parse_configuration_id(const std::string& id) {
  // Type names hold no '-', so the id is split at every '-'.
  std::vector<std::string> parts;
  for (size_t start = 0;;) {
    const size_t dash = id.find('-', start);
    parts.push_back(id.substr(start, dash - start));
    if (dash == std::string::npos) break;
    start = dash + 1;
  }
  if (parts.size() < 2) return std::nullopt;
  const auto from = type_from_name(parts[0]), to = type_from_name(parts[1]);
  if (!from || !to) return std::nullopt;
  for (const Configuration& c : configurations_from(*from))
    if (c.to == *to && (info(c.from).bits <= 32 || has_structured_set(c.from)) && configuration_id(c) == id) return c;
  return std::nullopt;
}

}  // namespace castlike::exhaustive
