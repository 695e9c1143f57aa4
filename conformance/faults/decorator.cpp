// Wraps dispatch-table entries with the selected fault of the catalogue: the kernels' seeded-fault
// hook (optimized/fault_hook.hpp), defined here. A KernelFn is a plain function pointer, so each
// table slot has a thunk of its own that finds its real kernel and fault in a slot array filled
// while the tables are built.
#include "fault_hook.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string_view>
#include <utility>

#include "faults/catalogue.hpp"

namespace castlike::opt::faults {
namespace {

struct Selected {
  const Fault* fault = nullptr;
  Kernels kernels = Kernels::kBoth;
};

Selected read_selection() {
  const char* env = std::getenv("CASTLIKE_FAULT");
  if (env == nullptr || *env == '\0') return {};
  const std::string_view text(env);
  const size_t at = text.find('@');
  const std::string_view name = text.substr(0, at), scope = at == std::string_view::npos ? "" : text.substr(at);
  Selected s;
  bool known = name == "none";
  for (const Fault& f : catalogue()) {
    if (f.name == name) {
      s.fault = &f;
      known = true;
    }
  }
  if (scope == "@scalar") s.kernels = Kernels::kScalar;
  else if (scope == "@simd") s.kernels = Kernels::kSimd;
  else if (!scope.empty()) known = false;
  if (known) return s;
  std::fprintf(stderr, "castlike: unknown CASTLIKE_FAULT '%s'; known: none", env);
  for (const Fault& f : catalogue()) std::fprintf(stderr, " %.*s", static_cast<int>(f.name.size()), f.name.data());
  std::fprintf(stderr, " (optionally with @scalar or @simd)\n");
  std::exit(2);
}

const Selected& selected() {
  static const Selected s = read_selection();
  return s;
}

constexpr size_t kTypes = kTypeTable.size();
constexpr size_t kLevels = 4;

struct Slot {
  KernelFn real = nullptr;
  ElementType from{}, to{};
  const Fault* fault = nullptr;
};
std::array<Slot, kLevels * kTypes * kTypes> slots;

template <size_t I>
void thunk(const void* src, void* dst, size_t n, const castlike_attributes& attrs) {
  const Slot& s = slots[I];
  const size_t bytes = (n * info(s.to).bits + 7) / 8;
  const std::unique_ptr<uint8_t[]> before(new uint8_t[bytes == 0 ? 1 : bytes]);
  if (bytes != 0) std::memcpy(before.get(), dst, bytes);
  // In place, the fault reads the source as it was (the kernel overwrites it).
  const bool in_place = src == dst && n != 0;
  std::unique_ptr<uint8_t[]> source;
  if (in_place) {
    const size_t src_bytes = (n * info(s.from).bits + 7) / 8;
    source.reset(new uint8_t[src_bytes]);
    std::memcpy(source.get(), src, src_bytes);
  }
  s.real(src, dst, n, attrs);
  Call call{s.from, s.to, attrs, in_place ? source.get() : static_cast<const uint8_t*>(src), static_cast<uint8_t*>(dst),
            before.get(), n};
  call.in_place = in_place;
  s.fault->corrupt(call);
}

template <size_t... I>
constexpr std::array<KernelFn, sizeof...(I)> make_thunks(std::index_sequence<I...>) {
  return {&thunk<I>...};
}
constexpr auto kThunks = make_thunks(std::make_index_sequence<kLevels * kTypes * kTypes>());

}  // namespace

KernelFn decorate(Isa level, Isa kernel_level, ElementType from, ElementType to, KernelFn kernel) {
  const Selected& s = selected();
  // Copies (from == to) are no conversion: no fault of the catalogue is about them.
  if (s.fault == nullptr || kernel == nullptr || from == to || !touches(*s.fault, from, to)) return kernel;
  const Kernels family = kernel_level == Isa::kScalar ? Kernels::kScalar : Kernels::kSimd;
  const auto planted = static_cast<uint8_t>(s.fault->planted_in) & static_cast<uint8_t>(s.kernels);
  if ((planted & static_cast<uint8_t>(family)) == 0) return kernel;
  const size_t i = (static_cast<size_t>(level) * kTypes + type_index(from)) * kTypes + type_index(to);
  slots[i] = Slot{kernel, from, to, s.fault};
  return kThunks[i];
}

}  // namespace castlike::opt::faults
