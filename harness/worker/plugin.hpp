// Calling a validator plug-in (include/castlike/validator_abi.h) that may be hostile: it may crash,
// hang, exit, write outside its buffers or return junk. IsolatedPlugin runs it in a worker process
// (harness/worker/worker_main.cpp) and turns every such failure into a PluginOutcome of that one
// call; the next call goes to a fresh worker. InProcessPlugin calls it directly (same interface:
// for trusted plug-ins and the overhead comparison). docs/isolation.md describes the mechanism.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "castlike/type_table.hpp"
#include "castlike/validator_abi.h"

namespace castlike::harness {

// One castlike_validator_cast_like call (one CastLike node on one 1-D tensor), or for the Cast
// operator one castlike_validator_cast call.
struct PluginCall {
  Operator op = Operator::kCastLike;
  int32_t opset = kDefaultOpset;
  ElementType from = ElementType::kFloat, to = ElementType::kFloat;
  int32_t saturate = -1;                   // as the ABI: -1 not set, else 0 or 1
  std::optional<std::string> round_mode;   // nullopt: not set
  size_t count = 0;
  std::span<const uint8_t> input;          // numeric `from`: exactly storage_bytes(from, count) bytes
  std::span<const std::string> input_texts;  // STRING `from`: `count` texts
  // A call in a shape of the shape plan (harness/generation/shape_plan.hpp): the input and output
  // buffers start these many bytes past a kPlacementAlignment-aligned address; in place, the output
  // buffer is the input's (the library declared CASTLIKE_VALIDATOR_CAN_IN_PLACE). nullopt: the
  // buffers are where the call's side puts them. A packed side may start at an element phase
  // inside its first packing group (the library declared CASTLIKE_VALIDATOR_CAN_ELEMENT_PHASES):
  // `input` then holds the bytes of input_phase + count elements, the output those of
  // output_phase + count, and the call goes to castlike_validator_cast_like_at (cast_at).
  struct Placement {
    uint32_t input_misalignment = 0, output_misalignment = 0;
    bool in_place = false;
    uint32_t input_phase = 0, output_phase = 0;
    bool phased() const { return input_phase != 0 || output_phase != 0; }
  };
  std::optional<Placement> placement;
};
inline constexpr uint32_t kPlacementAlignment = 64;

// What an implementation declares it covers (validator_abi.h, castlike_validator_coverage; a
// Python callable's castlike_coverage): pairs, the operators that convert them and the attribute
// settings they take. nullopt where it is held means nothing was declared: coverage is inferred.
struct CoverageEntry {
  bool cast_like = true, cast = false;       // the operators that convert the pair
  ElementType from = ElementType::kFloat, to = ElementType::kFloat;
  std::optional<bool> saturate;              // nullopt: every setting
  std::optional<castlike_round_mode> round_mode;  // nullopt: every mode
  bool operator==(const CoverageEntry&) const = default;
};
struct DeclaredCoverage {
  std::vector<CoverageEntry> entries;
  // Whether a call is inside: an entry of its pair and operator whose attribute settings hold the
  // call's (an attribute not set reads as its default, saturate 1 and round mode "up"; one the
  // destination does not read matches every entry).
  bool covers(Operator op, ElementType from, ElementType to, int32_t saturate,
              const std::optional<std::string>& round_mode) const;
  // One entry a line ("CastLike,Cast FLOAT FLOAT8E4M3FN saturate=0 round_mode=*"): how the worker
  // hands the declaration over, and how reports show it.
  std::string text() const;
  static std::variant<DeclaredCoverage, std::string> parse(std::string_view text);
};
// The entries a plug-in returned, checked (the types, operators and attributes the ABI allows);
// the error names the first bad entry.
std::variant<DeclaredCoverage, std::string> declared_coverage(const castlike_validator_coverage_entry* entries,
                                                              size_t count);

struct PluginOutcome {
  enum class Kind {
    kOk,                  // returned OK: `data` (numeric) or `texts` (STRING) hold the output
    kRejected,            // returned REJECTED (or another status): `message` is its reason
    kCrashed,             // killed by a signal ("crashed with SIGSEGV at address 0x0")
    kTimedOut,            // did not return within the call timeout (the worker was killed)
    kExited,              // ended the process (exit / _exit) inside the call
    kOutOfMemory,         // reached the memory limit, then crashed, exited or hung
    kWroteOutsideBuffer,  // wrote past / before the output or message buffer (canary or guard page)
    kForbiddenCall,       // made a system call the worker's sandbox forbids (harness/worker/sandbox.hpp)
    kInvalidOutput,       // returned OK with output that is not valid (texts not UTF-8)
    kWorkerError,         // the call could not be made: bad call, protocol garbage, worker lost
  };
  Kind kind = Kind::kWorkerError;
  std::vector<uint8_t> data;                       // kOk, numeric: storage_bytes(to, count) bytes
  std::vector<std::optional<std::string>> texts;   // kOk / kInvalidOutput, STRING: nullopt = not set
                                                   // (kInvalidOutput: also each invalid text)
  std::string message;                             // all but kOk: what happened, printable UTF-8
  bool ok() const { return kind == Kind::kOk; }
};

std::string_view outcome_kind_name(PluginOutcome::Kind kind);  // "ok", "crashed", ...

struct PluginOptions {
  std::chrono::milliseconds call_timeout{10000};  // per call
  std::chrono::milliseconds load_timeout{10000};  // starting the worker and loading the plug-in
  uint64_t memory_limit = 0;    // bytes of address space of the worker (RLIMIT_AS); 0: no limit
  std::string worker_path;      // the worker executable; "" = default_worker_path()
};

class Plugin {
 public:
  virtual ~Plugin() = default;
  virtual const std::string& name() const = 0;  // castlike_validator_name(), printable UTF-8
  virtual uint32_t capabilities() const = 0;    // castlike_validator_capabilities(), 0 without it
  // castlike_validator_coverage(), checked; nullopt without it (coverage is then inferred).
  virtual const std::optional<DeclaredCoverage>& coverage() const = 0;
  virtual PluginOutcome call(const PluginCall& call) = 0;
  // What confines the plug-in ("seccomp allowlist, Landlock ABI 6"); "" in-process.
  virtual std::string confinement() const { return {}; }
};

// The plug-in in a worker process. open() starts a worker and loads the plug-in in it; its errors
// (dlopen error, missing symbols, wrong ABI version, a crash or hang while loading) are the text.
class IsolatedPlugin final : public Plugin {
 public:
  static std::variant<std::unique_ptr<IsolatedPlugin>, std::string> open(const std::string& path,
                                                                          const PluginOptions& options = {});
  ~IsolatedPlugin() override;  // ends the worker (no process is left behind)
  const std::string& name() const override;
  uint32_t capabilities() const override;
  const std::optional<DeclaredCoverage>& coverage() const override;
  PluginOutcome call(const PluginCall& call) override;
  std::string confinement() const override;  // as the worker reported it when it loaded the plug-in
  int worker_pid() const;       // -1 when no worker runs (after a failure, until the next call)
  uint64_t workers_started() const;

  struct State;

 private:
  explicit IsolatedPlugin(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// The plug-in loaded into this process: no protection, no overhead.
class InProcessPlugin final : public Plugin {
 public:
  static std::variant<std::unique_ptr<InProcessPlugin>, std::string> open(const std::string& path);
  ~InProcessPlugin() override;
  const std::string& name() const override;
  uint32_t capabilities() const override;
  const std::optional<DeclaredCoverage>& coverage() const override;
  PluginOutcome call(const PluginCall& call) override;

  struct State;

 private:
  explicit InProcessPlugin(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// The worker executable: $CASTLIKE_PLUGIN_WORKER if set, else castlike-plugin-worker next to this
// process's executable if it is there, else the one this build made.
std::string default_worker_path();

}  // namespace castlike::harness
