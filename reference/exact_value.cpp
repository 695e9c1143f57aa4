#include "exact_value.hpp"

#include <boost/multiprecision/integer.hpp>
#include <sstream>

namespace castlike::ref {
namespace {

int64_t msb(const BigInt& x) { return static_cast<int64_t>(boost::multiprecision::msb(x)); }

// a * 2^s compared with b (s may be negative): -1, 0, +1.
int compare_scaled(const BigInt& a, int64_t s, const BigInt& b) {
  if (s >= 0) {
    const BigInt lhs = a << static_cast<unsigned>(s);
    return lhs < b ? -1 : (lhs > b ? 1 : 0);
  }
  const BigInt rhs = b << static_cast<unsigned>(-s);
  return a < rhs ? -1 : (a > rhs ? 1 : 0);
}

}  // namespace

int compare_magnitude(const ExactValue& a, const ExactValue& b) {
  // |a| <=> |b|  <=>  a.num * b.den * 2^(a.exp2 - b.exp2) <=> b.num * a.den
  const bool a_zero = a.num == 0, b_zero = b.num == 0;
  if (a_zero || b_zero) return a_zero && b_zero ? 0 : (a_zero ? -1 : 1);
  return compare_scaled(a.num * b.den, a.exp2 - b.exp2, b.num * a.den);
}

int64_t floor_log2(const ExactValue& v) {
  // Estimate from the bit lengths, then correct by one exact comparison.
  int64_t e = msb(v.num) - msb(v.den);
  // |v| >= 2^(e + exp2) iff num >= den * 2^e
  if (compare_scaled(v.num, -e, v.den) < 0) --e;
  return e + v.exp2;
}

bool is_integral(const ExactValue& v) {
  if (v.num == 0) return true;
  if (v.exp2 >= 0) return (v.num << static_cast<unsigned>(v.exp2)) % v.den == 0;
  return v.num % (v.den << static_cast<unsigned>(-v.exp2)) == 0;
}

std::string to_exact_string(const ExactValue& v) {
  if (v.is_nan()) return v.negative ? "-nan" : "nan";
  if (v.is_infinity()) return v.negative ? "-inf" : "inf";
  std::ostringstream out;
  if (v.negative) out << '-';
  // den is 1 for every binary value: print the full decimal expansion num * 2^exp2.
  if (v.den == 1) {
    if (v.exp2 >= 0) {
      out << (v.num << static_cast<unsigned>(v.exp2));
      return out.str();
    }
    // num / 2^k = num * 5^k / 10^k
    const unsigned k = static_cast<unsigned>(-v.exp2);
    BigInt scaled = v.num * boost::multiprecision::pow(BigInt(5), k);
    std::string digits = scaled.str();
    if (digits.size() <= k) digits.insert(0, k - digits.size() + 1, '0');
    std::string int_part = digits.substr(0, digits.size() - k);
    std::string frac = digits.substr(digits.size() - k);
    while (!frac.empty() && frac.back() == '0') frac.pop_back();
    out << int_part;
    if (!frac.empty()) out << '.' << frac;
    return out.str();
  }
  out << v.num << '/' << v.den;
  if (v.exp2 != 0) out << "*2^" << v.exp2;
  return out.str();
}

}  // namespace castlike::ref
