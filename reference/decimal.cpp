#include "decimal.hpp"

#include <algorithm>
#include <cctype>

#include "round.hpp"

namespace castlike::ref {
namespace {

constexpr size_t kMaxSignificantDigits = 1100;
constexpr int64_t kMaxDecimalExponent = 100000;

BigInt pow10(int64_t k) { return boost::multiprecision::pow(BigInt(10), static_cast<unsigned>(k)); }

// |x| * 10^s as an exact value (s of either sign), sign dropped.
ExactValue scaled_by_pow10(const BigInt& digits, int64_t s) {
  ExactValue v = ExactValue::integer(digits);
  if (s >= 0) v.num *= pow10(s);
  else v.den = pow10(-s);
  return v;
}

bool equals_word(std::string_view text, std::string_view word) {
  if (text.size() != word.size()) return false;
  for (size_t i = 0; i < text.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(text[i])) != word[i]) return false;
  return true;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// floor(log10 |v|) for finite non-zero v.
int64_t floor_log10(const ExactValue& v) {
  // log10(2) ~ 0.30103: a close first guess from the binary exponent, then exact corrections.
  const int64_t e2 = floor_log2(v);
  int64_t e = (e2 * 30103) / 100000 - 1;
  while (compare_magnitude(v, scaled_by_pow10(1, e + 1)) >= 0) ++e;
  while (compare_magnitude(v, scaled_by_pow10(1, e)) < 0) --e;
  return e;
}

// floor(|v| / 10^s) and whether anything was left over; plus the comparison of the remainder with
// half a unit, for rounding to a number of digits.
struct DigitsAtScale {
  BigInt count;
  int half = -1;  // remainder vs 1/2: -1 below, 0 equal, +1 above
  bool exact = true;
};
DigitsAtScale digits_at_scale(const ExactValue& v, int64_t s) {
  // |v| / 10^s = num * 2^exp2 / (den * 10^s)
  BigInt n = v.num, d = v.den;
  if (v.exp2 >= 0) n <<= static_cast<unsigned>(v.exp2);
  else d <<= static_cast<unsigned>(-v.exp2);
  if (s >= 0) d *= pow10(s);
  else n *= pow10(-s);
  DigitsAtScale out;
  BigInt r;
  boost::multiprecision::divide_qr(n, d, out.count, r);
  out.exact = r == 0;
  const BigInt twice = r << 1;
  out.half = twice < d ? -1 : (twice > d ? 1 : 0);
  return out;
}

// Sum of two non-negative dyadic values (den == 1), halved: the midpoint.
ExactValue dyadic_midpoint(const ExactValue& a, const ExactValue& b) {
  const int64_t e = std::min(a.exp2, b.exp2);
  BigInt sum = (a.num << static_cast<unsigned>(a.exp2 - e)) + (b.num << static_cast<unsigned>(b.exp2 - e));
  return ExactValue::dyadic(false, sum, e - 1);
}

// numpy's layout of digits D (no trailing zeros) times 10^s.
std::string layout(const std::string& digits, int64_t s, bool scientific) {
  const int64_t first = static_cast<int64_t>(digits.size()) - 1 + s;  // exponent of the first digit
  std::string out;
  if (scientific) {
    out += digits[0];
    if (digits.size() > 1) out += "." + digits.substr(1);
    const int64_t mag = first < 0 ? -first : first;
    out += first < 0 ? "e-" : "e+";
    if (mag < 10) out += '0';
    out += std::to_string(mag);
    return out;
  }
  if (s >= 0) return digits + std::string(static_cast<size_t>(s), '0') + ".0";
  if (first >= 0) return digits.substr(0, static_cast<size_t>(first + 1)) + "." + digits.substr(static_cast<size_t>(first + 1));
  return "0." + std::string(static_cast<size_t>(-first - 1), '0') + digits;
}

void strip_trailing_zeros(BigInt& c, int64_t& s) {
  while (c != 0 && c % 10 == 0) {
    c /= 10;
    ++s;
  }
}

// Past kMaxSignificantDigits the dropped digits survive only as a sticky digit, which decides
// every rounding except the 4-/2-bit integers' round-then-wrap: that needs the last four digits of
// the integer part (10^4 is a multiple of 16) and where the fraction lies against 1/2. When dropped
// digits belong to the integer part, |x| >= 10^1099: every float type overflows and every wider
// integer saturates whatever the digits. So x is replaced by a stand-in of the same size class
// (about 10^1098) with the same last four integer digits and a one-digit fraction of the same class
// (0: none, 2: below 1/2, 5: exactly 1/2, 7: above). `t` is the text after its sign;
// `integer_digits` is how many of its significant digits (counting the zeros a positive exponent
// appends) form the integer part. Returns the stand-in's digits, to be read with exponent -1.
std::string huge_integer_stand_in(std::string_view t, int64_t integer_digits) {
  int tail = 0;  // the last four digits of the integer part
  int first_fraction = 0;
  bool rest_nonzero = false;
  int64_t k = 0;  // index among the significant digits
  for (char c : t) {
    if (c == '.') continue;
    if (c < '0' || c > '9') break;
    if (k == 0 && c == '0') continue;  // leading zeros
    constexpr int kPlace[4] = {1, 10, 100, 1000};
    if (k >= integer_digits - 4 && k < integer_digits) tail += (c - '0') * kPlace[integer_digits - 1 - k];
    else if (k == integer_digits) first_fraction = c - '0';
    else if (k > integer_digits) rest_nonzero = rest_nonzero || c != '0';
    ++k;
  }
  char fraction = '7';
  if (first_fraction == 0 && !rest_nonzero) fraction = '0';
  else if (first_fraction < 5) fraction = '2';
  else if (first_fraction == 5 && !rest_nonzero) fraction = '5';
  std::string out = "1" + std::string(kMaxSignificantDigits - 6, '0');
  const std::string four = std::to_string(10000 + tail).substr(1);
  return out + four + fraction;
}

}  // namespace

std::optional<ExactValue> parse_decimal(std::string_view text) {
  size_t b = 0, e = text.size();
  while (b < e && is_space(text[b])) ++b;
  while (e > b && is_space(text[e - 1])) --e;
  std::string_view t = text.substr(b, e - b);
  bool negative = false;
  if (!t.empty() && (t[0] == '+' || t[0] == '-')) {
    negative = t[0] == '-';
    t.remove_prefix(1);
  }
  if (equals_word(t, "inf") || equals_word(t, "infinity")) return ExactValue::infinity(negative);
  if (equals_word(t, "nan")) return ExactValue::nan(negative);

  std::string digits;  // significant digits, leading zeros dropped, at most kMax + 1 (sticky)
  int64_t exponent = 0;  // value = digits * 10^exponent
  bool any_digit = false, sticky = false, seen_point = false;
  size_t i = 0;
  for (; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '.') {
      if (seen_point) return std::nullopt;
      seen_point = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    any_digit = true;
    if (digits.empty() && c == '0') {  // leading zero: only moves the point
      if (seen_point) --exponent;
      continue;
    }
    if (digits.size() < kMaxSignificantDigits) {
      digits += c;
      if (seen_point) --exponent;
    } else {
      sticky = sticky || c != '0';
      if (!seen_point) ++exponent;
    }
  }
  if (!any_digit) return std::nullopt;
  if (i < t.size()) {
    if (t[i] != 'e' && t[i] != 'E') return std::nullopt;
    ++i;
    bool exp_negative = false;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) exp_negative = t[i++] == '-';
    if (i == t.size()) return std::nullopt;
    int64_t written = 0;
    for (; i < t.size(); ++i) {
      if (t[i] < '0' || t[i] > '9') return std::nullopt;
      written = std::min<int64_t>(written * 10 + (t[i] - '0'), 10 * kMaxDecimalExponent);  // pinned
    }
    exponent += exp_negative ? -written : written;
  }
  if (digits.empty()) return ExactValue::zero(negative);
  if (sticky && exponent >= 0) {
    // Dropped digits reach into the integer part: see huge_integer_stand_in.
    digits = huge_integer_stand_in(t, static_cast<int64_t>(digits.size()) + exponent);
    exponent = -1;
  } else if (sticky) {  // a nonzero digit beyond the kept ones: one more digit 1 keeps it off any boundary
    digits += '1';
    --exponent;
  }
  // Pin absurd exponents: beyond 10^+-100000 every type overflows or underflows the same way.
  exponent = std::clamp<int64_t>(exponent, -kMaxDecimalExponent, kMaxDecimalExponent);
  ExactValue v = scaled_by_pow10(BigInt(digits), exponent);
  v.negative = negative;
  return v;
}

