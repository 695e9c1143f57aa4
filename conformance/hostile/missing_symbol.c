/* Exports no castlike_validator_cast_like. */
#include <stdint.h>
int32_t castlike_validator_abi_version(void) { return 1; }
const char* castlike_validator_name(void) { return "hostile test plug-in: missing symbol"; }
