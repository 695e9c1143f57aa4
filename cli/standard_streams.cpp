#include "standard_streams.hpp"

#include "standard_descriptors.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <iostream>
#include <streambuf>

namespace castlike::cli {
namespace {

// std::cout's buffer: written to descriptor 1 with write(2), the first error kept (the standard
// one forgets errno and may keep failing silently).
class CheckedOutput final : public std::streambuf {
 public:
  explicit CheckedOutput(bool closed) : closed_(closed) { setp(buffer_.data(), buffer_.data() + buffer_.size()); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    const char* p = pbase();
    size_t n = static_cast<size_t>(pptr() - pbase());
    if (n > 0 && closed_ && error_ == 0) error_ = EBADF;
    while (error_ == 0 && n > 0) {
      const ssize_t w = ::write(STDOUT_FILENO, p, n);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) {
        error_ = w < 0 ? errno : EIO;
        break;
      }
      p += w;
      n -= static_cast<size_t>(w);
    }
    setp(buffer_.data(), buffer_.data() + buffer_.size());  // after a failure the rest is dropped
    return error_ == 0;
  }

  std::array<char, 1 << 16> buffer_{};
  bool closed_;
  int error_ = 0;
};

// Never destroyed: the iostreams flush std::cout at exit, after every static object has gone.
CheckedOutput* checked_output = nullptr;

}  // namespace

bool guard_standard_streams() {
  const bool stdout_closed = ::fcntl(STDOUT_FILENO, F_GETFD) == -1 && errno == EBADF;
  if (!harness::ensure_standard_descriptors()) return false;
  checked_output = new CheckedOutput(stdout_closed);
  std::cout.rdbuf(checked_output);
  return true;
}

int finish_standard_output() {
  std::cout.flush();
  return checked_output ? checked_output->error() : 0;
}

}  // namespace castlike::cli
