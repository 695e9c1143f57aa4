// The one interface every judged implementation has, whichever way it is judged: case by case over
// a vector set (validate(), `castlike validate`, `castlike report`) or on every input of
// configurations (exhaustive/engine.hpp, `castlike validate --exhaustive`). Each kind is written
// once and serves both, as far as it can answer both questions:
//   - the exact reference (reference_implementation.cpp),
//   - the kernel library (kernel_implementation.cpp),
//   - a shared library with the plug-in ABI of validator_abi.h, in a worker process
//     (shared_library.cpp),
//   - a results file, which answers by case name and so serves vector sets only (results_file.cpp),
//   - a raw output stream, which answers in input order and so serves every-input runs only
//     (raw_outputs.cpp).
// A kind that cannot serve a mode says why (serves(); CasesOnly and EveryInputOnly below);
// validate() and the engine check it first, so driving one in the wrong mode is a clear error
// (UnservedMode), never a silent empty run.
#pragma once

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "castlike/castlike.h"
#include "call.hpp"
#include "generation/shape_plan.hpp"
#include "worker/plugin.hpp"
#include "reference/semantics.hpp"
#include "formats/vector_file.hpp"
#include "formats/vector_set.hpp"

namespace castlike::harness {

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

// The two ways an implementation is judged.
enum class Mode {
  kCases,       // run(): one call per vector file of a set
  kEveryInput,  // convert(): batches of every input of configurations
};

// An implementation driven in a mode it does not serve; the text says why.
struct UnservedMode : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Implementation {
 public:
  virtual ~Implementation() = default;
  virtual std::string name() const = 0;
  virtual std::string description() const = 0;
  // Why this implementation cannot be judged in `mode` (nullopt: it can).
  virtual std::optional<std::string> serves(Mode) const { return std::nullopt; }
  // Throws UnservedMode with serves()'s reason when it has one.
  void require(Mode mode) const {
    if (auto why = serves(mode)) throw UnservedMode(*why);
  }

  // ---- Case by case (Mode::kCases) ----
  // `index_in_set` is the file's position in the set being validated (a results file answers by
  // case name; the others ignore it).
  virtual CaseOutput run(const VectorFile& file, size_t index_in_set) = 0;

  // ---- Every input (Mode::kEveryInput) ----
  // The input bit patterns are made only for implementations that read them (a stream does not).
  virtual bool needs_inputs() const { return true; }
  // The most threads that may call convert() at once (0: any number). Calls from several threads
  // carry distinct `slot`s 0 .. jobs-1.
  virtual unsigned max_jobs() const { return 0; }
  // What it declares it covers (harness/worker/plugin.hpp); nullopt: nothing declared, so the
  // pairs it covers are inferred from the calls it rejects.
  virtual std::optional<DeclaredCoverage> coverage() const { return std::nullopt; }
  // Why this implementation cannot judge this configuration (e.g. the reference on 2^32 inputs).
  virtual std::optional<std::string> refuses(const exhaustive::Configuration&) const { return std::nullopt; }
  // Whether `out` must be zeroed before each call: a plug-in is promised a zero-filled buffer (the
  // ABI), while the kernels and a stream write every byte of it, so clearing it would only cost a
  // pass over the output on the hot path.
  virtual bool needs_zeroed_output() const { return true; }
  // The outputs of inputs [a, b) of one configuration. `input` holds the patterns a .. b-1 in the
  // source's raw layout (null when !needs_inputs()); `out` holds storage_bytes(to, b - a) bytes,
  // zeroed when needs_zeroed_output(). May throw exhaustive::InputError.
  virtual exhaustive::BatchStatus convert(unsigned slot, const exhaustive::Call& call, uint64_t a, uint64_t b,
                                          const uint8_t* input, uint8_t* out) = 0;
  // Before the first batch, on one thread: how many inputs each call has (a stream checks its
  // length by them).
  virtual void expect_inputs(const std::vector<exhaustive::Call>&, const std::vector<uint64_t>&) {}
  // After the last batch: checks what must hold at the end (a stream ended exactly). May throw.
  virtual void finish() {}

