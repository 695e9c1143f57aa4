// Runtime dispatch: which ISA level runs, and the kernel of a pair at that level (the level's own
// kernel when it vectorises the pair, else the next level down: avx512 > avx2 > scalar on x86,
// neon > scalar on AArch64). Internal to optimized/.
#pragma once

#include "kernel.hpp"

namespace castlike::opt {

// Whether this build compiled kernels for a level (scalar: always).
bool isa_built(Isa isa);
// Built and supported by this CPU.
bool isa_available(Isa isa);
// The best available level.
Isa best_isa();

// The level in force: CASTLIKE_ISA (scalar|avx2|avx512|neon, read once at the first call) when it
// names an available level, else the best one; force_isa changes it for the whole process.
Isa active_isa();
bool force_isa(Isa isa);  // false (and no change) when the level is not available

// The kernel for a pair at a level (nullptr for STRING pairs and unknown types).
KernelFn kernel_at(Isa level, ElementType from, ElementType to);
inline KernelFn active_kernel(ElementType from, ElementType to) { return kernel_at(active_isa(), from, to); }

const char* isa_name(Isa isa);

}  // namespace castlike::opt
