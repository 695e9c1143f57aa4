// fuzz_convert: castlike_convert (the kernel library, at an ISA level this machine runs) against the
// exact reference, element by element, by outcome class (ref::matches).
//
// Input layout (any byte string is valid; missing bytes read as zero):
//   [0] source type      (index into the numeric types)
//   [1] destination type
//   [2] bit 0 saturate, bits 1-2 round_mode (3: up), bits 3-5 ISA level (among the available
//       ones), bit 6 overlapping buffers, bit 7 attributes pointer NULL (the defaults)
//   [3] bits 0-6 opset (15 + k % 14, 15..28; raised to the first opset that has both types), bit 7 also
//       probe invalid attributes (must be rejected, buffers untouched)
//   [4] bits 0-2 source element offset, bits 3-5 destination element offset, bit 6 long run
//       (about 2048 elements: the API's block boundary)
//   [5] element count (0..160; long: 2008..2263)
//   [6] overlap: byte distance of the destination from the source buffer
//   then one recipe per element (values.hpp: raw bits or a value from the dictionary of hard
//   cases). Past the end of the input the bytes come from a pseudo-random stream seeded by the
//   input (Reader's `extend`), so short inputs still make full runs; long runs repeat their first
//   160 elements.
// Checks: status OK; every element matches the reference (exact bits, any NaN with the expected
// sign, or anything for unspecified; CASTLIKE_FUZZ_STRICT=1: the documented bits too); no bit
// outside the destination elements changes; the source is not written (unless it overlaps).
#include <unordered_map>

#include "fuzz_common.hpp"
#include "reference/convert.hpp"
#include "values.hpp"

using namespace castlike;
using namespace castlike::fuzz;

