#include "structured_text_inputs.hpp"

#include <algorithm>

#include "reference/convert.hpp"
#include "splitmix.hpp"

namespace castlike::exhaustive {
namespace {

using ref::BigInt;
using Family = TextClass::Family;
using Spelling = TextClass::Spelling;

// A float destination of more than 8 bits has this many values sampled (seeded), spread evenly
// over its exponent fields (at least one in each): FLOAT16 33 per field, DOUBLE one.
constexpr uint64_t kSampledValues = 1024;

constexpr Spelling kSpellings[] = {Spelling::kPlain, Spelling::kExponent, Spelling::kSignedPadded, Spelling::kSpaced};

// A nonnegative dyadic m * 2^e: every representable value and midpoint of every destination.
struct Dyadic {
  BigInt m;
  int64_t e = 0;
};

Dyadic add(const Dyadic& a, const Dyadic& b) {
  const int64_t e = std::min(a.e, b.e);
  return {(a.m << static_cast<unsigned>(a.e - e)) + (b.m << static_cast<unsigned>(b.e - e)), e};
}
Dyadic sub(const Dyadic& a, const Dyadic& b) {  // a >= b
  const int64_t e = std::min(a.e, b.e);
  return {(a.m << static_cast<unsigned>(a.e - e)) - (b.m << static_cast<unsigned>(b.e - e)), e};
}
Dyadic half(Dyadic a) { return {a.m, a.e - 1}; }

int floor_log2(const Dyadic& d) { return d.m == 0 ? 0 : static_cast<int>(boost::multiprecision::msb(d.m)) + static_cast<int>(d.e); }

// A decimal n * 10^exp10 with n > 0 not a multiple of 10 (or n == 0).
struct Decimal {
  BigInt n;
  int64_t exp10 = 0;
};

Decimal normalised(BigInt n, int64_t exp10) {
  if (n == 0) return {0, 0};
  while (n % 10 == 0) n /= 10, ++exp10;
  return {n, exp10};
}

// m * 2^e exactly: 2^-k = 5^k / 10^k.
Decimal decimal_of(const Dyadic& d) {
  if (d.e >= 0) return normalised(d.m << static_cast<unsigned>(d.e), 0);
  return normalised(d.m * boost::multiprecision::pow(BigInt(5), static_cast<unsigned>(-d.e)), d.e);
}

// The greatest decimal of `digits` significant digits below x (direction -1), or the least
// above it (+1): x truncated there and stepped by one unit of its last digit.
Decimal neighbour(const Decimal& x, int digits, int direction) {
  const std::string s = x.n.str();
  const int64_t len = static_cast<int64_t>(s.size());
  if (len <= digits) {  // x has no digit there: pad it, the step is a unit of the digits-th digit
    const BigInt padded = x.n * boost::multiprecision::pow(BigInt(10), static_cast<unsigned>(digits - len));
    return normalised(direction < 0 ? BigInt(padded - 1) : BigInt(padded + 1), x.exp10 - (digits - len));
  }
  // Trailing zeros are stripped, so the dropped digits are not all zero: truncation is below x.
  const BigInt truncated = x.n / boost::multiprecision::pow(BigInt(10), static_cast<unsigned>(len - digits));
  return normalised(direction < 0 ? truncated : BigInt(truncated + 1), x.exp10 + (len - digits));
}

std::string positional(const Decimal& x) {
  const std::string s = x.n.str();
  if (x.exp10 >= 0) return s + std::string(static_cast<size_t>(x.exp10), '0');
  const int64_t point = static_cast<int64_t>(s.size()) + x.exp10;  // digits before the point
  if (point > 0) return s.substr(0, static_cast<size_t>(point)) + "." + s.substr(static_cast<size_t>(point));
  return "0." + std::string(static_cast<size_t>(-point), '0') + s;
}

// d.ddd, and the decimal exponent of the first digit.
std::pair<std::string, int64_t> scientific(const Decimal& x) {
  const std::string s = x.n.str();
  return {s.substr(0, 1) + (s.size() > 1 ? "." + s.substr(1) : ""), static_cast<int64_t>(s.size()) - 1 + x.exp10};
}

// The spellings the grammar admits (docs/semantics.md, "Text grammar"): positional; scientific;
// an explicit sign with leading zeros; scientific with an upper-case E, a signed exponent with
// leading zeros, and white space (spaces and tabs: a text never holds a newline) around it.
std::string spelled(const Decimal& x, bool negative, Spelling how) {
  const std::string sign = negative ? "-" : "";
  switch (how) {
    case Spelling::kPlain: return sign + positional(x);
    case Spelling::kExponent: {
      const auto [digits, e] = scientific(x);
      return sign + digits + "e" + std::to_string(e);
    }
    case Spelling::kSignedPadded: return (negative ? "-" : "+") + std::string("00") + positional(x);
    case Spelling::kSpaced: {
      const auto [digits, e] = scientific(x);
      std::string exponent = std::to_string(e < 0 ? -e : e);
      exponent.insert(0, exponent.size() < 3 ? 3 - exponent.size() : 0, '0');
      return " \t" + sign + digits + "E" + (e < 0 ? "-" : "+") + exponent + "\t ";
    }
  }
  return {};
}

struct Anchor {
  Dyadic value;
  Family family;
};

Dyadic dyadic_of(const ref::ExactValue& v) { return {v.num, v.exp2}; }  // a binary format's value: den == 1

// A float destination's nonnegative finite values at chosen patterns, each with the midpoint to
// the next value; past the largest finite value the grid is continued one step (twice the value
// where the format holds powers of two only), so its midpoint is the overflow threshold.
std::vector<Anchor> float_anchors(ElementType to) {
  const FloatFormat& f = info(to).format;
  const unsigned bits = info(to).bits;
  const uint64_t positive_patterns = f.has_sign ? uint64_t{1} << (bits - 1) : uint64_t{1} << bits;
  const auto finite = [&](uint64_t p, Dyadic& out) {
    if (p >= positive_patterns) return false;
    const ref::Decoded d = ref::decode_element(to, ref::Element::of_bits(p));
    if (!d.value.is_finite() || d.value.negative) return false;
    out = dyadic_of(d.value);
    return true;
  };
  std::vector<uint64_t> patterns;
  if (bits <= 8) {  // every value
    for (uint64_t p = 0; p < positive_patterns; ++p) patterns.push_back(p);
  } else {  // per exponent field: its first two values, its last, and its share of a seeded sample
    const uint64_t mantissas = uint64_t{1} << f.mantissa_bits, fields = f.max_finite_exponent_field() + 1;
    const uint64_t sampled = std::max<uint64_t>(1, kSampledValues / fields);
    SplitMix64 random{0x5eed0000ULL + bits};
    for (uint64_t field = 0; field < fields; ++field) {
      for (uint64_t m : {uint64_t{0}, uint64_t{1}, mantissas - 1}) patterns.push_back(field << f.mantissa_bits | m);
      for (uint64_t k = 0; k < sampled; ++k) patterns.push_back(field << f.mantissa_bits | random() % mantissas);
    }
    std::sort(patterns.begin(), patterns.end());
    patterns.erase(std::unique(patterns.begin(), patterns.end()), patterns.end());
  }
  std::vector<Anchor> out;
  for (uint64_t p : patterns) {
    Dyadic v, next, previous;
    if (!finite(p, v)) continue;
    out.push_back({v, v.m == 0 ? Family::kZero : Family::kValue});
    Family family = Family::kMidpoint;
    if (!finite(p + 1, next)) {
      if (p == 0 || !finite(p - 1, previous)) continue;
      next = f.mantissa_bits == 0 ? Dyadic{v.m, v.e + 1} : add(v, sub(v, previous));
      family = Family::kOverflowThreshold;
    }
    out.push_back({half(add(v, next)), family});
  }
  return out;
}

// An integer destination's (BOOL: 0 and 1) values, each with the midpoint above it: every value
// of a type of at most 8 bits; of a wider one 2^L - 1, 2^L and 2^L + 1 for every bit length L;
// and the ends and one past them.
std::vector<Anchor> integer_anchors(ElementType to) {
  const bool is_bool = to == ElementType::kBool;
  const int bits = is_bool ? 1 : info(to).bits;
  const bool is_signed = is_signed_integer(to);
  const BigInt max = is_signed ? (BigInt(1) << (bits - 1)) - 1 : (BigInt(1) << bits) - 1;
  std::vector<BigInt> magnitudes;
  if (bits <= 8) {
    for (BigInt v = 0; v <= max + 2; ++v) magnitudes.push_back(v);
  } else {
    for (int length = 0; length <= bits; ++length)
      for (int d : {-1, 0, 1}) magnitudes.push_back((BigInt(1) << length) + d);
    magnitudes.insert(magnitudes.end(), {BigInt(0), max, BigInt(max + 1), BigInt(max + 2)});
  }
  std::sort(magnitudes.begin(), magnitudes.end());
  magnitudes.erase(std::unique(magnitudes.begin(), magnitudes.end()), magnitudes.end());
  std::vector<Anchor> out;
  for (const BigInt& v : magnitudes) {
    out.push_back({{v, 0}, v == 0 ? Family::kZero : Family::kValue});
    out.push_back({{2 * v + 1, -1}, Family::kMidpoint});
  }
  return out;
}

void add_text(TextSet& s, std::string text, const TextClass& k) {
  s.texts.push_back(std::move(text));
  s.classes.push_back(k);
}

}  // namespace

TextSet structured_text_set(ElementType to) {
  const std::vector<Anchor> anchors = is_float(to) ? float_anchors(to) : integer_anchors(to);
  TextSet s;
  for (bool negative : {false, true}) {
    for (const Anchor& a : anchors) {
      const Decimal exact = decimal_of(a.value);
      TextClass k;
      k.negative = negative, k.family = a.family, k.level = floor_log2(a.value);
      for (Spelling how : kSpellings) add_text(s, spelled(exact, negative, how), (k.spelling = how, k));
      if (a.value.m == 0) continue;  // zero has no significant digit to step
      for (int digits : kNeighbourDigits)
        for (int direction : {-1, 1}) {
          const Decimal near = neighbour(exact, digits, direction);
          k.digit = static_cast<uint8_t>(digits), k.direction = static_cast<int8_t>(direction);
          for (Spelling how : kSpellings) add_text(s, spelled(near, negative, how), (k.spelling = how, k));
        }
    }
    // The special words, in the letter cases and signs the grammar admits.
    TextClass k;
    k.negative = negative, k.family = Family::kSpecial;
    const std::string sign = negative ? "-" : "";
    for (const char* word : {"inf", "Infinity", "NaN"}) add_text(s, sign + word, k);
    add_text(s, (negative ? " -" : " +") + std::string("INF "), (k.spelling = Spelling::kSpaced, k));
  }
  return s;
}

std::string text_class_text(const TextClass& k, int level_first, int level_last) {
  static const char* const families[] = {"zero", "value", "midpoint", "overflow threshold", "special word"};
  static const char* const spellings[] = {"plain", "exponent", "signed padded", "spaced"};
  std::string s = std::string(k.negative ? "negative, " : "positive, ") + families[static_cast<int>(k.family)];
  if (k.family != Family::kZero && k.family != Family::kSpecial)
    s += " 2^" + std::to_string(level_first) + (level_first == level_last ? "" : "..2^" + std::to_string(level_last));
  s += std::string(", ") + spellings[static_cast<int>(k.spelling)] + " spelling, ";
  if (k.digit == 0) return s + "exact decimal";
  return s + std::to_string(k.digit) + "th digit " + (k.direction < 0 ? "below" : "above");
}

}  // namespace castlike::exhaustive
