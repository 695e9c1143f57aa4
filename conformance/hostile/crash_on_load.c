/* Crashes in its constructor, while dlopen runs it. */
#include <signal.h>
#include <stdint.h>
__attribute__((constructor)) static void crash_on_load(void) { raise(SIGSEGV); }
int32_t castlike_validator_abi_version(void) { return 1; }
const char* castlike_validator_name(void) { return "hostile test plug-in: crash on load"; }
int32_t castlike_validator_cast_like(const void* request, void* output) {
  (void)request, (void)output;
  return 0;
}