namespace {

constexpr const char* kTarget = "fuzz_convert";

std::string describe(ElementType t, uint64_t bits) {
  return clip(ref::describe_element(t, ref::Element::of_bits(bits)));
}

uint8_t filler(size_t i) { return static_cast<uint8_t>(0x5Au ^ (i * 37u) ^ (i >> 3)); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Reader r(data, size, /*extend=*/true);
  const auto& types = numeric_types();
  const ElementType from = types[r.u8() % types.size()];
  const ElementType to = types[r.u8() % types.size()];
  const uint8_t flags = r.u8();
  const uint8_t opset_byte = r.u8();
  const uint8_t layout = r.u8();
  const uint8_t count_byte = r.u8();
  const uint8_t overlap_byte = r.u8();

  const auto& isas = available_isas();
  const castlike_isa isa = isas[((flags >> 3) & 7) % isas.size()];
  if (castlike_force_isa(isa) != CASTLIKE_OK)
    fail(kTarget, std::string("castlike_force_isa(") + castlike_isa_name(isa) + ") refused an available level");

  // Opset and the attributes a model at that opset can state.
  constexpr int kFirst = kCastLikeVersions.front();
  int opset = kFirst + (opset_byte & 0x7F) % (kNewestKnownOpset - kFirst + 1);
  for (ElementType t : {from, to})
    if (opset < info(t).since_version) opset = info(t).since_version;
  const int version = *castlike_version_for_opset(opset);
  const bool null_attributes = (flags & 0x80) != 0;
  castlike_attributes attrs = castlike_default_attributes();
  if (!null_attributes) {
    if (saturate_in_version(version)) attrs.saturate = flags & 1;
    const int mode = (flags >> 1) & 3;
    if (round_mode_in_version(version) && mode < 3) attrs.round_mode = static_cast<castlike_round_mode>(mode);
  }
  const bool overlap = (flags & 0x40) != 0;
  const bool probe_invalid = (opset_byte & 0x80) != 0;

  const size_t src_off = layout & 7, dst_off = (layout >> 3) & 7;
  const size_t n = (layout & 0x40) ? 2008 + count_byte : count_byte % 161;

  // The elements.
  std::vector<uint64_t> in(n);
  constexpr size_t kDistinct = 160;  // the reference's cost bounds the distinct values per run
  for (size_t i = 0; i < n; ++i) in[i] = i < kDistinct ? interesting_bits(from, to, r) : in[i % kDistinct];

  // Buffers: exactly the bytes the call may touch, so that ASan sees any stray access.
  const size_t src_bytes = *storage_bytes(from, src_off + n);
  const size_t dst_bytes = *storage_bytes(to, dst_off + n);
  const size_t gap = overlap ? overlap_byte % (src_bytes + 1) : 0;
  std::vector<uint8_t> buffer(overlap ? std::max(src_bytes, gap + dst_bytes) : src_bytes);
  std::vector<uint8_t> dst_buffer(overlap ? 0 : dst_bytes);
  for (size_t i = 0; i < buffer.size(); ++i) buffer[i] = filler(i + 11);
  for (size_t i = 0; i < dst_buffer.size(); ++i) dst_buffer[i] = filler(i);
  uint8_t* src = buffer.data();
  uint8_t* dst = overlap ? buffer.data() + gap : dst_buffer.data();
  for (size_t i = 0; i < n; ++i) store_bits(from, src, src_off + i, in[i]);
  const std::vector<uint8_t> buffer_before = buffer, dst_before = dst_buffer;

  const std::string call = std::string(type_name(from)) + " -> " + type_name(to) + ", opset " +
                           std::to_string(opset) + ", saturate=" + std::to_string(attrs.saturate) + ", round_mode=" +
                           std::string(round_mode_name(attrs.round_mode)) + (null_attributes ? " (NULL attributes)" : "") +
                           ", isa " + castlike_isa_name(isa) + ", n=" + std::to_string(n) + ", src_offset " +
                           std::to_string(src_off) + ", dst_offset " + std::to_string(dst_off) +
                           (overlap ? ", overlapping (dst " + std::to_string(gap) + " bytes after src)" : "");

  size_t reported = 0;
  if (castlike_storage_bytes(c_type(from), src_off, n, &reported) != CASTLIKE_OK ||
      reported != *storage_bytes(from, n, src_off))
    fail(kTarget, call + ": castlike_storage_bytes disagrees with the type table");

  if (probe_invalid) {
    castlike_attributes bad = attrs;
    if (count_byte & 1) bad.saturate = (count_byte & 2) ? 2 : -1;
    else {  // any int a C caller could store in the enum (set through its bytes: no C++ enum UB here)
      const int mode = (count_byte & 2) ? 3 + (count_byte >> 2) : -1 - (count_byte >> 2);
      static_assert(sizeof mode == sizeof bad.round_mode);
      std::memcpy(&bad.round_mode, &mode, sizeof mode);
    }
    const castlike_status s = castlike_convert(c_type(from), src, src_off, c_type(to), dst, dst_off, n, &bad);
    if (s != CASTLIKE_ERROR_INVALID_ATTRIBUTE)
      fail(kTarget, call + ": invalid attributes (saturate " + std::to_string(bad.saturate) + ", round_mode " +
                        std::to_string(count_byte & 1 ? 0 : (count_byte & 2) ? 3 + (count_byte >> 2) : -1 - (count_byte >> 2)) +
                        ") gave status " + std::to_string(s) +
                        " (" + castlike_status_message(s) + "), want CASTLIKE_ERROR_INVALID_ATTRIBUTE");
    if (buffer != buffer_before || dst_buffer != dst_before)
      fail(kTarget, call + ": a rejected call (invalid attributes) wrote to a buffer");
  }

  const castlike_status status =
      castlike_convert(c_type(from), src, src_off, c_type(to), dst, dst_off, n, null_attributes ? nullptr : &attrs);
  if (status != CASTLIKE_OK)
    fail(kTarget, call + ": status " + std::to_string(status) + " (" + castlike_status_message(status) + ")");

  const ref::Attributes ra{attrs.saturate != 0, attrs.round_mode};
  std::unordered_map<uint64_t, ref::Result> expected_of;
  std::vector<uint64_t> actual(n);
  for (size_t i = 0; i < n; ++i) {
    auto it = expected_of.find(in[i]);
    if (it == expected_of.end())
      it = expected_of.emplace(in[i], ref::convert_element(from, ref::Element::of_bits(in[i]), to, ra)).first;
    const ref::Result& want = it->second;
    actual[i] = load_bits(to, dst, dst_off + i);
    const bool ok = ref::matches(to, want, ref::Element::of_bits(actual[i])) &&
                    !(strict_mode() && want.outcome == ref::OutcomeClass::kUnspecified && actual[i] != want.value.bits);
    if (!ok)
      fail(kTarget, call + "\n  element " + std::to_string(i) + ": input " + describe(from, in[i]) + "\n  expected " +
                        describe(to, want.value.bits) + " [outcome " + std::string(ref::outcome_name(want.outcome)) +
                        ", rule " + std::string(ref::rule_name(want.rule)) + "]\n  actual   " +
                        describe(to, actual[i]));
  }

  // Nothing but the destination elements changed.
  std::vector<uint8_t> want_buffer = buffer_before, want_dst = dst_before;
  uint8_t* want_base = overlap ? want_buffer.data() + gap : want_dst.data();
  for (size_t i = 0; i < n; ++i) store_bits(to, want_base, dst_off + i, actual[i]);
  if (buffer != want_buffer || dst_buffer != want_dst) {
    const std::vector<uint8_t>& got = overlap ? buffer : (buffer != want_buffer ? buffer : dst_buffer);
    const std::vector<uint8_t>& want = overlap ? want_buffer : (buffer != want_buffer ? want_buffer : want_dst);
    size_t at = 0;
    while (at < got.size() && got[at] == want[at]) ++at;
    fail(kTarget, call + ": a byte outside the destination elements changed: " +
                      std::string(overlap || buffer == want_buffer ? "destination" : "source") + " buffer byte " +
                      std::to_string(at) + " is " + hex(got[at], 8) + ", was " + hex(want[at], 8));
  }
  return 0;
}
