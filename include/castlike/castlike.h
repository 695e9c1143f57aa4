/* castlike: ONNX Cast / CastLike conversions between the ONNX element types (type_list.h), bit-exact with the
 * project's default profile (docs/semantics.md), vectorised with AVX2 / AVX-512 / NEON where it
 * pays and scalar everywhere else.
 *
 * Conventions of every call:
 *  - Every call returns a castlike_status (CASTLIKE_OK = 0); none throws, none aborts, and no input
 *    makes it read or write outside the buffers it was given. castlike_status_message() names a
 *    status in English.
 *  - Numeric buffers are in ONNX's raw layout: little-endian elements of 1, 2, 4 or 8 bytes, any
 *    alignment; the packed types as one little-endian bit string, element i at bits
 *    [i*bits, (i+1)*bits): the 4-bit types two per byte, element 0 in the low nibble; the 2-bit
 *    types four per byte, element 0 in the lowest two bits; the 6-bit types four in three bytes,
 *    element 1 across bytes 0 and 1.
 *  - Offsets and counts are in ELEMENTS, so a slice of a packed tensor may start mid-byte. A call
 *    writes the bits of its n destination elements and nothing else: other elements that share a
 *    byte with them are preserved (castlike_cast_like, which writes whole tensors, zeroes the
 *    padding bits of the last byte as ONNX requires).
 *  - The source and destination ranges may overlap; the result is as if the source were read in
 *    full before the destination is written.
 *  - n = 0 is valid and touches nothing (pointers may then be NULL).
 *  - attributes: NULL means the ONNX defaults (saturate = 1, round_mode = up). saturate must be 0
 *    or 1; it matters for the float8 destinations and FLOAT8E8M0. round_mode matters for
 *    FLOAT8E8M0 only.
 *
 * Thread safety: every call may be made from any number of threads at once. castlike_force_isa
 * changes the level for the whole process.
 */
#ifndef CASTLIKE_CASTLIKE_H_
#define CASTLIKE_CASTLIKE_H_

#include <stddef.h>
#include <stdint.h>

#include "castlike/types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CASTLIKE_VERSION_MAJOR 0
#define CASTLIKE_VERSION_MINOR 1
#define CASTLIKE_VERSION_PATCH 0

/* The longest text one element formats to, including the terminating NUL. */
#define CASTLIKE_MAX_TEXT_SIZE 32

/* ---- Conversions of numeric buffers ------------------------------------------------------------ */

/* Converts n elements of type `from` starting at element src_offset of src into type `to`
 * starting at element dst_offset of dst. Neither type may be CASTLIKE_STRING (use the string calls
 * below): CASTLIKE_ERROR_STRING_TYPE. Unknown type numbers: CASTLIKE_ERROR_UNKNOWN_TYPE. NULL src or
 * dst with n > 0: CASTLIKE_ERROR_INVALID_ARGUMENT. Offsets or byte sizes that overflow the address
 * space: CASTLIKE_ERROR_SIZE_OVERFLOW. Bad attributes: CASTLIKE_ERROR_INVALID_ATTRIBUTE. */
castlike_status castlike_convert(castlike_type from, const void* src, size_t src_offset, castlike_type to, void* dst,
                                 size_t dst_offset, size_t n, const castlike_attributes* attributes);

/* Bytes spanned by n elements of `type` starting at element `offset` (for packed types the bytes
 * from the one holding element `offset` to the one holding the last element). */
castlike_status castlike_storage_bytes(castlike_type type, size_t offset, size_t n, size_t* bytes);

/* The ONNX defaults: saturate = 1, round_mode = CASTLIKE_ROUND_UP. */
castlike_attributes castlike_default_attributes(void);

/* ---- Strings ------------------------------------------------------------------------------------
 * Text to numbers: exact decimal reading ("3.14", "-1e-5", " 1E8 ", ".5", "inf", "-Infinity",
 * "NaN"), one rounding to the destination. Text that is not a number gives an unspecified result
 * (the destination's NaN, or 0 where it has none); fractional or out-of-range text to an integer type
 * is unspecified too (truncated and clamped; 4-/2-bit types round to nearest even and wrap).
 * Numbers to text: integers in decimal, BOOL "True"/"False", floats as numpy's scalar str prints
 * them: the shortest text that reads back to the same value, scientific from 1e3 (FLOAT16), 1e6
 * (FLOAT) or 1e16 (DOUBLE) up and below 1e-4 ("0.1", "6.55e+04", "2.3577192e+06", "1e-07", "nan",
 * "inf", "-0.0"); the float types numpy lacks as their value in FLOAT ("448.0", "0.001953125"). */

/* Reads n texts into n elements of `to` (any type but STRING) from element dst_offset of dst.
 * texts[i] has lengths[i] bytes (no terminator needed, any bytes allowed); lengths == NULL means every
 * text is NUL-terminated. texts[i] may be NULL only when its length is 0. */
castlike_status castlike_convert_from_strings(const char* const* texts, const size_t* lengths, size_t n,
                                              castlike_type to, void* dst, size_t dst_offset,
                                              const castlike_attributes* attributes);

/* Receives the text of element `index` (`length` bytes, NUL-terminated for convenience; the
 * pointer is valid during the call only). Return 0 to go on, anything else to stop the conversion
 * with CASTLIKE_ERROR_CALLBACK_ABORTED. */
typedef int (*castlike_string_sink)(void* user_data, size_t index, const char* text, size_t length);

/* Formats n elements of `from` (any type but STRING) and hands each text to `sink` in order. */
castlike_status castlike_convert_to_strings(castlike_type from, const void* src, size_t src_offset, size_t n,
                                            castlike_string_sink sink, void* user_data);

