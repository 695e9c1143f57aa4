// Numbers to text: integers in decimal, floats as numpy's scalar `str` prints them: the shortest
// text that reads back to the same value, positional below a type's threshold (text_layout in the
// type table: 1e3 for FLOAT16, 1e6 for FLOAT, 1e16 for DOUBLE), scientific above. The float types
// numpy lacks print their value widened to FLOAT (exact: FLOAT holds every one of their values).
//
// FLOAT and DOUBLE use std::to_chars (shortest round trip, nearest to the value, ties to even).
// FLOAT16 (11 significand bits) searches the shortest decimal inside the value's rounding interval
// directly, with exact 128-bit integer comparisons: its values, the interval ends and the candidate
// digit strings all fit.
#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <utility>

#include "scalar/element.hpp"
#include "strings.hpp"

namespace castlike::opt {
namespace {

using u128 = unsigned __int128;
using scalar::Num;

int bit_length(u128 v) {
  const uint64_t hi = static_cast<uint64_t>(v >> 64);
  if (hi != 0) return 128 - std::countl_zero(hi);
  return 64 - std::countl_zero(static_cast<uint64_t>(v));
}

u128 pow5(int k) {
  u128 r = 1;
  for (int i = 0; i < k; ++i) r *= 5;
  return r;
}

// a * 2^ea <=> b * 2^eb for non-zero a, b: -1, 0, +1.
int compare_scaled(u128 a, int ea, u128 b, int eb) {
  const int la = bit_length(a) + ea, lb = bit_length(b) + eb;
  if (la != lb) return la < lb ? -1 : 1;
  if (ea >= eb)
    a <<= (ea - eb);  // the result has b's bit length: no overflow
  else
    b <<= (eb - ea);
  return a < b ? -1 : (a > b ? 1 : 0);
}

// c * 10^s <=> v * 2^e (c, v > 0; c * 5^s, v * 5^-s below 2^128 for the formats used here).
int compare_decimal(uint64_t c, int s, u128 v, int e) {
  if (s >= 0) return compare_scaled(u128{c} * pow5(s), s, v, e);
  return compare_scaled(u128{c}, s, v * pow5(-s), e);
}

struct Dyadic {
  u128 m;  // value = m * 2^e
  int e;
};

// floor(x / 10^s) for x = X * 2^E, with the remainder compared to one half and exactness.
struct Digits {
  uint64_t count;
  int half;  // remainder vs 1/2: -1, 0, +1
  bool exact;
};
Digits digits_at_scale(const Dyadic& x, int s) {
  u128 num = x.m, den = 1;
  int shift = x.e;  // num * 2^shift / den
  if (s >= 0)
    den = pow5(s), shift -= s;
  else
    num *= pow5(-s), shift += -s;
  if (shift >= 0)
    num <<= shift;
  else
    den <<= -shift;
  const u128 q = num / den, r = num % den;
  const u128 twice = r << 1;
  return {static_cast<uint64_t>(q), twice < den ? -1 : (twice > den ? 1 : 0), r == 0};
}

// Writes digits (no trailing zeros) times 10^scale in numpy's layout.
size_t layout(const char* digits, size_t n, int scale, bool scientific, bool negative, char* out) {
  char* p = out;
  if (negative) *p++ = '-';
  const int first = static_cast<int>(n) - 1 + scale;  // exponent of the first digit
  if (scientific) {
    *p++ = digits[0];
    if (n > 1) {
      *p++ = '.';
      std::memcpy(p, digits + 1, n - 1);
      p += n - 1;
    }
    *p++ = 'e';
    *p++ = first < 0 ? '-' : '+';
    const int mag = first < 0 ? -first : first;
    if (mag < 10) *p++ = '0';
    p = std::to_chars(p, out + kMaxTextLength, mag).ptr;
    return static_cast<size_t>(p - out);
  }
  if (scale >= 0) {
    std::memcpy(p, digits, n);
    p += n;
    std::memset(p, '0', static_cast<size_t>(scale));
    p += scale;
    *p++ = '.';
    *p++ = '0';
  } else if (first >= 0) {
    std::memcpy(p, digits, static_cast<size_t>(first + 1));
    p += first + 1;
    *p++ = '.';
    std::memcpy(p, digits + first + 1, n - static_cast<size_t>(first + 1));
    p += n - static_cast<size_t>(first + 1);
  } else {
    *p++ = '0';
    *p++ = '.';
    std::memset(p, '0', static_cast<size_t>(-first - 1));
    p += -first - 1;
    std::memcpy(p, digits, n);
    p += n;
  }
  return static_cast<size_t>(p - out);
}

// numpy's positional layout for 1e-4 <= x < 10^positional_below (x = m * 2^e > 0).
template <ElementType T>
bool positional(const Dyadic& x) {
  return compare_decimal(1, text_layout(T).positional_below, x.m, x.e) > 0 && compare_decimal(1, -4, x.m, x.e) <= 0;
}

template <ElementType T>
Dyadic magnitude_of(uint64_t mag_bits) {  // a finite non-negative pattern of T
  const Num v = scalar::decode_float<T>(mag_bits);
  if (v.kind == Num::kZero) return {0, 0};
  return {v.sig, v.exp};
}

// Shortest text of a finite non-zero FLOAT16 value.
template <ElementType T>
size_t format_narrow(uint64_t bits, char* out) {
  using F = scalar::Fmt<T>;
  const bool negative = (bits & F::sign_bit) != 0;
  const uint64_t m = bits & ~F::sign_bit;
  const Dyadic x = magnitude_of<T>(m), below = magnitude_of<T>(m - 1);
  Dyadic above;
  if (m == F::max_mag) {  // past the largest finite value the grid goes on with the same step
    const int e = std::min(x.e, below.m == 0 ? x.e : below.e);
    const u128 xs = x.m << (x.e - e), bs = below.m == 0 ? 0 : below.m << (below.e - e);
    above = {2 * xs - bs, e};
  } else {
    above = magnitude_of<T>(m + 1);
  }
  // Ties read back to the even significand, so its interval includes its ends (numpy's Dragon4 too).
  const bool lo_in = (m & 1u) == 0, hi_in = lo_in;
  // Interval ends at a common exponent: lo = (below + x) / 2, hi = (x + above) / 2.
  int e = std::min(x.e, above.e);
  if (below.m != 0) e = std::min(e, below.e);
  const u128 xs = x.m << (x.e - e);
  const u128 bs = below.m == 0 ? 0 : below.m << (below.e - e);
  const u128 as = above.m << (above.e - e);
  const u128 lo = bs + xs, hi = xs + as;  // times 2^(e - 1)
  const auto inside = [&](uint64_t c, int s) {
    const int l = compare_decimal(c, s, lo, e - 1), h = compare_decimal(c, s, hi, e - 1);
    return (l > 0 || (l == 0 && lo_in)) && (h < 0 || (h == 0 && hi_in));
  };
  // floor(log10 x), from the binary exponent then exact corrections.
  const int e2 = bit_length(x.m) - 1 + x.e;
  int e10 = (e2 * 30103) / 100000 - 1;
  while (compare_decimal(1, e10 + 1, x.m, x.e) <= 0) ++e10;
  while (compare_decimal(1, e10, x.m, x.e) > 0) --e10;

  for (int n = 1;; ++n) {
    const int s = e10 - n + 1;
    const Digits d = digits_at_scale(x, s);
    uint64_t pick = 0;
    bool found = false;
    if (d.exact) {
      pick = d.count;
      found = true;
    } else {
      const uint64_t low = d.count, high = d.count + 1;
      const bool low_ok = low != 0 && inside(low, s), high_ok = inside(high, s);
      if (low_ok && high_ok) {  // both read back: the nearer, ties to the even digit
        pick = d.half < 0 ? low : (d.half > 0 ? high : ((low & 1u) ? high : low));
        found = true;
      } else if (low_ok || high_ok) {
        pick = low_ok ? low : high;
        found = true;
      }
    }
    if (!found) continue;
    int scale = s;
    while (pick % 10 == 0) {
      pick /= 10;
      ++scale;
    }
    char digits[24];
    const size_t len = static_cast<size_t>(std::to_chars(digits, digits + sizeof digits, pick).ptr - digits);
    return layout(digits, len, scale, !positional<T>(x), negative, out);
  }
}

// FLOAT and DOUBLE: the shortest digits from std::to_chars, our layout.
template <class F, ElementType T>
size_t format_wide(uint64_t bits, char* out) {
  using U = std::conditional_t<sizeof(F) == 4, uint32_t, uint64_t>;
  const U u = static_cast<U>(bits);
  F value;
  std::memcpy(&value, &u, sizeof value);
  char buf[64];
  const auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
  // "-d.ddde+XX": collect the digits and the exponent.
  const char* p = buf;
  const bool negative = *p == '-';
  if (negative) ++p;
  char digits[32];
  size_t n = 0;
  for (; p < res.ptr && *p != 'e'; ++p)
    if (*p != '.') digits[n++] = *p;
  int exponent = 0;
  std::from_chars(p + 1 + (p[1] == '+' ? 1 : 0), res.ptr, exponent);
  while (n > 1 && digits[n - 1] == '0') --n;
  const int scale = exponent - static_cast<int>(n) + 1;
  const Num v = scalar::decode_float<T>(bits & ~scalar::Fmt<T>::sign_bit);
  return layout(digits, n, scale, !positional<T>(Dyadic{v.sig, v.exp}), negative, out);
}

template <ElementType T>
size_t format_float(uint64_t bits, char* out) {
  const Num v = scalar::decode_float<T>(bits);
  const auto put = [out](const char* s) {
    const size_t n = std::strlen(s);
    std::memcpy(out, s, n);
    return n;
  };
  switch (v.kind) {
    case Num::kNan:
      return put("nan");
    case Num::kInf:
      return put(v.neg ? "-inf" : "inf");
    case Num::kZero:
      return put(v.neg ? "-0.0" : "0.0");
    case Num::kFinite:
      break;
  }
  static_assert(text_layout(ElementType::kFloat16).digits_of == ElementType::kFloat16);
  if constexpr (T == ElementType::kFloat)
    return format_wide<float, T>(bits, out);
  else if constexpr (T == ElementType::kDouble)
    return format_wide<double, T>(bits, out);
  else if constexpr (T == ElementType::kFloat16)
    return format_narrow<T>(bits, out);
  else {
    // A type numpy lacks: its value as FLOAT (exact, every such value is a FLOAT value).
    static_assert(text_layout(T).digits_of == ElementType::kFloat);
    const float widened = std::ldexp(static_cast<float>(v.sig), v.exp);
    uint32_t u;
    std::memcpy(&u, &widened, sizeof u);
    return format_wide<float, ElementType::kFloat>(u | (v.neg ? 0x80000000u : 0u), out);
  }
}

size_t format_integer(ElementType from, uint64_t bits, char* out) {
  const unsigned width = info(from).bits;
  const uint64_t v = bits & bit_mask(from);
  char* end;
  if (is_signed_integer(from)) {
    int64_t s;
    if (width >= 64)
      s = static_cast<int64_t>(v);
    else {
      const uint64_t sign = uint64_t{1} << (width - 1);
      s = static_cast<int64_t>((v ^ sign) - sign);
    }
    end = std::to_chars(out, out + kMaxTextLength, s).ptr;
  } else {
    end = std::to_chars(out, out + kMaxTextLength, v).ptr;
  }
  return static_cast<size_t>(end - out);
}

// format_float<T> for the float type `from`, walking kTypeTable: every float row of the table is
// formatted without this file naming it.
template <size_t... I>
size_t format_any_float(ElementType from, uint64_t bits, char* out, std::index_sequence<I...>) {
  size_t n = 0;
  const auto one = [&]<ElementType T>() {
    if constexpr (is_float(T)) n = format_float<T>(bits, out);
  };
  ((kTypeTable[I].type == from ? one.template operator()<kTypeTable[I].type>() : void()), ...);
  return n;
}

}  // namespace

size_t format_element(ElementType from, uint64_t bits, char* out) {
  switch (from) {
    case ElementType::kBool: {
      const char* text = (bits & 0xFFu) != 0 ? "True" : "False";
      const size_t n = std::strlen(text);
      std::memcpy(out, text, n);
      return n;
    }
    case ElementType::kString:
      return 0;
    default:
      return is_float(from) ? format_any_float(from, bits, out, std::make_index_sequence<kTypeTable.size()>())
                            : format_integer(from, bits, out);
  }
}

}  // namespace castlike::opt
