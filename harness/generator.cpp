#include "generator.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "castlike/packing.hpp"
#include "reference/cast_like.hpp"
#include "reference/round.hpp"

namespace castlike::conformance {
namespace {

using ref::BigInt;
using ref::Element;
using ref::ExactValue;

// ---------------------------------------------------------------------------------------------
// Exact helpers (no float or double anywhere: points are dyadic rationals)

ExactValue negated(ExactValue v) {
  v.negative = !v.negative;
  return v;
}

ExactValue dyadic(bool negative, const BigInt& m, int64_t e) { return ExactValue::dyadic(negative, m, e); }
ExactValue power_of_two(int64_t e) { return dyadic(false, 1, e); }
ExactValue integer(const BigInt& n) { return ExactValue::integer(n); }

// (a + b) / 2 of two finite non-negative dyadic values (den == 1).
ExactValue midpoint(const ExactValue& a, const ExactValue& b) {
  const int64_t e = std::min(a.exp2, b.exp2);
  const BigInt sum = (a.num << static_cast<unsigned>(a.exp2 - e)) + (b.num << static_cast<unsigned>(b.exp2 - e));
  return dyadic(false, sum, e - 1);
}

// floor / ceil of a finite value as a signed integer.
BigInt floor_of(const ExactValue& v) {
  const auto q = ref::round_magnitude(v, 0, v.negative ? ref::Direction::kAwayFromZero : ref::Direction::kTowardZero);
  return v.negative ? BigInt(-q.count) : q.count;
}
BigInt ceil_of(const ExactValue& v) {
  const auto q = ref::round_magnitude(v, 0, v.negative ? ref::Direction::kTowardZero : ref::Direction::kAwayFromZero);
  return v.negative ? BigInt(-q.count) : q.count;
}

struct IntRange {
  BigInt min, max;
};
IntRange range_of(ElementType t) {
  const unsigned bits = info(t).bits;
  if (t == ElementType::kBool) return {0, 1};
  if (is_signed_integer(t)) return {-(BigInt(1) << (bits - 1)), (BigInt(1) << (bits - 1)) - 1};
  return {0, (BigInt(1) << bits) - 1};
}

uint64_t int_bits(ElementType t, const BigInt& n) {
  const BigInt modulus = BigInt(1) << info(t).bits;
  BigInt r = n % modulus;
  if (r < 0) r += modulus;
  return static_cast<uint64_t>(r);
}

// ---------------------------------------------------------------------------------------------
// Collecting inputs, first occurrence wins

class Inputs {
 public:
  explicit Inputs(ElementType from) : from_(from) {}
  void bits(uint64_t b) {
    b &= bit_mask(from_);
    if (seen_bits_.insert(b).second) out_.push_back(Element::of_bits(b));
  }
  void text(const std::string& t) {
    if (seen_text_.insert(t).second) out_.push_back(Element::of_text(t));
  }
  std::vector<Element> take() { return std::move(out_); }

