// Test-side knowledge of the element types, written out again from the specification
// (docs/specification.md section 2) instead of taken from the reference, on purpose: formats and
// the versions that introduced each type (pairs_test compares them with the type table, so a new
// row this file lacks fails), NaN / infinity predicates, an exact encoder for dyadic values, a
// decoder to double (every value of every float type of 16 bits or fewer, FLOAT and DOUBLE is a
// double exactly), the rule families, tensors. Only the shared type table and packing helpers are
// used. The samplers built on it are test_support.hpp's.
//
// Nothing here rounds: encode_exact() refuses values the format cannot hold, so a generated input
// is always exactly what its recipe says.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "castlike/packing.hpp"
#include "castlike/type_table.hpp"
#include "reference/cast_like.hpp"

namespace castlike::probe {

using u128 = unsigned __int128;
using i128 = __int128;

// ---------------------------------------------------------------------------------------------
// Formats, as the specification's table states them.

enum class Kind { kIeee, kFn, kFnuz, kFiniteOnly, kE8M0 };

struct SpecFormat {
  int ebits, mbits, bias;
  bool sign;
  Kind kind;
};

inline std::optional<SpecFormat> spec_format(ElementType t) {
  switch (t) {
    case ElementType::kFloat: return SpecFormat{8, 23, 127, true, Kind::kIeee};
    case ElementType::kDouble: return SpecFormat{11, 52, 1023, true, Kind::kIeee};
    case ElementType::kFloat16: return SpecFormat{5, 10, 15, true, Kind::kIeee};
    case ElementType::kBfloat16: return SpecFormat{8, 7, 127, true, Kind::kIeee};
    case ElementType::kFloat8E4M3FN: return SpecFormat{4, 3, 7, true, Kind::kFn};
    case ElementType::kFloat8E4M3FNUZ: return SpecFormat{4, 3, 8, true, Kind::kFnuz};
    case ElementType::kFloat8E5M2: return SpecFormat{5, 2, 15, true, Kind::kIeee};
    case ElementType::kFloat8E5M2FNUZ: return SpecFormat{5, 2, 16, true, Kind::kFnuz};
    case ElementType::kFloat8E8M0: return SpecFormat{8, 0, 127, false, Kind::kE8M0};
    case ElementType::kFloat4E2M1: return SpecFormat{2, 1, 1, true, Kind::kFiniteOnly};
    case ElementType::kFloat6E2M3: return SpecFormat{2, 3, 1, true, Kind::kFiniteOnly};
    case ElementType::kFloat6E3M2: return SpecFormat{3, 2, 3, true, Kind::kFiniteOnly};
#ifdef CASTLIKE_SYNTHETIC_TYPE
    case ElementType::kFloat4E1M2: return SpecFormat{1, 2, 1, true, Kind::kFiniteOnly};
#endif
    default: return std::nullopt;
  }
}

// The operator version that introduced each type (docs/specification.md section 1): Cast and
// CastLike list the same types from version 19 on; before that Cast-13 and CastLike-15 list the
// thirteen types of opset 13.
inline int spec_since_version(ElementType t) {
  switch (t) {
    case ElementType::kFloat8E4M3FN:
    case ElementType::kFloat8E4M3FNUZ:
    case ElementType::kFloat8E5M2:
    case ElementType::kFloat8E5M2FNUZ: return 19;
    case ElementType::kUint4:
    case ElementType::kInt4: return 21;
    case ElementType::kFloat4E2M1: return 23;
    case ElementType::kFloat8E8M0: return 24;
    case ElementType::kUint2:
    case ElementType::kInt2: return 25;
    case ElementType::kFloat6E2M3:
    case ElementType::kFloat6E3M2: return 28;  // Cast-28 only: no CastLike version lists them
#ifdef CASTLIKE_SYNTHETIC_TYPE
    case ElementType::kFloat4E1M2: return 28;
#endif
    default: return 13;
  }
}

// The test-only synthetic row (include/castlike/type_list.h, CMake option CASTLIKE_SYNTHETIC_TYPE) is
// not in the specification: it is restated above as its row states it, listed at Cast-28 only, and
// counts here as one more type of Cast-28.
#ifdef CASTLIKE_SYNTHETIC_TYPE
inline constexpr int kSyntheticTypeRows = 1;
#else
inline constexpr int kSyntheticTypeRows = 0;
#endif

inline std::vector<ElementType> all_types() {
  std::vector<ElementType> out;
  for (const TypeInfo& t : kTypeTable) out.push_back(t.type);
  return out;
}
inline std::vector<ElementType> float_types() {
  std::vector<ElementType> out;
  for (ElementType t : all_types())
    if (spec_format(t)) out.push_back(t);
  return out;
}
inline bool is_float8(ElementType t) {
  return t == ElementType::kFloat8E4M3FN || t == ElementType::kFloat8E4M3FNUZ || t == ElementType::kFloat8E5M2 ||
         t == ElementType::kFloat8E5M2FNUZ;
}
inline bool is_fnuz(ElementType t) {
  return t == ElementType::kFloat8E4M3FNUZ || t == ElementType::kFloat8E5M2FNUZ;
}
inline int width(ElementType t) { return info(t).bits; }
inline uint64_t mask_of(ElementType t) { return width(t) >= 64 ? ~uint64_t{0} : (uint64_t{1} << width(t)) - 1; }
inline std::string name_of(ElementType t) { return std::string(info(t).name); }

inline uint64_t sign_mask(const SpecFormat& f) { return f.sign ? uint64_t{1} << (f.ebits + f.mbits) : 0; }
inline uint64_t exp_field(const SpecFormat& f, uint64_t b) { return (b >> f.mbits) & ((uint64_t{1} << f.ebits) - 1); }
inline uint64_t mant_field(const SpecFormat& f, uint64_t b) { return b & ((uint64_t{1} << f.mbits) - 1); }

inline bool spec_is_nan(ElementType t, uint64_t b) {
  const auto f = spec_format(t);
  if (!f) return false;
  b &= mask_of(t);
  const uint64_t all_ones = (uint64_t{1} << f->ebits) - 1;
  switch (f->kind) {
    case Kind::kIeee: return exp_field(*f, b) == all_ones && mant_field(*f, b) != 0;
    case Kind::kFn: return (b & ~sign_mask(*f)) == ((all_ones << f->mbits) | ((uint64_t{1} << f->mbits) - 1));
    case Kind::kFnuz: return b == sign_mask(*f);
    case Kind::kE8M0: return b == 0xFF;
    case Kind::kFiniteOnly: return false;
  }
  return false;
}

inline bool spec_is_inf(ElementType t, uint64_t b) {
  const auto f = spec_format(t);
  if (!f || f->kind != Kind::kIeee) return false;
  return exp_field(*f, b) == (uint64_t{1} << f->ebits) - 1 && mant_field(*f, b) == 0;
}

inline bool spec_negative(ElementType t, uint64_t b) {
  const auto f = spec_format(t);
  return f && (b & sign_mask(*f)) != 0;
}

// The exact value of a pattern as a double (NaN keeps its sign bit). FLOAT8E8M0 0x00 is 2^-127 by
// the type's definition; callers that follow the default profile's A12 reading adjust for it.
inline double decode_double(ElementType t, uint64_t b) {
  b &= mask_of(t);
  if (t == ElementType::kDouble) return std::bit_cast<double>(b);
  if (t == ElementType::kFloat) return static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(b)));
  const SpecFormat f = *spec_format(t);
  const double sign = spec_negative(t, b) ? -1.0 : 1.0;
  if (spec_is_nan(t, b)) return std::copysign(std::numeric_limits<double>::quiet_NaN(), sign);
  if (spec_is_inf(t, b)) return sign * std::numeric_limits<double>::infinity();
  const int e = static_cast<int>(exp_field(f, b));
  const double m = static_cast<double>(mant_field(f, b));
  if (f.kind == Kind::kE8M0) return std::ldexp(1.0, e - 127);
  if (e == 0) return sign * std::ldexp(m, 1 - f.bias - f.mbits);
  return sign * std::ldexp(m + std::ldexp(1.0, f.mbits), e - f.bias - f.mbits);
}

