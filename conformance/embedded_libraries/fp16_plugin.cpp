// The FP16 library (fp16.h, Debian's libfp16-dev; used by XNNPACK and PyTorch) as a castlike peer:
// its IEEE half-precision conversions from and to float.
#include <fp16.h>

#include "library_plugin.hpp"

namespace {

uint64_t float_to_half(uint64_t bits) { return fp16_ieee_from_fp32_value(embedded::from_bits<float>(bits)); }
uint64_t half_to_float(uint64_t bits) {
  return embedded::to_bits(fp16_ieee_to_fp32_value(static_cast<uint16_t>(bits)));
}

}  // namespace

const char* const kLibraryName = "FP16 (fp16.h, Debian libfp16-dev)";
const embedded::Pair kPairs[] = {
    {CASTLIKE_FLOAT, CASTLIKE_FLOAT16, -1, nullptr, float_to_half},
    {CASTLIKE_FLOAT16, CASTLIKE_FLOAT, -1, nullptr, half_to_float},
};
const size_t kPairCount = sizeof kPairs / sizeof kPairs[0];
