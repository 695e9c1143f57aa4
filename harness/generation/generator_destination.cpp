// Destination side of the generator: the exact points where a conversion to the destination
// changes its mind, on the destination's grid extended past both ends of its range.
//
// "Extended" means the destination's precision at every exponent: above the largest finite value
// the binades go on with the same number of cells, and below the smallest subnormal (and inside
// the subnormal range) they keep full precision. An implementation that rounds first and checks
// the range afterwards (or rounds at full precision, then shifts into the subnormals) sees those
// cells; three binades each side catch a threshold placed a cell or a binade early or late.
#include <algorithm>

#include "generation/generator_points.hpp"

namespace castlike::harness::points {
namespace {

constexpr int64_t kBeyond = 3;  // binades past the largest finite value and the smallest subnormal

int64_t max_exponent(const FloatFormat& f) { return static_cast<int64_t>(f.max_finite_exponent_field()) - f.bias; }

// The exponents of the non-zero finite magnitudes a source can hold, a binade of margin each side
// (STRING: any). Destination binades out of this reach would only repeat the source's extremes.
struct Reach {
  int64_t lo, hi;
};
Reach reach_of(ElementType from) {
  switch (info(from).type_class) {
    case TypeClass::kFloat: {
      const FloatFormat& f = info(from).format;
      return {f.min_normal_exponent() - int64_t{f.mantissa_bits} - 1, max_exponent(f) + 1};
    }
    case TypeClass::kSignedInt:
    case TypeClass::kUnsignedInt:
    case TypeClass::kBool: return {-1, int64_t{info(from).bits}};
    case TypeClass::kString: break;
  }
  return {INT64_MIN / 4, INT64_MAX / 4};
}

// Every value of the source is a value of the destination (FLOAT16 to FLOAT, ...): no breakpoint
// of the destination separates two source values; the source's own sample covers the pair.
bool widens(ElementType from, ElementType to) {
  if (!is_float(from) || !is_float(to) || from == ElementType::kFloat8E8M0 || to == ElementType::kFloat8E8M0)
    return false;
  const FloatFormat &s = info(from).format, &d = info(to).format;
  return s.mantissa_bits <= d.mantissa_bits && max_exponent(s) <= max_exponent(d) &&
         s.min_normal_exponent() - s.mantissa_bits >= d.min_normal_exponent() - d.mantissa_bits;
}

// Which of the 2^m cells of a binade are taken: all for destinations of 8 bits or fewer; else the
// first, middle and last ones (ties after 0 and n-2 go down to even, after 1 up, after n-1 up
// with a carry into the next binade).
std::vector<BigInt> cell_indices(ElementType to) {
  const int m = info(to).format.mantissa_bits;
  const BigInt n = BigInt(1) << m;
  std::vector<BigInt> idx;
  if (info(to).bits <= 8) {
    for (BigInt i = 0; i < n; ++i) idx.push_back(i);
    return idx;
  }
  const BigInt h = n / 2;
  for (const BigInt& i : {BigInt(0), BigInt(1), h, BigInt(n - 2), BigInt(n - 1)})
    if (std::find(idx.begin(), idx.end(), i) == idx.end()) idx.push_back(i);
  return idx;
}

// The binade [2^e, 2^(e+1)) of the extended grid: its values (2^m + i) 2^(e-m) (not breakpoints of
// round to nearest, hit for the exact path: all of them for the small destinations, the binade's
// ends for the others) and the ties (2^(m+1) + 2i + 1) 2^(e-m-1) after them.
void binade_points(ElementType to, int64_t e, const std::vector<BigInt>& idx, std::vector<Point>& p) {
  const int m = info(to).format.mantissa_bits;
  const BigInt n = BigInt(1) << m;
  const bool small = info(to).bits <= 8;
  for (const BigInt& i : idx) {
    const bool end = i == 0 || i == n - 1;
    if (small || end) p.push_back({dyadic(false, n + i, e - m), false});
    p.push_back({dyadic(false, (n + i) * 2 + 1, e - m - 1), small || end});
  }
}

// The real subnormal grid k 2^(emin-m), coarser than the extended one: its ties (k = 0: half the
// smallest subnormal, the tie to zero) and values, at the cells cell_indices() picks.
void subnormal_points(ElementType to, const std::vector<BigInt>& idx, std::vector<Point>& p) {
  const FloatFormat& f = info(to).format;
  const int64_t q = f.min_normal_exponent() - f.mantissa_bits;
  for (const BigInt& k : idx) {
    if (k != 0) p.push_back({dyadic(false, k, q), false});
    p.push_back({dyadic(false, k * 2 + 1, q - 1), true});
  }
}

// The binades worth a visit for FLOAT and DOUBLE destinations, whose every binade would make the
// set too large: the ends of the range (three past each), the subnormal edges, around 1, where
// integers stop being exact, and where the wide sources' own ranges end.
std::vector<int64_t> sampled_binades(ElementType to) {
  const FloatFormat& f = info(to).format;
  const int64_t m = f.mantissa_bits, emin = f.min_normal_exponent(), emax = max_exponent(f);
  std::vector<int64_t> b;
  for (int64_t e = emin - m - kBeyond; e <= emin - m + 1; ++e) b.push_back(e);
  for (int64_t e = emin - 2; e <= emin + 1; ++e) b.push_back(e);
  for (int64_t e = emax - 1; e <= emax + kBeyond; ++e) b.push_back(e);
  for (int64_t e : {int64_t{-1}, int64_t{0}, int64_t{1}, m - 1, m, m + 1})
    b.push_back(e);
  for (int64_t e : {-150, -149, -127, -126, -125, -25, -24, 15, 16, 24, 25, 31, 32, 40, 53, 54, 62, 63, 64, 127, 128})
    b.push_back(e);
  return b;
}

std::vector<int64_t> binades(ElementType from, ElementType to) {
  const FloatFormat& f = info(to).format;
  std::vector<int64_t> all;
  if (info(to).bits > 16) {
    all = sampled_binades(to);
  } else {
    for (int64_t e = f.min_normal_exponent() - f.mantissa_bits - kBeyond; e <= max_exponent(f) + kBeyond; ++e)
      all.push_back(e);
  }
  const Reach r = reach_of(from);
  std::vector<int64_t> out;
  for (int64_t e : all)
    if (e >= r.lo && e <= r.hi && std::find(out.begin(), out.end(), e) == out.end()) out.push_back(e);
  return out;
}

void float_points(ElementType from, ElementType to, std::vector<Point>& p) {
  if (widens(from, to)) return;
  const std::vector<BigInt> idx = cell_indices(to);
  for (int64_t e : binades(from, to)) binade_points(to, e, idx, p);
  subnormal_points(to, idx, p);
  const size_t positive = p.size();
  for (size_t i = 0; i < positive; ++i) p.push_back({negated(p[i].x), p[i].traps});
}

// FLOAT8E8M0: every power of two 2^k (the breakpoint of `up` and `down`) and 1.5 2^k (the `nearest`
// tie, which goes up), three binades past both ends of 2^-127..2^127; the float32 subnormals that
// A4 reads by their bits; a few negative values (unspecified: the bits of |x|).
void e8m0_points(std::vector<Point>& p) {
  for (int64_t k = -127 - kBeyond; k <= 127 + kBeyond; ++k) {
    p.push_back({power_of_two(k), true});
    p.push_back({dyadic(false, 3, k - 1), true});
  }
  p.push_back({dyadic(false, 5, -130), true});  // 0.625 2^-127: nearer to 2^-127 than to 2^-128
  p.push_back({power_of_two(-149), true});      // float32's smallest subnormal
  for (const ExactValue& x : {power_of_two(0), dyadic(false, 3, -1), power_of_two(-130), power_of_two(128)})
    p.push_back({negated(x), false});
}

// Integer destinations: the wrap and clamp edges (min - 1, min, min + 1, max - 1, max, max + 1, and
// the same two periods up and down: 2^bits, -2^bits, ...) and 0, +-1, +-2; from sources with
// fractions also the ties after each (min - 0.5, max + 0.5, +-0.5, +-1.5), and for the 4-/2-bit
// destinations (round to nearest, then wrap) every integer and tie over two periods each side.
// From a float source, the largest integers it holds exactly (2^p - 1, 2^p, 2^p + 1, 2^(p+1)).
void integer_points(ElementType from, ElementType to, std::vector<Point>& p) {
  const IntRange r = range_of(to);
  const BigInt period = BigInt(1) << info(to).bits;
  std::vector<BigInt> edges{0, 1, -1, 2, -2};
  for (int k = -2; k <= 2; ++k)
    for (const BigInt& base : {r.min, r.max})
      for (int d = -1; d <= 1; ++d) edges.push_back(base + period * k + d);
  const bool fractions = is_float(from) || from == ElementType::kString;
  if (fractions && is_packed(to))
    for (BigInt n = -2 * period - 1; n <= 2 * period + 1; ++n) edges.push_back(n);
  for (const BigInt& n : edges) {
    p.push_back({integer(n), true});
    if (fractions) p.push_back({half_integer(n), true});
  }
  if (!is_float(from)) return;
  const int64_t bits = precision_of(from);
  for (const BigInt& n : {BigInt((BigInt(1) << bits) - 1), BigInt(BigInt(1) << bits), BigInt((BigInt(1) << bits) + 1),
                          BigInt(BigInt(1) << (bits + 1))}) {
    p.push_back({integer(n), true});
    p.push_back({integer(-n), true});
  }
}

void bool_points(std::vector<Point>& p) {
  for (const ExactValue& x : {dyadic(false, 1, -1), integer(2), integer(256), integer(65536), power_of_two(-149),
                              negated(integer(1))})
    p.push_back({x, false});
}

// Values whose text layout changes (numpy switches to scientific at 1e-4 and 1e16) and values
// with long shortest texts: decimal fractions, written as such for text sources.
void string_points(std::vector<Point>& p) {
  const auto decimal = [](const char* digits, int64_t pow10) {
    ExactValue v = integer(BigInt(digits));
    if (pow10 >= 0) v.num *= boost::multiprecision::pow(BigInt(10), static_cast<unsigned>(pow10));
    else v.den = boost::multiprecision::pow(BigInt(10), static_cast<unsigned>(-pow10));
    return v;
  };
  for (const auto& [digits, pow10] : std::vector<std::pair<const char*, int64_t>>{
           {"1", -1}, {"1", -4}, {"1", -5}, {"1", -7}, {"1", 16}, {"1", 15}, {"1", 22},
           {"3140000000000000000000001", -24}, {"12345678901234567890", -10}, {"65504", 0}, {"16777217", 0}})
    p.push_back({decimal(digits, pow10), false});
  p.push_back({negated(decimal("25", -1)), false});
  ExactValue third = integer(1);
  third.den = 3;
  p.push_back({third, false});
}

}  // namespace

std::vector<Point> destination_points(ElementType from, ElementType to) {
  std::vector<Point> p;
  switch (info(to).type_class) {
    case TypeClass::kFloat:
      if (to == ElementType::kFloat8E8M0) e8m0_points(p);
      else float_points(from, to, p);
      break;
    case TypeClass::kSignedInt:
    case TypeClass::kUnsignedInt: integer_points(from, to, p); break;
    case TypeClass::kBool: bool_points(p); break;
    case TypeClass::kString: string_points(p); break;
  }
  return p;
}

}  // namespace castlike::harness::points
