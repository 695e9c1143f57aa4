// The implementations an exhaustive run can judge (engine.hpp's BatchImplementation), one file
// each: the kernel library in-process (source_kernels.cpp), the exact reference for sources of at
// most 16 bits (source_reference.cpp), a validator plug-in through harness/worker
// (source_library.cpp), and a stream of raw outputs written by anything (source_raw.cpp).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "castlike/castlike.h"
#include "engine.hpp"
#include "implementation.hpp"
#include "reference/semantics.hpp"

namespace castlike::exhaustive {

using LoadedBatchImplementation = std::variant<std::unique_ptr<BatchImplementation>, std::string>;

// castlike_convert on each batch, at the dispatched level or at `forced` (the level is set for the
// process; an error naming the available levels when it is absent).
LoadedBatchImplementation make_kernels_batches(std::optional<castlike_isa> forced);

// ref::convert_element on every input under `variants`; refuses sources of 32 bits (2^32
// reference conversions take hours: the maps are the reference's answer there).
std::unique_ptr<BatchImplementation> make_reference_batches(const ref::Variants& variants, const std::string& label);

// A validator plug-in (include/castlike/validator_abi.h): each batch is one call, in a worker
// process per job unless options.in_process (then one call at a time), so a crash, hang or stray
// write is a failed call of that batch's inputs and the next batch goes to a fresh worker.
LoadedBatchImplementation load_library_batches(const std::string& path, const conformance::SharedLibraryOptions& options);

// The raw outputs of inputs 0 .. 2^bits - 1 (a structured set's inputs) of ONE configuration, in input order and the
// destination's raw ONNX layout, read from `path` ("-": standard input) batch by batch. A stream
// that ends early or goes on past the last output is an InputError saying how many bytes came and
// how many were expected.
LoadedBatchImplementation open_raw_outputs(const std::string& path, const std::string& label);

}  // namespace castlike::exhaustive
