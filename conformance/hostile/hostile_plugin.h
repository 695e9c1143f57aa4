/* The common body of the hostile test plug-ins (conformance/hostile/README.md): each one is a
 * well-behaved plug-in for INT8 -> INT16 (sign extension), INT8 -> STRING (decimal text) and
 * STRING -> INT16 (the text's decimal value, wrapped) that misbehaves only when the first INT8
 * input element is one of its trigger values, so a test can show that the calls after the failure
 * succeed again (in a fresh worker).
 *
 * A plug-in file defines HOSTILE_NAME and `static int32_t misbehave(int8_t trigger, const
 * castlike_validator_request*, castlike_validator_output*)`, returning -1 when `trigger` is not one
 * of its triggers, then includes this header. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "castlike/validator_abi.h"

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out);

int32_t castlike_validator_abi_version(void) { return CASTLIKE_VALIDATOR_ABI_VERSION; }

const char* castlike_validator_name(void) { return HOSTILE_NAME; }

static int32_t hostile_reject(castlike_validator_output* out, const char* why) {
  if (out->message && out->message_size) snprintf(out->message, out->message_size, "%s", why);
  return CASTLIKE_VALIDATOR_REJECTED;
}

int32_t castlike_validator_cast_like(const castlike_validator_request* req, castlike_validator_output* out) {
  size_t i;
  if (req->from == CASTLIKE_STRING && req->to == CASTLIKE_INT16) {
    for (i = 0; i < req->count; ++i) {
      const int16_t v = (int16_t)strtol(req->input_text[i], NULL, 10);
      memcpy(out->data + 2 * i, &v, 2);
    }
    return CASTLIKE_VALIDATOR_OK;
  }
  if (req->from != CASTLIKE_INT8 || (req->to != CASTLIKE_INT16 && req->to != CASTLIKE_STRING))
    return hostile_reject(out, "only INT8 -> INT16, INT8 -> STRING and STRING -> INT16");
  if (req->count > 0) {
    const int32_t r = misbehave((int8_t)req->input[0], req, out);
    if (r >= 0) return r;
  }
  for (i = 0; i < req->count; ++i) {
    const int8_t x = (int8_t)req->input[i];
    if (req->to == CASTLIKE_INT16) {
      const int16_t v = x;
      memcpy(out->data + 2 * i, &v, 2);
    } else {
      char text[8];
      const int n = snprintf(text, sizeof text, "%d", x);
      if (out->set_text(out->context, i, text, (size_t)n) != 0) return hostile_reject(out, "set_text failed");
    }
  }
  return CASTLIKE_VALIDATOR_OK;
}
