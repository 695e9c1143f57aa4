// sweep_float32: every float32 bit pattern (or a shard) to each narrowing destination through the
// kernel library on every ISA level, against the exact reference (sweep.hpp).
#include <cstdio>
#include <exception>

#include "sweep.hpp"

int main(int argc, char** argv) {
  try {
    const castlike::sweep::Options o = castlike::sweep::parse_options(argc, argv);
    return castlike::sweep::run(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "sweep_float32: error: %s\n", e.what());
    return 3;
  }
}
