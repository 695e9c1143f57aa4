// The temporary files an output is being written to, so that SIGINT or SIGTERM does not leave
// them behind: each is registered before it is created and released after its rename; a handler
// unlinks every live one (unlinkat only: async-signal-safe) and then lets the signal end the
// process as it would have without the handler.
#pragma once

#include <string>

namespace castlike::harness {

// A registered temporary file `name` in the directory open as `dir_fd` (which must stay open
// until the registration ends). Registering installs the handlers for SIGINT and SIGTERM once,
// where those signals are not ignored. Without a free slot (more temporaries live at once than
// the registry holds) the file is still written, only not cleaned on a signal.
class TemporaryFileRegistration {
 public:
  TemporaryFileRegistration(int dir_fd, const std::string& name);
  TemporaryFileRegistration(const TemporaryFileRegistration&) = delete;
  TemporaryFileRegistration& operator=(const TemporaryFileRegistration&) = delete;
  ~TemporaryFileRegistration();

 private:
  int slot_ = -1;
};

}  // namespace castlike::harness
