// Exact helpers of the generator: points are dyadic rationals built from integers and powers of
// two (generator_points.hpp says why never a float or a double).
#include <algorithm>

#include "generation/generator_points.hpp"
#include "reference/round.hpp"

namespace castlike::harness::points {

ExactValue negated(ExactValue v) {
  v.negative = !v.negative;
  return v;
}

ExactValue dyadic(bool negative, const BigInt& m, int64_t e) { return ExactValue::dyadic(negative, m, e); }
ExactValue power_of_two(int64_t e) { return dyadic(false, 1, e); }
ExactValue integer(const BigInt& n) { return ExactValue::integer(n); }

ExactValue half_integer(const BigInt& n) {
  const BigInt twice = n * 2 + 1;  // (2n + 1) / 2
  return dyadic(twice < 0, twice < 0 ? BigInt(-twice) : twice, -1);
}

ExactValue midpoint(const ExactValue& a, const ExactValue& b) {
  const int64_t e = std::min(a.exp2, b.exp2);
  const BigInt sum = (a.num << static_cast<unsigned>(a.exp2 - e)) + (b.num << static_cast<unsigned>(b.exp2 - e));
  return dyadic(false, sum, e - 1);
}

IntRange range_of(ElementType t) {
  const BigInt span = BigInt(1) << (t == ElementType::kBool ? 1 : info(t).bits);  // BOOL: 0 and 1
  const BigInt min = is_signed_integer(t) ? BigInt(-span / 2) : BigInt(0);
  return {min, min + span - 1};
}

uint64_t int_bits(ElementType t, const BigInt& n) {
  const BigInt modulus = BigInt(1) << info(t).bits;
  return static_cast<uint64_t>(((n % modulus) + modulus) % modulus);  // C++ % keeps n's sign
}

BigInt floor_of(const ExactValue& v) {
  const auto q = ref::round_magnitude(v, 0, v.negative ? ref::Direction::kAwayFromZero : ref::Direction::kTowardZero);
  return v.negative ? BigInt(-q.count) : q.count;
}

BigInt ceil_of(const ExactValue& v) {
  const auto q = ref::round_magnitude(v, 0, v.negative ? ref::Direction::kTowardZero : ref::Direction::kAwayFromZero);
  return v.negative ? BigInt(-q.count) : q.count;
}

int64_t precision_of(ElementType t) {
  switch (info(t).type_class) {
    case TypeClass::kFloat: return int64_t{info(t).format.mantissa_bits} + 1;
    case TypeClass::kSignedInt: return int64_t{info(t).bits} - 1;
    case TypeClass::kUnsignedInt: return info(t).bits;
    case TypeClass::kBool: return 1;
    case TypeClass::kString: break;
  }
  return int64_t{1} << 20;
}

}  // namespace castlike::harness::points