std::string format_shortest(ElementType type, uint64_t bits) {
  const TextLayout how = text_layout(type);
  if (how.digits_of != type) {
    // A type numpy lacks: its value as the wider type, which holds it exactly (one rounding that
    // changes nothing).
    const ExactValue v = decode_float(info(type).format, bits);
    const FloatFormat& wide = info(how.digits_of).format;
    if (v.is_nan()) return "nan";
    if (v.is_infinity()) return v.negative ? "-inf" : "inf";
    const auto widened = encode_rounded(wide, v.negative, round_to_format(v, wide, Direction::kNearestEven));
    return format_shortest(how.digits_of, *widened);
  }
  const FloatFormat& f = info(type).format;
  const ExactValue v = decode_float(f, bits);
  if (v.is_nan()) return "nan";
  if (v.is_infinity()) return v.negative ? "-inf" : "inf";
  const std::string sign = v.negative ? "-" : "";
  if (v.is_zero()) return sign + "0.0";

  // The rounding interval of the magnitude: halfway to each neighbour, ends included when the
  // value's significand is even (ties round to it), as numpy's Dragon4 takes them.
  const uint64_t magnitude_bits = bits & ~sign_bit(f);
  const ExactValue x = decode_float(f, magnitude_bits);
  const ExactValue below = decode_float(f, magnitude_bits - 1);
  ExactValue above;
  if (magnitude_bits == max_finite_bits(f, false)) {
    // Past the largest finite value the grid goes on with the same step: above = 2x - below.
    const int64_t e = std::min(x.exp2, below.exp2);
    const BigInt two_x = x.num << static_cast<unsigned>(x.exp2 - e + 1);
    const BigInt b = below.num << static_cast<unsigned>(below.exp2 - e);
    above = ExactValue::dyadic(false, two_x - b, e);
  } else {
    above = decode_float(f, magnitude_bits + 1);
  }
  const ExactValue lo = dyadic_midpoint(below, x);
  const ExactValue hi = dyadic_midpoint(x, above);
  const bool ends_in = (magnitude_bits & 1u) == 0;
  const auto inside = [&](const ExactValue& c) {
    const int l = compare_magnitude(c, lo), h = compare_magnitude(c, hi);
    return (l > 0 || (l == 0 && ends_in)) && (h < 0 || (h == 0 && ends_in));
  };

  const int64_t e10 = floor_log10(x);
  for (int n = 1;; ++n) {
    const int64_t s = e10 - n + 1;
    const DigitsAtScale d = digits_at_scale(x, s);
    BigInt pick;
    bool found = false;
    if (d.exact) {
      pick = d.count;
      found = true;
    } else {
      const BigInt low = d.count, high = d.count + 1;
      const bool low_ok = inside(scaled_by_pow10(low, s)), high_ok = inside(scaled_by_pow10(high, s));
      if (low_ok && high_ok) {  // both read back: take the nearer, ties to the even digit
        pick = d.half < 0 ? low : (d.half > 0 ? high : (bit_test(low, 0) ? high : low));
        found = true;
      } else if (low_ok || high_ok) {
        pick = low_ok ? low : high;
        found = true;
      }
    }
    if (!found) continue;
    int64_t scale = s;
    strip_trailing_zeros(pick, scale);
    const bool positional = compare_magnitude(x, scaled_by_pow10(1, how.positional_below)) < 0 &&
                            compare_magnitude(x, scaled_by_pow10(1, -4)) >= 0;
    return sign + layout(pick.str(), scale, !positional);
  }
}

