/* tinyrt's conversions, on the bits (no float16 type in C). */
#include "tinyrt_convert.h"

#include <string.h>

static uint32_t float_bits(float x) {
  uint32_t u;
  memcpy(&u, &x, sizeof u);
  return u;
}

static float bits_float(uint32_t u) {
  float x;
  memcpy(&x, &u, sizeof x);
  return x;
}

/* Round to nearest, ties to even; overflow to infinity; NaN stays NaN (quiet). */
static uint16_t float_to_half(float x) {
  const uint32_t u = float_bits(x);
  const uint16_t sign = (uint16_t)((u >> 16) & 0x8000u);
  const uint32_t magnitude = u & 0x7FFFFFFFu;
  if (magnitude > 0x7F800000u) return (uint16_t)(sign | 0x7E00u);
  if (magnitude >= 0x477FF000u) return (uint16_t)(sign | 0x7C00u); /* >= 65520: rounds past 65504 */
  if (magnitude < 0x38800000u) {                                    /* below 2^-14: subnormal or 0 */
#ifdef TINYRT_FLUSH_SUBNORMALS
    return sign; /* the changed output of the install test: its baseline must then fail */
#else
    const uint32_t exponent = magnitude >> 23;
    if (exponent < 102) return sign; /* below 2^-25: rounds to 0 */
    {
      const uint32_t mantissa = (magnitude & 0x7FFFFFu) | 0x800000u;
      const uint32_t shift = 126 - exponent; /* 14..24: the value in units of 2^-24 */
      const uint32_t kept = mantissa >> shift;
      const uint32_t rest = mantissa & ((1u << shift) - 1);
      const uint32_t half = 1u << (shift - 1);
      return (uint16_t)(sign | (kept + (rest > half || (rest == half && (kept & 1)))));
    }
#endif
  }
  {
    const uint32_t rebiased = magnitude - 0x38000000u; /* exponent bias 127 -> 15 */
    const uint32_t kept = rebiased >> 13;
    const uint32_t rest = rebiased & 0x1FFFu;
    return (uint16_t)(sign | (kept + (rest > 0x1000u || (rest == 0x1000u && (kept & 1)))));
  }
}

static float half_to_float(uint16_t h) {
  const uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
  const uint32_t exponent = (h >> 10) & 0x1Fu;
  uint32_t mantissa = h & 0x3FFu;
  if (exponent == 0x1F) return bits_float(sign | 0x7F800000u | (mantissa << 13));
  if (exponent != 0) return bits_float(sign | ((exponent + 112) << 23) | (mantissa << 13));
  if (mantissa == 0) return bits_float(sign);
  {
    uint32_t e = 113;
    while (!(mantissa & 0x400u)) {
      mantissa <<= 1;
      --e;
    }
    return bits_float(sign | (e << 23) | ((mantissa & 0x3FFu) << 13));
  }
}

void tinyrt_float_to_half(const float* in, uint16_t* out, size_t count) {
  size_t i;
  for (i = 0; i < count; ++i) out[i] = float_to_half(in[i]);
}

void tinyrt_half_to_float(const uint16_t* in, float* out, size_t count) {
  size_t i;
  for (i = 0; i < count; ++i) out[i] = half_to_float(in[i]);
}

void tinyrt_float_to_bfloat16(const float* in, uint16_t* out, size_t count) {
  size_t i;
  for (i = 0; i < count; ++i) {
    const uint32_t u = float_bits(in[i]);
    out[i] = (u & 0x7FFFFFFFu) > 0x7F800000u ? (uint16_t)((u >> 16) | 0x40u) : (uint16_t)(u >> 16);
  }
}

void tinyrt_bfloat16_to_float(const uint16_t* in, float* out, size_t count) {
  size_t i;
  for (i = 0; i < count; ++i) out[i] = bits_float((uint32_t)in[i] << 16);
}
