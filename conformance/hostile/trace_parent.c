/* Trigger 99: attaches to the process that started its worker (the validator) with ptrace, reads
 * a word of its memory, detaches, then returns the correct output. */
#include <sys/ptrace.h>
#include <unistd.h>
#define HOSTILE_NAME "hostile test plug-in: trace parent"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  (void)req, (void)out;
  if (trigger != 99) return -1;
  const pid_t parent = getppid();
  if (ptrace(PTRACE_SEIZE, parent, 0, 0) == 0) {
    ptrace(PTRACE_INTERRUPT, parent, 0, 0);
    ptrace(PTRACE_DETACH, parent, 0, 0);
  }
  return -1;
}
