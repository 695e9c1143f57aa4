/* The C API called from C with enum arguments outside their enumerators (legal C: an enum is an
 * int), which C++ code cannot write without undefined behaviour. Run by kernels_api_test
 * (CApi.ValuesOutsideTheEnumerators); returns the number of failed checks and describes the first. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "castlike/castlike.h"

int castlike_c_enum_checks(char* first_failure, size_t size) {
  int failures = 0;
#define C_CHECK(cond)                                                                    \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      if (failures++ == 0) snprintf(first_failure, size, "line %d: %s", __LINE__, #cond); \
    }                                                                                    \
  } while (0)
  unsigned char a[16] = {0}, b[16] = {0};
  const int bad_types[] = {0, 14, 15, 29, 31, 32, -1, 1000, INT_MIN, INT_MAX};
  size_t i;
  for (i = 0; i < sizeof bad_types / sizeof bad_types[0]; ++i) {
    const castlike_type t = (castlike_type)bad_types[i];
    size_t bytes = 0;
    C_CHECK(castlike_convert(t, a, 0, CASTLIKE_FLOAT, b, 0, 1, NULL) == CASTLIKE_ERROR_UNKNOWN_TYPE);
    C_CHECK(castlike_convert(CASTLIKE_FLOAT, a, 0, t, b, 0, 1, NULL) == CASTLIKE_ERROR_UNKNOWN_TYPE);
    C_CHECK(castlike_storage_bytes(t, 0, 1, &bytes) == CASTLIKE_ERROR_UNKNOWN_TYPE);
    C_CHECK(castlike_convert_to_strings(t, a, 0, 1, NULL, NULL) == CASTLIKE_ERROR_UNKNOWN_TYPE);
    {
      const char* text = "1";
      C_CHECK(castlike_convert_from_strings(&text, NULL, 1, t, b, 0, NULL) == CASTLIKE_ERROR_UNKNOWN_TYPE);
    }
    {
      const int64_t shape[1] = {0};
      castlike_tensor in;
      castlike_output out;
      memset(&in, 0, sizeof in);
      memset(&out, 0, sizeof out);
      in.type = t;
      in.shape = shape;
      in.rank = 1;
      C_CHECK(castlike_cast_like(&in, CASTLIKE_FLOAT, 25, NULL, &out) == CASTLIKE_ERROR_UNKNOWN_TYPE);
      in.type = CASTLIKE_FLOAT;
      C_CHECK(castlike_cast_like(&in, t, 25, NULL, &out) == CASTLIKE_ERROR_UNKNOWN_TYPE);
    }
  }
  {
    const int bad_modes[] = {3, 4, -5, INT_MAX, INT_MIN};
    castlike_attributes at = castlike_default_attributes();
    float one = 1.0f;
    for (i = 0; i < sizeof bad_modes / sizeof bad_modes[0]; ++i) {
      at.round_mode = (castlike_round_mode)bad_modes[i];
      C_CHECK(castlike_convert(CASTLIKE_FLOAT, &one, 0, CASTLIKE_FLOAT8E8M0, b, 0, 1, &at) ==
              CASTLIKE_ERROR_INVALID_ATTRIBUTE);
    }
  }
  {
    const int bad_isas[] = {4, 9, -1, 42, INT_MIN};
    const castlike_isa before = castlike_active_isa();
    for (i = 0; i < sizeof bad_isas / sizeof bad_isas[0]; ++i) {
      const castlike_isa isa = (castlike_isa)bad_isas[i];
      C_CHECK(castlike_force_isa(isa) == CASTLIKE_ERROR_UNSUPPORTED_ISA);
      C_CHECK(castlike_isa_available(isa) == 0);
      C_CHECK(strcmp(castlike_isa_name(isa), "unknown") == 0);
    }
    C_CHECK(castlike_active_isa() == before);
  }
  {
    const int bad_status[] = {14, 15, 16, 100, -7, INT_MIN};
    for (i = 0; i < sizeof bad_status / sizeof bad_status[0]; ++i)
      C_CHECK(strcmp(castlike_status_message((castlike_status)bad_status[i]), "unknown status code") == 0);
  }
#undef C_CHECK
  return failures;
}
