/* What a third party's adapter does with a structured set (docs/exhaustive.md): reads the raw
 * inputs that `castlike validate --exhaustive --config ID --write-inputs -` writes on standard
 * input and writes the raw outputs on standard output, converted by the kernel library's public
 * C API, for `--raw-outputs -`. With --flip-bit0-where-low-word HEX the output's lowest bit is
 * flipped for 64-bit inputs whose low 32-bit word equals HEX (a planted fault).
 *
 *   raw_convert FROM TO SATURATE ROUND_MODE [--flip-bit0-where-low-word HEX]
 *     FROM, TO: ONNX type numbers; ROUND_MODE: 0 up, 1 down, 2 nearest (castlike_round_mode) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "castlike/castlike.h"

int main(int argc, char** argv) {
  if (argc != 5 && argc != 7) {
    fprintf(stderr, "usage: raw_convert FROM TO SATURATE ROUND_MODE [--flip-bit0-where-low-word HEX]\n");
    return 2;
  }
  const castlike_type from = (castlike_type)atoi(argv[1]), to = (castlike_type)atoi(argv[2]);
  castlike_attributes attributes;
  attributes.saturate = atoi(argv[3]);
  attributes.round_mode = (castlike_round_mode)atoi(argv[4]);
  const int flip = argc == 7;
  const unsigned long low_word = flip ? strtoul(argv[6], NULL, 16) : 0;
  enum { kBatch = 1 << 16 }; /* elements; a multiple of 8, so packed outputs stay whole bytes */
  size_t in_bytes = 0, out_bytes = 0;
  if (castlike_storage_bytes(from, 0, kBatch, &in_bytes) != CASTLIKE_OK ||
      castlike_storage_bytes(to, 0, kBatch, &out_bytes) != CASTLIKE_OK) {
    fprintf(stderr, "raw_convert: unknown type\n");
    return 2;
  }
  const size_t width = in_bytes / kBatch; /* the sources here are whole bytes wide */
  unsigned char* in = malloc(in_bytes);
  unsigned char* out = malloc(out_bytes);
  for (size_t got; (got = fread(in, 1, in_bytes, stdin)) > 0;) {
    const size_t n = got / width;
    size_t bytes = 0;
    castlike_storage_bytes(to, 0, n, &bytes);
    if (castlike_convert(from, in, 0, to, out, 0, n, &attributes) != CASTLIKE_OK) {
      fprintf(stderr, "raw_convert: castlike_convert refused the call\n");
      return 1;
    }
    if (flip && width == 8)
      for (size_t i = 0; i < n; ++i) {
        unsigned int lo;
        memcpy(&lo, in + 8 * i, 4);
        if (lo == low_word) out[i * bytes / n] ^= 1; /* whole-byte destinations only */
      }
    fwrite(out, 1, bytes, stdout);
  }
  free(in);
  free(out);
  return 0;
}
