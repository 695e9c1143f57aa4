// Source side of the generator: the source elements on and beside an exact point, the traps of
// intermediate types around a breakpoint, and the source's own special encodings.
#include "generation/generator_points.hpp"
#include "reference/round.hpp"

namespace castlike::harness::points {

void Inputs::bits(uint64_t b) {
  b &= bit_mask(from_);
  if (seen_bits_.insert(b).second) out_.push_back(Element::of_bits(b));
}

void Inputs::text(const std::string& t) {
  if (seen_text_.insert(t).second) out_.push_back(Element::of_text(t));
}

namespace {

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

// A decimal integer string minus one ("100" -> "99", "1" -> "0").
std::string decremented(std::string m) {
  size_t i = m.size();
  while (i > 0) {
    --i;
    if (m[i] != '0') {
      --m[i];
      break;
    }
    m[i] = '9';
  }
  if (m.size() > 1 && m[0] == '0') m.erase(0, 1);
  return m;
}

// "d.ddde+N" and "d.dddEN" spellings of a positional decimal magnitude.
void add_scientific(const std::string& sign, const std::string& body, Inputs& in) {
  const size_t dot = body.find('.');
  const std::string int_part = body.substr(0, dot), frac = dot == std::string::npos ? "" : body.substr(dot + 1);
  std::string digits = int_part + frac;
  int64_t point = static_cast<int64_t>(int_part.size());
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

// x as the shortest decimal when its denominator is a power of ten; false when it is not one.
bool add_decimal_text(const ExactValue& x, Inputs& in) {
  BigInt d = x.den;
  int64_t k = 0;
  while (d % 10 == 0) {
    d /= 10;
    ++k;
  }
  if (d != 1) return false;
  std::string digits = x.num.str();
  if (static_cast<int64_t>(digits.size()) <= k) digits.insert(0, static_cast<size_t>(k) - digits.size() + 1, '0');
  std::string text = digits.substr(0, digits.size() - static_cast<size_t>(k));
  if (k > 0) text += "." + digits.substr(digits.size() - static_cast<size_t>(k));
  in.text((x.negative ? "-" : "") + text);
  return true;
}

// Would an implementation plausibly convert from the source to `to` through `via`? Only when
// `via` is finer than the destination (for integers: any) and coarser than the source, so that
// its rounding can land exactly on a breakpoint of the destination; text only through what a
// parser gives (float32, double).
bool converts_through(ElementType via, ElementType from, ElementType to) {
  if (via == from || via == to) return false;
  if (from == ElementType::kString && via != ElementType::kFloat && via != ElementType::kDouble) return false;
  const int64_t needed = is_float(to) ? precision_of(to) : 0;
  return needed < precision_of(via) && precision_of(via) < precision_of(from);
}

constexpr ElementType kIntermediates[] = {ElementType::kFloat, ElementType::kFloat16, ElementType::kBfloat16,
                                          ElementType::kDouble};

// x itself where the source holds it (text: its exact decimal), and the nearest source element on
// one side of it: toward zero or away from zero.
void add_float_beside(const ExactValue& x, bool toward_zero, Inputs& in) {
  const FloatFormat& f = info(in.from()).format;
  const ref::Neighbours n = ref::neighbours(in.from(), x);
  const bool exact = n.below && n.above && *n.below == *n.above;
  if (exact) in.bits(*n.below);
  const bool downward = toward_zero != x.negative;  // in signed terms
  if (exact) {
    if (auto s = step(f, *n.below, !downward)) in.bits(*s);
  } else if (const auto& side = downward ? n.below : n.above) {
    in.bits(*side);
  }
}

void add_integer_beside(const ExactValue& x, bool toward_zero, Inputs& in) {
  const IntRange r = range_of(in.from());
  const bool downward = toward_zero != x.negative;
  const BigInt lo = floor_of(x), hi = ceil_of(x);
  BigInt side = downward ? lo : hi;
  if (lo == hi) {
    if (lo >= r.min && lo <= r.max) in.bits(int_bits(in.from(), lo));
    side = downward ? BigInt(lo - 1) : BigInt(hi + 1);
  }
  if (side >= r.min && side <= r.max) in.bits(int_bits(in.from(), side));
}

void add_text_beside(const ExactValue& x, bool toward_zero, Inputs& in) {
  const std::string exact = ref::to_exact_string(x);
  in.text(exact);
  const bool negative = !exact.empty() && exact[0] == '-';
  const std::string body = negative ? exact.substr(1) : exact, sign = negative ? "-" : "";
  const bool fraction = body.find('.') != std::string::npos;
  if (body == "0") return;
  if (!toward_zero) {
    in.text(sign + body + (fraction ? "" : ".") + std::string(20, '0') + "1");
  } else if (fraction) {
    std::string below = body;
    below.back() = static_cast<char>(below.back() - 1);
    in.text(sign + below + std::string(21, '9'));
  } else {
    in.text(sign + decremented(body) + "." + std::string(21, '9'));
  }
}

// Decimal text of x exactly, and texts a hair (1e-21 relative or less) below and above it: the
// traps for parsers that go through double or float.
void add_text_near(const ExactValue& x, Inputs& in, bool with_scientific) {
  add_text_beside(x, false, in);
  add_text_beside(x, true, in);
  const std::string exact = ref::to_exact_string(x);
  const bool negative = !exact.empty() && exact[0] == '-';
  const std::string body = negative ? exact.substr(1) : exact;
  if (with_scientific && body != "0") add_scientific(negative ? "-" : "", body, in);
}

void add_beside(const ExactValue& x, bool toward_zero, Inputs& in) {
  switch (info(in.from()).type_class) {
    case TypeClass::kFloat: add_float_beside(x, toward_zero, in); break;
    case TypeClass::kSignedInt:
    case TypeClass::kUnsignedInt: add_integer_beside(x, toward_zero, in); break;
    case TypeClass::kBool: break;
    case TypeClass::kString: add_text_beside(x, toward_zero, in); break;
  }
}

}  // namespace

void add_near(const ExactValue& x, Inputs& in, bool scientific) {
  if (in.from() == ElementType::kString) {
    add_text_near(x, in, scientific);
    return;
  }
  add_beside(x, false, in);
  add_beside(x, true, in);
}

void add_point(const ExactValue& x, Inputs& in, bool scientific) {
  // Rational texts: the decimal itself when den is a power of ten, else nothing (no exact text).
  if (x.den != 1 && in.from() == ElementType::kString) {
    add_decimal_text(x, in);
    return;
  }
  add_near(x, in, scientific);
}

void add_intermediate_traps(ElementType to, const ExactValue& b, Inputs& in) {
  if (!b.is_finite() || b.is_zero() || b.den != 1) return;
  ExactValue magnitude = b;
  magnitude.negative = false;
  for (ElementType via : kIntermediates) {
    if (!converts_through(via, in.from(), to)) continue;
    const ref::Neighbours n = ref::neighbours(via, magnitude);
    if (!n.below || !n.above || *n.below != *n.above) continue;  // b is not a value of `via`
    const FloatFormat& f = info(via).format;
    const ExactValue v = ref::decode_float(f, *n.below);
    for (bool up : {false, true}) {
      const auto side = step(f, *n.below, up);
      if (!side) continue;
      const ExactValue tie = midpoint(v, ref::decode_float(f, *side));
      add_beside(b.negative ? negated(tie) : tie, up, in);  // b's side of the tie: toward zero above it
    }
  }
}

namespace {

// NaNs of both signs: quiet (the canonical one, with the lowest payload bit, with the highest
// payload bit, all ones) and signalling (lowest bit only, highest payload bit only, all ones). A
// conversion that shifts the mantissa can drop a low payload and make infinity of a NaN.
void add_nans(const FloatFormat& f, Inputs& in) {
  for (bool neg : {false, true}) {
    if (f.special != SpecialEncoding::kIeee) {
      in.bits(ref::canonical_nan_bits(f, neg));
      continue;
    }
    const uint64_t exponent = ref::infinity_bits(f, neg);
    const uint64_t quiet = uint64_t{1} << (f.mantissa_bits - 1), high = uint64_t{1} << (f.mantissa_bits - 2);
    for (uint64_t payload : {quiet, quiet | 1, quiet | high, f.mantissa_mask(), uint64_t{1}, high, quiet - 1})
      in.bits(exponent | payload);
  }
}

void add_float_specials(const FloatFormat& f, Inputs& in) {
  for (bool neg : {false, true}) {
    in.bits(ref::zero_bits(f, neg));
    if (f.has_infinity()) in.bits(ref::infinity_bits(f, neg));
    in.bits(ref::max_finite_bits(f, neg));
    const uint64_t sign = neg ? ref::sign_bit(f) : 0;
    in.bits(sign | 1);                                                              // smallest subnormal
    in.bits(sign | f.mantissa_mask());                                              // largest subnormal
    in.bits(sign | (uint64_t{1} << f.mantissa_bits));                               // smallest normal
    in.bits(sign | (uint64_t{static_cast<uint64_t>(f.bias)} << f.mantissa_bits));  // 1.0
  }
  add_nans(f, in);
}

const char* const kSpecialTexts[] = {
    "0", "-0", "+0.0", "1", "-1", "0.5", "1.5", "-2.5", "100.5", "  1.5", "1.5  ", "\t-3\n", "1e-5", "1E8", "2.5e+1",
    ".5", "5.", "-.25", "1e400", "-1e400", "1e-400", "-1e-400", "inf", "INF", "Inf", "+INF", "-inf", "-Inf",
    "infinity", "Infinity", "-INFINITY", "iNfInItY", "nan", "NaN", "NAN", "-nan", "+NaN", "nAn",
    // not numbers: undefined (the reference marks them unspecified)
    "Hello World!", "", " ", "1.2.3", "0x10", "1,5", "--1", "1e", "e5", "nan(1)", "infinit", "1 2", "True", "+-1"};

}  // namespace

void add_source_specials(Inputs& in) {
  const ElementType from = in.from();
  switch (info(from).type_class) {
    case TypeClass::kFloat: add_float_specials(info(from).format, in); break;
    case TypeClass::kSignedInt:
    case TypeClass::kUnsignedInt: {
      const IntRange r = range_of(from);
      for (const BigInt& n : {BigInt(0), BigInt(1), BigInt(-1), r.min, BigInt(r.min + 1), r.max, BigInt(r.max - 1)})
        if (n >= r.min && n <= r.max) in.bits(int_bits(from, n));
      break;
    }
    case TypeClass::kBool: break;
    case TypeClass::kString:
      for (const char* s : kSpecialTexts) in.text(s);
      break;
  }
}

void add_source_sample(Inputs& in) {
  if (!is_float(in.from())) return;
  const FloatFormat& f = info(in.from()).format;
  const int64_t emin = f.min_normal_exponent();
  const int64_t emax = static_cast<int64_t>(f.max_finite_exponent_field()) - f.bias;
  const bool wide = emax - emin > 40;  // FLOAT, DOUBLE, BFLOAT16: a sample of their binades
  for (int64_t e = emin; e <= emax; ++e) {
    if (wide && !(e <= emin + 2 || e >= emax - 2 || (e >= -3 && e <= 3) || e % 32 == 0)) continue;
    const uint64_t field = static_cast<uint64_t>(e + f.bias) << f.mantissa_bits;
    for (bool neg : {false, true}) {
      const uint64_t sign = neg ? ref::sign_bit(f) : 0;
      in.bits(sign | field);
      in.bits(sign | field | 1);
      in.bits(sign | field | f.mantissa_mask());
    }
  }
}

}  // namespace castlike::harness::points
