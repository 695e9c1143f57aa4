// A progress line on standard error for the long commands (export, validate): on a terminal one
// line rewritten in place (at most ten times a second), otherwise (--progress into a file or a
// pipe) a plain line at each tenth of the work.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>

namespace castlike::cli {

class Progress {
 public:
  // `prefix` starts every line ("castlike export").
  Progress(bool enabled, std::string prefix);
  // `done` of `total` units; `text` makes the rest of the line (called only when a line is shown).
  void update(size_t done, size_t total, const std::function<std::string()>& text);
  // Seconds since the Progress was made.
  double elapsed() const;

 private:
  bool enabled_, terminal_;
  std::string prefix_;
  size_t last_tenth_ = 0, last_total_ = 0, last_done_ = 0;
  std::chrono::steady_clock::time_point start_, last_shown_;
};

// Whether the long commands show progress: --progress, or standard error is a terminal and
// --quiet was not given.
bool progress_wanted(bool progress_option, bool quiet);

// "1.2 GB": a byte count for people.
std::string size_text(double bytes);

}  // namespace castlike::cli
