// fuzz_string: the STRING paths of the kernel library against the exact reference.
//
// Input: [0] mode and attributes (bit 0: round trip; bit 1 saturate; bits 2-3 round_mode; bits 4-6
// destination element offset), then
//   text mode:       the rest is up to 8 texts separated by 0xFF bytes (any other bytes, NUL
//                    included). Each text is read into every numeric type by
//                    castlike_convert_from_strings (with lengths, and NUL-terminated when it has no
//                    NUL) and compared with ref::convert_element(STRING -> type) by outcome class:
//                    not-a-number text is unspecified, anything else must match. (Texts with a
//                    decimal exponent beyond +-400 or over 400 bytes go to one of the types: see
//                    expensive_text.)
//   round-trip mode: [1] a type, then element recipes (values.hpp). The elements are formatted by
//                    castlike_convert_to_strings and castlike_convert_to_string_buffer (which must
//                    agree, and size their output as documented); each text must be the reference's
//                    text exactly; reading it back (kernels and reference; saturate=0, FLOAT8E8M0
//                    saturate=1 and round_mode=nearest as its texts are made for) must give the
//                    same value again (NaN: a NaN; types whose texts do not read back, BOOL's
//                    "True", are skipped where the reference says the reading is unspecified).
#include "fuzz_common.hpp"
#include "reference/convert.hpp"
#include "values.hpp"

using namespace castlike;
using namespace castlike::fuzz;

namespace {

constexpr const char* kTarget = "fuzz_string";

std::string show_text(std::string_view t) {
  std::string s = "\"";
  for (unsigned char c : t) {
    if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
      s += static_cast<char>(c);
    } else {
      char b[8];
      std::snprintf(b, sizeof b, "\\x%02x", c);
      s += b;
    }
  }
  if (s.size() > 400) s = s.substr(0, 400) + "...(" + std::to_string(t.size()) + " bytes)";
  return s + "\"";
}

std::string describe(ElementType t, uint64_t bits) { return clip(ref::describe_element(t, ref::Element::of_bits(bits))); }

std::string attrs_text(const castlike_attributes& a) {
  return "saturate=" + std::to_string(a.saturate) + ", round_mode=" + std::string(round_mode_name(a.round_mode));
}

// Texts with a decimal exponent beyond +-400, or longer than 400 bytes, cost the exact reference
// milliseconds per destination under the sanitizers (10^k for k up to the pinned 100000: ~50 ms;
// 1100-digit products): such inputs are read into one of the destinations (chosen by the input)
// instead of all 23, to keep the fuzzer's pace.
bool expensive_text(std::string_view t) {
  if (t.size() > 400) return true;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] != 'e' && t[i] != 'E') continue;
    size_t j = i + 1;
    if (j < t.size() && (t[j] == '+' || t[j] == '-')) ++j;
    size_t digits = 0;
    int64_t value = 0;
    for (; j < t.size() && t[j] >= '0' && t[j] <= '9'; ++j, ++digits) value = std::min<int64_t>(value * 10 + (t[j] - '0'), 1000000);
    if (digits > 0 && value > 400) return true;
  }
  return false;
}

