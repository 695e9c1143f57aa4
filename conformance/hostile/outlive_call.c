/* Leaves something running after the call, then returns the correct output. Trigger 99: a thread
 * that sleeps for an hour; 98: a child process that sleeps for an hour. */
#include <pthread.h>
#include <unistd.h>
#define HOSTILE_NAME "hostile test plug-in: outlive the call"
#include "hostile_plugin.h"

static void* sleeper(void* arg) {
  (void)arg;
  sleep(3600);
  return NULL;
}

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  (void)req, (void)out;
  if (trigger == 99) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, sleeper, NULL) == 0) pthread_detach(thread);
  } else if (trigger == 98) {
    if (fork() == 0) {
      sleep(3600);
      _exit(0);
    }
  } else {
    return -1;
  }
  return -1;
}
