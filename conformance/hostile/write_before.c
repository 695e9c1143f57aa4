/* Writes before its output buffer, then returns OK. Trigger 99: the byte just before it; 98: the
 * byte 4096 before it. */
#define HOSTILE_NAME "hostile test plug-in: write before"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  (void)req;
  if (trigger == 99) ((volatile uint8_t*)out->data)[-1] = 0x42;
  else if (trigger == 98) ((volatile uint8_t*)out->data)[-4096] = 0x42;
  else return -1;
  return CASTLIKE_VALIDATOR_OK;
}
