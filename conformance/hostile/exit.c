/* Trigger 99: exit(0) (atexit handlers run); trigger 98: _exit(3) (they do not). */
#include <stdlib.h>
#include <unistd.h>
#define HOSTILE_NAME "hostile test plug-in: exit"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  (void)req, (void)out;
  if (trigger == 99) exit(0);
  if (trigger == 98) _exit(3);
  return -1;
}
