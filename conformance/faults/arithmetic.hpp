// The arithmetic the faults compute with (catalogue.hpp): elements read and written with the type
// table's packing (castlike/packing.hpp: the kernel layout is the packed layout) and exact values
// as sig * 2^exp, rounded to a FloatFormat row with integer arithmetic only. A fault
// must not call the reference nor know how the kernels work, so it derives what it needs here.
#pragma once

#include <cstdint>

#include "castlike/packing.hpp"
#include "faults/catalogue.hpp"

namespace castlike::opt::faults {

// Applies out' = f(in, out) to every element of a call.
template <class F>
void each_element(const Call& c, F f) {
  for (size_t i = 0; i < c.n; ++i) {
    const uint64_t out = load_bits(c.to, c.dst, i);
    const uint64_t changed = f(load_bits(c.from, c.src, i), out);
    if (changed != out) store_bits(c.to, c.dst, i, changed);
  }
}

// sig * 2^exp, normalised (sig odd, or 0 for zero), with the sign apart.
struct Exact {
  bool nan = false, inf = false, neg = false;
  uint64_t sig = 0;
  int exp = 0;
};

Exact normalised(bool neg, uint64_t sig, int exp);
// The value of an element: integers, BOOL and floats (FLOAT8E8M0 0x00 reads as zero: A12).
Exact exact_value(ElementType t, uint64_t bits);
bool finite_nonzero(const Exact& x);
// The exponent of the leading bit of a non-zero value: x lies in [2^e, 2^(e+1)).
int top_exponent(const Exact& x);
// -1, 0, 1 as |a| is below, equal to or above |b| (finite values).
int compare_magnitude(const Exact& a, const Exact& b);

// ---- Float formats ------------------------------------------------------------------------------

uint64_t sign_bit(const FloatFormat& f);
bool is_nan_bits(const FloatFormat& f, uint64_t bits);
// The value of a magnitude code, its exponent field unbounded above (so the code after the largest
// finite is the next grid point, whatever the format uses that pattern for).
Exact grid_value(const FloatFormat& f, uint64_t code);
bool same_magnitude(const Exact& a, const Exact& b);
// Whether |x| is the midpoint between the grid values of magnitude codes `code` and `code + 1`.
bool is_midpoint_above(const FloatFormat& f, uint64_t code, const Exact& x);
uint64_t max_finite(const FloatFormat& f);
// What a value beyond the largest finite becomes with saturate=0: infinity (IEEE), the lone NaN
// (FNUZ) or the NaN with the value's sign (FN).
uint64_t overflow_bits(const FloatFormat& f, bool neg);
// A magnitude code with the value's sign; FNUZ zero has none (0x80 is its NaN).
uint64_t with_sign(const FloatFormat& f, bool neg, uint64_t code);

// How a value between two grid points is rounded: the right rule, and the wrong ones faults use.
enum class Rounding : uint8_t { kNearestEven, kNearestAway, kNearestOdd, kTowardZero };
// The magnitude code |x| rounds to, subnormals included, the exponent unbounded above (compare with
// max_finite for the overflow); kHugeCode when |x| is far beyond any format's range.
inline constexpr uint64_t kHugeCode = uint64_t{1} << 62;
uint64_t rounded_code(const FloatFormat& f, const Exact& x, Rounding r = Rounding::kNearestEven);

// ---- Integers -----------------------------------------------------------------------------------

// The integer part of |x| and what is left, as the comparison of the fraction with one half:
// -1 below, 0 exactly a half, 1 above; `fraction` false when x is an integer. `big` when the
// integer part does not fit in 62 bits.
struct IntegerPart {
  uint64_t whole = 0;
  bool fraction = false, big = false;
  int half = -1;
};
IntegerPart integer_part(const Exact& x);
// A signed value into an integer type's bits, two's complement, the high bits dropped.
uint64_t wrapped_bits(ElementType t, bool neg, uint64_t magnitude);
// The type's range, as magnitudes: the largest positive value and the largest negative magnitude.
uint64_t integer_max(ElementType t);
uint64_t integer_min_magnitude(ElementType t);
// A signed value clamped to an integer type's range, as its bits.
uint64_t clamped_bits(ElementType t, bool neg, uint64_t magnitude, bool big = false);

}  // namespace castlike::opt::faults
