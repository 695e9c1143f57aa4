#include "progress.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace castlike::cli {

Progress::Progress(bool enabled, std::string prefix)
    : enabled_(enabled), terminal_(::isatty(2) != 0), prefix_(std::move(prefix)),
      start_(std::chrono::steady_clock::now()) {}

void Progress::update(size_t done, size_t total, const std::function<std::string()>& text) {
  if (!enabled_ || total == 0) return;
  if (total != last_total_ || done <= last_done_) {  // a new phase counts from its own start
    last_total_ = total;
    last_tenth_ = 0;
  }
  last_done_ = done;
  const auto now = std::chrono::steady_clock::now();
  const size_t tenth = done * 10 / total;
  const bool last = done == total;
  if (!terminal_ && tenth == last_tenth_ && !last) return;
  if (terminal_ && !last && now - last_shown_ < std::chrono::milliseconds(100)) return;
  last_tenth_ = tenth;
  last_shown_ = now;
  std::cerr << (terminal_ ? "\r" : "") << prefix_ << ": " << text() << (terminal_ ? "   " : "\n");
  if (terminal_ && last) std::cerr << "\n";
  std::cerr.flush();
}

double Progress::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

bool progress_wanted(bool progress_option, bool quiet) { return progress_option || (!quiet && ::isatty(2)); }

std::string size_text(double bytes) {
  const char* units[] = {"bytes", "KB", "MB", "GB", "TB"};
  int u = 0;
  while (bytes >= 1000 && u < 4) bytes /= 1000, ++u;
  char buf[32];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", bytes, units[u]);
  return buf;
}

}  // namespace castlike::cli
