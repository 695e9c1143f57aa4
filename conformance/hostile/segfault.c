/* Trigger 99: writes through a null pointer. */
#define HOSTILE_NAME "hostile test plug-in: segfault"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  (void)req, (void)out;
  if (trigger != 99) return -1;
  *(volatile int*)(uintptr_t)(trigger - 99) = 1;
  return CASTLIKE_VALIDATOR_OK;
}
