// Faults of FLOAT8E8M0 (rows.hpp): 2^(b - 127) for b in 0x00..0xFE, 0xFF NaN; the power of two a
// positive value gets is chosen by round_mode.
#include "faults/arithmetic.hpp"
#include "faults/rows.hpp"

namespace castlike::opt::faults {
namespace {

constexpr int kBias = 127;

// A positive finite value whose neighbouring powers 2^e and 2^(e+1) are both in range, as e.
bool inside(const Exact& x, int e) { return finite_nonzero(x) && !x.neg && e >= -kBias && e <= kBias - 1; }

}  // namespace

// round_mode up and down exchanged (a swapped enum or table): a value between two powers gets the
// other one.
void e8m0_up_down_swapped(const Call& c) {
  const castlike_round_mode mode = c.attrs.round_mode;
  if (mode == CASTLIKE_ROUND_NEAREST) return;
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    if (x.sig <= 1 || !inside(x, top_exponent(x))) return out;
    return static_cast<uint64_t>(top_exponent(x) + kBias + (mode == CASTLIKE_ROUND_UP ? 0 : 1));
  });
}

// round_mode nearest: the tie 1.5 x 2^e goes down to 2^e instead of up.
void e8m0_nearest_ties_down(const Call& c) {
  if (c.attrs.round_mode != CASTLIKE_ROUND_NEAREST) return;
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    if (x.sig != 3 || !inside(x, top_exponent(x))) return out;
    return static_cast<uint64_t>(top_exponent(x) + kBias);
  });
}

// round_mode nearest with the geometric midpoint: between sqrt(2) x 2^e and 1.5 x 2^e a value goes
// up (the nearer power on a log scale) instead of down.
void e8m0_nearest_geometric(const Call& c) {
  if (c.attrs.round_mode != CASTLIKE_ROUND_NEAREST) return;
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    if (x.sig <= 1 || !inside(x, top_exponent(x))) return out;
    // x / 2^e = sig / 2^(b - 1) for a significand of b bits: at least sqrt(2), below 1.5.
    const int b = top_exponent(x) - x.exp + 1;
    const unsigned __int128 square = static_cast<unsigned __int128>(x.sig) * x.sig;
    const bool above_root = square >= (static_cast<unsigned __int128>(1) << (2 * b - 1));
    const bool below_tie = static_cast<unsigned __int128>(x.sig) < (static_cast<unsigned __int128>(3) << (b - 2));
    return above_root && below_tie ? static_cast<uint64_t>(top_exponent(x) + kBias + 1) : out;
  });
}

// round_mode up as "floor + 1": an exact power of two moves to the next one.
void e8m0_up_moves_powers(const Call& c) {
  if (c.attrs.round_mode != CASTLIKE_ROUND_UP) return;
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    if (x.sig != 1 || !inside(x, x.exp)) return out;
    return static_cast<uint64_t>(x.exp + kBias + 1);
  });
}

// saturate=0: +0 gives 0x00 (2^-127) as with saturate=1 (A6=min, the ONNX reference) instead of NaN.
void e8m0_zero_ignores_saturate(const Call& c) {
  if (c.attrs.saturate) return;
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    return !x.nan && !x.inf && x.sig == 0 && !x.neg ? uint64_t{0} : out;
  });
}

// saturate=1: +infinity gives NaN (A3=nan, the ONNX reference) instead of 0xFE.
void e8m0_inf_saturated_to_nan(const Call& c) {
  if (!c.attrs.saturate) return;
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    return x.inf && !x.neg ? uint64_t{0xFF} : out;
  });
}

// saturate=0, round_mode down: a finite value above 2^127 gives 0xFE (the range judged on the
// rounded value, A11) instead of NaN.
void e8m0_overflow_down_keeps_max(const Call& c) {
  if (c.attrs.saturate || c.attrs.round_mode != CASTLIKE_ROUND_DOWN) return;
  each_element(c, [&](uint64_t in, uint64_t out) {
    const Exact x = exact_value(c.from, in);
    if (!finite_nonzero(x) || x.neg) return out;
    const int e = top_exponent(x);
    return e > kBias || (e == kBias && x.sig != 1) ? uint64_t{0xFE} : out;
  });
}

}  // namespace castlike::opt::faults
