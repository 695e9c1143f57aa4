// ml_dtypes' C++ headers (float8.h, mxfloat.h, intn.h, from the pinned PyPI sdist that
// scripts/peers/fetch-ml-dtypes-headers unpacks into the build tree) as castlike peers, two entries:
// ML_DTYPES_SATURATE=1, the float8 conversions with ConvertFrom<kSaturate=true> for saturate=1;
// ML_DTYPES_SATURATE=0, ConvertFrom<false> for saturate=0 and every pair that does not read the
// attribute (FLOAT4E2M1, the 4- and 2-bit integers, the conversions back to the wide floats).
// FLOAT8E8M0's conversion rounds to nearest: it takes round_mode "nearest" only.
#include <Eigen/Core>

#include "ml_dtypes/include/float8.h"
#include "ml_dtypes/include/intn.h"
#include "ml_dtypes/include/mxfloat.h"

#include "library_plugin.hpp"

#ifndef ML_DTYPES_SATURATE
#error "build with ML_DTYPES_SATURATE=0 or 1"
#endif

namespace {

template <class T>
T wide_from_bits(uint64_t bits) {
  if constexpr (std::is_same_v<T, Eigen::half> || std::is_same_v<T, Eigen::bfloat16>)
    return Eigen::numext::bit_cast<T>(static_cast<uint16_t>(bits));
  else
    return embedded::from_bits<T>(bits);
}

template <class T>
uint64_t wide_to_bits(T value) {
  if constexpr (std::is_same_v<T, Eigen::half> || std::is_same_v<T, Eigen::bfloat16>)
    return Eigen::numext::bit_cast<uint16_t>(value);
  else
    return embedded::to_bits(value);
}

// A wide float (float, double, half, bfloat16) to a small float, saturating or not.
template <class Small, class Wide, bool kSaturate>
uint64_t to_small(uint64_t bits) {
  return Small::template ConvertFrom<kSaturate, false>(wide_from_bits<Wide>(bits)).rep();
}

template <class Small, class Wide>
uint64_t from_small(uint64_t bits) {
  return wide_to_bits(Small::template ConvertTo<Wide>(Small::FromRep(static_cast<uint8_t>(bits))));
}

// The 4- and 2-bit integers: the constructor from a wide float, and back through int.
template <class Int, class Wide>
uint64_t to_int(uint64_t bits) {
  return static_cast<uint64_t>(static_cast<typename Int::underlying_type>(Int(wide_from_bits<Wide>(bits))));
}

template <class Int, class Wide>
uint64_t from_int(uint64_t bits) {
  const Int value(static_cast<typename Int::underlying_type>(bits));
  return wide_to_bits(static_cast<Wide>(static_cast<float>(static_cast<int>(value))));
}

using namespace ml_dtypes;

constexpr int32_t kSat = ML_DTYPES_SATURATE;
constexpr bool kSaturate = ML_DTYPES_SATURATE == 1;

#define SMALL_FROM_WIDE(TYPE, Small, sat, mode)                                  \
  {CASTLIKE_FLOAT, TYPE, sat, mode, to_small<Small, float, kSaturate>},            \
  {CASTLIKE_DOUBLE, TYPE, sat, mode, to_small<Small, double, kSaturate>},          \
  {CASTLIKE_FLOAT16, TYPE, sat, mode, to_small<Small, Eigen::half, kSaturate>},    \
  {CASTLIKE_BFLOAT16, TYPE, sat, mode, to_small<Small, Eigen::bfloat16, kSaturate>},
#define WIDE_FROM_SMALL(TYPE, Small)                             \
  {TYPE, CASTLIKE_FLOAT, -1, nullptr, from_small<Small, float>},   \
  {TYPE, CASTLIKE_DOUBLE, -1, nullptr, from_small<Small, double>}, \
  {TYPE, CASTLIKE_FLOAT16, -1, nullptr, from_small<Small, Eigen::half>}, \
  {TYPE, CASTLIKE_BFLOAT16, -1, nullptr, from_small<Small, Eigen::bfloat16>},
#define INT_BOTH_WAYS(TYPE, Int)                                                                     \
  {CASTLIKE_FLOAT, TYPE, -1, nullptr, to_int<Int, float>}, {CASTLIKE_DOUBLE, TYPE, -1, nullptr, to_int<Int, double>}, \
  {TYPE, CASTLIKE_FLOAT, -1, nullptr, from_int<Int, float>}, {TYPE, CASTLIKE_DOUBLE, -1, nullptr, from_int<Int, double>},

}  // namespace

#if ML_DTYPES_SATURATE
const char* const kLibraryName = "ml_dtypes 0.7.0 C++ headers, ConvertFrom<kSaturate=true>";
const embedded::Pair kPairs[] = {
    SMALL_FROM_WIDE(CASTLIKE_FLOAT8E4M3FN, float8_e4m3fn, kSat, nullptr)
    SMALL_FROM_WIDE(CASTLIKE_FLOAT8E4M3FNUZ, float8_e4m3fnuz, kSat, nullptr)
    SMALL_FROM_WIDE(CASTLIKE_FLOAT8E5M2, float8_e5m2, kSat, nullptr)
    SMALL_FROM_WIDE(CASTLIKE_FLOAT8E5M2FNUZ, float8_e5m2fnuz, kSat, nullptr)
    SMALL_FROM_WIDE(CASTLIKE_FLOAT8E8M0, float8_e8m0fnu, kSat, "nearest")
};
#else
const char* const kLibraryName = "ml_dtypes 0.7.0 C++ headers, ConvertFrom<kSaturate=false>";
const embedded::Pair kPairs[] = {
    SMALL_FROM_WIDE(CASTLIKE_FLOAT8E4M3FN, float8_e4m3fn, kSat, nullptr)
    SMALL_FROM_WIDE(CASTLIKE_FLOAT8E4M3FNUZ, float8_e4m3fnuz, kSat, nullptr)
    SMALL_FROM_WIDE(CASTLIKE_FLOAT8E5M2, float8_e5m2, kSat, nullptr)
    SMALL_FROM_WIDE(CASTLIKE_FLOAT8E5M2FNUZ, float8_e5m2fnuz, kSat, nullptr)
    SMALL_FROM_WIDE(CASTLIKE_FLOAT8E8M0, float8_e8m0fnu, kSat, "nearest")
    SMALL_FROM_WIDE(CASTLIKE_FLOAT4E2M1, float4_e2m1fn, -1, nullptr)
    WIDE_FROM_SMALL(CASTLIKE_FLOAT8E4M3FN, float8_e4m3fn)
    WIDE_FROM_SMALL(CASTLIKE_FLOAT8E4M3FNUZ, float8_e4m3fnuz)
    WIDE_FROM_SMALL(CASTLIKE_FLOAT8E5M2, float8_e5m2)
    WIDE_FROM_SMALL(CASTLIKE_FLOAT8E5M2FNUZ, float8_e5m2fnuz)
    WIDE_FROM_SMALL(CASTLIKE_FLOAT8E8M0, float8_e8m0fnu)
    WIDE_FROM_SMALL(CASTLIKE_FLOAT4E2M1, float4_e2m1fn)
    INT_BOTH_WAYS(CASTLIKE_INT4, int4)
    INT_BOTH_WAYS(CASTLIKE_UINT4, uint4)
    INT_BOTH_WAYS(CASTLIKE_INT2, int2)
    INT_BOTH_WAYS(CASTLIKE_UINT2, uint2)
};
#endif
const size_t kPairCount = sizeof kPairs / sizeof kPairs[0];
