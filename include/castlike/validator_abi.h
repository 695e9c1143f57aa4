/* castlike validator plug-in ABI, version 1.
 *
 * `castlike validate --library PATH.so` loads a shared library with dlopen and judges the CastLike
 * (and Cast) implementation behind it against the castlike vector files, exactly as it judges a
 * results file. The library exports three C functions (no C++ name mangling), and a fourth if it
 * runs Cast nodes too:
 *
 *   int32_t     castlike_validator_abi_version(void);   returns CASTLIKE_VALIDATOR_ABI_VERSION
 *   const char* castlike_validator_name(void);          e.g. "myruntime 1.2 (CPU)"; static storage
 *   int32_t     castlike_validator_cast_like(const castlike_validator_request* request,
 *                                            castlike_validator_output* output);
 *   int32_t     castlike_validator_cast(const castlike_validator_request* request,     (optional)
 *                                       castlike_validator_output* output);
 *
 * castlike_validator_cast_like runs ONE CastLike node on one tensor: every element of
 * `request->input` converted to `request->to` at `request->opset` with the attributes given.
 * castlike_validator_cast runs ONE Cast node the same way (its `to` attribute is `request->to`);
 * the vector files of the Cast operator are asked of it, and reported as rejected, pair by pair,
 * when the library does not export it. Each returns CASTLIKE_VALIDATOR_OK after writing every
 * output element, or CASTLIKE_VALIDATOR_REJECTED after writing a NUL-terminated reason into
 * output->message (at most output->message_size bytes, truncated if longer): "not implemented",
 * "opset 25 not supported", a model load error... A rejection is reported per pair as coverage,
 * not as a wrong result.
 *
 * Data layout is ONNX's TensorProto raw_data layout (castlike vectors' "packed" field):
 *   - element widths 8/16/32/64 bits: little-endian, one element after the other;
 *   - 4-bit types: two per byte, element 0 in the low nibble;
 *   - 2-bit types: four per byte, element 0 in the lowest two bits;
 *   - 6-bit types (Cast-28 only, so only castlike_validator_cast sees them): four in three bytes,
 *     element i at bits [6i, 6i+6) of the little-endian bit string;
 *   - BOOL: one byte, 0 or 1; STRING: an array of NUL-terminated UTF-8 strings.
 * The validator calls from one thread at a time; the library need not be thread-safe. It must not
 * keep pointers into the request or output after returning.
 *
 * Several calls at once: `castlike validate --exhaustive --jobs N` runs a worker process per job, so
 * N calls run at once, each in its own process; with --in-process every call is made from one
 * thread at a time in the validator's process, so --jobs does not make calls concurrent there.
 * A pair the library does not implement is rejected on every call: the every-input mode reports
 * such a configuration once as "not covered" (not a failure) unless --require-pairs names it.
 *
 * What a plug-in may do. `castlike validate --library` runs the library in a sandboxed worker
 * process (docs/isolation.md), from before its constructors run to its end. Allowed: computing,
 * allocating memory, threads (a thread pool; they end with the worker), reading the system's
 * libraries and the directories its own DT_RUNPATH / LD_LIBRARY_PATH name, its environment,
 * printing on standard output and error. Not allowed, and reported as that call's failure
 * ("was stopped by the sandbox at a forbidden system call: ..."): new processes or programs,
 * writing, creating or changing files (and reading the user's files, where Landlock exists),
 * sockets and the network, signals to or tracing of any other process, changing limits,
 * priorities or scheduling of other processes, administrative calls. A library that needs any of
 * these runs only with --in-process, in the validator itself, unprotected.
 *
 * Shapes. Besides one call per vector file and large calls over every input, the validator calls
 * each library in the shapes of its shape plan (harness/generation/shape_plan.hpp): lengths across
 * every block boundary up to 64 elements and calls of at least 1,024 elements, the input and the
 * output starting at every byte offset inside 64 bytes (for the packed 2-, 4- and 6-bit types the
 * offsets that start on a byte, and every element phase where the library takes phases: below),
 * so that a vector main loop, its tail and its misaligned head each see every decisive input. A
 * library that converts in place (output->data may be request->input: the output aliases the
 * input, the destination no wider than the source) says so with an OPTIONAL fifth function,
 *
 *   uint32_t    castlike_validator_capabilities(void);  returns CASTLIKE_VALIDATOR_CAN_* flags
 *
 * found with dlsym: without it (every library written before it), no call aliases.
 *
 * Element phases. A packed tensor's slice may start inside a byte (for the 6-bit types, inside a
 * group of four elements in three bytes): a runtime's packed path then has a head that reads or
 * writes part of a byte. A library that takes such calls returns CASTLIKE_VALIDATOR_CAN_ELEMENT_PHASES
 * from castlike_validator_capabilities() and exports the OPTIONAL functions
 *
 *   int32_t     castlike_validator_cast_like_at(const castlike_validator_request* request,
 *                                               castlike_validator_output* output,
 *                                               const castlike_validator_phases* phases);
 *   int32_t     castlike_validator_cast_at(...same arguments...);  (when it exports _cast)
 *
 * which are castlike_validator_cast_like and castlike_validator_cast with the call's first input
 * element at element phases->input of the group request->input points at, and its first output
 * element at element phases->output of the group output->data points at (a phase is below the
 * elements of one group: 2 for the 4-bit types, 4 for the 2- and 6-bit types; 0 for a side that is
 * not packed). request->input then holds the bytes of phases->input + count elements, and
 * output->data_size is the storage of phases->output + count elements of `to`; the library writes
 * the bits of its `count` output elements and keeps the other bits of those bytes as they are (the
 * elements of the tensor it is a slice of). The validator calls them for calls where a phase is
 * not 0, never in place, and the plain functions for every other call. Declaring the flag without
 * exporting castlike_validator_cast_like_at (or, beside castlike_validator_cast,
 * castlike_validator_cast_at) makes loading the library fail. Without the flag (every library
 * written before it) the packed types' calls start on a byte only, and the reports say so
 * ("packed types: calls start on a byte only (no element phases taken)"): those head paths were
 * not judged.
 *
 * Coverage. A library that converts some pairs only says which with an OPTIONAL sixth function,
 *
 *   const castlike_validator_coverage_entry* castlike_validator_coverage(size_t* count);
 *
 * returning a static array of *count entries, each a pair, the operator functions that convert it
 * and the attribute settings they take (an entry whose destination does not read an attribute
 * ignores that attribute's field). The validator then asks nothing outside it: such a pair or
 * setting is reported once as "not covered (declared)", never as a failure, and a call inside it
 * that is rejected is a failure (the library said it converts it). Without the function (every
 * library written before it) the validator infers coverage: a pair whose every call is rejected is
 * "not covered (inferred)". `--require-pairs` makes coverage of the pairs it names a requirement.
 * An entry naming a type that is not a castlike_type, no operator, a saturate other than -1, 0, 1
 * or a round mode other than NULL, "up", "down", "nearest" makes loading the library fail.
 *
 * Version rules:
 * a new optional function or a new flag leaves CASTLIKE_VALIDATOR_ABI_VERSION as it is (an old
 * library keeps working, an unknown flag is ignored); the version changes only when a field of the
 * request or output changes, and a validator then refuses libraries of another version by name.
 *
 * A tiny example is conformance/plugins/example_validator_plugin.c (built as
 * libcastlike_example_validator_plugin.so and used by the validator's tests).
 */
