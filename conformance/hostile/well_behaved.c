/* The control for the hostile plug-ins. Trigger 99: rejects with the call's attributes and sizes
 * in the message, so a test can see what reached the plug-in. */
#define HOSTILE_NAME "hostile test plug-in: well-behaved"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  if (trigger != 99) return -1;
  snprintf(out->message, out->message_size, "opset %d from %d to %d saturate %d round_mode %s count %zu data_size %zu",
           req->opset, req->from, req->to, req->saturate, req->round_mode ? req->round_mode : "(null)", req->count,
           out->data_size);
  return CASTLIKE_VALIDATOR_REJECTED;
}
