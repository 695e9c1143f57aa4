/* Not a header to include: fuzz/CMakeLists.txt runs it through the C preprocessor (-E -P) at
 * configure time to read every type's ONNX and numpy spellings off the rows of the type list, for
 * the fuzzers' dictionaries (the fuzz build has no castlike tool to ask: CASTLIKE_BUILD_CLI=OFF).
 * The output is one line of string literals, "NAME" "numpy" per row. */
#include "castlike/type_list.h"

#define CASTLIKE_FUZZ_SPELLINGS(NAME, Name, number, numpy, bits, storage, class_, format, since) #NAME numpy
CASTLIKE_TYPE_LIST(CASTLIKE_FUZZ_SPELLINGS)
