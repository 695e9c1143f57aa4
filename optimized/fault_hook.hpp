// The seeded-fault build's one hook (dispatch.cpp, only with -DCASTLIKE_SEEDED_FAULTS=ON). The
// kernel library only declares it: the fault catalogue, which is test code
// (conformance/faults/decorator.cpp), defines it and is compiled into that build alone. The
// fault CASTLIKE_FAULT names (read once; unset, empty or "none": no fault) wraps the dispatch-table
// entries it is planted in. CASTLIKE_FAULT=<name>@scalar or <name>@simd keeps it to the entries
// whose kernel is the scalar one or a SIMD one, so that each path is shown to be found on its own.
// An unknown name stops the process with the list of known ones: a typo must not pass for "the
// fuzzer missed the fault".
#pragma once

#include "kernel.hpp"

namespace castlike::opt::faults {

// The entry of table `level` for a pair, whose kernel belongs to level `kernel_level` (lower than
// `level` where that level falls back): `kernel` itself, or the fault wrapped around it.
KernelFn decorate(Isa level, Isa kernel_level, ElementType from, ElementType to, KernelFn kernel);

}  // namespace castlike::opt::faults
