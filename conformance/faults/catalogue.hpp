// The fault catalogue: plausible kernel bugs, kept as decorators apart from the kernels. Two users:
// the seeded-fault build (decorator.cpp; scripts/fuzzing/fuzz-faults, docs/fuzzing.md), whose fuzzers must
// find the first six, and the mutant plug-in (conformance/mutants/; scripts/fuzzing/mutation-score,
// docs/mutation-score.md), which applies any one row on top of the kernels' output to measure what
// the vector sets catch.
//
// A fault is a function that is given one finished kernel call (source, destination as the real
// kernel wrote it, the destination as it was before) and corrupts the destination the way a buggy
// implementation would: it never calls the reference and knows nothing of how the kernel works
// (arithmetic.hpp: exact values from the type table's FloatFormat rows, integer arithmetic), so
// the same rows apply on top of any implementation's output. It changes only the elements the bug
// would get wrong. Only the seeded-fault build (-DCASTLIKE_SEEDED_FAULTS=ON) and the plug-in
// compile these files.
//
// A new fault is one row of kFaults (catalogue.cpp): name, description, the kernels it is planted
// in, the pairs it touches and the function (rows.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "castlike/type_table.hpp"
#include "castlike/types.h"

namespace castlike::opt::faults {

// Which kernels a fault is planted in; CASTLIKE_FAULT=<name>@scalar / @simd narrows it further.
enum class Kernels : uint8_t { kScalar = 1, kSimd = 2, kBoth = 3 };

// One kernel call after the real kernel ran. Buffers are in the kernel layout (kernel.hpp):
// element 0 at the start of a byte, n elements; dst_before holds the destination's bytes as they
// were before the call.
struct Call {
  ElementType from;
  ElementType to;
  const castlike_attributes& attrs;
  const uint8_t* src;
  uint8_t* dst;
  const uint8_t* dst_before;
  size_t n;
  const char* const* texts = nullptr;  // a STRING source's n texts (src is then nullptr)
  // The destination aliases the source (an in place call): src then holds a copy of the source
  // as it was before the call, dst is the caller's buffer (its address: the call's alignment).
  bool in_place = false;
};

struct Fault {
  std::string_view name;
  std::string_view description;
  Kernels planted_in;
  bool (*applies)(ElementType from, ElementType to);  // the pairs whose kernels it wraps
  void (*corrupt)(const Call& call);
  // A fault about reading text (STRING sources, Call::texts). The others are about numeric
  // sources only, whatever their pair predicate says of STRING; the seeded-fault build has no
  // text kernels in its dispatch tables, so text faults are the validator plug-in's alone.
  bool reads_texts = false;
};

// Whether the fault touches a call of this pair: its predicate, and text faults exactly on text
// sources.
bool touches(const Fault& f, ElementType from, ElementType to);

std::span<const Fault> catalogue();

}  // namespace castlike::opt::faults
