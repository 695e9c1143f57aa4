#define _POSIX_C_SOURCE 200809L /* getline */
/* What a third party's adapter does with a STRING structured set (docs/exhaustive.md): reads the
 * texts that `castlike validate --exhaustive --config STRING-... --write-inputs -` writes on
 * standard input, one per line, and writes the raw outputs on standard output, converted by the
 * kernel library's public C API, for `--raw-outputs -`. With --flip-bit0-where-text-has CHARS the
 * output's lowest bit is flipped for texts that contain CHARS (a planted fault).
 *
 *   raw_convert_text TO SATURATE ROUND_MODE [--flip-bit0-where-text-has CHARS]
 *     TO: an ONNX type number of a whole-byte type; ROUND_MODE: 0 up, 1 down, 2 nearest */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "castlike/castlike.h"

int main(int argc, char** argv) {
  if (argc != 4 && argc != 6) {
    fprintf(stderr, "usage: raw_convert_text TO SATURATE ROUND_MODE [--flip-bit0-where-text-has CHARS]\n");
    return 2;
  }
  const castlike_type to = (castlike_type)atoi(argv[1]);
  castlike_attributes attributes;
  attributes.saturate = atoi(argv[2]);
  attributes.round_mode = (castlike_round_mode)atoi(argv[3]);
  const char* marker = argc == 6 ? argv[5] : NULL;
  size_t width = 0;
  if (castlike_storage_bytes(to, 0, 1, &width) != CASTLIKE_OK || width == 0) {
    fprintf(stderr, "raw_convert_text: unknown type\n");
    return 2;
  }
  unsigned char out[8];
  char* line = NULL;
  size_t capacity = 0;
  for (ssize_t got; (got = getline(&line, &capacity, stdin)) > 0;) {
    if (line[got - 1] == '\n') line[--got] = '\0';
    const char* text = line;
    if (castlike_convert_from_strings(&text, NULL, 1, to, out, 0, &attributes) != CASTLIKE_OK) {
      fprintf(stderr, "raw_convert_text: castlike_convert_from_strings refused the call\n");
      return 1;
    }
    if (marker && strstr(line, marker)) out[0] ^= 1;
    fwrite(out, 1, width, stdout);
  }
  free(line);
  return 0;
}
