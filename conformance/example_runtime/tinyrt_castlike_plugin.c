/* tinyrt's castlike validator plug-in (castlike/validator_abi.h): each CastLike request goes to the
 * runtime's own kernel for its pair; the pairs tinyrt has are the coverage it declares
 * (castlike_validator_coverage), so castlike asks nothing else and reports the rest as not covered
 * in one line; a request outside them is rejected all the same. The request's data is ONNX's raw_data layout, little-endian,
 * so a little-endian host copies it straight into the kernels' arrays. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "castlike/validator_abi.h"
#include "tinyrt_convert.h"

int32_t castlike_validator_abi_version(void) { return CASTLIKE_VALIDATOR_ABI_VERSION; }

const char* castlike_validator_name(void) { return "tinyrt 1.0 (castlike's example runtime)"; }

/* The four pairs, at every attribute setting (FLOAT16 and BFLOAT16 read none). */
static const castlike_validator_coverage_entry kCoverage[] = {
    {CASTLIKE_VALIDATOR_COVERS_CAST_LIKE, CASTLIKE_FLOAT, CASTLIKE_FLOAT16, -1, NULL},
    {CASTLIKE_VALIDATOR_COVERS_CAST_LIKE, CASTLIKE_FLOAT, CASTLIKE_BFLOAT16, -1, NULL},
    {CASTLIKE_VALIDATOR_COVERS_CAST_LIKE, CASTLIKE_FLOAT16, CASTLIKE_FLOAT, -1, NULL},
    {CASTLIKE_VALIDATOR_COVERS_CAST_LIKE, CASTLIKE_BFLOAT16, CASTLIKE_FLOAT, -1, NULL},
};

const castlike_validator_coverage_entry* castlike_validator_coverage(size_t* count) {
  *count = sizeof kCoverage / sizeof kCoverage[0];
  return kCoverage;
}

static int32_t reject(castlike_validator_output* out, const char* why) {
  if (out->message && out->message_size) snprintf(out->message, out->message_size, "%s", why);
  return CASTLIKE_VALIDATOR_REJECTED;
}

int32_t castlike_validator_cast_like(const castlike_validator_request* req, castlike_validator_output* out) {
  const size_t n = req->count;
  const int from = req->from, to = req->to;
  const int narrowing = from == CASTLIKE_FLOAT && (to == CASTLIKE_FLOAT16 || to == CASTLIKE_BFLOAT16);
  const int widening = to == CASTLIKE_FLOAT && (from == CASTLIKE_FLOAT16 || from == CASTLIKE_BFLOAT16);
  void* in;
  if (!narrowing && !widening) return reject(out, "not implemented");
  /* Copied so that the kernels see aligned arrays. */
  in = malloc(n * (narrowing ? sizeof(float) : sizeof(uint16_t)) + 1);
  if (!in) return reject(out, "out of memory");
  memcpy(in, req->input, n * (narrowing ? sizeof(float) : sizeof(uint16_t)));
  if (narrowing) {
    uint16_t* result = malloc(n * sizeof(uint16_t) + 1);
    if (result) {
      if (to == CASTLIKE_FLOAT16) tinyrt_float_to_half(in, result, n);
      else tinyrt_float_to_bfloat16(in, result, n);
      memcpy(out->data, result, n * sizeof(uint16_t));
    }
    free(in);
    free(result);
    return result ? CASTLIKE_VALIDATOR_OK : reject(out, "out of memory");
  } else {
    float* result = malloc(n * sizeof(float) + 1);
    if (result) {
      if (from == CASTLIKE_FLOAT16) tinyrt_half_to_float(in, result, n);
      else tinyrt_bfloat16_to_float(in, result, n);
      memcpy(out->data, result, n * sizeof(float));
    }
    free(in);
    free(result);
    return result ? CASTLIKE_VALIDATOR_OK : reject(out, "out of memory");
  }
}