inline int bit_length(u128 m) {
  int n = 0;
  while (m != 0) {
    m >>= 1;
    ++n;
  }
  return n;
}

// Largest finite value as significand * 2^quantum_exponent (significand with the hidden bit).
struct MaxFinite {
  u128 significand;
  int quantum_exponent;
};
inline MaxFinite max_finite(const SpecFormat& f) {
  const int all_ones = (1 << f.ebits) - 1;
  const int field = f.kind == Kind::kIeee || f.kind == Kind::kE8M0 ? all_ones - 1 : all_ones;
  const u128 mant_mask = (u128{1} << f.mbits) - 1;
  const u128 mant = f.kind == Kind::kFn ? mant_mask - 1 : mant_mask;
  if (f.kind == Kind::kE8M0) return {1, field - f.bias};
  return {(u128{1} << f.mbits) | mant, field - f.bias - f.mbits};
}

// Bits of (-1)^negative * m * 2^e in float type t, when t holds that value exactly.
inline std::optional<uint64_t> encode_exact(ElementType t, bool negative, u128 m, int e) {
  const SpecFormat f = *spec_format(t);
  if (m == 0) {
    if (f.kind == Kind::kE8M0) return std::nullopt;  // no zero: 0x00 is 2^-127
    if (!negative) return 0;
    if (!f.sign || f.kind == Kind::kFnuz || f.kind == Kind::kE8M0) return std::nullopt;
    return sign_mask(f);
  }
  if (negative && !f.sign) return std::nullopt;
  while ((m & 1) == 0) {
    m >>= 1;
    ++e;
  }
  const int length = bit_length(m);
  const int top = e + length - 1;  // exponent of the leading bit
  if (f.kind == Kind::kE8M0) {
    if (m != 1 || top < -127 || top > 127) return std::nullopt;
    return static_cast<uint64_t>(top + 127);
  }
  const int emin = 1 - f.bias;
  uint64_t field = 0, mant = 0;
  if (top >= emin) {
    if (length > f.mbits + 1) return std::nullopt;
    const u128 sig = m << (f.mbits + 1 - length);
    field = static_cast<uint64_t>(top + f.bias);
    mant = static_cast<uint64_t>(sig - (u128{1} << f.mbits));
  } else {
    const int quantum = emin - f.mbits;
    if (e < quantum) return std::nullopt;
    mant = static_cast<uint64_t>(m << (e - quantum));
  }
  const uint64_t all_ones = (uint64_t{1} << f.ebits) - 1;
  switch (f.kind) {
    case Kind::kIeee:
      if (field >= all_ones) return std::nullopt;
      break;
    case Kind::kFn:
      if (field > all_ones || (field == all_ones && mant == (uint64_t{1} << f.mbits) - 1)) return std::nullopt;
      break;
    default:
      if (field > all_ones) return std::nullopt;
      break;
  }
  return (negative ? sign_mask(f) : 0) | (field << f.mbits) | mant;
}

