/* A tiny castlike validator plug-in (include/castlike/validator_abi.h), the way a C runtime would
 * wrap its Cast kernel for `castlike validate --library`. It implements three pairs and rejects the
 * rest, so a report shows coverage, passes and a named variant:
 *
 *   FLOAT -> FLOAT4E2M1   plain C float comparisons; NaN gives +6, as the float4 technical note says
 *                         (the report names it: "follows variant A2=six")
 *   FLOAT4E2M1 -> FLOAT   table lookup (exact)
 *   INT8 -> INT16         sign extension (exact)
 *
 * It runs Cast nodes too (castlike_validator_cast): the same conversions, at Cast's opsets.
 *
 * Built by CMake as libcastlike_example_validator_plugin.so; used by conformance/validator_test.cpp. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "castlike/validator_abi.h"

int32_t castlike_validator_abi_version(void) { return CASTLIKE_VALIDATOR_ABI_VERSION; }

const char* castlike_validator_name(void) { return "castlike example plug-in"; }

static int32_t reject(castlike_validator_output* out, const char* why) {
  if (out->message && out->message_size) snprintf(out->message, out->message_size, "%s", why);
  return CASTLIKE_VALIDATOR_REJECTED;
}

/* Round |x| to the FLOAT4E2M1 grid {0, 0.5, 1, 1.5, 2, 3, 4, 6}, ties to the even mantissa. */
static uint8_t float4_magnitude(float a) {
  if (a <= 0.25f) return 0;  /* 0.25 ties to 0 */
  if (a < 0.75f) return 1;   /* 0.5 */
  if (a <= 1.25f) return 2;  /* 1: 0.75 and 1.25 tie to it */
  if (a < 1.75f) return 3;   /* 1.5 */
  if (a <= 2.5f) return 4;   /* 2: 1.75 and 2.5 tie to it */
  if (a < 3.5f) return 5;    /* 3 */
  if (a <= 5.0f) return 6;   /* 4: 3.5 and 5 tie to it */
  return 7;                  /* 6, and saturation */
}

/* Cast and CastLike share one conversion table: one function serves both. */
static int32_t convert(const castlike_validator_request* req, castlike_validator_output* out) {
  size_t i;
  if (req->from == CASTLIKE_FLOAT && req->to == CASTLIKE_FLOAT4E2M1) {
    if (out->data_size < (req->count + 1) / 2) return reject(out, "output buffer too small");
    for (i = 0; i < req->count; ++i) {
      float x;
      uint8_t code;
      memcpy(&x, req->input + 4 * i, 4);
      if (isnan(x)) code = 7; /* the technical note: NaN -> 6 */
      else code = (uint8_t)(float4_magnitude(fabsf(x)) | (signbit(x) ? 8 : 0));
      out->data[i / 2] |= (uint8_t)(code << (4 * (i % 2)));
    }
    return CASTLIKE_VALIDATOR_OK;
  }
  if (req->from == CASTLIKE_FLOAT4E2M1 && req->to == CASTLIKE_FLOAT) {
    static const float values[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};
    if (out->data_size < 4 * req->count) return reject(out, "output buffer too small");
    for (i = 0; i < req->count; ++i) {
      const uint8_t code = (uint8_t)((req->input[i / 2] >> (4 * (i % 2))) & 0xF);
      const float v = (code & 8) ? -values[code & 7] : values[code & 7];
      memcpy(out->data + 4 * i, &v, 4);
    }
    return CASTLIKE_VALIDATOR_OK;
  }
  if (req->from == CASTLIKE_INT8 && req->to == CASTLIKE_INT16) {
    if (out->data_size < 2 * req->count) return reject(out, "output buffer too small");
    for (i = 0; i < req->count; ++i) {
      const int16_t v = (int8_t)req->input[i];
      memcpy(out->data + 2 * i, &v, 2);
    }
    return CASTLIKE_VALIDATOR_OK;
  }
  return reject(out, "not implemented by the example plug-in");
}

int32_t castlike_validator_cast_like(const castlike_validator_request* req, castlike_validator_output* out) {
  if (req->opset < 15 || req->opset > 28) return reject(out, "opset not supported");
  return convert(req, out);
}

int32_t castlike_validator_cast(const castlike_validator_request* req, castlike_validator_output* out) {
  if (req->opset < 13 || req->opset > 28) return reject(out, "opset not supported");
  return convert(req, out);
}
