/* Trigger 99: writes garbage to the worker's socket (fd 3) before returning OK. */
#include <unistd.h>
#define HOSTILE_NAME "hostile test plug-in: protocol garbage"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  static const char garbage[64] = "this is not a castlike worker response, just garbage";
  (void)req, (void)out;
  if (trigger != 99) return -1;
  if (write(3, garbage, sizeof garbage) < 0) return -1;
  return -1; /* then answers normally: the garbage arrives first */
}
