/* Trigger 99: resizes the worker's shared buffers (the memfd on its descriptor 4) to 1 TiB with
 * ftruncate, then returns the correct output. */
#include <unistd.h>
#define HOSTILE_NAME "hostile test plug-in: resize buffers"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  (void)req, (void)out;
  if (trigger != 99) return -1;
  (void)!ftruncate(4, (off_t)1 << 40);
  return -1;
}
