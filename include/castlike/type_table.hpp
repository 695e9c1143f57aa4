// The type table: the single description of the ONNX element types that every part of castlike
// uses, expanded from the rows of type_list.h. It is the ONLY code the kernel library shares with the exact reference (principle 2), so
// it states facts about encodings and nothing about conversions.
//
// A float format is fully described by FloatFormat; the reference's decode/encode and the
// kernels' bit tricks are both driven by these rows, so a new format is one row here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "castlike/types.h"

namespace castlike {

// kFloat = CASTLIKE_FLOAT, ...: one enumerator per row of type_list.h.
enum class ElementType : int32_t {
#define CASTLIKE_ELEMENT_TYPE(NAME, Name, ...) k##Name = CASTLIKE_##NAME,
  CASTLIKE_TYPE_LIST(CASTLIKE_ELEMENT_TYPE)
#undef CASTLIKE_ELEMENT_TYPE
};

enum class TypeClass : uint8_t { kFloat, kSignedInt, kUnsignedInt, kBool, kString };

// What a float format does with its largest exponent field and its sign.
enum class SpecialEncoding : uint8_t {
  kIeee,          // all-ones exponent: infinity (mantissa 0) or NaN (mantissa != 0)
  kFiniteNanOnes, // "FN": no infinity; NaN only where exponent and mantissa are all ones
  kFnuz,          // "FNUZ": no infinity, no -0; the lone NaN is the pattern "sign bit only"
  kFiniteOnly,    // no infinity, no NaN (the 4- and 6-bit floats)
  kExponentOnly,  // FLOAT8E8M0: unsigned, no mantissa, value 2^(bits-bias); all ones is NaN
};

struct FloatFormat {
  uint8_t exponent_bits = 0;
  uint8_t mantissa_bits = 0;  // stored bits, without the hidden one
  int16_t bias = 0;
  bool has_sign = false;
  SpecialEncoding special = SpecialEncoding::kIeee;

