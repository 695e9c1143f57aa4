/* Claims ABI version 2. */
#include <stdint.h>
int32_t castlike_validator_abi_version(void) { return 2; }
const char* castlike_validator_name(void) { return "hostile test plug-in: wrong ABI"; }
int32_t castlike_validator_cast_like(const void* request, void* output) {
  (void)request, (void)output;
  return 0;
}
