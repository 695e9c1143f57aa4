#include "text_read_back.hpp"

#include "decimal.hpp"
#include "round.hpp"

namespace castlike::ref {
namespace {

// Far below every type's smallest value: FLOAT8E8M0's grid of powers of two has no subnormals, and
// a text below 2^-127 must round on that grid to find that it denotes no element.
constexpr int32_t kNoSubnormals = -1000000;  // below 10^-100000, where parse_decimal pins exponents

std::optional<uint64_t> read_back_e8m0(const ExactValue& v) {
  if (v.is_nan()) return canonical_nan_bits(info(ElementType::kFloat8E8M0).format, false);
  if (v.is_zero()) return 0x00;
  if (v.is_infinity() || v.negative) return std::nullopt;
  const FloatRounding r = round_to_precision(v, 0, kNoSubnormals, Direction::kNearestAway);
  if (r.exponent < -127 || r.exponent > 127) return std::nullopt;
  return static_cast<uint64_t>(r.exponent + 127);
}

// An integer element is a number too: a text denotes it when its exact value is that integer ("7",
// "+7", "7.0", "7e0"); BOOL reads numpy's words "True" and "False" and the numbers 1 and 0.
std::optional<uint64_t> read_back_integer(ElementType type, std::string_view text) {
  if (type == ElementType::kBool) {
    if (text == "True") return 1;
    if (text == "False") return 0;
  }
  const std::optional<ExactValue> v = parse_decimal(text);
  if (!v || !v->is_finite() || !is_integral(*v)) return std::nullopt;
  if (v->is_zero()) return 0;
  if (floor_log2(*v) >= 64) return std::nullopt;  // past every integer type (and cheap to reject)
  const BigInt magnitude = v->exp2 >= 0 ? BigInt(v->num << v->exp2) / v->den : v->num / (v->den << -v->exp2);
  const unsigned bits = type == ElementType::kBool ? 1 : info(type).bits;
  const bool is_signed = is_signed_integer(type);
  const BigInt limit = BigInt(1) << (is_signed ? bits - 1 : bits);  // |most negative|, or largest + 1
  if (v->negative ? (!is_signed || magnitude > limit) : magnitude >= limit) return std::nullopt;
  const BigInt twos = v->negative ? (BigInt(1) << bits) - magnitude : magnitude;
  return static_cast<uint64_t>(twos & ((BigInt(1) << bits) - 1));
}

}  // namespace

std::optional<uint64_t> read_back(ElementType type, std::string_view text) {
  if (type == ElementType::kBool || is_integer(type)) return read_back_integer(type, text);
  const std::optional<ExactValue> v = parse_decimal(text);
  if (!v) return std::nullopt;
  if (type == ElementType::kFloat8E8M0) return read_back_e8m0(*v);
  const FloatFormat& f = info(type).format;
  if (v->is_nan()) {
    if (!f.has_nan()) return std::nullopt;
    return canonical_nan_bits(f, false);
  }
  if (!v->is_infinity()) {
    if (const auto bits = encode_rounded(f, v->negative, round_to_format(*v, f, Direction::kNearestEven))) return bits;
  }
  if (!f.has_infinity()) return std::nullopt;
  return infinity_bits(f, v->negative);
}

bool text_denotes(ElementType type, uint64_t bits, std::string_view text) {
  const std::optional<uint64_t> back = read_back(type, text);
  if (!back) return false;
  if (!is_float(type)) return *back == (type == ElementType::kBool ? uint64_t{bits != 0} : bits & bit_mask(type));
  const FloatFormat& f = info(type).format;
  const uint64_t element = bits & bit_mask(type);
  if (is_nan_bits(f, element)) return is_nan_bits(f, *back);
  return *back == element;
}

}  // namespace castlike::ref
