// fuzz_castlike: whole Cast and CastLike nodes through the public API (castlike_cast,
// castlike_cast_like) against ref::cast_like: the same verdict for every node (accepted, or rejected for the same reason:
// unknown opset, unknown type, type or attribute not at that opset, bad attribute value, bad shape,
// data that does not match the shape), and for accepted nodes the same output element by element
// (by outcome class), the padding bits of packed outputs zero, nothing written past the output,
// BUFFER_TOO_SMALL (with the size needed) for a short output buffer, and a sink that stops the call.
//
// Input: [0] operator and opset, [1] input type, [2] target type (both may be numbers that are no ONNX type),
// [3] attributes, [4] shape (rank, odd dimensions), [5] data / output sizing, [6] ISA level, then the
// dimensions (0..16, or -1 / 2^32 / 2^62 / INT64_MAX / INT64_MIN) and the
// elements (numeric: values.hpp recipes; STRING: texts separated by 0xFF).
#include <climits>
#include <optional>

#include "fuzz_common.hpp"
#include "reference/cast_like.hpp"
#include "values.hpp"

using namespace castlike;
using namespace castlike::fuzz;

namespace {

constexpr const char* kTarget = "fuzz_castlike";
constexpr size_t kMaxElements = 96;

// Bit 4 picks the operator. CastLike: every known opset (15 to kNewestKnownOpset), then the ones
// without a CastLike. Cast: every known opset (13 to kNewestKnownOpset), and when bits 5-7 are all
// set, the odd ones.
constexpr int64_t kOddOpsets[] = {14, kNewestKnownOpset + 1, 0, -1, 1, 1000000, 1000001, INT64_MAX, INT64_MIN,
                                  int64_t{1} << 32 | 19};
Operator pick_operator(uint8_t b) { return (b >> 4) & 1 ? Operator::kCast : Operator::kCastLike; }
int64_t pick_opset(uint8_t b) {
  constexpr size_t kOdd = sizeof kOddOpsets / sizeof kOddOpsets[0];
  if (pick_operator(b) == Operator::kCast) {
    static_assert(kNewestKnownOpset - 13 < 16, "Cast's known opsets fit in b % 16");
    if ((b >> 5) == 7) return kOddOpsets[b % kOdd];
    return 13 + b % 16;
  }
  static_assert(kNewestKnownOpset - 15 < 16, "CastLike's known opsets fit in b % 16");
  if (b % 16 <= kNewestKnownOpset - 15) return 15 + b % 16;
  return kOddOpsets[(b / 32) % kOdd];
}

// An ONNX type number: a row of the type table, or a number that is none.
int32_t pick_type(uint8_t b) {
  static constexpr int32_t kBad[] = {0, 14, 15, 29, -1, 1000};
  const auto& all = all_types();
  if (b % 32 < all.size()) return static_cast<int32_t>(all[b % 32]);
  return kBad[(b % 32 - all.size()) % (sizeof kBad / sizeof kBad[0])];
}

// What a reference error message corresponds to in the C API.
castlike_status status_of_reference_error(const std::string& m) {
  if (m.find("has no Cast") != std::string::npos) return CASTLIKE_ERROR_UNKNOWN_OPSET;
  if (m.rfind("attribute ", 0) == 0 && m.find("does not exist") != std::string::npos)
    return CASTLIKE_ERROR_ATTRIBUTE_NOT_IN_OPSET;
  if (m.find("does not exist at Cast") != std::string::npos || m.find(" is in no Cast") != std::string::npos)
    return CASTLIKE_ERROR_TYPE_NOT_IN_OPSET;
  if (m.find("must be") != std::string::npos) return CASTLIKE_ERROR_INVALID_ATTRIBUTE;
  if (m.find("overflows") != std::string::npos) return CASTLIKE_ERROR_SIZE_OVERFLOW;
  if (m.find("negative") != std::string::npos) return CASTLIKE_ERROR_INVALID_ARGUMENT;
  if (m.find("input data is") != std::string::npos || m.find("strings, its shape") != std::string::npos)
    return CASTLIKE_ERROR_INVALID_ARGUMENT;
  return CASTLIKE_ERROR_INTERNAL;  // an error message this harness does not know: reported as such
}

struct Sink {
  std::vector<std::string> texts;
  size_t stop_at = SIZE_MAX;
  bool bad = false;
};

int sink(void* user, size_t index, const char* text, size_t length) {
  auto* s = static_cast<Sink*>(user);
  if (index != s->texts.size() || text[length] != '\0') s->bad = true;
  if (index == s->stop_at) return 1;
  s->texts.emplace_back(text, length);
  return 0;
}

std::string status_text(castlike_status s) {
  return std::to_string(static_cast<int>(s)) + " (" + castlike_status_message(s) + ")";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Reader r(data, size, /*extend=*/true);
  const uint8_t op_byte = r.u8();
  const Operator op = pick_operator(op_byte);
  const int64_t opset = pick_opset(op_byte);
  const int32_t from_id = pick_type(r.u8());
  const int32_t to_id = pick_type(r.u8());
  const uint8_t attr_byte = r.u8();
  const uint8_t shape_byte = r.u8();
  const uint8_t sizing = r.u8();
  const auto& isas = available_isas();
  castlike_force_isa(isas[r.u8() % isas.size()]);

  // Attributes, as a model states them.
  castlike_node_attributes na{};
  na.has_saturate = attr_byte & 1;
  static constexpr int64_t kSaturate[] = {1, 0, 2, -1, INT64_MIN, 1};
  na.saturate = kSaturate[(attr_byte >> 1) % 6];
  na.has_round_mode = (attr_byte >> 4) & 1;
  static const char* const kModes[] = {"up", "down", "nearest", "UP", "", "bogus", nullptr, "nearest "};
  const char* mode = kModes[(attr_byte >> 5) & 7];
  na.round_mode = mode;
  const bool null_attributes = (attr_byte & 0x0E) == 0x0E && !na.has_saturate && !na.has_round_mode;

  // Shape: rank 0..4; small dimensions, or the odd ones (negative, huge).
  const size_t rank = shape_byte % 5;
  std::vector<int64_t> shape;
  static constexpr int64_t kOddDims[] = {-1, 0, int64_t{1} << 32, int64_t{1} << 62, INT64_MAX, INT64_MIN, 3};
  for (size_t i = 0; i < rank; ++i) {
    const uint8_t d = r.u8();
    shape.push_back((shape_byte & 0x80) && (d & 0x80) ? kOddDims[d % 7] : d % 17);
  }

  // Expected verdict, before the reference sees anything it cannot represent.
  std::optional<castlike_status> expected;
  const TypeInfo* from_info = find_type(from_id);
  const TypeInfo* to_info = find_type(to_id);
  if (opset < 0 || opset > 1000000 || !version_for_opset(op, static_cast<int>(opset)))
    expected = CASTLIKE_ERROR_UNKNOWN_OPSET;
  else if (!from_info || !to_info)
    expected = CASTLIKE_ERROR_UNKNOWN_TYPE;

  ref::CastLikeRequest req;
  req.op = op;
  if (from_info) req.input.type = from_info->type;
  if (to_info) req.target = to_info->type;
  req.opset = static_cast<int>(opset);
  req.input.shape = shape;
  if (na.has_saturate) req.saturate = na.saturate;
  // A NULL round_mode is an invalid name for the reference ("(NULL)"): the same verdict.
  if (na.has_round_mode) req.round_mode = mode ? std::string(mode) : std::string("(NULL)");

  // Element count as the API computes it; STRING inputs need exactly that many texts, so huge
  // counts are only tried with numeric inputs.
  bool huge = false;
  size_t count = 1;
  for (int64_t d : shape) {
    if (d < 0) {
      huge = true;  // rejected as negative either way
      continue;
    }
    if (d != 0 && count > kMaxElements / static_cast<uint64_t>(d)) huge = true;
    else count *= static_cast<size_t>(d);
  }
  for (int64_t d : shape)
    if (d == 0) huge = false, count = 0;
  if (huge) count = 0;
  const bool string_in = from_info && from_info->type == ElementType::kString;
  const bool string_out = to_info && to_info->type == ElementType::kString;
  if (string_in && huge && !expected) return 0;  // the API cannot be told how many texts there are

  // The input data.
  std::vector<uint8_t> bytes;
  std::vector<std::string> texts;
  if (string_in) {
    std::string_view all = r.rest();
    for (size_t i = 0; i < count; ++i) {
      const size_t cut = all.find('\xFF');
      texts.emplace_back(all.substr(0, cut));
      all = cut == std::string_view::npos ? std::string_view() : all.substr(cut + 1);
    }
    req.input.strings = texts;
  } else {
    const ElementType ft = from_info ? from_info->type : ElementType::kUint8;
    const ElementType tt = to_info && !string_out ? to_info->type : ft;
    bytes.assign(*storage_bytes(ft, count), 0);
    for (size_t i = 0; i < count; ++i) store_bits(ft, bytes.data(), i, interesting_bits(ft, tt, r));
    switch (sizing & 3) {  // data that does not match the shape
      case 1:
        if (!bytes.empty()) bytes.pop_back();
        break;
      case 2:
        if (sizing & 4) bytes.push_back(0);
        break;
      default:
        break;
    }
    req.input.data = bytes;
  }
  std::vector<const char*> ptrs;
  std::vector<size_t> lengths;
  for (const std::string& t : texts) {
    ptrs.push_back(t.data());
    lengths.push_back(t.size());
  }

  ref::CastLikeResult want;
  if (!expected) {
    want = ref::cast_like(req);
    if (const auto* err = std::get_if<std::string>(&want)) {
      expected = status_of_reference_error(*err);
      if (*expected == CASTLIKE_ERROR_INTERNAL) fail(kTarget, "unclassified reference error: " + *err);
    }
  }

  // The output: exactly the bytes needed, short by one, or with room to spare (a canary).
  size_t needed = 0;
  if (!string_out && to_info && !huge) needed = *storage_bytes(to_info->type, count);
  const int room = (sizing >> 3) & 3;  // 0 exact, 1 short, 2-3 spare
  size_t capacity = room == 1 && needed > 0 ? needed - 1 : needed + (room >= 2 ? 5 : 0);
  std::vector<uint8_t> out(capacity + 8, 0xA5);
  const std::vector<uint8_t> out_before = out;
  Sink s;
  if ((sizing >> 5) & 1 && count > 0) s.stop_at = (sizing >> 6) % count;

  castlike_tensor input{};
  input.type = static_cast<castlike_type>(from_id);
  input.shape = shape.empty() ? nullptr : shape.data();
  input.rank = shape.size();
  input.data = bytes.empty() ? nullptr : bytes.data();
  input.data_bytes = bytes.size();
  input.strings = string_in ? ptrs.data() : nullptr;
  input.string_lengths = string_in && !(sizing & 0x80) ? lengths.data() : nullptr;
  if (string_in && !input.string_lengths)
    for (const std::string& t : texts)
      if (t.find('\0') != std::string::npos) input.string_lengths = lengths.data();  // texts with NULs need lengths
  castlike_output output{};
  output.data = out.data();
  output.capacity = capacity;
  output.sink = string_out ? sink : nullptr;
  output.sink_user_data = &s;

  const auto node = op == Operator::kCast ? &castlike_cast : &castlike_cast_like;
  const castlike_status got =
      node(&input, static_cast<castlike_type>(to_id), opset, null_attributes ? nullptr : &na, &output);

  std::string call = std::string(operator_name(op)) + " opset " + std::to_string(opset) + ", input type " + std::to_string(from_id) +
                     (from_info ? std::string(" ") + from_info->name.data() : std::string()) + ", target " +
                     std::to_string(to_id) + (to_info ? std::string(" ") + to_info->name.data() : std::string()) +
                     ", shape [";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) call += ',';
    call += std::to_string(shape[i]);
  }
  call += "]";
  if (na.has_saturate) call.append(", saturate=").append(std::to_string(na.saturate));
  if (na.has_round_mode) {
    call += ", round_mode=";
    if (mode) call.append(1, '"').append(mode).append(1, '"');
    else call += "NULL";
  }
  call += ", isa " + std::string(castlike_isa_name(castlike_active_isa()));

  if (expected) {
    if (got != *expected) {
      const std::string why = std::holds_alternative<std::string>(want) ? std::get<std::string>(want) : "(before the reference)";
      fail(kTarget, call + ": status " + status_text(got) + ", want " + status_text(*expected) + "; reference: " + why);
    }
    if (out != out_before) fail(kTarget, call + ": a rejected call wrote to the output buffer");
    return 0;
  }
  const ref::CastLikeOutput& ro = std::get<ref::CastLikeOutput>(want);
  const size_t n = ro.outcomes.size();
  if (!string_out && capacity < needed) {
    if (got != CASTLIKE_ERROR_BUFFER_TOO_SMALL || output.bytes_written != needed || out != out_before)
      fail(kTarget, call + ": output capacity " + std::to_string(capacity) + " < " + std::to_string(needed) +
                        " bytes: status " + status_text(got) + ", bytes_written " + std::to_string(output.bytes_written) +
                        " (want BUFFER_TOO_SMALL, the size needed, the buffer untouched)");
    return 0;
  }
  if (string_out && s.stop_at < n) {
    if (got != CASTLIKE_ERROR_CALLBACK_ABORTED || s.texts.size() != s.stop_at)
      fail(kTarget, call + ": the sink stopped at element " + std::to_string(s.stop_at) + ": status " + status_text(got));
    return 0;
  }
  if (got != CASTLIKE_OK) fail(kTarget, call + ": status " + status_text(got) + ", the reference accepts the node");
  if (s.bad) fail(kTarget, call + ": the sink got an index out of order or a text without its NUL");

  if (string_out) {
    if (s.texts.size() != n) fail(kTarget, call + ": the sink got " + std::to_string(s.texts.size()) + " texts of " + std::to_string(n));
    for (size_t i = 0; i < n; ++i)
      if (s.texts[i] != ro.output.strings[i])
        fail(kTarget, call + ": element " + std::to_string(i) + " is \"" + s.texts[i] + "\", want \"" +
                          ro.output.strings[i] + "\" [" + std::string(ref::rule_name(ro.rules[i])) + "]");
    return 0;
  }
  const ElementType to = to_info->type;
  if (output.bytes_written != needed)
    fail(kTarget, call + ": bytes_written " + std::to_string(output.bytes_written) + ", want " + std::to_string(needed));
  for (size_t i = 0; i < n; ++i) {
    ref::Result e;
    e.value = ref::Element::of_bits(load_bits(to, ro.output.data.data(), i));
    e.outcome = ro.outcomes[i];
    e.rule = ro.rules[i];
    if (from_info->type != ElementType::kString && is_float(from_info->type) &&
        !info(from_info->type).format.has_negative_zero() && info(from_info->type).format.has_nan())
      e.nan_sign_matters = false;  // FNUZ / E8M0 NaNs have no sign (as ref::convert_element says)
    const uint64_t a = load_bits(to, out.data(), i);
    if (!ref::matches(to, e, ref::Element::of_bits(a)))
      fail(kTarget, call + ": element " + std::to_string(i) + " is " + hex(a, info(to).bits) + ", want " +
                        hex(e.value.bits, info(to).bits) + " [" + std::string(ref::outcome_name(e.outcome)) + ", " +
                        std::string(ref::rule_name(e.rule)) + "]");
  }
  // Padding bits of the last byte are zero; nothing past the output changed.
  if (is_packed(to) && n > 0) {
    const size_t per = 8 / info(to).bits;
    for (size_t i = n; i % per != 0; ++i)
      if (load_bits(to, out.data(), i) != 0) fail(kTarget, call + ": padding bits of the last output byte are not zero");
  }
  for (size_t i = needed; i < out.size(); ++i)
    if (out[i] != 0xA5) fail(kTarget, call + ": byte " + std::to_string(i) + " past the output was written");
  return 0;
}