  // ---- Shapes (generation/shape_plan.hpp): convert() called in the plan's shapes ----
  // Whether this implementation is called in shapes at all: one that reads no input (a stream
  // answering in input order, the reference computing from the input numbers) has no code path a
  // shape could reach.
  virtual bool takes_shapes() const { return needs_inputs(); }
  // Whether validate() calls it in shapes after each vector file: a kind that serves every input
  // does, through convert_in_shape(); a kind that serves vector files only does when it answers
  // convert_in_shape() itself (a Python callable: python/bindings/validation.cpp).
  virtual bool takes_case_shapes() const { return !serves(Mode::kEveryInput) && takes_shapes(); }
  // What it accepts besides aligned calls on separate buffers (in place, packed element phases).
  virtual ShapeCapabilities shape_capabilities() const { return {}; }
  // convert() in `shape`: `input` and `out` point at the shape's offsets inside buffers aligned to
  // kShapeAlignment (in place: input == out, one buffer). Those that copy the buffers elsewhere (a
  // plug-in's worker) override it to keep the offsets.
  virtual exhaustive::BatchStatus convert_in_shape(unsigned slot, const exhaustive::Call& call, uint64_t a, uint64_t b,
                                                   const uint8_t* input, uint8_t* out, const CallShape&) {
    return convert(slot, call, a, b, input, out);
  }
};

// The base of a kind that serves one mode only: the other one is refused with `why`, and its entry
// point throws UnservedMode (validate() and the engine ask serves() before they call it).
class CasesOnly : public Implementation {
 public:
  explicit CasesOnly(std::string why = "this implementation answers vector files only") : why_(std::move(why)) {}
  std::optional<std::string> serves(Mode mode) const override {
    return mode == Mode::kCases ? std::nullopt : std::optional<std::string>(why_);
  }
  exhaustive::BatchStatus convert(unsigned, const exhaustive::Call&, uint64_t, uint64_t, const uint8_t*,
                                  uint8_t*) final {
    throw UnservedMode(why_);
  }

 private:
  std::string why_;
};
class EveryInputOnly : public Implementation {
 public:
  explicit EveryInputOnly(std::string why = "this implementation answers every input only") : why_(std::move(why)) {}
  std::optional<std::string> serves(Mode mode) const override {
    return mode == Mode::kEveryInput ? std::nullopt : std::optional<std::string>(why_);
  }
  CaseOutput run(const VectorFile&, size_t) final { throw UnservedMode(why_); }

 private:
  std::string why_;
};

using LoadedImplementation = std::variant<std::unique_ptr<Implementation>, std::string>;

// The exact reference under `variants`, reported as `label`: ref::cast_like on a vector file, ref::convert_element
// on every input of sources of at most 16 bits (2^32 exact conversions take too long; the maps are
// the reference's answer there).
std::unique_ptr<Implementation> make_reference_implementation(const ref::Variants& variants, const std::string& label);

// The kernel library (optimized/) through its public API: castlike::cast_like on a vector file,
// castlike_convert on a batch; at the level the library dispatches to, or at `forced`. An error
// naming the available levels when the forced level is not available here.
LoadedImplementation make_kernels_implementation(std::optional<castlike_isa> forced = std::nullopt);

// A results file checked against the set: every line parsed, every case of the set present once,
// made from the same vector file (sha256), element counts and bit patterns valid. Error text
// "path:line: problem" otherwise. Serves vector sets only.
LoadedImplementation load_results_file(const std::string& path, const VectorSet& set);

// A shared library with the validator_abi.h functions: in a worker process (harness/worker/,
// docs/isolation.md) unless `in_process`; on every input, a worker process per job (in-process:
// one call at a time, as the ABI promises the plug-in).
struct SharedLibraryOptions {
  bool in_process = false;
  harness::PluginOptions isolation;  // timeouts, memory limit, worker executable
};
LoadedImplementation load_shared_library(const std::string& path, const SharedLibraryOptions& options = {});

// The raw outputs of inputs 0 .. 2^bits - 1 (a structured set's inputs) of ONE configuration, in
// input order and the destination's raw ONNX layout, read from `path` ("-": standard input) batch
// by batch. A stream that ends early or goes on past the last output is an exhaustive::InputError
// saying how many bytes came and how many were expected. Serves every-input runs only.
LoadedImplementation open_raw_outputs(const std::string& path, const std::string& label);

}  // namespace castlike::harness
