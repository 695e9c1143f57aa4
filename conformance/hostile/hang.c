/* Trigger 99: an endless loop; trigger 98: sleeps for an hour. */
#include <unistd.h>
#define HOSTILE_NAME "hostile test plug-in: hang"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  (void)req, (void)out;
  if (trigger == 99) {
    volatile unsigned long spin = 0;
    for (;;) ++spin;
  }
  if (trigger == 98) sleep(3600);
  return -1;
}
