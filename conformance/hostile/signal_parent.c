/* Signals the process that started its worker (the validator), then returns OK. Trigger 99:
 * SIGSTOP; 98: SIGTERM; 97: SIGKILL. */
#include <signal.h>
#include <unistd.h>
#define HOSTILE_NAME "hostile test plug-in: signal parent"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  (void)req, (void)out;
  if (trigger == 99) kill(getppid(), SIGSTOP);
  else if (trigger == 98) kill(getppid(), SIGTERM);
  else if (trigger == 97) kill(getppid(), SIGKILL);
  else return -1;
  return -1; /* then the correct output */
}