  // Fields and masks are 64 bits wide, as wide as the widest row's bit pattern: a field is shifted
  // into place by mantissa_bits (52 for DOUBLE), which a 32-bit value cannot take.
  constexpr uint64_t max_exponent_field() const { return (uint64_t{1} << exponent_bits) - 1u; }
  constexpr uint64_t mantissa_mask() const { return (uint64_t{1} << mantissa_bits) - 1u; }
  constexpr bool has_infinity() const { return special == SpecialEncoding::kIeee; }
  constexpr bool has_nan() const { return special != SpecialEncoding::kFiniteOnly; }
  constexpr bool has_negative_zero() const {
    return has_sign && special != SpecialEncoding::kFnuz;
  }
  // Biased exponent field and mantissa of the largest finite value.
  constexpr uint64_t max_finite_exponent_field() const {
    switch (special) {
      case SpecialEncoding::kIeee: return max_exponent_field() - 1u;
      case SpecialEncoding::kExponentOnly: return max_exponent_field() - 1u;
      default: return max_exponent_field();
    }
  }
  constexpr uint64_t max_finite_mantissa() const {
    return special == SpecialEncoding::kFiniteNanOnes ? mantissa_mask() - 1u : mantissa_mask();
  }
  // Smallest exponent of a normal number (unbiased); subnormals share it.
  constexpr int32_t min_normal_exponent() const { return 1 - bias; }
};

struct TypeInfo {
  ElementType type;
  std::string_view name;        // as ONNX spells it: "FLOAT8E4M3FN"
  std::string_view numpy_name;  // as numpy / ml_dtypes spell it: "float8_e4m3fn"
  uint8_t bits;                 // storage width of one element (0 for STRING)
  TypeClass type_class;
  FloatFormat format;           // meaningful for TypeClass::kFloat only
  uint8_t since_version;        // first operator version that lists the type (Cast and CastLike
                                // number their versions alike from 19; 13 = every version)
};

inline constexpr FloatFormat kNoFormat{};

// One row per row of type_list.h, in its order.
#define CASTLIKE_FORMAT(exponent_bits, mantissa_bits, bias, has_sign, special) \
  FloatFormat { exponent_bits, mantissa_bits, bias, has_sign, SpecialEncoding::special }
#define CASTLIKE_NO_FORMAT kNoFormat
#define CASTLIKE_TYPE_ROW(NAME, Name, number, numpy, bits, storage, class_, format, since) \
  TypeInfo{ElementType::k##Name, #NAME, numpy, bits, TypeClass::k##class_, format, since},
inline constexpr std::array kTypeTable{CASTLIKE_TYPE_LIST(CASTLIKE_TYPE_ROW)};
#undef CASTLIKE_TYPE_ROW
#undef CASTLIKE_NO_FORMAT
#undef CASTLIKE_FORMAT

// The operators castlike judges. Cast(x, to=T) and CastLike(x, target of type T) convert by one
// table: at the same version they give the same output. What differs is where they exist: each
// operator has its own versions, and a version lists the types and attributes it has.
enum class Operator : uint8_t { kCastLike, kCast };

// Operator version N is in force from opset N up to the opset before its next version, and the
// newest is in force up to the newest opset castlike knows (onnx 1.23.2 defines opsets up to 28:
// CastLike-25 is in force at 25..28, Cast-28 at 28). An opset past kNewestKnownOpset may define a
// new version, so it is not read as the newest silently.
inline constexpr std::array<int, 6> kCastLikeVersions{15, 19, 21, 23, 24, 25};
inline constexpr std::array<int, 7> kCastVersions{13, 19, 21, 23, 24, 25, 28};
inline constexpr int kNewestKnownOpset = 28;
// The opset a call is made at when none is given: 25, the newest most runtimes load (CastLike-25
// and Cast-25 are in force there). Every default opset reads this one: the C++ options, the Python
// keywords (castlike.DEFAULT_OPSET, from the extension module), the help texts.
inline constexpr int kDefaultOpset = 25;
// The first version of either operator that has each attribute.
inline constexpr int kSaturateSince = 19;
inline constexpr int kRoundModeSince = 24;
inline constexpr std::array<Operator, 2> kOperators{Operator::kCastLike, Operator::kCast};

struct OperatorVersions {
  const int* first;
  size_t count;
  constexpr const int* begin() const { return first; }
  constexpr const int* end() const { return first + count; }
  constexpr int front() const { return first[0]; }
  constexpr int back() const { return first[count - 1]; }
};
constexpr OperatorVersions versions_of(Operator op) {
  return op == Operator::kCast ? OperatorVersions{kCastVersions.data(), kCastVersions.size()}
                               : OperatorVersions{kCastLikeVersions.data(), kCastLikeVersions.size()};
}
constexpr std::string_view operator_name(Operator op) { return op == Operator::kCast ? "Cast" : "CastLike"; }
// "Cast" / "CastLike", exactly as ONNX spells the op_type.
std::optional<Operator> operator_from_name(std::string_view name);

// Looks a type up by its ONNX number; nullptr for numbers that are not a row of the table.
constexpr const TypeInfo* find_type(int32_t onnx_number) {
  for (const TypeInfo& t : kTypeTable)
    if (static_cast<int32_t>(t.type) == onnx_number) return &t;
  return nullptr;
}
// Every ElementType value is in the table, so this cannot fail for a valid enumerator.
constexpr const TypeInfo& info(ElementType type) { return *find_type(static_cast<int32_t>(type)); }

// A type's row number in kTypeTable (kTypeTable.size() for a value that is not a type): the index
// of every per-type table (the kernels' dispatch tables, encoders).
constexpr size_t type_index(ElementType type) {
  for (size_t i = 0; i < kTypeTable.size(); ++i)
    if (kTypeTable[i].type == type) return i;
  return kTypeTable.size();
}

constexpr bool is_float(ElementType t) { return info(t).type_class == TypeClass::kFloat; }
// The float8 family: 8-bit floats with sign, exponent and mantissa, the types CastLike's `saturate`
// applies to (FLOAT8E8M0 has no mantissa and its own attributes). Named apart from the reference's
// and the tests' own is_float8 so that argument-dependent lookup never sees two candidates.
constexpr bool is_float8_family(ElementType t) {
  return is_float(t) && info(t).bits == 8 && info(t).format.mantissa_bits > 0 && info(t).format.has_sign;
}
// Floats of 8 bits or fewer (the float8 family, the finite-only formats, FLOAT8E8M0): every value fits a
// float16, so they decode through small lookup tables.
constexpr bool is_narrow_float(ElementType t) { return is_float(t) && info(t).bits <= 8; }
constexpr bool is_integer(ElementType t) {
  return info(t).type_class == TypeClass::kSignedInt || info(t).type_class == TypeClass::kUnsignedInt;
}
constexpr bool is_signed_integer(ElementType t) { return info(t).type_class == TypeClass::kSignedInt; }
// Types narrower than a byte are packed: element i occupies bits [i*bits, (i+1)*bits) of the
// buffer read as one little-endian bit string (ONNX's layout for the 2-, 4- and 6-bit types).
constexpr bool is_packed(ElementType t) { return info(t).bits > 0 && info(t).bits < 8; }
// The smallest whole-byte unit of a type: `elements` elements in `bytes` bytes (2-bit: 4 in 1,
// 4-bit: 2 in 1, 6-bit: 4 in 3, a byte or more: 1 in bits/8). Element offsets that are a
// multiple of `elements` start on a byte; the others start inside a group.
struct PackingGroup {
  unsigned elements;
  unsigned bytes;
};
constexpr PackingGroup packing_group(unsigned bits) {
  if (bits >= 8) return {1, bits / 8};
  unsigned group_bits = bits;
  while (group_bits % 8 != 0) group_bits += bits;  // lcm(bits, 8)
  return {group_bits / bits, group_bits / 8};
}
constexpr PackingGroup packing_group(ElementType t) { return packing_group(info(t).bits); }
constexpr uint64_t bit_mask(ElementType t) {
  return info(t).bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << info(t).bits) - 1u;
}

// How a float type is printed as text (STR.FORMAT.SHORTEST, docs/semantics.md A10): the shortest
// digits that read back to the same value of `digits_of`, laid out as numpy's scalar `str` lays out
// that type: positional for 1e-4 <= |x| < 10^positional_below, scientific otherwise. numpy has
// FLOAT16, FLOAT and DOUBLE, with thresholds 10^3, 10^6 and 10^16. The float types numpy lacks are
// printed as their value widened to FLOAT, which holds every one of their values exactly: values
// with up to 7 significant digits print exactly (448, 0.001953125, 65536).
struct TextLayout {
  ElementType digits_of;
  int positional_below;  // decimal exponent
};
constexpr TextLayout text_layout(ElementType t) {
  switch (t) {
    case ElementType::kFloat16: return {ElementType::kFloat16, 3};
    case ElementType::kDouble: return {ElementType::kDouble, 16};
    default: return {ElementType::kFloat, 6};
  }
}

// Name lookups accept the ONNX spelling ("FLOAT8E4M3FN") and the numpy one ("float8_e4m3fn"),
// case-insensitively; anything else is nullopt so that callers can report it.
std::optional<ElementType> type_from_name(std::string_view name);

// The version of `op` in force at a model opset (CastLike: 15 for opsets 15..18, ..., 25 for
// 25..28; Cast: 13 for 13..18, ..., 25 for 25..27, 28 for 28). nullopt below the operator's first
// version (it did not exist) or above kNewestKnownOpset.
std::optional<int> version_for_opset(Operator op, int opset);
inline std::optional<int> castlike_version_for_opset(int opset) { return version_for_opset(Operator::kCastLike, opset); }
constexpr bool type_in_version(ElementType t, int version) { return info(t).since_version <= version; }
// The first opset at which `op` lists type `t`; nullopt when no version of `op` does.
constexpr std::optional<int> first_opset_with_type(Operator op, ElementType t) {
  for (int v : versions_of(op))
    if (type_in_version(t, v)) return v;
  return std::nullopt;
}
constexpr bool saturate_in_version(int version) { return version >= kSaturateSince; }
constexpr bool round_mode_in_version(int version) { return version >= kRoundModeSince; }

// Which attributes a destination reads, where its operator version has them: `saturate` the
// float8 family and FLOAT8E8M0 (whose formats have a largest finite value to clamp to and no
// infinity to spare it), `round_mode` FLOAT8E8M0 alone (its values are powers of two). Every other
// destination converts alike under every setting.
constexpr bool reads_saturate(ElementType to) {
  return is_float8_family(to) || (is_float(to) && info(to).format.special == SpecialEncoding::kExponentOnly);
}
constexpr bool reads_round_mode(ElementType to) {
  return is_float(to) && info(to).format.special == SpecialEncoding::kExponentOnly;
}
constexpr bool reads_attributes(ElementType to) { return reads_saturate(to) || reads_round_mode(to); }

// The attribute settings that can change a result for `to`: saturate 1 then 0 where it is read,
// each with round_mode up, down, nearest where that is read; the defaults (saturate 1, round_mode
// up) alone for a destination that reads neither. The order is the one every enumeration follows.
struct AttributeSetting {
  bool saturate;
  castlike_round_mode round_mode;
};
struct AttributeSettings {
  std::array<AttributeSetting, 6> items;
  size_t count;
  constexpr const AttributeSetting* begin() const { return items.data(); }
  constexpr const AttributeSetting* end() const { return items.data() + count; }
  constexpr size_t size() const { return count; }
};
constexpr AttributeSettings attribute_settings(ElementType to) {
  AttributeSettings out{};
  const bool saturates[] = {true, false};
  const castlike_round_mode modes[] = {CASTLIKE_ROUND_UP, CASTLIKE_ROUND_DOWN, CASTLIKE_ROUND_NEAREST};
  for (size_t s = 0; s < (reads_saturate(to) ? 2u : 1u); ++s)
    for (size_t m = 0; m < (reads_round_mode(to) ? 3u : 1u); ++m) out.items[out.count++] = {saturates[s], modes[m]};
  return out;
}

std::string_view round_mode_name(castlike_round_mode mode);
std::optional<castlike_round_mode> round_mode_from_name(std::string_view name);

}  // namespace castlike