 private:
  ElementType from_;
  std::set<uint64_t> seen_bits_;
  std::set<std::string> seen_text_;
  std::vector<Element> out_;
};

// ---------------------------------------------------------------------------------------------
// Source side: the source elements on and next to an exact point

bool is_finite_bits(const FloatFormat& f, uint64_t bits) {
  if (ref::is_nan_bits(f, bits)) return false;
  return ref::decode_float(f, bits).is_finite();
}

// The next representable value above (up) or below a finite pattern of a signed float format.
std::optional<uint64_t> step(const FloatFormat& f, uint64_t bits, bool up) {
  const uint64_t sign = ref::sign_bit(f);
  const bool negative = (bits & sign) != 0;
  const uint64_t magnitude = bits & ~sign;
  // Sign-magnitude: moving away from zero increments the magnitude, toward zero decrements it;
  // +-0 step to the smallest subnormal of the other sign.
  const bool away = up != negative;
  uint64_t next;
  if (away) next = bits + 1;
  else if (magnitude == 0) next = (negative ? 0 : sign) | 1;
  else next = bits - 1;
  if (!is_finite_bits(f, next)) return std::nullopt;
  return next;
}

void add_float_near(ElementType from, const ExactValue& x, Inputs& in) {
  const FloatFormat& f = info(from).format;
  if (x.negative && !f.has_sign) return;
  const ref::Neighbours n = ref::neighbours(from, x);
  if (n.below) in.bits(*n.below);
  if (n.above) in.bits(*n.above);
  if (n.below && n.above && *n.below == *n.above) {  // x itself is representable: add both sides
    if (auto d = step(f, *n.below, false)) in.bits(*d);
    if (auto u = step(f, *n.above, true)) in.bits(*u);
  }
}

void add_integer_near(ElementType from, const ExactValue& x, Inputs& in) {
  const IntRange r = range_of(from);
  const BigInt lo = floor_of(x), hi = ceil_of(x);
  for (const BigInt& n : {lo, hi, lo == hi ? BigInt(lo - 1) : lo, lo == hi ? BigInt(hi + 1) : hi})
    if (n >= r.min && n <= r.max) in.bits(int_bits(from, n));
}

// Decimal text of x exactly, and texts a hair (1e-21 relative or less) below and above it: the
// traps for parsers that go through double or float.
void add_text_near(const ExactValue& x, Inputs& in, bool with_scientific) {
  const std::string exact = ref::to_exact_string(x);
  in.text(exact);
  const std::string tiny(20, '0');
  const bool negative = !exact.empty() && exact[0] == '-';
  const std::string body = negative ? exact.substr(1) : exact;
  std::string above, below;  // of the magnitude
  if (body.find('.') != std::string::npos) {
    above = body + tiny + "1";
    below = body;
    // The last digit is non-zero (trailing zeros are stripped): lower it and fill with nines.
    below.back() = static_cast<char>(below.back() - 1);
    below += std::string(21, '9');
  } else if (body != "0") {
    above = body + "." + tiny + "1";
    // body - 1, then .999...: decrement the decimal integer string.
    std::string m = body;
    size_t i = m.size();
    while (i > 0) {
      --i;
      if (m[i] == '0') {
        m[i] = '9';
      } else {
        --m[i];
        break;
      }
    }
    if (m.size() > 1 && m[0] == '0') m.erase(0, 1);
    below = m + "." + std::string(21, '9');
  }
  const std::string sign = negative ? "-" : "";
  if (!above.empty()) in.text(sign + above);
  if (!below.empty()) in.text(sign + below);
  if (with_scientific && body != "0") {
    // d.ddde+N / d.dddE-N spelling of the exact value.
    std::string digits;
    int64_t point = 0;
    const size_t dot = body.find('.');
    const std::string int_part = body.substr(0, dot), frac = dot == std::string::npos ? "" : body.substr(dot + 1);
    digits = int_part + frac;
    point = static_cast<int64_t>(int_part.size());
    size_t lead = 0;
    while (lead < digits.size() && digits[lead] == '0') ++lead;
    digits = digits.substr(lead);
    point -= static_cast<int64_t>(lead);
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    const int64_t exponent = point - 1;
    std::string s = sign + digits.substr(0, 1);
    if (digits.size() > 1) s += "." + digits.substr(1);
    in.text(s + "e" + (exponent < 0 ? "-" : "+") + std::to_string(exponent < 0 ? -exponent : exponent));
    in.text(s + "E" + std::to_string(exponent));
  }
}

void add_near(ElementType from, const ExactValue& x, Inputs& in, bool string_scientific = false) {
  switch (info(from).type_class) {
    case TypeClass::kFloat: add_float_near(from, x, in); break;
    case TypeClass::kSignedInt:
    case TypeClass::kUnsignedInt: add_integer_near(from, x, in); break;
    case TypeClass::kBool: break;  // 8-bit: exhaustive
    case TypeClass::kString: add_text_near(x, in, string_scientific); break;
  }
}

// The source's own special values.
void add_source_specials(ElementType from, Inputs& in) {
  switch (info(from).type_class) {
    case TypeClass::kFloat: {
      const FloatFormat& f = info(from).format;
      for (bool neg : {false, true}) {
        in.bits(ref::zero_bits(f, neg));
        in.bits(ref::infinity_bits(f, neg));
        in.bits(ref::canonical_nan_bits(f, neg));
        in.bits(ref::max_finite_bits(f, neg));
        const uint64_t sign = neg ? ref::sign_bit(f) : 0;
        in.bits(sign | 1);                                                // smallest subnormal
        in.bits(sign | f.mantissa_mask());                                // largest subnormal
        in.bits(sign | (uint64_t{1} << f.mantissa_bits));                 // smallest normal
        in.bits(sign | (uint64_t{static_cast<uint64_t>(f.bias)} << f.mantissa_bits));  // 1.0
      }
      // NaN payloads: quiet with a low payload bit, and a signalling NaN.
      in.bits(ref::infinity_bits(f, false) | 1);
      in.bits(ref::canonical_nan_bits(f, false) | 1);
      in.bits(ref::infinity_bits(f, true) | 1);
      break;
    }
    case TypeClass::kSignedInt:
    case TypeClass::kUnsignedInt: {
      const IntRange r = range_of(from);
      for (const BigInt& n : {BigInt(0), BigInt(1), BigInt(-1), r.min, BigInt(r.min + 1), r.max, BigInt(r.max - 1)})
        if (n >= r.min && n <= r.max) in.bits(int_bits(from, n));
      break;
    }
    case TypeClass::kBool: break;
    case TypeClass::kString:
      for (const char* s : {"0", "-0", "+0.0", "1", "-1", "0.5", "1.5", "-2.5", "100.5", "  1.5", "1.5  ", "\t-3\n", "1e-5",
                            "1E8", "2.5e+1", ".5", "5.", "-.25", "1e400", "-1e400", "1e-400", "-1e-400",
                            "inf", "INF", "Inf", "+INF", "-inf", "-Inf", "infinity", "Infinity", "-INFINITY", "iNfInItY",
                            "nan", "NaN", "NAN", "-nan", "+NaN", "nAn",
                            // not numbers: undefined (the reference marks them unspecified)
                            "Hello World!", "", " ", "1.2.3", "0x10", "1,5", "--1", "1e", "e5", "nan(1)", "infinit",
                            "1 2", "True", "+-1"})
        in.text(s);
      break;
  }
}

// A few values of the source's own grid, so that widening conversions see every region.
void add_source_sample(ElementType from, Inputs& in) {
  if (!is_float(from)) return;
  const FloatFormat& f = info(from).format;
  const int64_t emin = f.min_normal_exponent();
  const int64_t emax = static_cast<int64_t>(f.max_finite_exponent_field()) - f.bias;
  const bool wide = emax - emin > 40;  // FLOAT, DOUBLE, BFLOAT16: a sample of their binades
  for (int64_t e = emin; e <= emax; ++e) {
    if (wide && !(e <= emin + 2 || e >= emax - 2 || (e >= -3 && e <= 3) || e % 32 == 0)) continue;
    const uint64_t field = static_cast<uint64_t>(e + f.bias) << f.mantissa_bits;
    in.bits(field);
    in.bits(field | 1);
    in.bits(field | f.mantissa_mask());
  }
}

// ---------------------------------------------------------------------------------------------
// Destination side: the exact points where a conversion to `to` changes its mind

// Every non-negative finite value of a float format of at most 8 bits, ascending.
std::vector<ExactValue> all_values(const FloatFormat& f, unsigned bits) {
  std::vector<ExactValue> v;
  const uint64_t limit = uint64_t{1} << (bits - (f.has_sign ? 1 : 0));
  for (uint64_t b = 0; b < limit; ++b)
    if (is_finite_bits(f, b)) v.push_back(ref::decode_float(f, b));
  return v;
}

void small_float_points(ElementType to, std::vector<ExactValue>& p) {
  const FloatFormat& f = info(to).format;
  const std::vector<ExactValue> values = all_values(f, info(to).bits);
  std::vector<ExactValue> mids;
  for (size_t i = 0; i + 1 < values.size(); ++i) mids.push_back(midpoint(values[i], values[i + 1]));
  // The overflow threshold: max plus half its quantum; and well beyond.
  const ExactValue& max = values.back();
  const ExactValue& below_max = values[values.size() - 2];
  // max + (max - below_max) / 2, both dyadic with den 1.
  const int64_t e = std::min(max.exp2, below_max.exp2);
  const BigInt m = max.num << static_cast<unsigned>(max.exp2 - e), b = below_max.num << static_cast<unsigned>(below_max.exp2 - e);
  const ExactValue over = dyadic(false, m * 3 - b, e - 1);
  for (const ExactValue& x : mids) p.push_back(x);
  p.push_back(max);
  p.push_back(over);
  p.push_back(dyadic(false, m * 2, e));  // 2 * max
  // Below the smallest subnormal: half of it (a tie to 0) and a quarter.
  const ExactValue& tiny = values[1];
  p.push_back(dyadic(false, tiny.num, tiny.exp2 - 2));
  // Negative side: every fourth midpoint, the overflow threshold and the underflow points (FNUZ -0).
  for (size_t i = 0; i < mids.size(); i += 4) p.push_back(negated(mids[i]));
  p.push_back(negated(max));
  p.push_back(negated(over));
  p.push_back(negated(mids.front()));
  p.push_back(negated(dyadic(false, tiny.num, tiny.exp2 - 2)));
}

void wide_float_points(ElementType from, ElementType to, std::vector<ExactValue>& p) {
  const FloatFormat& f = info(to).format;
  const int64_t m = f.mantissa_bits;
  const int64_t emin = f.min_normal_exponent();
  const int64_t emax = static_cast<int64_t>(f.max_finite_exponent_field()) - f.bias;
  std::set<int64_t> binades{emin, emin + 1, -1, 0, 1, m - 1, m, m + 1, emax - 1, emax};
  if (is_integer(from))
    for (int64_t e : {24, 25, 31, 32, 40, 53, 54, 62, 63}) binades.insert(e);
  else
    for (int64_t e : {-126, -125, -24, 15, 24, 40, 127}) binades.insert(e);
  for (int64_t e : binades) {
    if (e < emin || e > emax) continue;
    const int64_t q = e - m;  // quantum of the binade
    const BigInt one = BigInt(1) << m;
    p.push_back(dyadic(false, one, q));                      // 2^e
    p.push_back(dyadic(false, one * 2 + 1, q - 1));          // tie between 2^e and its successor: to even (down)
    p.push_back(dyadic(false, one * 2 + 3, q - 1));          // tie to even (up)
    p.push_back(dyadic(false, (one * 4) - 1, q - 1));        // tie between the binade's last value and 2^(e+1)
  }
  // Subnormals: half the smallest (tie to 0), 1.5 times it (tie to 2), the top subnormal boundary.
  const int64_t qs = emin - m;
  p.push_back(dyadic(false, 1, qs - 1));
  p.push_back(dyadic(false, 3, qs - 1));
  p.push_back(dyadic(false, 1, qs - 2));
  p.push_back(dyadic(false, (BigInt(1) << (m + 1)) - 1, qs - 1));
  // Overflow: max, max + half a quantum (the threshold), 2^(emax+1).
  const BigInt max_sig = (BigInt(1) << (m + 1)) - 1;
  p.push_back(dyadic(false, max_sig, emax - m));
  p.push_back(dyadic(false, max_sig * 2 + 1, emax - m - 1));
  p.push_back(power_of_two(emax + 1));
  // Negative side: the binade of 1, the subnormal edge and the overflow threshold.
  p.push_back(negated(dyadic(false, (BigInt(1) << (m + 1)) + 1, -m - 1)));
  p.push_back(negated(dyadic(false, 1, qs - 1)));
  p.push_back(negated(dyadic(false, max_sig * 2 + 1, emax - m - 1)));
}

void e8m0_points(std::vector<ExactValue>& p) {
  std::vector<int64_t> ks;
  for (int64_t k = -127; k <= -120; ++k) ks.push_back(k);
  for (int64_t k = -2; k <= 2; ++k) ks.push_back(k);
  for (int64_t k = 120; k <= 127; ++k) ks.push_back(k);
  for (int64_t k : {-100, -64, -32, -16, -8, 8, 16, 32, 64, 100}) ks.push_back(k);
  for (int64_t k : ks) {
    p.push_back(power_of_two(k));
    p.push_back(dyadic(false, 3, k - 1));  // 1.5 * 2^k: the `nearest` tie (goes up)
  }
  // Below the range (A4, A11): 2^-128, 2^-130, 0.6 * 2^-126, 0.75 * 2^-127 and the float32 subnormals.
  p.push_back(power_of_two(-128));
  p.push_back(power_of_two(-130));
  p.push_back(dyadic(false, 3, -129));
  p.push_back(dyadic(false, 5, -127 - 3));  // 0.625 * 2^-127
  p.push_back(dyadic(false, 1, -149));
  // Above: 2^128, 1.5 * 2^127 (nearest -> overflow), 2^127 + a little.
  p.push_back(power_of_two(128));
  p.push_back(dyadic(false, 3, 126));
  // Negative values are undefined: a few.
  p.push_back(negated(power_of_two(0)));
  p.push_back(negated(dyadic(false, 3, -1)));
  p.push_back(negated(power_of_two(-130)));
}

void integer_points(ElementType from, ElementType to, std::vector<ExactValue>& p) {
  const IntRange r = range_of(to);
  const bool real_source = !is_integer(from) && from != ElementType::kBool;
  for (const BigInt& n : {BigInt(0), BigInt(1), BigInt(-1), BigInt(2), r.min, r.max, BigInt(r.min - 1), BigInt(r.max + 1),
                          BigInt(r.max + 2), BigInt(BigInt(1) << info(to).bits), BigInt(-(BigInt(1) << info(to).bits))})
    p.push_back(integer(n));
  if (!real_source) return;
  // Halves: ties of the 4-/2-bit rule and the truncation of the wide ones.
  if (is_packed(to)) {
    for (int k = -21; k <= 37; ++k) p.push_back(dyadic(k < 0, BigInt(k < 0 ? -k : k), -1));  // -10.5 .. 18.5 step .5
    for (int k : {201, -201, 2001}) p.push_back(dyadic(k < 0, BigInt(k < 0 ? -k : k), -1));
  } else {
    for (int k : {1, 3, 5, -1, -3, -5}) p.push_back(dyadic(k < 0, BigInt(k < 0 ? -k : k), -1));
    p.push_back(dyadic(false, r.max * 2 + 1, -1));  // max + 0.5
    p.push_back(dyadic(r.min < 0, (r.min < 0 ? BigInt(-r.min) : r.min) * 2 + 1, -1));  // min - 0.5
    for (int64_t e : {31, 32, 63, 64}) p.push_back(power_of_two(e));
  }
}

void bool_points(std::vector<ExactValue>& p) {
  p.push_back(dyadic(false, 1, -1));
  p.push_back(integer(2));
  p.push_back(integer(256));  // low byte zero
  p.push_back(integer(65536));
  p.push_back(power_of_two(-149));
  p.push_back(negated(integer(1)));
}

// Values whose text layout changes (numpy switches to scientific at 1e-4 and 1e16) and values
// with long shortest texts.
void string_points(std::vector<ExactValue>& p) {
  const auto decimal = [](const char* digits, int64_t pow10) {
    ExactValue v = integer(BigInt(digits));
    if (pow10 >= 0) {
      v.num *= boost::multiprecision::pow(BigInt(10), static_cast<unsigned>(pow10));
    } else {
      v.den = boost::multiprecision::pow(BigInt(10), static_cast<unsigned>(-pow10));
    }
    return v;
  };
  p.push_back(decimal("1", -1));
  p.push_back(decimal("1", -4));
  p.push_back(decimal("1", -5));
  p.push_back(decimal("1", -7));
  p.push_back(decimal("1", 16));
  p.push_back(decimal("1", 15));
  p.push_back(decimal("1", 22));
  p.push_back(decimal("3140000000000000000000001", -24));
  p.push_back(decimal("12345678901234567890", -10));
  p.push_back(decimal("65504", 0));
  p.push_back(decimal("16777217", 0));
  p.push_back(negated(decimal("25", -1)));
  ExactValue third = integer(1);
  third.den = 3;
  p.push_back(third);
}

void destination_points(ElementType from, ElementType to, std::vector<ExactValue>& p) {
  switch (info(to).type_class) {
    case TypeClass::kFloat:
      if (to == ElementType::kFloat8E8M0) e8m0_points(p);
      else if (info(to).bits <= 8) small_float_points(to, p);
      else wide_float_points(from, to, p);
      break;
    case TypeClass::kSignedInt:
    case TypeClass::kUnsignedInt: integer_points(from, to, p); break;
    case TypeClass::kBool: bool_points(p); break;
    case TypeClass::kString: string_points(p); break;
  }
}

// A decimal point (den a power of ten) snapped to the source grid; dyadic points pass through.
void add_point(ElementType from, const ExactValue& x, Inputs& in, bool scientific) {
  if (x.den != 1 && from == ElementType::kString) {
    // Rational texts: write as the shortest decimal when den is a power of ten, else skip.
    BigInt d = x.den;
    int64_t k = 0;
    while (d % 10 == 0) {
      d /= 10;
      ++k;
    }
    if (d != 1) return;
    std::string digits = x.num.str();
    if (static_cast<int64_t>(digits.size()) <= k) digits.insert(0, static_cast<size_t>(k) - digits.size() + 1, '0');
    std::string text = digits.substr(0, digits.size() - static_cast<size_t>(k));
    if (k > 0) text += "." + digits.substr(digits.size() - static_cast<size_t>(k));
    in.text((x.negative ? "-" : "") + text);
    return;
  }
  add_near(from, x, in, scientific);
}

}  // namespace

std::string case_name(const CaseSpec& spec) {
  std::string name = std::string(info(spec.from).name) + "_to_" + std::string(info(spec.to).name) + "_op" +
                     std::to_string(spec.opset);
  if (spec.saturate) name += "_sat" + std::to_string(*spec.saturate);
  if (spec.round_mode) name += "_" + *spec.round_mode;
  return name;
}

std::vector<CaseSpec> case_specs(ElementType from, ElementType to, OpsetChoice opsets, const std::vector<int>& listed,
                                 AttributeChoice attributes) {
  std::vector<int> versions;
  const int first = std::max(info(from).since_version, info(to).since_version);
  for (int v : kCastLikeVersions) {
    if (v < first) continue;
    if (opsets == OpsetChoice::kAll) versions.push_back(v);
  }
  if (opsets == OpsetChoice::kNewest) versions.push_back(kCastLikeVersions.back());
  if (opsets == OpsetChoice::kListed)
    for (int o : listed) {
      const auto v = castlike_version_for_opset(o);
      if (v && *v >= first) versions.push_back(o);
    }
  std::vector<CaseSpec> out;
  for (int opset : versions) {
    const int version = *castlike_version_for_opset(opset);
    std::vector<std::optional<int64_t>> saturates{std::nullopt};
    std::vector<std::optional<std::string>> modes{std::nullopt};
    const bool float8 = to == ElementType::kFloat8E4M3FN || to == ElementType::kFloat8E4M3FNUZ ||
                        to == ElementType::kFloat8E5M2 || to == ElementType::kFloat8E5M2FNUZ;
    const bool e8m0 = to == ElementType::kFloat8E8M0;
    if (saturate_in_version(version)) {
      if (attributes == AttributeChoice::kAll) saturates = {std::nullopt, 0, 1};
      else if (float8 || e8m0) saturates = {std::nullopt, 0};
    }
    if (round_mode_in_version(version)) {
      if (attributes == AttributeChoice::kAll) modes = {std::nullopt, "up", "down", "nearest"};
      else if (e8m0) modes = {std::nullopt, "down", "nearest"};
    }
    for (const auto& s : saturates)
      for (const auto& m : modes) out.push_back(CaseSpec{from, to, opset, s, m});
  }
  return out;
}

std::string_view input_set_name(InputSet s) { return s == InputSet::kStructured ? "structured" : "exhaustive"; }

std::vector<Element> interesting_inputs(ElementType from, ElementType to, InputSet set) {
  Inputs in(from);
  const unsigned width = info(from).bits;
  if (from == ElementType::kBool) {
    in.bits(0);
    in.bits(1);
    return in.take();
  }
  if (width != 0 && (width <= 8 || (width == 16 && set == InputSet::kExhaustive16))) {
    for (uint64_t b = 0; b < (uint64_t{1} << width); ++b) in.bits(b);
    return in.take();
  }
  add_source_specials(from, in);
  std::vector<ExactValue> points;
  destination_points(from, to, points);
  for (size_t i = 0; i < points.size(); ++i) add_point(from, points[i], in, i % 8 == 0);
  if (to == ElementType::kString || is_float(to) || to == ElementType::kBool) add_source_sample(from, in);
  return in.take();
}

std::vector<Element> focus_on_attributes(const CaseSpec& spec, const std::vector<Element>& inputs, InputSet set) {
  const unsigned width = info(spec.from).bits;
  const bool exhaustive = width != 0 && (width <= 8 || (width == 16 && set == InputSet::kExhaustive16));
  if (exhaustive || (!spec.saturate && !spec.round_mode)) return inputs;
  CaseSpec plain = spec;
  plain.saturate.reset();
  plain.round_mode.reset();
  // The specials come first in interesting_inputs(); keep them all.
  Inputs specials(spec.from);
  add_source_specials(spec.from, specials);
  const size_t special_count = specials.take().size();
  VectorFile probe;
  probe.from = spec.from;
  probe.to = spec.to;
  probe.shape = {static_cast<int64_t>(inputs.size())};
  probe.input = inputs;
  ref::CastLikeRequest with = probe.request(), without = probe.request();
  with.opset = without.opset = spec.opset;
  with.saturate = spec.saturate;
  with.round_mode = spec.round_mode;
  const auto a = ref::cast_like(with), b = ref::cast_like(without);
  if (!std::holds_alternative<ref::CastLikeOutput>(a) || !std::holds_alternative<ref::CastLikeOutput>(b)) return inputs;
  const auto& oa = std::get<ref::CastLikeOutput>(a);
  const auto& ob = std::get<ref::CastLikeOutput>(b);
  std::vector<Element> out;
  for (size_t i = 0; i < inputs.size(); ++i) {
    bool differs = oa.outcomes[i] != ob.outcomes[i] || oa.rules[i] != ob.rules[i];
    if (spec.to == ElementType::kString) differs = differs || oa.output.strings[i] != ob.output.strings[i];
    else differs = differs || load_bits(spec.to, oa.output.data.data(), i) != load_bits(spec.to, ob.output.data.data(), i);
    if (i < special_count || differs || i % 8 == 0) out.push_back(inputs[i]);
  }
  return out;
}

std::variant<VectorFile, std::string> make_case(const CaseSpec& spec, std::vector<Element> inputs,
                                                const std::string& profile) {
  const auto variants = ref::profile_by_name(profile);
  if (!variants) return "unknown profile '" + profile + "' (default, exact, onnx-reference)";
  VectorFile f;
  f.name = case_name(spec);
  f.path = f.name + ".json";
  f.kind = "generated";
  f.opset = spec.opset;
  f.from = spec.from;
  f.to = spec.to;
  f.saturate = spec.saturate;
  f.round_mode = spec.round_mode;
  f.shape = {static_cast<int64_t>(inputs.size())};
  f.input = std::move(inputs);
  const auto result = ref::cast_like(f.request(), *variants);
  if (const auto* error = std::get_if<std::string>(&result)) return f.name + ": " + *error;
  const auto& out = std::get<ref::CastLikeOutput>(result);
  for (size_t i = 0; i < f.input.size(); ++i) {
    if (f.to == ElementType::kString) f.expected.push_back(Element::of_text(out.output.strings[i]));
    else f.expected.push_back(Element::of_bits(load_bits(f.to, out.output.data.data(), i)));
    f.outcomes.push_back(out.outcomes[i]);
    f.rules.push_back(out.rules[i]);
  }
  if (is_packed(f.from)) f.input_packed = f.request().input.data;
  if (is_packed(f.to)) f.expected_packed = out.output.data;
  return f;
}

}  // namespace castlike::conformance
