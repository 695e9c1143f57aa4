// A validator plug-in judged exhaustively: one castlike_validator_cast_like (or, for Cast calls,
// castlike_validator_cast) call per batch. Each
// job has its own worker process (harness/worker/IsolatedPlugin), so jobs run in parallel and a
// crash, hang, exit or stray write is a failed call of that batch only; the next batch of that
// job starts a fresh worker. In-process (trusted plug-ins) the calls are made one at a time, as
// the ABI promises the plug-in.
#include <filesystem>
#include <mutex>

#include "call_checks.hpp"
#include "castlike/packing.hpp"
#include "plugin.hpp"
#include "sources.hpp"

namespace castlike::exhaustive {
namespace {

namespace fs = std::filesystem;
using harness::PluginOutcome;

class LibraryBatches final : public BatchImplementation {
 public:
  std::string path, label;
  conformance::SharedLibraryOptions options;
  std::vector<std::unique_ptr<harness::Plugin>> plugins;  // one per slot; [0] opened up front
  std::mutex open_mutex;

  std::string name() const override { return label; }
  std::string description() const override {
    return label + ", shared library " + harness::printable(path) +
           (options.in_process ? " (in-process)" : " (isolated in a worker process per job)");
  }
  unsigned max_jobs() const override { return options.in_process ? 1 : 0; }

  harness::Plugin& plugin(unsigned slot) {
    std::lock_guard<std::mutex> lock(open_mutex);
    if (plugins.size() <= slot) plugins.resize(slot + 1);
    if (!plugins[slot]) {
      auto opened = harness::IsolatedPlugin::open(path, options.isolation);
      // It opened once already: failing now is a failure of the environment (e.g. out of memory).
      if (auto* e = std::get_if<std::string>(&opened)) throw InputError{harness::printable(*e), "run with --jobs 1"};
      plugins[slot] = std::move(std::get<0>(opened));
    }
    return *plugins[slot];
  }

  BatchStatus convert(unsigned slot, const Call& call, uint64_t a, uint64_t b, const uint8_t* input,
                      uint8_t* out) override {
    const size_t n = static_cast<size_t>(b - a);
    harness::PluginCall c;
    c.op = call.op;
    c.opset = call.opset;
    c.from = call.config.from;
    c.to = call.config.to;
    c.saturate = call.saturate ? static_cast<int32_t>(*call.saturate) : -1;
    c.round_mode = call.round_mode;
    c.count = n;
    std::vector<std::string> texts;  // STRING: the input holds text pointers (engine.hpp, input_patterns)
    if (c.from == ElementType::kString) {
      const auto* pointers = reinterpret_cast<const char* const*>(input);
      texts.assign(pointers, pointers + n);
      c.input_texts = texts;
    } else {
      c.input = std::span<const uint8_t>(input, *storage_bytes(c.from, n));
    }
    const PluginOutcome outcome = plugin(slot).call(c);
    if (outcome.kind == PluginOutcome::Kind::kRejected) return {BatchStatus::Kind::kRejected, "", outcome.message};
    if (!outcome.ok())
      return {BatchStatus::Kind::kCallFailed, std::string(harness::outcome_kind_name(outcome.kind)), outcome.message};
    std::copy(outcome.data.begin(), outcome.data.end(), out);
    return {};
  }
};

}  // namespace

LoadedBatchImplementation load_library_batches(const std::string& path, const conformance::SharedLibraryOptions& options) {
  auto impl = std::make_unique<LibraryBatches>();
  impl->path = path;
  impl->options = options;
  std::string error;
  if (options.in_process) {
    auto opened = harness::InProcessPlugin::open(path);
    if (auto* e = std::get_if<std::string>(&opened)) error = *e;
    else impl->plugins.push_back(std::move(std::get<0>(opened)));
  } else {
    auto opened = harness::IsolatedPlugin::open(path, options.isolation);
    if (auto* e = std::get_if<std::string>(&opened)) error = *e;
    else impl->plugins.push_back(std::move(std::get<0>(opened)));
  }
  if (!error.empty()) return harness::printable(error);
  const std::string& label = impl->plugins[0]->name();
  impl->label = !label.empty() ? label : harness::printable(fs::path(path).filename().string());
  return std::unique_ptr<BatchImplementation>(std::move(impl));
}

}  // namespace castlike::exhaustive
