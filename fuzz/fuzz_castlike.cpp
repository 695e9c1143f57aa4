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

// The node a fuzz input describes: operator and opset, the two type numbers (rows of the table or
// not), the attributes as a model states them, the shape, and how data and output are sized.
struct Node {
  Operator op = Operator::kCastLike;
  int64_t opset = 0;
  int32_t from_id = 0, to_id = 0;
  const TypeInfo* from_info = nullptr;
  const TypeInfo* to_info = nullptr;
  castlike_node_attributes na{};
  const char* mode = nullptr;  // na.round_mode
  bool null_attributes = false;
  std::vector<int64_t> shape;
  uint8_t sizing = 0;
  bool string_in = false, string_out = false;
};

// Reads bytes [0]..[6] and the dimensions; forces the ISA level byte [6] picks.
Node read_node(Reader& r) {
  Node n;
  const uint8_t op_byte = r.u8();
  n.op = pick_operator(op_byte);
  n.opset = pick_opset(op_byte);
  n.from_id = pick_type(r.u8());
  n.to_id = pick_type(r.u8());
  const uint8_t attr_byte = r.u8();
  const uint8_t shape_byte = r.u8();
  n.sizing = r.u8();
  const auto& isas = available_isas();
  castlike_force_isa(isas[r.u8() % isas.size()]);

  // Attributes, as a model states them.
  n.na.has_saturate = attr_byte & 1;
  static constexpr int64_t kSaturate[] = {1, 0, 2, -1, INT64_MIN, 1};
  n.na.saturate = kSaturate[(attr_byte >> 1) % 6];
  n.na.has_round_mode = (attr_byte >> 4) & 1;
  static const char* const kModes[] = {"up", "down", "nearest", "UP", "", "bogus", nullptr, "nearest "};
  n.mode = kModes[(attr_byte >> 5) & 7];
  n.na.round_mode = n.mode;
  n.null_attributes = (attr_byte & 0x0E) == 0x0E && !n.na.has_saturate && !n.na.has_round_mode;

  // Shape: rank 0..4; small dimensions, or the odd ones (negative, huge).
  const size_t rank = shape_byte % 5;
  static constexpr int64_t kOddDims[] = {-1, 0, int64_t{1} << 32, int64_t{1} << 62, INT64_MAX, INT64_MIN, 3};
  for (size_t i = 0; i < rank; ++i) {
    const uint8_t d = r.u8();
    n.shape.push_back((shape_byte & 0x80) && (d & 0x80) ? kOddDims[d % 7] : d % 17);
  }
  n.from_info = find_type(n.from_id);
  n.to_info = find_type(n.to_id);
  n.string_in = n.from_info && n.from_info->type == ElementType::kString;
  n.string_out = n.to_info && n.to_info->type == ElementType::kString;
  return n;
}

// The verdict known before the reference sees anything it cannot represent.
std::optional<castlike_status> verdict_before_reference(const Node& n) {
  if (n.opset < 0 || n.opset > 1000000 || !version_for_opset(n.op, static_cast<int>(n.opset)))
    return CASTLIKE_ERROR_UNKNOWN_OPSET;
  if (!n.from_info || !n.to_info) return CASTLIKE_ERROR_UNKNOWN_TYPE;
  return std::nullopt;
}

ref::CastLikeRequest reference_request(const Node& n) {
  ref::CastLikeRequest req;
  req.op = n.op;
  if (n.from_info) req.input.type = n.from_info->type;
  if (n.to_info) req.target = n.to_info->type;
  req.opset = static_cast<int>(n.opset);
  req.input.shape = n.shape;
  if (n.na.has_saturate) req.saturate = n.na.saturate;
  // A NULL round_mode is an invalid name for the reference ("(NULL)"): the same verdict.
  if (n.na.has_round_mode) req.round_mode = n.mode ? std::string(n.mode) : std::string("(NULL)");
  return req;
}

// Element count as the API computes it, up to kMaxElements; `huge` when the shape holds more (or
// a negative dimension): such nodes are tried with no elements.
struct Count {
  size_t count = 1;
  bool huge = false;
};
Count element_count(const std::vector<int64_t>& shape) {
  Count c;
  for (int64_t d : shape) {
    if (d < 0) {
      c.huge = true;  // rejected as negative either way
      continue;
    }
    if (d != 0 && c.count > kMaxElements / static_cast<uint64_t>(d)) c.huge = true;
    else c.count *= static_cast<size_t>(d);
  }
  for (int64_t d : shape)
    if (d == 0) c.huge = false, c.count = 0;
  if (c.huge) c.count = 0;
  return c;
}

