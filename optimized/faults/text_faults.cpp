// Faults about reading text (rows.hpp): they see the source's texts (Call::texts) and the output
// the real conversion wrote.
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "faults/arithmetic.hpp"
#include "faults/rows.hpp"

namespace castlike::opt::faults {
namespace {

// A plain decimal number, optionally signed, with an optional exponent: the texts a parser through
// strtod reads the same way as the exact reading, so the fault changes only their rounding.
bool plain_decimal(std::string_view t) {
  size_t i = 0;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
  size_t digits = 0;
  while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i, ++digits;
  if (i < t.size() && t[i] == '.') {
    ++i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    size_t exponent_digits = 0;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i, ++exponent_digits;
    if (exponent_digits == 0) return false;
  }
  return i == t.size();
}

}  // namespace

// The parser a runtime gets from the C library: strtod rounds the decimal to the nearest double,
// and the cast to float rounds that again, so a text just beside a FLOAT midpoint that strtod puts
// on the midpoint ties to even instead of going its way.
void text_through_double(const Call& c) {
  if (c.texts == nullptr) return;
  for (size_t i = 0; i < c.n; ++i) {
    if (c.texts[i] == nullptr || !plain_decimal(c.texts[i])) continue;
    const float f = static_cast<float>(std::strtod(c.texts[i], nullptr));
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    store_bits(c.to, c.dst, i, bits);
  }
}

}  // namespace castlike::opt::faults
