// Decimal text to numbers, exactly. The common case (at most 19 significant digits and a decimal
// exponent within +-19) is exact in 128-bit integer arithmetic; anything else takes a slow path in
// Boost.Multiprecision cpp_int (private to this file). Either way the value reaches the float
// encoders as a 64-bit significand whose lowest bit is sticky (set when anything non-zero was cut
// off), which rounds correctly into every format of at most 62 significand bits.
#include <algorithm>
#include <bit>
#include <boost/multiprecision/cpp_int.hpp>
#include <cstring>

#include "scalar/element.hpp"
#include "strings.hpp"

namespace castlike::opt {
namespace {

using u128 = unsigned __int128;
using scalar::Num;

constexpr size_t kMaxSignificantDigits = 1100;
constexpr int64_t kMaxDecimalExponent = 100000;

struct Decimal {
  enum Kind : uint8_t { kNotANumber, kNan, kInf, kZero, kFinite };
  Kind kind = kNotANumber;
  bool neg = false;
  size_t ndigits = 0;  // significant digits (first one non-zero), at most kMax + 1
  int64_t exp10 = 0;   // value = digits * 10^exp10
  char digits[kMaxSignificantDigits + 2];
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

bool equals_word(std::string_view text, std::string_view word) {
  if (text.size() != word.size()) return false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != word[i]) return false;
  }
  return true;
}

// A sticky digit stands for the digits cut after the kMax-th, which is right for every rounding but
// not for the 4-/2-bit integers: they keep the low bits of the rounded integer, i.e. need its value
// modulo 10^4 (a multiple of 16) and the fraction's position against 1/2. Cut digits can only be
// integer digits when |x| >= 10^1099, where every float overflows and every 8-64-bit integer
// saturates anyway; so the digits become 10^1098 + (x's integer part mod 10^4) + a fraction digit
// in the same class (0 none, 2 below a half, 5 a half, 7 above), read with exp10 = -1. `t` has no
// sign; `int_len` counts the integer part's significant digits (zeros from the exponent included).
void stand_in_for_huge_integer(std::string_view t, int64_t int_len, Decimal& d) {
  char low[4] = {'0', '0', '0', '0'};  // integer digits int_len-4 .. int_len-1 (zeros past the text)
  char fraction = '0';
  int64_t pos = -1;  // position among significant digits
  for (char c : t) {
    if (c == 'e' || c == 'E') break;
    if (c == '.' || (pos < 0 && c == '0')) continue;
    ++pos;
    if (pos < int_len - 4) continue;
    if (pos < int_len) {
      low[pos - (int_len - 4)] = c;
    } else if (pos == int_len) {
      fraction = c == '0' ? '0' : c < '5' ? '2' : c == '5' ? '5' : '7';
    } else if (c != '0') {
      // More digits after the first fraction digit: 0.0x and 0.x (x < 5) are below a half, 0.5x above.
      if (fraction == '0') fraction = '2';
      else if (fraction == '5') fraction = '7';
    }
  }
  d.ndigits = 0;
  d.digits[d.ndigits++] = '1';
  while (d.ndigits < kMaxSignificantDigits - 5) d.digits[d.ndigits++] = '0';
  for (char c : low) d.digits[d.ndigits++] = c;
  d.digits[d.ndigits++] = fraction;
}

void parse(std::string_view text, Decimal& d) {
  size_t b = 0, e = text.size();
  while (b < e && is_space(text[b])) ++b;
  while (e > b && is_space(text[e - 1])) --e;
  std::string_view t = text.substr(b, e - b);
  d.neg = false;
  d.ndigits = 0;
  d.exp10 = 0;
  if (!t.empty() && (t[0] == '+' || t[0] == '-')) {
    d.neg = t[0] == '-';
    t.remove_prefix(1);
  }
  if (equals_word(t, "inf") || equals_word(t, "infinity")) {
    d.kind = Decimal::kInf;
    return;
  }
  if (equals_word(t, "nan")) {
    d.kind = Decimal::kNan;
    return;
  }
  d.kind = Decimal::kNotANumber;
  int64_t exponent = 0;
  bool any_digit = false, sticky = false, seen_point = false;
  size_t i = 0;
  for (; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '.') {
      if (seen_point) return;
      seen_point = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    any_digit = true;
    if (d.ndigits == 0 && c == '0') {  // a leading zero only moves the point
      if (seen_point) --exponent;
      continue;
    }
    if (d.ndigits < kMaxSignificantDigits) {
      d.digits[d.ndigits++] = c;
      if (seen_point) --exponent;
    } else {
      sticky = sticky || c != '0';
      if (!seen_point) ++exponent;
    }
  }
  if (!any_digit) return;
  if (i < t.size()) {
    if (t[i] != 'e' && t[i] != 'E') return;
    ++i;
    bool exp_negative = false;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) exp_negative = t[i++] == '-';
    if (i == t.size()) return;
    int64_t written = 0;
    for (; i < t.size(); ++i) {
      if (t[i] < '0' || t[i] > '9') return;
      written = std::min<int64_t>(written * 10 + (t[i] - '0'), 10 * kMaxDecimalExponent);  // pinned
    }
    exponent += exp_negative ? -written : written;
  }
  if (d.ndigits == 0) {
    d.kind = Decimal::kZero;
    return;
  }
  if (sticky && exponent >= 0) {
    stand_in_for_huge_integer(t, static_cast<int64_t>(d.ndigits) + exponent, d);
    exponent = -1;
  } else if (sticky) {  // a non-zero digit beyond the kept ones: one more digit 1 keeps it off any boundary
    d.digits[d.ndigits++] = '1';
    --exponent;
  }
  d.exp10 = std::clamp<int64_t>(exponent, -kMaxDecimalExponent, kMaxDecimalExponent);
  d.kind = Decimal::kFinite;
}

