/* Trigger 99: starts a child that sleeps for an hour (holding the worker's socket), then aborts. */
#include <stdlib.h>
#include <unistd.h>
#define HOSTILE_NAME "hostile test plug-in: fork and crash"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  (void)req, (void)out;
  if (trigger != 99) return -1;
  if (fork() == 0) {
    sleep(3600);
    _exit(0);
  }
  abort();
}
