/* Trigger 99: allocates 1 MiB blocks without bound (keeping them), and aborts when malloc fails,
 * as an allocator wrapper (xmalloc, operator new) would. */
#include <stdlib.h>
#define HOSTILE_NAME "hostile test plug-in: allocate"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  (void)req, (void)out;
  if (trigger != 99) return -1;
  for (;;) {
    volatile char* block = malloc(1 << 20);
    if (!block) abort();
    block[0] = 1;
  }
}
