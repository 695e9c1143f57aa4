/* Trigger 99: abort(), as a failed assertion would. */
#include <stdlib.h>
#define HOSTILE_NAME "hostile test plug-in: abort"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  (void)req, (void)out;
  if (trigger != 99) return -1;
  abort();
}
