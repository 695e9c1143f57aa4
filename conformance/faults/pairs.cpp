// Which pairs each fault touches (rows.hpp): predicates on the type table only.
#include "faults/rows.hpp"

namespace castlike::opt::faults {
namespace {

using T = ElementType;

bool ieee(ElementType t) { return is_float(t) && info(t).format.special == SpecialEncoding::kIeee; }
bool ieee_wide(ElementType t) { return ieee(t) && info(t).bits >= 16; }  // FLOAT, DOUBLE, FLOAT16, BFLOAT16
bool wide_integer(ElementType t) { return is_integer(t) && info(t).bits >= 8; }

}  // namespace

bool any_pair(ElementType from, ElementType to) { return from != to; }
bool to_float8(ElementType, ElementType to) { return is_float8_family(to); }
bool to_fn_float8(ElementType, ElementType to) { return to == T::kFloat8E4M3FN || to == T::kFloat8E5M2; }
bool to_fnuz(ElementType, ElementType to) { return to == T::kFloat8E4M3FNUZ || to == T::kFloat8E5M2FNUZ; }
bool to_fnuz_e4m3(ElementType, ElementType to) { return to == T::kFloat8E4M3FNUZ; }
bool to_e5m2(ElementType, ElementType to) { return to == T::kFloat8E5M2; }
bool to_half(ElementType, ElementType to) { return to == T::kFloat16 || to == T::kBfloat16; }
bool to_float16(ElementType, ElementType to) { return to == T::kFloat16; }
bool to_bfloat16(ElementType, ElementType to) { return to == T::kBfloat16; }
bool to_float4(ElementType, ElementType to) { return to == T::kFloat4E2M1; }
bool float_to_float4(ElementType from, ElementType to) { return is_float(from) && to == T::kFloat4E2M1; }
bool to_narrow_float(ElementType from, ElementType to) {
  return to_float8(from, to) || to_half(from, to) || to_float4(from, to);
}
bool to_signed_nan(ElementType, ElementType to) {
  const FloatFormat& f = info(to).format;
  return is_float(to) && f.has_sign &&
         (f.special == SpecialEncoding::kIeee || f.special == SpecialEncoding::kFiniteNanOnes);
}
bool fnuz_or_float4(ElementType from, ElementType to) { return to_fnuz(from, to) || to_float4(from, to); }
bool float_to_bfloat16(ElementType from, ElementType to) { return from == T::kFloat && to == T::kBfloat16; }
bool ieee_narrowing(ElementType from, ElementType to) {
  return ieee(from) && ieee(to) && info(from).format.mantissa_bits > info(to).format.mantissa_bits;
}
bool subnormal_source(ElementType from, ElementType to) {
  return from != to && is_float(from) && info(from).format.special != SpecialEncoding::kExponentOnly;
}
bool double_to_bfloat16(ElementType from, ElementType to) { return from == T::kDouble && to == T::kBfloat16; }
bool double_to_float16(ElementType from, ElementType to) { return from == T::kDouble && to == T::kFloat16; }
bool float_to_float8(ElementType from, ElementType to) { return from == T::kFloat && is_float8_family(to); }
bool wide_int_to_bfloat16(ElementType from, ElementType to) {
  return is_integer(from) && info(from).bits >= 32 && to == T::kBfloat16;
}
bool int64_to_float(ElementType from, ElementType to) {
  return (from == T::kInt64 || from == T::kUint64) && to == T::kFloat;
}
bool float_to_wide_int(ElementType from, ElementType to) { return is_float(from) && wide_integer(to); }
bool float_to_small_int(ElementType from, ElementType to) { return is_float(from) && is_integer(to) && is_packed(to); }
bool int_to_small_int(ElementType from, ElementType to) {
  return from != to && is_integer(from) && is_integer(to) && is_packed(to);
}
bool int_to_wide_int(ElementType from, ElementType to) { return from != to && is_integer(from) && wide_integer(to); }
bool unsigned_to_wider(ElementType from, ElementType to) {
  return info(from).type_class == TypeClass::kUnsignedInt &&
         (ieee_wide(to) || (is_integer(to) && info(to).bits > info(from).bits));
}
bool small_signed_to_wider(ElementType from, ElementType to) {
  return (from == T::kInt4 || from == T::kInt2) &&
         (ieee_wide(to) || (is_integer(to) && info(to).bits > info(from).bits));
}
bool float_to_bool(ElementType from, ElementType to) { return is_float(from) && to == T::kBool; }
bool wide_int_to_bool(ElementType from, ElementType to) {
  return is_integer(from) && info(from).bits > 8 && to == T::kBool;
}
bool wide_int_to_float(ElementType from, ElementType to) {
  return is_integer(from) && info(from).bits >= 32 && to == T::kFloat;
}
bool float16_to_e5m2(ElementType from, ElementType to) { return from == T::kFloat16 && to == T::kFloat8E5M2; }
bool to_e8m0(ElementType, ElementType to) { return to == T::kFloat8E8M0; }
bool string_to_float(ElementType from, ElementType to) { return from == T::kString && to == T::kFloat; }

}  // namespace castlike::opt::faults
