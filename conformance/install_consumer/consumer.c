/* A C user of the installed castlike package. Exit status 0 when every check holds. */
#include <castlike/castlike.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;
#define CHECK(cond)                                                  \
  do {                                                               \
    if (!(cond)) {                                                   \
      fprintf(stderr, "consumer.c:%d: check failed: %s\n", __LINE__, #cond); \
      ++failures;                                                    \
    }                                                                \
  } while (0)

static int print_text(void* user, size_t index, const char* text, size_t length) {
  char* out = (char*)user;
  (void)index;
  strncat(out, text, length);
  strcat(out, " ");
  return 0;
}

int main(void) {
  const float in[4] = {1.0f, -2.5f, 448.0f, 1e9f};
  unsigned char f8[4];
  unsigned short bf16[4];
  castlike_attributes no_saturation = castlike_default_attributes();
  no_saturation.saturate = 0;

  CHECK(castlike_convert(CASTLIKE_FLOAT, in, 0, CASTLIKE_FLOAT8E4M3FN, f8, 0, 4, NULL) == CASTLIKE_OK);
  CHECK(f8[0] == 0x38 && f8[1] == 0xC2 && f8[2] == 0x7E && f8[3] == 0x7E);
  CHECK(castlike_convert(CASTLIKE_FLOAT, in, 0, CASTLIKE_FLOAT8E4M3FN, f8, 0, 4, &no_saturation) == CASTLIKE_OK);
  CHECK(f8[3] == 0x7F);
  CHECK(castlike_convert(CASTLIKE_FLOAT, in, 0, CASTLIKE_BFLOAT16, bf16, 0, 4, NULL) == CASTLIKE_OK);
  CHECK(bf16[0] == 0x3F80 && bf16[1] == 0xC020);
  CHECK(castlike_convert(CASTLIKE_FLOAT, NULL, 0, CASTLIKE_BFLOAT16, bf16, 0, 4, NULL) == CASTLIKE_ERROR_INVALID_ARGUMENT);

  {
    const char* texts[2] = {"0.1", "-inf"};
    double d[2];
    char out[256] = "";
    CHECK(castlike_convert_from_strings(texts, NULL, 2, CASTLIKE_DOUBLE, d, 0, NULL) == CASTLIKE_OK);
    CHECK(d[0] == 0.1);
    CHECK(castlike_convert_to_strings(CASTLIKE_DOUBLE, d, 0, 2, print_text, out) == CASTLIKE_OK);
    CHECK(strcmp(out, "0.1 -inf ") == 0);
  }
  {
    const int64_t shape[1] = {3};
    const float data[3] = {1.5f, 2.5f, -9.0f};
    unsigned char packed[2] = {0xFF, 0xFF};
    castlike_tensor input;
    castlike_node_attributes attrs;
    castlike_output output;
    memset(&input, 0, sizeof input);
    memset(&attrs, 0, sizeof attrs);
    memset(&output, 0, sizeof output);
    input.type = CASTLIKE_FLOAT;
    input.shape = shape;
    input.rank = 1;
    input.data = data;
    input.data_bytes = sizeof data;
    output.data = packed;
    output.capacity = sizeof packed;
    CHECK(castlike_cast_like(&input, CASTLIKE_INT4, 21, &attrs, &output) == CASTLIKE_OK);
    CHECK(output.bytes_written == 2 && packed[0] == 0x22 && packed[1] == 0x07); /* RNE 2, 2; -9 wraps to 7 */
    CHECK(castlike_cast_like(&input, CASTLIKE_INT4, 19, &attrs, &output) == CASTLIKE_ERROR_TYPE_NOT_IN_OPSET);
    attrs.has_round_mode = 1;
    attrs.round_mode = "nearest";
    CHECK(castlike_cast_like(&input, CASTLIKE_INT4, 23, &attrs, &output) == CASTLIKE_ERROR_ATTRIBUTE_NOT_IN_OPSET);
  }
  CHECK(castlike_force_isa(CASTLIKE_ISA_SCALAR) == CASTLIKE_OK);
  CHECK(castlike_active_isa() == CASTLIKE_ISA_SCALAR);
  printf("castlike C consumer: %s (%d failures)\n", castlike_status_message(CASTLIKE_OK), failures);
  return failures == 0 ? 0 : 1;
}
