/* tinyrt: the conversion library of a small example runtime (conformance/example_runtime). Its
 * kernels are what castlike judges, through the plug-in in tinyrt_castlike_plugin.c. */
#ifndef TINYRT_CONVERT_H_
#define TINYRT_CONVERT_H_

#include <stddef.h>
#include <stdint.h>

void tinyrt_float_to_half(const float* in, uint16_t* out, size_t count);
void tinyrt_half_to_float(const uint16_t* in, float* out, size_t count);
/* Rounds toward zero (drops the low 16 bits), as some runtimes do for speed: the discrepancy
 * the example's baseline records. */
void tinyrt_float_to_bfloat16(const float* in, uint16_t* out, size_t count);
void tinyrt_bfloat16_to_float(const uint16_t* in, float* out, size_t count);

#endif /* TINYRT_CONVERT_H_ */
