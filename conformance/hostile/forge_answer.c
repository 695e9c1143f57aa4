/* Writes an answer on the worker's socket (descriptor 3) in the worker's place, then returns the
 * correct output (the worker's own answer follows). The answer mirrors ResponseHeader in
 * harness/worker/protocol.hpp, with the call's sequence number read from the control block.
 *  99 (STRING output): texts whose lengths wrap around 2^64 to the announced size, in_call cleared
 *  98: a numeric "OK" answer while the plug-in still runs
 *  97: the same with the control block's in_call cleared first, as the worker does */
#define _GNU_SOURCE
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#define HOSTILE_NAME "hostile test plug-in: forge the worker's answer"
#include "hostile_plugin.h"

struct forged_answer {
  uint32_t magic, type;
  uint64_t seq;
  int32_t status;
  uint32_t message_length;
  uint64_t text_count, text_bytes;
  uint32_t capabilities; /* the load answer's; 0 in a call's answer */
};

/* The control block: the first page of the shared memfd, mapped alone (ControlBlock: seq at 0,
 * in_call at 8). */
static volatile uint8_t* control_block(void) {
  FILE* maps = fopen("/proc/self/maps", "r");
  char line[512];
  unsigned long begin, end, offset;
  volatile uint8_t* found = NULL;
  while (maps && fgets(line, sizeof line, maps))
    if (strstr(line, "castlike-plugin-buffers") && sscanf(line, "%lx-%lx %*s %lx", &begin, &end, &offset) == 3 &&
        offset == 0 && end - begin == (unsigned long)sysconf(_SC_PAGESIZE))
      found = (volatile uint8_t*)begin;
  if (maps) fclose(maps);
  return found;
}

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  if (trigger < 97 || trigger > 99) return -1;
  volatile uint8_t* control = control_block();
  if (!control) return hostile_reject(out, "no control block found");
  struct forged_answer a;
  memset(&a, 0, sizeof a);
  a.magic = 0x53524c43;
  a.type = 2;
  memcpy(&a.seq, (const void*)control, sizeof a.seq);
  if (trigger != 98) memset((void*)(control + 8), 0, 4);
  if (trigger == 99 && req->to == CASTLIKE_STRING) {
    uint64_t lengths[64] = {0};
    if (req->count > 64) return -1;
    lengths[0] = UINT64_MAX - 1; /* + 3 wraps to 1 */
    if (req->count > 1) lengths[1] = 3;
    a.text_count = req->count;
    a.text_bytes = 1;
    send(3, &a, sizeof a, MSG_NOSIGNAL);
    send(3, lengths, req->count * sizeof lengths[0], MSG_NOSIGNAL);
    send(3, "x", 1, MSG_NOSIGNAL);
  } else {
    /* The correct output first, so the forged answer is right whenever it is read. */
    size_t i;
    for (i = 0; req->to == CASTLIKE_INT16 && i < req->count; ++i) {
      const int16_t v = (int8_t)req->input[i];
      memcpy(out->data + 2 * i, &v, 2);
    }
    send(3, &a, sizeof a, MSG_NOSIGNAL);
    /* 98: still "in the call" when the validator reads the forged answer, whatever the scheduling
     * (the worker clears in_call only once this returns). */
    if (trigger == 98) {
      const struct timespec half_a_second = {0, 500000000L};
      nanosleep(&half_a_second, NULL);
    }
  }
  return -1;
}
