// splitmix64: the seeded fills and samples of the structured sets, the same on every machine.
#pragma once

#include <cstdint>

namespace castlike::exhaustive {

struct SplitMix64 {
  uint64_t state;
  uint64_t operator()() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
};

}  // namespace castlike::exhaustive
