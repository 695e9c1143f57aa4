// The cost of isolation: the validator's call pattern on the committed vectors (about 834 calls of
// up to a few hundred elements) through the example plug-in, in-process, isolated without the
// sandbox (CASTLIKE_PLUGIN_SANDBOX=off, for this comparison only) and isolated in the sandbox, in
// turn within each repeat.
//   plugin_isolation_overhead [calls] [elements] [repeats]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "plugin.hpp"

using namespace castlike;
using namespace castlike::harness;

namespace {

double run(Plugin& plugin, const std::vector<PluginCall>& calls) {
  const auto start = std::chrono::steady_clock::now();
  for (const auto& c : calls) {
    const PluginOutcome out = plugin.call(c);
    if (!out.ok()) {
      std::fprintf(stderr, "call failed: %s\n", out.message.c_str());
      std::exit(1);
    }
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  const size_t calls = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 834;
  const size_t elements = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 256;
  const int repeats = argc > 3 ? std::atoi(argv[3]) : 5;
  std::vector<float> f(elements);
  for (size_t i = 0; i < elements; ++i) f[i] = static_cast<float>(i) * 0.37f - 40.0f;
  std::vector<uint8_t> floats(4 * elements), int8s(elements);
  std::memcpy(floats.data(), f.data(), floats.size());
  for (size_t i = 0; i < elements; ++i) int8s[i] = static_cast<uint8_t>(i);
  // The pairs the example plug-in implements, in turn.
  std::vector<PluginCall> pattern(calls);
  for (size_t i = 0; i < calls; ++i) {
    PluginCall& c = pattern[i];
    c.count = elements;
    if (i % 2 == 0) {
      c.from = ElementType::kFloat, c.to = ElementType::kFloat4E2M1, c.input = floats;
    } else {
      c.from = ElementType::kInt8, c.to = ElementType::kInt16, c.input = int8s;
    }
  }
  auto direct = InProcessPlugin::open(CASTLIKE_EXAMPLE_PLUGIN);
  setenv("CASTLIKE_PLUGIN_SANDBOX", "off", 1);
  auto unsandboxed = IsolatedPlugin::open(CASTLIKE_EXAMPLE_PLUGIN);
  unsetenv("CASTLIKE_PLUGIN_SANDBOX");
  const auto open_start = std::chrono::steady_clock::now();
  auto isolated = IsolatedPlugin::open(CASTLIKE_EXAMPLE_PLUGIN);
  const double open_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - open_start).count();
  if (direct.index() || unsandboxed.index() || isolated.index()) {
    std::fprintf(stderr, "cannot open the example plug-in\n");
    return 1;
  }
  double best_direct = 1e30, best_unsandboxed = 1e30, best_isolated = 1e30;
  for (int r = 0; r < repeats; ++r) {
    best_direct = std::min(best_direct, run(*std::get<0>(direct), pattern));
    best_unsandboxed = std::min(best_unsandboxed, run(*std::get<0>(unsandboxed), pattern));
    best_isolated = std::min(best_isolated, run(*std::get<0>(isolated), pattern));
  }
  std::printf("%zu calls x %zu elements, best of %d: in-process %.2f ms; isolated without the sandbox %.2f ms "
              "(%.1f us/call); isolated in the sandbox %.2f ms (%.1f us/call), %+.1f%% for the sandbox\n",
              calls, elements, repeats, best_direct * 1e3, best_unsandboxed * 1e3, best_unsandboxed / calls * 1e6,
              best_isolated * 1e3, best_isolated / calls * 1e6, (best_isolated / best_unsandboxed - 1) * 100);
  std::printf("starting the worker, loading the plug-in, installing the sandbox: %.2f ms\n", open_seconds * 1e3);
  return 0;
}
