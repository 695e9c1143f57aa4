/* Trigger 99: unbounded recursion. */
#define HOSTILE_NAME "hostile test plug-in: stack overflow"
#include "hostile_plugin.h"

static int recurse(volatile int depth) {
  volatile char frame[256];
  frame[0] = (char)depth;
  return recurse(depth + 1) + frame[0];
}

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  (void)req, (void)out;
  if (trigger != 99) return -1;
  return recurse(0);
}
