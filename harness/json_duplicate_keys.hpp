// Duplicate JSON keys: nlohmann keeps the last value of a key given twice, which makes a file mean
// something other than what a reader of its first occurrence sees, so the castlike readers refuse them.
#pragma once

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

namespace castlike::conformance {

// A parser callback (json::parse(text, std::ref(finder))): it sees every key of every object, at
// any depth, and keeps the first duplicate as `problem`.
struct DuplicateKeyFinder {
  struct Level {
    std::string where;
    std::set<std::string> keys;
    std::string last_key;
  };
  std::vector<Level> levels;
  std::string problem;

  bool operator()(int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    using E = nlohmann::json::parse_event_t;
    if (event == E::object_start) {
      std::string where = "the file";
      if (!levels.empty()) where = levels.back().where == "the file" ? levels.back().last_key : levels.back().where + "." + levels.back().last_key;
      levels.push_back({where, {}, {}});
    } else if (event == E::object_end) {
      if (!levels.empty()) levels.pop_back();
    } else if (event == E::key && !levels.empty()) {
      const std::string key = parsed.is_string() ? parsed.get<std::string>() : std::string();
      if (!levels.back().keys.insert(key).second && problem.empty())
        problem = "key '" + key + "' appears twice in " + levels.back().where;
      levels.back().last_key = key;
    }
    return true;
  }
};
}  // namespace castlike::conformance