constexpr uint64_t kPow10[20] = {1ull,
                                 10ull,
                                 100ull,
                                 1000ull,
                                 10000ull,
                                 100000ull,
                                 1000000ull,
                                 10000000ull,
                                 100000000ull,
                                 1000000000ull,
                                 10000000000ull,
                                 100000000000ull,
                                 1000000000000ull,
                                 10000000000000ull,
                                 100000000000000ull,
                                 1000000000000000ull,
                                 10000000000000000ull,
                                 100000000000000000ull,
                                 1000000000000000000ull,
                                 10000000000000000000ull};

int bit_length(u128 v) {
  const uint64_t hi = static_cast<uint64_t>(v >> 64);
  if (hi != 0) return 128 - std::countl_zero(hi);
  return 64 - std::countl_zero(static_cast<uint64_t>(v));
}

// v * 2^exp (+ something below v's last bit when sticky) as a 64-bit significand with the sticky
// bit folded into its lowest bit.
Num to_num(bool neg, u128 v, int32_t exp, bool sticky) {
  const int len = bit_length(v);
  if (len > 64) {
    const int sh = len - 64;
    sticky = sticky || (v & ((u128{1} << sh) - 1u)) != 0;
    v >>= sh;
    exp += sh;
  } else if (sticky && len < 64) {
    const int sh = 64 - len;  // keep 64 significant bits so that the sticky bit stays below them all
    v <<= sh;
    exp -= sh;
  }
  uint64_t sig = static_cast<uint64_t>(v);
  if (sticky) sig |= 1u;
  return scalar::make_finite(neg, sig, exp);
}

Num slow_finite(const Decimal& d) {
  using boost::multiprecision::cpp_int;
  cpp_int n;
  for (size_t i = 0; i < d.ndigits; ++i) n = n * 10 + (d.digits[i] - '0');
  if (d.exp10 >= 0) {
    n *= boost::multiprecision::pow(cpp_int(10), static_cast<unsigned>(d.exp10));
    const int len = static_cast<int>(boost::multiprecision::msb(n)) + 1;
    if (len <= 64) return to_num(d.neg, static_cast<uint64_t>(n), 0, false);
    const int sh = len - 64;
    const bool sticky = static_cast<int>(boost::multiprecision::lsb(n)) < sh;
    return to_num(d.neg, static_cast<uint64_t>(n >> sh), sh, sticky);
  }
  const cpp_int p = boost::multiprecision::pow(cpp_int(10), static_cast<unsigned>(-d.exp10));
  const int s = std::max(
      0, static_cast<int>(boost::multiprecision::msb(p)) - static_cast<int>(boost::multiprecision::msb(n)) + 65);
  cpp_int q, r;
  boost::multiprecision::divide_qr(cpp_int(n << s), p, q, r);
  // q < 2^67: keep its top 64 bits.
  const int len = static_cast<int>(boost::multiprecision::msb(q)) + 1;
  const int sh = std::max(0, len - 64);
  const bool sticky = r != 0 || (sh > 0 && static_cast<int>(boost::multiprecision::lsb(q)) < sh);
  return to_num(d.neg, static_cast<uint64_t>(q >> sh), sh - s, sticky);
}

// The exact value of a finite decimal, for the float encoders.
Num finite_num(const Decimal& d) {
  const int64_t first = static_cast<int64_t>(d.ndigits) - 1 + d.exp10;  // exponent of the first digit
  // Beyond 10^+-400 every destination overflows / underflows the same way: a stand-in far outside
  // every range (still non-zero, which BOOL and FLOAT8E8M0 distinguish from zero).
  if (first > 400) return scalar::make_finite(d.neg, uint64_t{1} << 63, 4000);
  if (first < -400) return scalar::make_finite(d.neg, uint64_t{1} << 63, -6000);
  if (d.ndigits <= 19 && d.exp10 >= -19 && d.exp10 <= 19) {
    uint64_t digits = 0;
    for (size_t i = 0; i < d.ndigits; ++i) digits = digits * 10 + static_cast<uint64_t>(d.digits[i] - '0');
    if (d.exp10 >= 0) return to_num(d.neg, u128{digits} * kPow10[d.exp10], 0, false);
    const u128 p = kPow10[-d.exp10];
    const int s = 128 - bit_length(u128{digits});
    const u128 n = u128{digits} << s;
    const u128 q = n / p, r = n % p;  // q > 2^63 because p < 2^64
    return to_num(d.neg, q, -s, r != 0);
  }
  return slow_finite(d);
}