#ifndef CASTLIKE_VALIDATOR_ABI_H_
#define CASTLIKE_VALIDATOR_ABI_H_

#include <stddef.h>
#include <stdint.h>

#include "castlike/types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CASTLIKE_VALIDATOR_ABI_VERSION 1

#define CASTLIKE_VALIDATOR_OK 0
#define CASTLIKE_VALIDATOR_REJECTED 1

/* castlike_validator_capabilities() flags. */
#define CASTLIKE_VALIDATOR_CAN_IN_PLACE 1u /* output->data may equal request->input (same count) */
/* packed calls may start at an element phase: castlike_validator_cast_like_at (and _cast_at) */
#define CASTLIKE_VALIDATOR_CAN_ELEMENT_PHASES 2u

/* castlike_validator_coverage_entry.operators flags: the functions that convert the pair. */
#define CASTLIKE_VALIDATOR_COVERS_CAST_LIKE 1u /* castlike_validator_cast_like */
#define CASTLIKE_VALIDATOR_COVERS_CAST 2u      /* castlike_validator_cast */

typedef struct castlike_validator_coverage_entry {
  uint32_t operators;     /* CASTLIKE_VALIDATOR_COVERS_* flags, at least one */
  int32_t from;           /* castlike_type of the input */
  int32_t to;             /* castlike_type of the output */
  int32_t saturate;       /* -1: every setting; 0 or 1: that one only (not set counts as 1) */
  const char* round_mode; /* NULL: every mode; else "up", "down" or "nearest" only (not set: "up") */
} castlike_validator_coverage_entry;

typedef struct castlike_validator_request {
  int32_t opset;         /* the model's opset (CastLike: 15..28, Cast: 13..28) */
  int32_t from;          /* castlike_type of the input (ONNX TensorProto.DataType number) */
  int32_t to;            /* castlike_type of target_type and of the output */
  int32_t saturate;      /* -1: attribute not set (the default, 1); else 0 or 1 */
  const char* round_mode; /* NULL: attribute not set (the default, "up"); else "up", "down", "nearest" */
  size_t count;          /* number of elements (the tensor is 1-D for the validator) */
  const uint8_t* input;  /* numeric input: raw_data layout, storage size of `count` elements; NULL for STRING */
  const char* const* input_text; /* STRING input: `count` NUL-terminated strings; NULL otherwise */
} castlike_validator_request;

typedef struct castlike_validator_output {
  uint8_t* data;         /* numeric output: zero-filled buffer in raw_data layout; NULL for STRING */
  size_t data_size;      /* its size in bytes (exactly the storage of `count` elements of `to`) */
  /* STRING output: call once per element; the validator copies the text. Returns 0, or -1 for an
   * index out of range. NULL for numeric outputs. */
  int32_t (*set_text)(void* context, size_t index, const char* text, size_t length);
  void* context;         /* pass back to set_text */
  char* message;         /* on CASTLIKE_VALIDATOR_REJECTED: the reason, NUL-terminated */
  size_t message_size;
} castlike_validator_output;

/* Where a call's first elements start inside their packing groups (Element phases, above). */
typedef struct castlike_validator_phases {
  uint32_t input;  /* element index of the first input element in the group request->input starts */
  uint32_t output; /* element index of the first output element in the group output->data starts */
} castlike_validator_phases;

typedef int32_t (*castlike_validator_abi_version_fn)(void);
typedef const char* (*castlike_validator_name_fn)(void);
typedef int32_t (*castlike_validator_cast_like_fn)(const castlike_validator_request*, castlike_validator_output*);
typedef int32_t (*castlike_validator_cast_fn)(const castlike_validator_request*, castlike_validator_output*);
typedef uint32_t (*castlike_validator_capabilities_fn)(void);
typedef const castlike_validator_coverage_entry* (*castlike_validator_coverage_fn)(size_t* count);
typedef int32_t (*castlike_validator_cast_at_fn)(const castlike_validator_request*, castlike_validator_output*,
                                                 const castlike_validator_phases*);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* CASTLIKE_VALIDATOR_ABI_H_ */
