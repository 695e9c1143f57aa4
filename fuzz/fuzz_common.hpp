// Shared pieces of the libFuzzer targets (fuzz/fuzz_*.cpp): a byte reader for structured inputs,
// the numeric types, the ISA levels this machine runs, and the failure report (message + abort,
// which libFuzzer records as a crash with its input).
#pragma once

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "castlike/isa_levels.hpp"
#include "castlike/castlike.h"
#include "castlike/packing.hpp"
#include "castlike/type_table.hpp"

namespace castlike::fuzz {

// Reads the input front to back. Past the end every read gives zeros (so any input is valid), or,
// with `extend`, bytes of a pseudo-random stream seeded by the whole input: a short input then
// still describes a long run of varied elements (and a one-byte mutation gives another run).
class Reader {
 public:
  Reader(const uint8_t* data, size_t size, bool extend = false) : data_(data), size_(size), extend_(extend) {
    uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a
    for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 0x100000001b3ull;
    state_ = h;
  }
  bool empty() const { return pos_ >= size_; }
  size_t left() const { return pos_ < size_ ? size_ - pos_ : 0; }
  uint8_t u8() {
    if (pos_ < size_) return data_[pos_++];
    if (!extend_) return 0;
    if (spare_ == 0) {  // splitmix64
      uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      word_ = z ^ (z >> 31);
      spare_ = 8;
    }
    --spare_;
    const uint8_t b = static_cast<uint8_t>(word_);
    word_ >>= 8;
    return b;
  }
  uint16_t u16() { return static_cast<uint16_t>(u8() | (unsigned(u8()) << 8)); }
  uint32_t u32() { return u16() | (uint32_t(u16()) << 16); }
  uint64_t u64() { return u32() | (uint64_t(u32()) << 32); }
  // `bytes` little-endian bytes (0..8).
  uint64_t bits(unsigned bytes) {
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; ++i) v |= uint64_t(u8()) << (8 * i);
    return v;
  }
  std::string_view rest() {
    const size_t p = pos_ < size_ ? pos_ : size_;
    pos_ = size_;
    return std::string_view(reinterpret_cast<const char*>(data_) + p, size_ - p);
  }
  std::string_view take(size_t n) {
    const size_t p = pos_ < size_ ? pos_ : size_;
    const size_t k = n < size_ - p ? n : size_ - p;
    pos_ = p + k;
    return std::string_view(reinterpret_cast<const char*>(data_) + p, k);
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
  bool extend_;
  uint64_t state_ = 0, word_ = 0;
  unsigned spare_ = 0;
};

// The numeric types in type-table order (STRING excluded).
inline const std::vector<ElementType>& numeric_types() {
  static const std::vector<ElementType> types = [] {
    std::vector<ElementType> t;
    for (const TypeInfo& i : kTypeTable)
      if (i.type != ElementType::kString) t.push_back(i.type);
    return t;
  }();
  return types;
}
inline const std::vector<ElementType>& all_types() {
  static const std::vector<ElementType> types = [] {
    std::vector<ElementType> t;
    for (const TypeInfo& i : kTypeTable) t.push_back(i.type);
    return t;
  }();
  return types;
}

// The ISA levels a target compares with the reference: every level castlike_force_isa accepts on
// this machine (scalar always), or exactly those named in CASTLIKE_FUZZ_LEVELS ("scalar,avx2").
// The levels steer the fuzzer (each adds its own coverage), so a run that must take the same path
// on every machine (the seeded-fault proof, CI) names them; a named level this machine lacks is an
// error, not a silent narrowing.
inline const std::vector<castlike_isa>& available_isas() {
  static const std::vector<castlike_isa> isas = [] {
    std::vector<castlike_isa> v;
    const char* named = std::getenv("CASTLIKE_FUZZ_LEVELS");
    for (castlike_isa i : kIsaLevels) {
      const bool wanted = named == nullptr || *named == '\0' ||
                          (',' + std::string(named) + ',').find(',' + std::string(castlike_isa_name(i)) + ',') !=
                              std::string::npos;
      if (!wanted) continue;
      if (!castlike_isa_available(i)) {
        if (named == nullptr || *named == '\0') continue;
        std::fprintf(stderr, "CASTLIKE_FUZZ_LEVELS names %s, which this machine or build does not run\n",
                     castlike_isa_name(i));
        std::exit(2);
      }
      v.push_back(i);
    }
    if (v.empty()) {
      std::fprintf(stderr, "CASTLIKE_FUZZ_LEVELS='%s' names no level; known: scalar,avx2,avx512,neon\n", named);
      std::exit(2);
    }
    return v;
  }();
  return isas;
}

inline castlike_type c_type(ElementType t) { return static_cast<castlike_type>(static_cast<int32_t>(t)); }
inline const char* type_name(ElementType t) { return info(t).name.data(); }

inline std::string hex(uint64_t v, unsigned width_bits) {
  char buf[32];
  const int digits = width_bits <= 4 ? 1 : static_cast<int>((width_bits + 3) / 4);
  std::snprintf(buf, sizeof buf, "0x%0*llx", digits, static_cast<unsigned long long>(v));
  return buf;
}

// Long exact expansions (a double subnormal has ~750 digits) shortened for messages.
inline std::string clip(std::string s, size_t keep = 160) {
  if (s.size() <= keep) return s;
  return s.substr(0, keep / 2) + "..." + s.substr(s.size() - keep / 2);
}

// Strict mode (CASTLIKE_FUZZ_STRICT=1): unspecified results must also carry the documented bits.
inline bool strict_mode() {
  static const bool strict = [] {
    const char* e = std::getenv("CASTLIKE_FUZZ_STRICT");
    return e != nullptr && std::strcmp(e, "1") == 0;
  }();
  return strict;
}

// Prints "fuzz_<target>: <message>" and aborts: libFuzzer saves the input as crash-<sha1>.
[[noreturn]] inline void fail(const char* target, const std::string& message) {
  std::fprintf(stderr, "\n==== %s: FINDING ====\n%s\n", target, message.c_str());
  std::fprintf(stderr, "(reproduce: %s <this crash file>; the input is saved by libFuzzer below)\n", target);
  std::fflush(stderr);
  std::abort();
}

}  // namespace castlike::fuzz