/* Formats n elements into one caller buffer: the texts back to back, each followed by a NUL.
 * offsets, when not NULL, has n + 1 entries: offsets[i] is where text i starts, offsets[n] the
 * total size used. *required (may be NULL) receives that total size. When buffer is NULL or
 * capacity is smaller than the total, nothing is written to buffer or offsets and the call returns
 * CASTLIKE_ERROR_BUFFER_TOO_SMALL (with *required set): call it again with a big enough buffer. A
 * buffer of n * CASTLIKE_MAX_TEXT_SIZE bytes is always enough. */
castlike_status castlike_convert_to_string_buffer(castlike_type from, const void* src, size_t src_offset, size_t n,
                                                  char* buffer, size_t capacity, size_t* offsets, size_t* required);

/* ---- The CastLike operator ---------------------------------------------------------------------- */

typedef struct castlike_tensor {
  castlike_type type;
  const int64_t* shape; /* rank dimensions (may be NULL when rank == 0: a scalar) */
  size_t rank;
  /* numeric types: the raw data, exactly the bytes the shape needs */
  const void* data;
  size_t data_bytes;
  /* STRING: one text per element; string_lengths NULL = NUL-terminated texts */
  const char* const* strings;
  const size_t* string_lengths;
} castlike_tensor;

/* The node's attributes as a model states them: absent unless has_* is non-zero. */
typedef struct castlike_node_attributes {
  int has_saturate;
  int64_t saturate;       /* must be 0 or 1 */
  int has_round_mode;
  const char* round_mode; /* NUL-terminated: "up", "down" or "nearest" */
} castlike_node_attributes;

typedef struct castlike_output {
  /* numeric target: where the output goes, its capacity in bytes, and (out) the bytes written */
  void* data;
  size_t capacity;
  size_t bytes_written;
  /* STRING target: receives each element's text */
  castlike_string_sink sink;
  void* sink_user_data;
} castlike_output;

/* Runs CastLike(input, target_type) as a model at `opset` would: the output has the input's shape
 * and `target` as its type. Checks, in this order: the opset has a CastLike (15 to
 * castlike_newest_opset(), the newest opset this library knows: 28, where CastLike-25 is in force; else
 * CASTLIKE_ERROR_UNKNOWN_OPSET); both types exist (CASTLIKE_ERROR_UNKNOWN_TYPE) and exist at that
 * CastLike version (CASTLIKE_ERROR_TYPE_NOT_IN_OPSET); saturate is allowed from 19 and round_mode
 * from 24 (CASTLIKE_ERROR_ATTRIBUTE_NOT_IN_OPSET) and their values are valid
 * (CASTLIKE_ERROR_INVALID_ATTRIBUTE); the shape is valid (no negative dimension:
 * CASTLIKE_ERROR_INVALID_ARGUMENT; element count: CASTLIKE_ERROR_SIZE_OVERFLOW) and matches the
 * data (CASTLIKE_ERROR_INVALID_ARGUMENT); the output fits (CASTLIKE_ERROR_BUFFER_TOO_SMALL, with
 * output->bytes_written set to the bytes needed). attributes may be NULL (none stated). */
castlike_status castlike_cast_like(const castlike_tensor* input, castlike_type target, int64_t opset,
                                   const castlike_node_attributes* attributes, castlike_output* output);

/* Runs Cast(input, to=to) as a model at `opset` would: the same conversion and the same checks as
 * castlike_cast_like, against Cast's versions (13, 19, 21, 23, 24, 25, 28: Cast exists from opset 13;
 * the 6-bit float types exist at Cast-28 only, in no CastLike version). */
castlike_status castlike_cast(const castlike_tensor* input, castlike_type to, int64_t opset,
                              const castlike_node_attributes* attributes, castlike_output* output);

/* The newest opset this library knows (28: onnx 1.23.2). A newer opset may define a new Cast or CastLike, so
 * castlike_cast_like refuses it (CASTLIKE_ERROR_UNKNOWN_OPSET); a caller that knows the newer opset
 * left CastLike unchanged passes this one instead. */
int64_t castlike_newest_opset(void);

/* ---- Status, ISA control ------------------------------------------------------------------------ */

/* A static English sentence for any value (unknown values included). */
const char* castlike_status_message(castlike_status status);

typedef enum castlike_isa {
  CASTLIKE_ISA_SCALAR = 0,
  CASTLIKE_ISA_AVX2 = 1,   /* AVX2 + FMA + F16C */
  CASTLIKE_ISA_AVX512 = 2, /* AVX-512 F/BW/VL/VBMI/BF16 (+ the AVX2 set) */
  CASTLIKE_ISA_NEON = 3    /* AArch64 AdvSIMD */
} castlike_isa;

/* The level in force. At the first call of the library it is the best level this build and CPU
 * have, unless the environment variable CASTLIKE_ISA (scalar|avx2|avx512|neon) names another
 * available level (read once; an unavailable or unknown name is ignored). */
castlike_isa castlike_active_isa(void);
/* Forces a level for the whole process; CASTLIKE_ERROR_UNSUPPORTED_ISA (and no change) when the
 * CPU or this build lacks it. Pairs a level does not vectorise run the next level down. */
castlike_status castlike_force_isa(castlike_isa isa);
/* Non-zero when the CPU and this build support the level. */
int castlike_isa_available(castlike_isa isa);
/* "scalar", "avx2", "avx512", "neon" ("unknown" otherwise). */
const char* castlike_isa_name(castlike_isa isa);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* CASTLIKE_CASTLIKE_H_ */