void text_mode(Reader& r, const castlike_attributes& attrs, size_t dst_off) {
  std::vector<std::string> texts;
  std::string_view all = r.rest();
  while (texts.size() < 8) {
    const size_t cut = all.find('\xFF');
    texts.emplace_back(all.substr(0, cut));
    if (cut == std::string_view::npos) break;
    all.remove_prefix(cut + 1);
  }
  std::vector<const char*> ptrs;
  std::vector<size_t> lengths;
  bool any_nul = false;
  for (const std::string& t : texts) {
    ptrs.push_back(t.data());
    lengths.push_back(t.size());
    any_nul = any_nul || t.find('\0') != std::string::npos;
  }
  const size_t n = texts.size();
  const ref::Attributes ra{attrs.saturate != 0, attrs.round_mode};
  bool expensive = false;
  for (const std::string& t : texts) expensive = expensive || expensive_text(t);
  std::vector<ElementType> destinations = numeric_types();
  if (expensive) {
    const size_t salt = texts.front().size() + texts.back().size() * 7;
    destinations = {numeric_types()[salt % numeric_types().size()]};
  }
  for (ElementType to : destinations) {
    const size_t bytes = *storage_bytes(to, dst_off + n);
    std::vector<uint8_t> dst(bytes, 0xA5), dst2(bytes, 0xA5);
    castlike_status s = castlike_convert_from_strings(ptrs.data(), lengths.data(), n, c_type(to), dst.data(), dst_off, &attrs);
    if (s != CASTLIKE_OK)
      fail(kTarget, std::string("castlike_convert_from_strings to ") + type_name(to) + ": status " + std::to_string(s) +
                        " (" + castlike_status_message(s) + ")");
    if (!any_nul) {  // the NUL-terminated form reads the same texts
      s = castlike_convert_from_strings(ptrs.data(), nullptr, n, c_type(to), dst2.data(), dst_off, &attrs);
      if (s != CASTLIKE_OK || dst2 != dst)
        fail(kTarget, std::string("castlike_convert_from_strings to ") + type_name(to) +
                          ": NUL-terminated texts (lengths NULL) give another result than the same texts with lengths");
    }
    for (size_t i = 0; i < n; ++i) {
      const uint64_t got = load_bits(to, dst.data(), dst_off + i);
      const ref::Result want = ref::convert_element(ElementType::kString, ref::Element::of_text(texts[i]), to, ra);
      const bool ok = ref::matches(to, want, ref::Element::of_bits(got)) &&
                      !(strict_mode() && want.outcome == ref::OutcomeClass::kUnspecified && got != want.value.bits);
      if (!ok)
        fail(kTarget, std::string("STRING -> ") + type_name(to) + ", " + attrs_text(attrs) + "\n  text " +
                          show_text(texts[i]) + "\n  expected " + describe(to, want.value.bits) + " [outcome " +
                          std::string(ref::outcome_name(want.outcome)) + ", rule " +
                          std::string(ref::rule_name(want.rule)) + "]\n  actual   " + describe(to, got));
    }
    // The other elements of the buffer (before the offset, after the last one in its byte) are kept.
    const std::vector<uint8_t> fresh(bytes, 0xA5);
    for (size_t i = 0; i < bytes * 8 / info(to).bits; ++i) {
      if (i >= dst_off && i < dst_off + n) continue;
      if (load_bits(to, dst.data(), i) != load_bits(to, fresh.data(), i))
        fail(kTarget, std::string("castlike_convert_from_strings to ") + type_name(to) + " wrote element " +
                          std::to_string(i) + ", outside the destination elements [" + std::to_string(dst_off) + ", " +
                          std::to_string(dst_off + n) + ")");
    }
  }
}

int collect(void* user, size_t index, const char* text, size_t length) {
  auto* out = static_cast<std::vector<std::string>*>(user);
  if (index != out->size()) return 1;
  if (text[length] != '\0') return 2;
  out->emplace_back(text, length);
  return 0;
}

