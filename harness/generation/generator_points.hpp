// The generator's inner parts (generator.cpp assembles them; nothing outside harness/generation/generator*
// includes this): exact points, the destination's breakpoints, and the source elements on and
// beside a point.
//
// Every point is an exact rational, built from integers and powers of two, never a float or a
// double: the generator lives beside the reference and follows its rule (principle 1), and a
// point computed in double would itself round, missing the very ties it is meant to hit.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "castlike/type_table.hpp"
#include "reference/convert.hpp"

namespace castlike::harness::points {

using ref::BigInt;
using ref::Element;
using ref::ExactValue;

// ---- exact helpers (generator_exact.cpp) -----------------------------------------------------
ExactValue negated(ExactValue v);
ExactValue dyadic(bool negative, const BigInt& m, int64_t e);
ExactValue power_of_two(int64_t e);
ExactValue integer(const BigInt& n);
ExactValue half_integer(const BigInt& n);                   // n + 1/2, any sign
ExactValue midpoint(const ExactValue& a, const ExactValue& b);  // finite, non-negative, dyadic

struct IntRange {
  BigInt min, max;
};
IntRange range_of(ElementType t);  // integers and BOOL
uint64_t int_bits(ElementType t, const BigInt& n);  // two's complement, the type's width
BigInt floor_of(const ExactValue& v);
BigInt ceil_of(const ExactValue& v);

// Significant bits a type carries (integers: value bits; STRING: unbounded, given as 1 << 20).
int64_t precision_of(ElementType t);

// ---- destination side (generator_destination.cpp) --------------------------------------------
// A point where a conversion to the destination can change its mind, or a grid value hit for the
// exact path. `traps`: a breakpoint (a tie of round to nearest, a power of two for FLOAT8E8M0's
// directed modes, an integer for truncation) around which add_intermediate_traps() is asked for:
// every one of the small destinations, the first and last of each binade of the wide ones (a
// conversion through an intermediate type errs the same way in every binade; what changes is
// at the ends of the ranges, which those cover).
struct Point {
  ExactValue x;
  bool traps = true;
};
std::vector<Point> destination_points(ElementType from, ElementType to);

// ---- source side (generator_source.cpp) ------------------------------------------------------
// Collects inputs, first occurrence wins, so the order of the calls is the order of the file.
class Inputs {
 public:
  explicit Inputs(ElementType from) : from_(from) {}
  ElementType from() const { return from_; }
  void bits(uint64_t b);
  void text(const std::string& t);
  std::vector<Element> take() { return std::move(out_); }

 private:
  ElementType from_;
  std::set<uint64_t> seen_bits_;
  std::set<std::string> seen_text_;
  std::vector<Element> out_;
};

// The source elements on x and nearest to it on both sides (where the source has them); for text,
// the exact decimal and texts a hair below and above (`scientific`: also in exponent notation).
void add_near(const ExactValue& x, Inputs& in, bool scientific = false);

// A point given as a decimal fraction (STRING destinations' layout points), or any point.
void add_point(const ExactValue& x, Inputs& in, bool scientific);

// Around a breakpoint b of the destination: for each type an implementation plausibly converts
// through (float32, float16, bfloat16; for text only what a parser gives, float32 and double) that
// is finer than the destination and coarser than the source, the intermediate's own ties next to b
// and the source element beside each on b's side. Every source value between those ties rounds
// onto b first and then meets b's rule as if it were b; the values beyond them do not, so they are
// left out.
void add_intermediate_traps(ElementType to, const ExactValue& b, Inputs& in);

// Zeros, infinities, NaNs of both signs with quiet / signalling and payload variants, the extreme
// finite and subnormal values; integer extremes; special and malformed texts.
void add_source_specials(Inputs& in);

// A few values of every binade of a float source (all binades of the narrow ones), so that
// widening conversions see every region.
void add_source_sample(Inputs& in);

}  // namespace castlike::harness::points