// The input data: texts separated by 0xFF, or numeric elements (values.hpp recipes) in bytes that
// may not match the shape. Also given to the reference's request.
struct Input {
  std::vector<uint8_t> bytes;
  std::vector<std::string> texts;
  std::vector<const char*> ptrs;
  std::vector<size_t> lengths;
};
Input read_input(const Node& n, size_t count, Reader& r, ref::CastLikeRequest& req) {
  Input in;
  if (n.string_in) {
    std::string_view all = r.rest();
    for (size_t i = 0; i < count; ++i) {
      const size_t cut = all.find('\xFF');
      in.texts.emplace_back(all.substr(0, cut));
      all = cut == std::string_view::npos ? std::string_view() : all.substr(cut + 1);
    }
    req.input.strings = in.texts;
  } else {
    const ElementType ft = n.from_info ? n.from_info->type : ElementType::kUint8;
    const ElementType tt = n.to_info && !n.string_out ? n.to_info->type : ft;
    in.bytes.assign(*storage_bytes(ft, count), 0);
    for (size_t i = 0; i < count; ++i) store_bits(ft, in.bytes.data(), i, interesting_bits(ft, tt, r));
    switch (n.sizing & 3) {  // data that does not match the shape
      case 1:
        if (!in.bytes.empty()) in.bytes.pop_back();
        break;
      case 2:
        if (n.sizing & 4) in.bytes.push_back(0);
        break;
      default:
        break;
    }
    req.input.data = in.bytes;
  }
  for (const std::string& t : in.texts) {
    in.ptrs.push_back(t.data());
    in.lengths.push_back(t.size());
  }
  return in;
}

// The output: exactly the bytes needed, short by one, or with room to spare, then a canary; a
// sink that may stop at an element.
struct Output {
  size_t needed = 0, capacity = 0;
  std::vector<uint8_t> bytes, before;
  Sink sink;
};
Output make_output(const Node& n, const Count& c) {
  Output o;
  if (!n.string_out && n.to_info && !c.huge) o.needed = *storage_bytes(n.to_info->type, c.count);
  const int room = (n.sizing >> 3) & 3;  // 0 exact, 1 short, 2-3 spare
  o.capacity = room == 1 && o.needed > 0 ? o.needed - 1 : o.needed + (room >= 2 ? 5 : 0);
  o.bytes.assign(o.capacity + 8, 0xA5);
  o.before = o.bytes;
  if ((n.sizing >> 5) & 1 && c.count > 0) o.sink.stop_at = (n.sizing >> 6) % c.count;
  return o;
}

// castlike_cast or castlike_cast_like on the node; `written` gets bytes_written.
castlike_status call_node(const Node& n, Input& in, Output& out, size_t& written) {
  castlike_tensor input{};
  input.type = static_cast<castlike_type>(n.from_id);
  input.shape = n.shape.empty() ? nullptr : n.shape.data();
  input.rank = n.shape.size();
  input.data = in.bytes.empty() ? nullptr : in.bytes.data();
  input.data_bytes = in.bytes.size();
  input.strings = n.string_in ? in.ptrs.data() : nullptr;
  input.string_lengths = n.string_in && !(n.sizing & 0x80) ? in.lengths.data() : nullptr;
  if (n.string_in && !input.string_lengths)
    for (const std::string& t : in.texts)
      if (t.find('\0') != std::string::npos) input.string_lengths = in.lengths.data();  // texts with NULs need lengths
  castlike_output output{};
  output.data = out.bytes.data();
  output.capacity = out.capacity;
  output.sink = n.string_out ? sink : nullptr;
  output.sink_user_data = &out.sink;
  const auto node = n.op == Operator::kCast ? &castlike_cast : &castlike_cast_like;
  const castlike_status got =
      node(&input, static_cast<castlike_type>(n.to_id), n.opset, n.null_attributes ? nullptr : &n.na, &output);
  written = output.bytes_written;
  return got;
}

// The call as a failure message names it.
std::string describe_call(const Node& n) {
  std::string call = std::string(operator_name(n.op)) + " opset " + std::to_string(n.opset) + ", input type " +
                     std::to_string(n.from_id) +
                     (n.from_info ? std::string(" ") + n.from_info->name.data() : std::string()) + ", target " +
                     std::to_string(n.to_id) + (n.to_info ? std::string(" ") + n.to_info->name.data() : std::string()) +
                     ", shape [";
  for (size_t i = 0; i < n.shape.size(); ++i) {
    if (i > 0) call += ',';
    call += std::to_string(n.shape[i]);
  }
  call += "]";
  if (n.na.has_saturate) call.append(", saturate=").append(std::to_string(n.na.saturate));
  if (n.na.has_round_mode) {
    call += ", round_mode=";
    if (n.mode) call.append(1, '"').append(n.mode).append(1, '"');
    else call += "NULL";
  }
  call += ", isa " + std::string(castlike_isa_name(castlike_active_isa()));
  return call;
}

// A STRING output: the texts the sink got, in order, equal to the reference's.
void check_texts(const std::string& call, const Output& out, const ref::CastLikeOutput& ro) {
  const size_t n = ro.outcomes.size();
  if (out.sink.texts.size() != n)
    fail(kTarget, call + ": the sink got " + std::to_string(out.sink.texts.size()) + " texts of " + std::to_string(n));
  for (size_t i = 0; i < n; ++i)
    if (out.sink.texts[i] != ro.output.strings[i])
      fail(kTarget, call + ": element " + std::to_string(i) + " is \"" + out.sink.texts[i] + "\", want \"" +
                        ro.output.strings[i] + "\" [" + std::string(ref::rule_name(ro.rules[i])) + "]");
}

