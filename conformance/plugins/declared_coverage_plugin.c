/* A plug-in that declares its coverage (castlike_validator_coverage, validator_abi.h): INT8 -> INT16
 * and INT8 -> INT32, both converted exactly. Built three times for the coverage tests
 * (../cli_test): DECLARED_COVERAGE_VARIANT 0 as described; 1 also declares INT8 -> FLOAT and rejects
 * it (a declared pair whose calls are rejected fails); 2 declares a type that is no castlike_type
 * (loading fails, naming the entry). */
#include <stdio.h>

#include "castlike/validator_abi.h"

#ifndef DECLARED_COVERAGE_VARIANT
#error "build with DECLARED_COVERAGE_VARIANT=0, 1 or 2"
#endif

static const castlike_validator_coverage_entry kCoverage[] = {
#if DECLARED_COVERAGE_VARIANT == 2
    {CASTLIKE_VALIDATOR_COVERS_CAST_LIKE, CASTLIKE_INT8, 999, -1, NULL},
#endif
    {CASTLIKE_VALIDATOR_COVERS_CAST_LIKE, CASTLIKE_INT8, CASTLIKE_INT16, -1, NULL},
    {CASTLIKE_VALIDATOR_COVERS_CAST_LIKE, CASTLIKE_INT8, CASTLIKE_INT32, -1, NULL},
#if DECLARED_COVERAGE_VARIANT == 1
    {CASTLIKE_VALIDATOR_COVERS_CAST_LIKE, CASTLIKE_INT8, CASTLIKE_FLOAT, -1, NULL},
#endif
};

int32_t castlike_validator_abi_version(void) { return CASTLIKE_VALIDATOR_ABI_VERSION; }

const char* castlike_validator_name(void) { return "declared-coverage test plug-in"; }

const castlike_validator_coverage_entry* castlike_validator_coverage(size_t* count) {
  *count = sizeof kCoverage / sizeof kCoverage[0];
  return kCoverage;
}

int32_t castlike_validator_cast_like(const castlike_validator_request* req, castlike_validator_output* out) {
  size_t i;
  if (req->from != CASTLIKE_INT8 || (req->to != CASTLIKE_INT16 && req->to != CASTLIKE_INT32)) {
    if (out->message && out->message_size) snprintf(out->message, out->message_size, "not implemented");
    return CASTLIKE_VALIDATOR_REJECTED;
  }
  for (i = 0; i < req->count; ++i) {
    const int32_t v = (int8_t)req->input[i];
    const size_t width = req->to == CASTLIKE_INT16 ? 2 : 4;
    size_t b;
    for (b = 0; b < width; ++b) out->data[i * width + b] = (uint8_t)((uint32_t)v >> (8 * b));
  }
  return CASTLIKE_VALIDATOR_OK;
}
