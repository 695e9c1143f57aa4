/* Misbehaves while it is loaded, before any call, as $CASTLIKE_HOSTILE_LOAD_ACTION says:
 * "create": its constructor creates $CASTLIKE_HOSTILE_DIRECTORY/created;
 * "kill": its castlike_validator_abi_version() sends SIGTERM to the validator;
 * "fork": its castlike_validator_name() starts a grandchild (fork + setsid) that sleeps.
 * Otherwise a well-behaved plug-in. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include "castlike/validator_abi.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int action_is(const char* what) {
  const char* a = getenv("CASTLIKE_HOSTILE_LOAD_ACTION");
  return a && strcmp(a, what) == 0;
}

__attribute__((constructor)) static void on_load(void) {
  if (!action_is("create")) return;
  char path[512];
  const char* dir = getenv("CASTLIKE_HOSTILE_DIRECTORY");
  snprintf(path, sizeof path, "%s/created", dir ? dir : ".");
  const int fd = open(path, O_CREAT | O_WRONLY, 0644);
  if (fd >= 0) close(fd);
}

int32_t castlike_validator_abi_version(void) {
  if (action_is("kill")) kill(getppid(), SIGTERM);
  return CASTLIKE_VALIDATOR_ABI_VERSION;
}

const char* castlike_validator_name(void) {
  if (action_is("fork") && fork() == 0) {
    setsid();
    if (fork() == 0) sleep(3600);
    _exit(0);
  }
  return "hostile test plug-in: misbehave while loading";
}

int32_t castlike_validator_cast_like(const castlike_validator_request* req, castlike_validator_output* out) {
  (void)req;
  if (out->message && out->message_size) snprintf(out->message, out->message_size, "%s", "no casts");
  return CASTLIKE_VALIDATOR_REJECTED;
}
