/* A validator plug-in for the exhaustive tests (conformance/cli_test/exhaustive.cmake): FLOAT ->
 * FLOAT as CastLike does it (the bits copied), with two planted faults so that a run and its shards have
 * something to report across piece borders (multiples of 2^24 inputs):
 *   - inputs 0x3fffff00 .. 0x400000ff get their lowest output bit flipped (one failing interval
 *     over the border at 0x40000000);
 *   - a call whose inputs hold 0x41000000 writes through a null pointer (a failed call).
 * Every other pair is rejected. */
#include "single_pair_plugin.h"

const char* castlike_validator_name(void) { return "planted FLOAT copy"; }

int32_t castlike_validator_cast_like(const castlike_validator_request* req, castlike_validator_output* out) {
  if (!single_pair_accepts(req, out, 1, 1, "FLOAT -> FLOAT")) return CASTLIKE_VALIDATOR_REJECTED;
  for (size_t i = 0; i < req->count; ++i) {
    uint32_t x;
    memcpy(&x, req->input + 4 * i, 4);
    if (x == 0x41000000u) *(volatile int*)0 = 1;
    if (x >= 0x3fffff00u && x <= 0x400000ffu) x ^= 1;
    memcpy(out->data + 4 * i, &x, 4);
  }
  return CASTLIKE_VALIDATOR_OK;
}