// A finite double as (negative, m, e) with value m * 2^e, exactly.
struct Dyadic {
  bool negative;
  u128 m;
  int e;
};
inline Dyadic dyadic_of(double x) {
  int exponent = 0;
  const double fraction = std::frexp(std::fabs(x), &exponent);  // [0.5, 1) * 2^exponent
  const auto m = static_cast<uint64_t>(std::ldexp(fraction, 64));  // exact: 53 bits at most
  return {std::signbit(x), m, exponent - 64};
}

// ---------------------------------------------------------------------------------------------
// Integer ranges.

// Integer range of an integer type (BOOL excluded) as 128-bit values.
inline std::pair<i128, i128> int_range(ElementType t) {
  const int b = width(t);
  if (is_signed_integer(t)) return {-(i128{1} << (b - 1)), (i128{1} << (b - 1)) - 1};
  return {0, (i128{1} << b) - 1};
}
inline std::vector<ElementType> integer_types() {
  std::vector<ElementType> out;
  for (ElementType t : all_types())
    if (is_integer(t)) out.push_back(t);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tensors.

inline ref::Tensor make_tensor(ElementType t, const std::vector<uint64_t>& bits) {
  ref::Tensor x;
  x.type = t;
  x.shape = {static_cast<int64_t>(bits.size())};
  x.data.assign(*storage_bytes(t, bits.size()), 0);
  for (size_t i = 0; i < bits.size(); ++i) store_bits(t, x.data.data(), i, bits[i]);
  return x;
}
inline ref::Tensor make_string_tensor(const std::vector<std::string>& texts) {
  ref::Tensor x;
  x.type = ElementType::kString;
  x.shape = {static_cast<int64_t>(texts.size())};
  x.strings = texts;
  return x;
}

// The rule's printed name starts with one of these for each destination family.
inline bool rule_fits(ElementType from, ElementType to, std::string_view rule) {
  const auto starts = [&](std::string_view p) { return rule.substr(0, p.size()) == p; };
  if (from == to) return rule == "CAST.IDENTITY";
  if (rule == "CAST.IDENTITY") return false;
  const TypeClass src = info(from).type_class;
  const bool src_int = src == TypeClass::kSignedInt || src == TypeClass::kUnsignedInt || src == TypeClass::kBool;
  const bool src_float = src == TypeClass::kFloat, src_text = src == TypeClass::kString;
  if (rule == "STR.NOT_A_NUMBER") return src_text;
  if (to == ElementType::kString) {
    if (rule == "STR.FORMAT.INT") return src == TypeClass::kSignedInt || src == TypeClass::kUnsignedInt;
    if (rule == "STR.FORMAT.BOOL") return src == TypeClass::kBool;
    return src_float && starts("STR.FORMAT.");
  }
  if (to == ElementType::kBool) return starts("BOOL.");
  if (to == ElementType::kFloat8E8M0) return starts("E8M0.");
  // The finite-only floats: the FLOAT4 family's rules for 4 bits, FLOAT6's for 6.
  if (const auto f = spec_format(to); f && f->kind == Kind::kFiniteOnly)
    return starts(1 + f->ebits + f->mbits == 4 ? "F4." : "F6.");
  if (is_float8(to)) return starts("F8.");
  if (is_float(to)) return starts("FLOAT.");
  // Integer destinations.
  if (rule == "INT.WRAP") return src_int;
  if (rule == "STR.FRACTION_TO_INT") return src_text;
  if (rule == "STR.OUT_OF_RANGE") return src_text && !is_packed(to);
  if (rule == "INT.NAN" || rule == "INT.INF") return src_float || src_text;
  if (is_packed(to)) return (src_float || src_text) && starts("INT4.");
  return (src_float || src_text) && (rule == "INT.TRUNC" || rule == "INT.OUT_OF_RANGE");
}

// Rules whose results the specification leaves undefined: exactly these carry kUnspecified.
inline bool rule_is_unspecified(std::string_view rule) {
  return rule == "INT.NAN" || rule == "INT.INF" || rule == "INT.OUT_OF_RANGE" || rule == "E8M0.NEGATIVE" ||
         rule == "E8M0.NEGZERO" || rule == "STR.NOT_A_NUMBER" || rule == "STR.FRACTION_TO_INT" ||
         rule == "STR.OUT_OF_RANGE";
}

}  // namespace castlike::probe
