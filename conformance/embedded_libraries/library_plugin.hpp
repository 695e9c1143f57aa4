// What the plug-ins over the conversion code runtimes embed (Eigen, FP16, ml_dtypes' headers) share:
// the validator ABI's entry points over the table of pairs a library implements. A plug-in defines
// kLibraryName and kPairs (one row per pair: its element function on the bit patterns, and the
// saturate setting it stands for, if the library has one) and includes this header once; every
// other request is rejected as "not implemented", and the table is the coverage the plug-in declares
// (castlike_validator_coverage), so the library is judged on what it has only, with no --pairs.
#ifndef CASTLIKE_EMBEDDED_LIBRARY_PLUGIN_HPP
#define CASTLIKE_EMBEDDED_LIBRARY_PLUGIN_HPP

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "castlike/validator_abi.h"

namespace embedded {

// One pair: `convert` maps an input element's bits to the output element's bits. `saturate` is
// the attribute value the library's conversion implements (-1: any), so a library with a
// saturating and a plain conversion is two entries, each taking its own requests; `round_mode`
// likewise (nullptr: any).
struct Pair {
  int32_t from, to;
  int32_t saturate;
  const char* round_mode;
  uint64_t (*convert)(uint64_t bits);
};

// The storage width of one element, from castlike's type table (below 8: packed).
constexpr int element_bits(int32_t type) {
  switch (type) {
#define EMBEDDED_TYPE_BITS(NAME, Name, number, numpy, bits, ...) \
  case number:                                                   \
    return bits;
    CASTLIKE_TYPE_LIST(EMBEDDED_TYPE_BITS)
#undef EMBEDDED_TYPE_BITS
  }
  return 0;
}

// Element i of a raw_data buffer of `bits`-wide elements (little-endian; packed below 8 bits).
inline uint64_t read_element(const uint8_t* data, size_t i, int bits) {
  if (bits < 8) return (data[i * bits / 8] >> (i * bits % 8)) & ((1u << bits) - 1);
  uint64_t v = 0;
  for (int b = 0; b < bits / 8; ++b) v |= static_cast<uint64_t>(data[i * (bits / 8) + b]) << (8 * b);
  return v;
}

// The output buffer is zero-filled, so a packed element is or-ed in.
inline void write_element(uint8_t* data, size_t i, int bits, uint64_t v) {
  if (bits < 8) {
    data[i * bits / 8] |= static_cast<uint8_t>((v & ((1u << bits) - 1)) << (i * bits % 8));
    return;
  }
  for (int b = 0; b < bits / 8; ++b) data[i * (bits / 8) + b] = static_cast<uint8_t>(v >> (8 * b));
}

template <class T>
T from_bits(uint64_t bits) {
  static_assert(sizeof(T) <= sizeof bits);
  T value;
  std::memcpy(&value, &bits, sizeof value);  // little-endian hosts: the low bytes
  return value;
}

template <class T>
uint64_t to_bits(T value) {
  uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof value);
  return bits;
}

}  // namespace embedded

extern const char* const kLibraryName;
extern const embedded::Pair kPairs[];
extern const size_t kPairCount;

extern "C" {

int32_t castlike_validator_abi_version(void) { return CASTLIKE_VALIDATOR_ABI_VERSION; }

const char* castlike_validator_name(void) { return kLibraryName; }

int32_t castlike_validator_cast_like(const castlike_validator_request* req, castlike_validator_output* out) {
  const int32_t saturate = req->saturate < 0 ? 1 : req->saturate;  // ONNX's defaults
  const char* round_mode = req->round_mode ? req->round_mode : "up";
  const char* why = "not implemented";
  for (size_t p = 0; p < kPairCount; ++p) {
    const embedded::Pair& pair = kPairs[p];
    if (pair.from != req->from || pair.to != req->to) continue;
    if (pair.saturate >= 0 && pair.saturate != saturate) {
      why = saturate ? "saturate=1: not this entry's conversion" : "saturate=0: not this entry's conversion";
      continue;
    }
    if (pair.round_mode && std::strcmp(pair.round_mode, round_mode) != 0) {
      why = "this round_mode: not the library's rounding";
      continue;
    }
    const int in_bits = embedded::element_bits(req->from), out_bits = embedded::element_bits(req->to);
    for (size_t i = 0; i < req->count; ++i)
      embedded::write_element(out->data, i, out_bits, pair.convert(embedded::read_element(req->input, i, in_bits)));
    return CASTLIKE_VALIDATOR_OK;
  }
  if (out->message && out->message_size) std::snprintf(out->message, out->message_size, "%s", why);
  return CASTLIKE_VALIDATOR_REJECTED;
}

// One entry per row of kPairs: the pair, converted by CastLike, at the row's attribute settings.
const castlike_validator_coverage_entry* castlike_validator_coverage(size_t* count) {
  static const std::vector<castlike_validator_coverage_entry> entries = [] {
    std::vector<castlike_validator_coverage_entry> out;
    for (size_t p = 0; p < kPairCount; ++p)
      out.push_back({CASTLIKE_VALIDATOR_COVERS_CAST_LIKE, kPairs[p].from, kPairs[p].to, kPairs[p].saturate,
                     kPairs[p].round_mode});
    return out;
  }();
  *count = entries.size();
  return entries.data();
}

}  // extern "C"

#endif
