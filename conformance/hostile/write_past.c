/* Writes past its buffers, then returns OK. Trigger 99: the byte just past the output buffer;
 * 98: the byte 4096 past its end; 97: the byte just past the message buffer; 96: the byte 100,000
 * past the output buffer (beyond the guard between two areas). */
#define HOSTILE_NAME "hostile test plug-in: write past"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  (void)req;
  if (trigger == 99) ((volatile uint8_t*)out->data)[out->data_size] = 0x42;
  else if (trigger == 98) ((volatile uint8_t*)out->data)[out->data_size - 1 + 4096] = 0x42;
  else if (trigger == 97) ((volatile char*)out->message)[out->message_size] = 'x';
  else if (trigger == 96) ((volatile uint8_t*)out->data)[out->data_size - 1 + 100000] = 0x42;
  else return -1;
  return CASTLIKE_VALIDATOR_OK;
}