// A numeric output: each element as the reference allows it (by outcome class), the padding bits
// of a packed output zero, nothing past the output written.
void check_elements(const std::string& call, const Node& node, const Output& out, const ref::CastLikeOutput& ro) {
  const ElementType to = node.to_info->type;
  const size_t n = ro.outcomes.size();
  for (size_t i = 0; i < n; ++i) {
    ref::Result e;
    e.value = ref::Element::of_bits(load_bits(to, ro.output.data.data(), i));
    e.outcome = ro.outcomes[i];
    e.rule = ro.rules[i];
    const ElementType from = node.from_info->type;
    if (from != ElementType::kString && is_float(from) && !info(from).format.has_negative_zero() &&
        info(from).format.has_nan())
      e.nan_sign_matters = false;  // FNUZ / E8M0 NaNs have no sign (as ref::convert_element says)
    const uint64_t a = load_bits(to, out.bytes.data(), i);
    if (!ref::matches(to, e, ref::Element::of_bits(a)))
      fail(kTarget, call + ": element " + std::to_string(i) + " is " + hex(a, info(to).bits) + ", want " +
                        hex(e.value.bits, info(to).bits) + " [" + std::string(ref::outcome_name(e.outcome)) + ", " +
                        std::string(ref::rule_name(e.rule)) + "]");
  }
  // Padding bits of the last byte are zero; nothing past the output changed.
  if (is_packed(to) && n > 0) {
    const size_t per = 8 / info(to).bits;
    for (size_t i = n; i % per != 0; ++i)
      if (load_bits(to, out.bytes.data(), i) != 0)
        fail(kTarget, call + ": padding bits of the last output byte are not zero");
  }
  for (size_t i = out.needed; i < out.bytes.size(); ++i)
    if (out.bytes[i] != 0xA5) fail(kTarget, call + ": byte " + std::to_string(i) + " past the output was written");
}

// The node the reference accepts: a short buffer and a stopped sink give their statuses, anything
// else succeeds with the reference's output.
void check_accepted(const std::string& call, const Node& node, castlike_status got, size_t written,
                    const Output& out, const ref::CastLikeOutput& ro) {
  const size_t n = ro.outcomes.size();
  if (!node.string_out && out.capacity < out.needed) {
    if (got != CASTLIKE_ERROR_BUFFER_TOO_SMALL || written != out.needed || out.bytes != out.before)
      fail(kTarget, call + ": output capacity " + std::to_string(out.capacity) + " < " + std::to_string(out.needed) +
                        " bytes: status " + status_text(got) + ", bytes_written " + std::to_string(written) +
                        " (want BUFFER_TOO_SMALL, the size needed, the buffer untouched)");
    return;
  }
  if (node.string_out && out.sink.stop_at < n) {
    if (got != CASTLIKE_ERROR_CALLBACK_ABORTED || out.sink.texts.size() != out.sink.stop_at)
      fail(kTarget, call + ": the sink stopped at element " + std::to_string(out.sink.stop_at) + ": status " +
                        status_text(got));
    return;
  }
  if (got != CASTLIKE_OK) fail(kTarget, call + ": status " + status_text(got) + ", the reference accepts the node");
  if (out.sink.bad) fail(kTarget, call + ": the sink got an index out of order or a text without its NUL");
  if (node.string_out) return check_texts(call, out, ro);
  if (written != out.needed)
    fail(kTarget, call + ": bytes_written " + std::to_string(written) + ", want " + std::to_string(out.needed));
  check_elements(call, node, out, ro);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Reader r(data, size, /*extend=*/true);
  const Node node = read_node(r);
  std::optional<castlike_status> expected = verdict_before_reference(node);
  ref::CastLikeRequest req = reference_request(node);
  const Count c = element_count(node.shape);
  // STRING inputs need exactly `count` texts: huge counts are only tried with numeric inputs.
  if (node.string_in && c.huge && !expected) return 0;  // the API cannot be told how many texts there are
  Input in = read_input(node, c.count, r, req);

  ref::CastLikeResult want;
  if (!expected) {
    want = ref::cast_like(req);
    if (const auto* err = std::get_if<std::string>(&want)) {
      expected = status_of_reference_error(*err);
      if (*expected == CASTLIKE_ERROR_INTERNAL) fail(kTarget, "unclassified reference error: " + *err);
    }
  }

  Output out = make_output(node, c);
  size_t written = 0;
  const castlike_status got = call_node(node, in, out, written);
  const std::string call = describe_call(node);
  if (expected) {
    if (got != *expected) {
      const std::string why =
          std::holds_alternative<std::string>(want) ? std::get<std::string>(want) : "(before the reference)";
      fail(kTarget, call + ": status " + status_text(got) + ", want " + status_text(*expected) + "; reference: " + why);
    }
    if (out.bytes != out.before) fail(kTarget, call + ": a rejected call wrote to the output buffer");
    return 0;
  }
  check_accepted(call, node, got, written, out, std::get<ref::CastLikeOutput>(want));
  return 0;
}