void round_trip_mode(Reader& r, size_t src_off) {
  const auto& types = numeric_types();
  const ElementType t = types[r.u8() % types.size()];
  std::vector<uint64_t> in;
  while (!r.empty() && in.size() < 64) in.push_back(interesting_bits(t, t, r));
  const size_t n = in.size();
  std::vector<uint8_t> src(*storage_bytes(t, src_off + n), 0x3C);
  for (size_t i = 0; i < n; ++i) store_bits(t, src.data(), src_off + i, in[i]);

  std::vector<std::string> texts;
  castlike_status s = castlike_convert_to_strings(c_type(t), src.data(), src_off, n, collect, &texts);
  if (s != CASTLIKE_OK || texts.size() != n)
    fail(kTarget, std::string("castlike_convert_to_strings from ") + type_name(t) + ": status " + std::to_string(s) +
                      " (" + castlike_status_message(s) + "), " + std::to_string(texts.size()) + " of " +
                      std::to_string(n) + " texts");

  // The buffer form: sizing, refusal of a small buffer, then the same texts.
  size_t required = 0;
  s = castlike_convert_to_string_buffer(c_type(t), src.data(), src_off, n, nullptr, 0, nullptr, &required);
  size_t total = 0;
  for (const std::string& x : texts) total += x.size() + 1;
  if ((n > 0 && s != CASTLIKE_ERROR_BUFFER_TOO_SMALL) || (n == 0 && s != CASTLIKE_OK) || required != total ||
      required > n * CASTLIKE_MAX_TEXT_SIZE)
    fail(kTarget, std::string("castlike_convert_to_string_buffer from ") + type_name(t) + " sizing: status " +
                      std::to_string(s) + ", required " + std::to_string(required) + ", the texts need " +
                      std::to_string(total));
  if (n > 0) {
    std::vector<char> small(required - 1, '#');
    s = castlike_convert_to_string_buffer(c_type(t), src.data(), src_off, n, small.data(), small.size(), nullptr, nullptr);
    if (s != CASTLIKE_ERROR_BUFFER_TOO_SMALL || small != std::vector<char>(required - 1, '#'))
      fail(kTarget, std::string("castlike_convert_to_string_buffer from ") + type_name(t) +
                        ": a buffer one byte short was not refused untouched");
  }
  std::vector<char> buffer(required);
  std::vector<size_t> offsets(n + 1);
  s = castlike_convert_to_string_buffer(c_type(t), src.data(), src_off, n, buffer.data(), buffer.size(), offsets.data(),
                                        nullptr);
  if (s != CASTLIKE_OK || offsets[n] != required)
    fail(kTarget, std::string("castlike_convert_to_string_buffer from ") + type_name(t) + ": status " + std::to_string(s));
  for (size_t i = 0; i < n; ++i)
    if (std::string(buffer.data() + offsets[i]) != texts[i])
      fail(kTarget, std::string("castlike_convert_to_string_buffer from ") + type_name(t) + " element " +
                        std::to_string(i) + ": " + show_text(buffer.data() + offsets[i]) + ", the sink got " + show_text(texts[i]));

  // Each text is the reference's, and reads back to the same value (FLOAT8E8M0's texts read back
  // by round_mode=nearest, docs/semantics.md).
  // saturate=0, so that E5M2's "inf" reads back as inf; FLOAT8E8M0 needs saturate=1 for "0.0".
  castlike_attributes sat = castlike_default_attributes();
  sat.saturate = t == ElementType::kFloat8E8M0 ? 1 : 0;
  if (t == ElementType::kFloat8E8M0) sat.round_mode = CASTLIKE_ROUND_NEAREST;
  const ref::Attributes ra{sat.saturate != 0, sat.round_mode};
  std::vector<const char*> ptrs;
  std::vector<size_t> lengths;
  for (const std::string& x : texts) {
    ptrs.push_back(x.data());
    lengths.push_back(x.size());
  }
  std::vector<uint8_t> back(*storage_bytes(t, n) + 1, 0);
  s = castlike_convert_from_strings(ptrs.data(), lengths.data(), n, c_type(t), back.data(), 0, &sat);
  if (s != CASTLIKE_OK) fail(kTarget, std::string("reading texts back into ") + type_name(t) + ": status " + std::to_string(s));
  for (size_t i = 0; i < n; ++i) {
    const ref::Result want = ref::convert_element(t, ref::Element::of_bits(in[i]), ElementType::kString, ra);
    // The kernels print the reference's text itself, not merely one that reads back (round-trip).
    if (texts[i] != want.value.text)
      fail(kTarget, std::string(type_name(t)) + " -> STRING\n  input " + describe(t, in[i]) + "\n  expected " +
                        show_text(want.value.text) + " [rule " + std::string(ref::rule_name(want.rule)) + "]\n  actual   " +
                        show_text(texts[i]));
    const uint64_t got = load_bits(t, back.data(), i);
    const ref::Result again = ref::convert_element(ElementType::kString, ref::Element::of_text(texts[i]), t, ra);
    if (!ref::matches(t, again, ref::Element::of_bits(got)))
      fail(kTarget, std::string("STRING -> ") + type_name(t) + " (round trip)\n  text " + show_text(texts[i]) +
                        "\n  expected " + describe(t, again.value.bits) + " [outcome " +
                        std::string(ref::outcome_name(again.outcome)) + ", rule " +
                        std::string(ref::rule_name(again.rule)) + "]\n  actual   " + describe(t, got));
    const uint64_t original = in[i] & bit_mask(t);
    const bool is_nan = is_float(t) && ref::convert_element(t, ref::Element::of_bits(original), t, ra).outcome ==
                                           ref::OutcomeClass::kNan;
    const bool round_trips = again.outcome == ref::OutcomeClass::kUnspecified ||
                             (again.outcome == ref::OutcomeClass::kNan && is_nan) ||
                             (again.outcome == ref::OutcomeClass::kExact && !is_nan && again.value.bits == original);
    if (!round_trips)
      fail(kTarget, std::string(type_name(t)) + " -> STRING -> " + type_name(t) + " does not round trip\n  input " +
                        describe(t, original) + "\n  text " + show_text(texts[i]) + "\n  reads back (reference) as " +
                        describe(t, again.value.bits) + " [" + std::string(ref::rule_name(again.rule)) + "]");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Reader r(data, size);
  const uint8_t head = r.u8();
  castlike_attributes attrs = castlike_default_attributes();
  attrs.saturate = (head >> 1) & 1;
  const int mode = (head >> 2) & 3;
  attrs.round_mode = mode < 3 ? static_cast<castlike_round_mode>(mode) : CASTLIKE_ROUND_UP;
  const size_t offset = (head >> 4) & 7;
  if (head & 1)
    round_trip_mode(r, offset);
  else
    text_mode(r, attrs, offset);
  return 0;
}
