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

}  // namespace

std::optional<uint64_t> read_back(ElementType type, std::string_view text) {
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
  const FloatFormat& f = info(type).format;
  const uint64_t element = bits & bit_mask(type);
  if (is_nan_bits(f, element)) return is_nan_bits(f, *back);
  return *back == element;
}

}  // namespace castlike::ref