// Integer part of a finite decimal: its digits are digits[0, ip) then (ip - ndigits) zeros.
int64_t integer_digits(const Decimal& d) { return static_cast<int64_t>(d.ndigits) + d.exp10; }

// 8..64-bit integers: truncate, clamp out of range (unspecified by ONNX; documented choice).
uint64_t to_wide_integer(const Decimal& d, ElementType to) {
  const unsigned bits = info(to).bits;
  const bool is_signed = is_signed_integer(to);
  const uint64_t mask = bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1u;
  const uint64_t max_pos = is_signed ? (uint64_t{1} << (bits - 1)) - 1u : mask;
  const uint64_t min_mag = is_signed ? uint64_t{1} << (bits - 1) : 0;
  const uint64_t min_bits = (0 - min_mag) & mask;
  switch (d.kind) {
    case Decimal::kNotANumber:
    case Decimal::kNan:
    case Decimal::kZero:
      return 0;
    case Decimal::kInf:
      return d.neg ? min_bits : max_pos;
    case Decimal::kFinite:
      break;
  }
  const int64_t ip = integer_digits(d);
  bool huge = ip > 20;
  u128 value = 0;
  if (!huge && ip > 0) {
    const int64_t kept = std::min<int64_t>(ip, static_cast<int64_t>(d.ndigits));
    for (int64_t i = 0; i < kept; ++i) value = value * 10 + static_cast<unsigned>(d.digits[i] - '0');
    for (int64_t i = kept; i < ip; ++i) value *= 10;
    huge = value > u128{~uint64_t{0}};
  }
  const uint64_t mag = huge ? 0 : static_cast<uint64_t>(value);
  if (!d.neg) return (huge || mag > max_pos) ? max_pos : mag;
  if (!huge && mag == 0) return 0;
  if (huge || mag > min_mag) return min_bits;
  return (0 - mag) & mask;
}

// 4-/2-bit integers: round to nearest even, keep the low bits (10^4 is a multiple of 16, so the
// last four integer digits decide).
uint64_t to_sub_byte_integer(const Decimal& d, ElementType to) {
  const unsigned bits = info(to).bits;
  const uint64_t mask = (uint64_t{1} << bits) - 1u;
  const bool is_signed = is_signed_integer(to);
  switch (d.kind) {
    case Decimal::kNotANumber:
    case Decimal::kNan:
    case Decimal::kZero:
      return 0;
    case Decimal::kInf:
      if (is_signed) return d.neg ? uint64_t{1} << (bits - 1) : (uint64_t{1} << (bits - 1)) - 1u;
      return d.neg ? 0 : mask;
    case Decimal::kFinite:
      break;
  }
  const int64_t ip = integer_digits(d);
  const int64_t n = static_cast<int64_t>(d.ndigits);
  const auto digit_at = [&](int64_t k) -> unsigned {  // k-th digit of the number (0 = first), 0 past the end
    return k >= 0 && k < n ? static_cast<unsigned>(d.digits[k] - '0') : 0u;
  };
  uint64_t low = 0;  // integer part modulo 10000
  for (int64_t k = std::max<int64_t>(0, ip - 4); k < ip; ++k) low = low * 10 + digit_at(k);
  bool up = false;
  if (ip < n) {  // a fraction: digits from position max(ip, 0); positions below 0 are leading zeros
    const unsigned first = ip >= 0 ? digit_at(ip) : 0u;
    bool rest_nonzero = false;
    for (int64_t k = std::max<int64_t>(ip + 1, 0); k < n && !rest_nonzero; ++k) rest_nonzero = digit_at(k) != 0;
    if (ip < 0)
      up = false;  // below 0.1
    else if (first > 5)
      up = true;
    else if (first == 5)
      up = rest_nonzero || (low & 1u) != 0;
  }
  const uint64_t r = low + (up ? 1u : 0u);
  return (d.neg ? 0 - r : r) & mask;
}

}  // namespace

uint64_t parse_text(std::string_view text, ElementType to, const castlike_attributes& attrs) {
  Decimal d;
  parse(text, d);
  if (to == ElementType::kBool) return (d.kind == Decimal::kNotANumber || d.kind == Decimal::kZero) ? 0 : 1;
  if (is_integer(to)) return is_packed(to) ? to_sub_byte_integer(d, to) : to_wide_integer(d, to);
  Num v;
  switch (d.kind) {
    case Decimal::kNotANumber:
      v = Num{Num::kNan, false, 0, 0};
      break;  // unspecified: positive NaN
    case Decimal::kNan:
      v = Num{Num::kNan, d.neg, 0, 0};
      break;
    case Decimal::kInf:
      v = Num{Num::kInf, d.neg, 0, 0};
      break;
    case Decimal::kZero:
      v = Num{Num::kZero, d.neg, 0, 0};
      break;
    case Decimal::kFinite:
      v = finite_num(d);
      break;
  }
  return scalar::encode_num(to, v, attrs);
}

}  // namespace castlike::opt
