/* castlike: the C-level vocabulary shared by the kernel library, the reference and their users.
 *
 * Element types carry their ONNX TensorProto.DataType numbers so that values can be passed
 * straight from a model. Complex types (14, 15) are deliberately absent: CastLike excludes them. */
#ifndef CASTLIKE_TYPES_H_
#define CASTLIKE_TYPES_H_

#include <stddef.h>
#include <stdint.h>

#include "castlike/type_list.h"

#ifdef __cplusplus
extern "C" {
#endif

/* CASTLIKE_FLOAT = 1, ... one enumerator per row of type_list.h. (The FLOAT6 types exist at
 * Cast-28 only: no CastLike version lists them.) */
#define CASTLIKE_TYPE_ENUMERATOR(NAME, Name, number, ...) CASTLIKE_##NAME = number,
typedef enum castlike_type { CASTLIKE_TYPE_LIST(CASTLIKE_TYPE_ENUMERATOR) } castlike_type;
#undef CASTLIKE_TYPE_ENUMERATOR

/* FLOAT8E8M0 rounding (CastLike >= 24). */
typedef enum castlike_round_mode {
  CASTLIKE_ROUND_UP = 0, /* default: next power of two away from zero */
  CASTLIKE_ROUND_DOWN = 1,
  CASTLIKE_ROUND_NEAREST = 2 /* nearest power of two, ties up */
} castlike_round_mode;

/* The CastLike attributes. `saturate` is 0 or 1 (default 1); it matters only for the float8
 * destinations (and FLOAT8E8M0). */
typedef struct castlike_attributes {
  int32_t saturate;
  castlike_round_mode round_mode;
} castlike_attributes;

typedef enum castlike_status {
  CASTLIKE_OK = 0,
  CASTLIKE_ERROR_INVALID_ARGUMENT = 1, /* null pointer, bad attribute value */
  CASTLIKE_ERROR_UNKNOWN_TYPE = 2,
  CASTLIKE_ERROR_TYPE_NOT_IN_OPSET = 3,
  CASTLIKE_ERROR_ATTRIBUTE_NOT_IN_OPSET = 4,
  CASTLIKE_ERROR_UNKNOWN_OPSET = 5,
  CASTLIKE_ERROR_SIZE_OVERFLOW = 6,
  CASTLIKE_ERROR_BUFFER_TOO_SMALL = 7,
  CASTLIKE_ERROR_UNSUPPORTED_ISA = 8,
  CASTLIKE_ERROR_INVALID_ATTRIBUTE = 9, /* saturate not 0/1, round_mode not up/down/nearest */
  CASTLIKE_ERROR_STRING_TYPE = 10,      /* STRING given to a numeric-buffer call: use the string calls */
  CASTLIKE_ERROR_CALLBACK_ABORTED = 11, /* a string sink returned non-zero */
  CASTLIKE_ERROR_OUT_OF_MEMORY = 12,
  CASTLIKE_ERROR_INTERNAL = 13          /* a bug: please report (never expected) */
} castlike_status;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* CASTLIKE_TYPES_H_ */
