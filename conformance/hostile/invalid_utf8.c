/* Trigger 99 (STRING output): element 1 is not UTF-8 ("caf" + Latin-1 e-acute) and element 2 is
 * a lone continuation byte. */
#define HOSTILE_NAME "hostile test plug-in: invalid UTF-8"
#include "hostile_plugin.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  size_t i;
  if (trigger != 99 || req->to != CASTLIKE_STRING) return -1;
  for (i = 0; i < req->count; ++i) {
    const char* text = i == 1 ? "caf\xe9" : i == 2 ? "\x80" : "ok";
    out->set_text(out->context, i, text, strlen(text));
  }
  return CASTLIKE_VALIDATOR_OK;
}
