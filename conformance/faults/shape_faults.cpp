// The faults of one code path chosen by a call's shape (docs/exhaustive.md, "Shapes"): a vector
// kernel's tail past its last full block, its head before the first aligned output element, its
// in place path, its path for long calls. Each changes only the elements that path converts, found
// from the call's length, its destination's address and its aliasing (Call::in_place), so only a
// validator that calls implementations in those shapes can see them.
#include <cstdint>
#include <cstring>

#include "faults/arithmetic.hpp"
#include "faults/rows.hpp"

namespace castlike::opt::faults {
namespace {

constexpr size_t kTailBlock = 16;          // the block the tail fault's main loop converts
constexpr uintptr_t kHeadAlignment = 64;   // the output alignment the head fault's main loop wants
constexpr size_t kLongCall = 1024;         // the length from which the long-call fault's path runs

// The call restricted to elements [first, first + n) (`first` starts on a byte of both sides).
Call slice(const Call& c, size_t first, size_t n) {
  const size_t src_byte = first * info(c.from).bits / 8, dst_byte = first * info(c.to).bits / 8;
  Call s = c;
  s.src = c.src + src_byte;
  s.dst = c.dst + dst_byte;
  s.dst_before = c.dst_before + dst_byte;
  s.n = n;
  return s;
}

}  // namespace

void tail_ties_away(const Call& c) {
  const size_t main = c.n / kTailBlock * kTailBlock;
  if (main < c.n) ties_away(slice(c, main, c.n - main));
}

void head_truncates(const Call& c) {
  const uintptr_t misaligned = reinterpret_cast<uintptr_t>(c.dst) % kHeadAlignment;
  if (misaligned == 0 || info(c.to).bits < 8) return;
  const size_t head = std::min(c.n, static_cast<size_t>(kHeadAlignment - misaligned) / (info(c.to).bits / 8));
  const FloatFormat& f = info(c.to).format;
  each_element(slice(c, 0, head), [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    if (!finite_nonzero(x)) return out;
    const uint64_t code = rounded_code(f, x, Rounding::kTowardZero);
    return code > max_finite(f) ? out : with_sign(f, x.neg, code);
  });
}

void in_place_reads_written(const Call& c) {
  if (!c.in_place || c.n < 2 || info(c.to).bits < 8) return;
  // Writing ahead of its reads, the kernel takes each element after the first from the slot it
  // has just written: element i gets element i - 1's result.
  const size_t bytes = info(c.to).bits / 8;
  std::memmove(c.dst + bytes, c.dst, (c.n - 1) * bytes);
}

void long_nan_sign(const Call& c) {
  if (c.n >= kLongCall) nan_sign_lost(c);
}

}  // namespace castlike::opt::faults
