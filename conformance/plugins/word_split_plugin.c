/* A validator plug-in with a planted word-split fault (conformance/cli_test/exhaustive.cmake):
 * DOUBLE -> FLOAT16 rounded to nearest even from the high 32-bit word, with the low word only as a sticky
 * flag, and that flag tested as a signed 32-bit number (`(int32_t)lo > 0`): a low word with its
 * bit 31 set counts as zero. Wrong exactly where the high word holds a tie (round bit 1, every
 * bit below it in the high word 0), the kept bit is even and the low word's bit 31 is set: the
 * neighbours of a midpoint (+-1 ulp) and random inputs miss it, the structured set's sticky bit
 * 31 catches it. Every other pair is rejected. */
#include "single_pair_plugin.h"

const char* castlike_validator_name(void) { return "planted word-split DOUBLE -> FLOAT16"; }

static uint16_t double_to_half(uint64_t x) {
  const uint16_t sign = (uint16_t)((x >> 48) & 0x8000u);
  const int field = (int)((x >> 52) & 0x7ff);
  const uint64_t fraction = x & ((1ull << 52) - 1);
  if (field == 0x7ff) return (uint16_t)(sign | 0x7c00u | (fraction ? 0x200u : 0));
  if (field == 0) return sign; /* below 2^-1022: rounds to zero */
  const uint64_t significand = fraction | (1ull << 52);
  const int e = field - 1023, exponent = e - 52; /* value = significand * 2^exponent */
  const int grid = (e > -14 ? e : -14) - 10;     /* log2 of FLOAT16's spacing there */
  const int shift = grid - exponent;             /* 42 .. 53 where the result is not zero */
  if (shift > 53) return sign;                   /* below half the smallest subnormal */
  uint64_t q = significand >> shift;
  const uint64_t half = 1ull << (shift - 1);
  const uint64_t rest_high = significand & ((1ull << shift) - 1) & ~0xffffffffull;
  const int low_nonzero = (int32_t)(uint32_t)x > 0; /* the planted fault: should be (uint32_t)x != 0 */
  if (rest_high > half || (rest_high == half && (low_nonzero || (q & 1)))) ++q;
  uint64_t bits = e >= -14 ? ((uint64_t)(e + 14) << 10) + q : q;
  if (bits >= 0x7c00u) bits = 0x7c00u;
  return (uint16_t)(sign | bits);
}

int32_t castlike_validator_cast_like(const castlike_validator_request* req, castlike_validator_output* out) {
  if (!single_pair_accepts(req, out, 11, 10, "DOUBLE -> FLOAT16")) return CASTLIKE_VALIDATOR_REJECTED;
  for (size_t i = 0; i < req->count; ++i) {
    uint64_t x;
    memcpy(&x, req->input + 8 * i, 8);
    const uint16_t h = double_to_half(x);
    memcpy(out->data + 2 * i, &h, 2);
  }
  return CASTLIKE_VALIDATOR_OK;
}
