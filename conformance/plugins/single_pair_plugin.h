/* What the test plug-ins that convert one pair share (exhaustive_planted_plugin.c,
 * word_split_plugin.c): the ABI version, and the rejection of every other pair with a
 * message that names the one they take. Each plug-in is its own shared library and includes this
 * once. */
#ifndef CASTLIKE_SINGLE_PAIR_PLUGIN_H
#define CASTLIKE_SINGLE_PAIR_PLUGIN_H

#include <stdio.h>
#include <string.h>

#include "castlike/validator_abi.h"

int32_t castlike_validator_abi_version(void) { return CASTLIKE_VALIDATOR_ABI_VERSION; }

/* 1 when the request converts ONNX type `from` to `to`; else 0, with "only PAIR" as the message. */
static int single_pair_accepts(const castlike_validator_request* req, castlike_validator_output* out, int32_t from,
                               int32_t to, const char* pair) {
  if (req->from == from && req->to == to) return 1;
  if (out->message && out->message_size) snprintf(out->message, out->message_size, "only %s", pair);
  return 0;
}

#endif
