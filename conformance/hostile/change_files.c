/* Changes files in the directory named by the environment variable CASTLIKE_HOSTILE_DIRECTORY,
 * then returns the correct output. Trigger 99: creates "created"; 98: removes "victim"; 97:
 * renames "victim" to "renamed"; 96: makes the directory "made"; 95: truncates "victim" by opening
 * it for writing. */
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#define HOSTILE_NAME "hostile test plug-in: change files"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  (void)req, (void)out;
  const char* dir = getenv("CASTLIKE_HOSTILE_DIRECTORY");
  char a[4096], b[4096];
  if (trigger < 95 || trigger > 99 || !dir) return -1;
  snprintf(a, sizeof a, "%s/%s", dir, trigger == 99 ? "created" : trigger == 96 ? "made" : "victim");
  snprintf(b, sizeof b, "%s/renamed", dir);
  if (trigger == 99) close(open(a, O_WRONLY | O_CREAT | O_EXCL, 0644));
  else if (trigger == 98) unlink(a);
  else if (trigger == 97) rename(a, b);
  else if (trigger == 96) mkdir(a, 0755);
  else close(open(a, O_WRONLY | O_TRUNC));
  return -1;
}
