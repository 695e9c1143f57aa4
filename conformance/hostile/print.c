/* Correct, and chatty: every call prints "hello world\n" 400 times (4800 bytes, more than the
 * control block before the message buffer) on standard output. */
#include <unistd.h>
#define HOSTILE_NAME "hostile test plug-in: print"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  int i;
  (void)trigger, (void)req, (void)out;
  for (i = 0; i < 400; ++i) fputs("hello world\n", stdout);
  fflush(stdout);
  return -1;
}
