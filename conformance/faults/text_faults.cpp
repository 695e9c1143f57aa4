// Faults about reading text (rows.hpp): they see the source's texts (Call::texts) and the output
// the real conversion wrote.
#include <cstdlib>
#include <cstring>
#include <string>
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

// A hand-written parser that hands the exponent's digits to strtol with base 0: a leading zero
// makes them octal ("1.5E-010" is 1.5e-8, and "E+009" stops at the 9: 1.5e0), the rest read
// exactly (strtof rounds the decimal to FLOAT once). Exponents without a leading zero, the only
// ones the C library's printf and most writers produce, are read right.
void text_exponent_octal(const Call& c) {
  if (c.texts == nullptr) return;
  for (size_t i = 0; i < c.n; ++i) {
    if (c.texts[i] == nullptr) continue;
    std::string_view t = c.texts[i];
    const auto space = [](char ch) { return ch == ' ' || (ch >= '\t' && ch <= '\r'); };
    while (!t.empty() && space(t.front())) t.remove_prefix(1);
    while (!t.empty() && space(t.back())) t.remove_suffix(1);
    const size_t e = t.find_first_of("eE");
    if (e == std::string_view::npos || !plain_decimal(t)) continue;
    size_t digits = e + 1;
    if (digits < t.size() && (t[digits] == '+' || t[digits] == '-')) ++digits;
    if (t.size() - digits < 2 || t[digits] != '0') continue;  // no leading zero: read as decimal
    long octal = 0;
    for (size_t j = digits; j < t.size() && t[j] >= '0' && t[j] <= '7' && octal < 100000; ++j)
      octal = octal * 8 + (t[j] - '0');
    const std::string misread = std::string(t.substr(0, e)) + "e" + (t[e + 1] == '-' ? "-" : "") + std::to_string(octal);
    const float f = std::strtof(misread.c_str(), nullptr);
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    store_bits(c.to, c.dst, i, bits);
  }
}

}  // namespace castlike::opt::faults
