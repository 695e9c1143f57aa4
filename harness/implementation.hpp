// The one interface every judged implementation has: given a vector file (one CastLike call: types,
// opset, attributes, input tensor), the output elements or the reason the call was rejected.
// Four kinds plug in, each in its own file: the exact reference (reference_implementation.cpp),
// the kernel library through its C++ API (kernel_implementation.cpp), a results file
// (results_file.cpp) and a shared library with the plug-in ABI of validator_abi.h
// (shared_library.cpp).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "castlike/castlike.h"
#include "plugin.hpp"
#include "reference/semantics.hpp"
#include "vector_file.hpp"
#include "vector_set.hpp"

namespace castlike::conformance {

struct CaseOutput {
  // kCallFailed: the call did not come back with an answer (the plug-in crashed, hung, exited,
  // wrote outside its buffers, returned texts that are not UTF-8): a failure of the case.
  enum class Status { kOk, kRejected, kCallFailed };
  Status status = Status::kOk;
  std::string message;                                // kRejected: why; kCallFailed: what happened
  std::string failure_kind;                           // kCallFailed: "crashed", "timed out", ...
  std::vector<std::optional<ref::Element>> elements;  // kOk: one per element; nullopt = that element failed
  std::vector<std::string> element_errors;            // kOk: message for each nullopt element ("" otherwise)
};

class Implementation {
 public:
  virtual ~Implementation() = default;
  virtual std::string name() const = 0;
  virtual std::string description() const = 0;
  // `index_in_set` is the file's position in the set being validated (a results file answers by
  // case name; the others ignore it).
  virtual CaseOutput run(const VectorFile& file, size_t index_in_set) = 0;
};

using LoadedImplementation = std::variant<std::unique_ptr<Implementation>, std::string>;

// The exact reference (operator level, ref::cast_like) under `variants`, reported as `label`.
std::unique_ptr<Implementation> make_reference_implementation(const ref::Variants& variants, const std::string& label);

// The kernel library (optimized/) through castlike::cast_like (include/castlike/castlike.hpp): at
// the level the library dispatches to, or with `forced` at that ISA level for each call (the
// previous level restored after it). An error when the forced level is not available here.
LoadedImplementation make_kernels_implementation(std::optional<castlike_isa> forced = std::nullopt);

// A results file checked against the set: every line parsed, every case of the set present once,
// made from the same vector file (sha256), element counts and bit patterns valid. Error text
// "path:line: problem" otherwise.
LoadedImplementation load_results_file(const std::string& path, const VectorSet& set);

// A shared library with the validator_abi.h functions: in a worker process (harness/worker/,
// docs/isolation.md) unless `in_process`.
struct SharedLibraryOptions {
  bool in_process = false;
  harness::PluginOptions isolation;  // timeouts, memory limit, worker executable
};
LoadedImplementation load_shared_library(const std::string& path, const SharedLibraryOptions& options = {});

}  // namespace castlike::conformance
