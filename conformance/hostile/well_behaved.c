/* No trigger: the control for the hostile plug-ins. */
#define HOSTILE_NAME "hostile test plug-in: well-behaved"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  (void)trigger, (void)req, (void)out;
  return -1;
}
