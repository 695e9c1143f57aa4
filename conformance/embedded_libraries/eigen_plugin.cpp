// Eigen 3.4's half-precision types (Eigen::half, Eigen::bfloat16; Debian's libeigen3-dev) as a
// castlike peer: their constructors from float and double and their conversions back.
#include <Eigen/Core>

#include "library_plugin.hpp"

namespace {

template <class Narrow, class Wide>
uint64_t narrow(uint64_t bits) {
  return Eigen::numext::bit_cast<uint16_t>(Narrow(embedded::from_bits<Wide>(bits)));
}

template <class Narrow, class Wide>
uint64_t widen(uint64_t bits) {
  return embedded::to_bits(static_cast<Wide>(Eigen::numext::bit_cast<Narrow>(static_cast<uint16_t>(bits))));
}

template <class From, class To>
uint64_t across(uint64_t bits) {  // half <-> bfloat16: Eigen goes through float
  return Eigen::numext::bit_cast<uint16_t>(To(static_cast<float>(Eigen::numext::bit_cast<From>(static_cast<uint16_t>(bits)))));
}

}  // namespace

const char* const kLibraryName = "Eigen 3.4 (Eigen::half, Eigen::bfloat16; Debian libeigen3-dev)";
const embedded::Pair kPairs[] = {
    {CASTLIKE_FLOAT, CASTLIKE_FLOAT16, -1, nullptr, narrow<Eigen::half, float>},
    {CASTLIKE_DOUBLE, CASTLIKE_FLOAT16, -1, nullptr, narrow<Eigen::half, double>},
    {CASTLIKE_FLOAT, CASTLIKE_BFLOAT16, -1, nullptr, narrow<Eigen::bfloat16, float>},
    {CASTLIKE_DOUBLE, CASTLIKE_BFLOAT16, -1, nullptr, narrow<Eigen::bfloat16, double>},
    {CASTLIKE_FLOAT16, CASTLIKE_FLOAT, -1, nullptr, widen<Eigen::half, float>},
    {CASTLIKE_FLOAT16, CASTLIKE_DOUBLE, -1, nullptr, widen<Eigen::half, double>},
    {CASTLIKE_BFLOAT16, CASTLIKE_FLOAT, -1, nullptr, widen<Eigen::bfloat16, float>},
    {CASTLIKE_BFLOAT16, CASTLIKE_DOUBLE, -1, nullptr, widen<Eigen::bfloat16, double>},
    {CASTLIKE_FLOAT16, CASTLIKE_BFLOAT16, -1, nullptr, across<Eigen::half, Eigen::bfloat16>},
    {CASTLIKE_BFLOAT16, CASTLIKE_FLOAT16, -1, nullptr, across<Eigen::bfloat16, Eigen::half>},
};
const size_t kPairCount = sizeof kPairs / sizeof kPairs[0];