std::string format_printf_g(const ExactValue& v, int significant_digits) {
  if (v.is_nan()) return v.negative ? "-nan" : "nan";
  if (v.is_infinity()) return v.negative ? "-inf" : "inf";
  const std::string sign = v.negative ? "-" : "";
  const int n = std::max(1, significant_digits);
  if (v.is_zero()) return sign + "0";
  int64_t x = floor_log10(v);
  DigitsAtScale d = digits_at_scale(v, x - n + 1);
  BigInt c = d.count;
  if (d.half > 0 || (d.half == 0 && !d.exact && bit_test(c, 0))) ++c;
  if (c == pow10(n)) {  // 9.99 -> 10.0: one more digit position
    c /= 10;
    ++x;
  }
  std::string digits = c.str();
  // %g: scientific when the exponent is < -4 or >= the precision; trailing zeros removed.
  if (x < -4 || x >= n) {
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    std::string out = sign + digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    const int64_t mag = x < 0 ? -x : x;
    out += x < 0 ? "e-" : "e+";
    if (mag < 10) out += '0';
    return out + std::to_string(mag);
  }
  int64_t s = x - n + 1;
  BigInt cc = c;
  strip_trailing_zeros(cc, s);
  const std::string ds = cc.str();
  if (s >= 0) return sign + ds + std::string(static_cast<size_t>(s), '0');
  const int64_t first = static_cast<int64_t>(ds.size()) - 1 + s;
  if (first >= 0) return sign + ds.substr(0, static_cast<size_t>(first + 1)) + "." + ds.substr(static_cast<size_t>(first + 1));
  return sign + "0." + std::string(static_cast<size_t>(-first - 1), '0') + ds;
}

int max_digits10(ElementType type) {
  const int p = info(type).format.mantissa_bits + 1;
  // ceil(1 + p * log10 2) with log10 2 bounded by 30102/100000 < log10 2 < 30103/100000: p * log10 2
  // is never an integer, so the upper bound gives the ceiling.
  return 1 + static_cast<int>((p * 30103 + 99999) / 100000);
}

}  // namespace castlike::ref
