// Conversions for Python: the kernels through the C API's castlike_cast_like (raw ONNX layout in
// and out, the GIL released during the call), packing of the types narrower than a byte (2-, 4-
// and 6-bit) between one byte per element (ml_dtypes' layout) and ONNX's, and the exact reference: its bits, outcome classes
// and rule ids for a tensor, and the explanation of one element.
#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstring>

#include "castlike/castlike.h"
#include "castlike/packing.hpp"
#include "common.hpp"
#include "judging/conversion_explanation.hpp"
#include "reference/cast_like.hpp"

namespace castlike::python {
namespace {

using Bytes = nb::ndarray<const uint8_t, nb::ndim<1>, nb::c_contig, nb::device::cpu>;
using MutableBytes = nb::ndarray<uint8_t, nb::ndim<1>, nb::c_contig, nb::device::cpu>;

castlike_node_attributes node_attributes(const std::optional<int64_t>& saturate,
                                         const std::optional<std::string>& round_mode) {
  castlike_node_attributes a{};
  if (saturate) a.has_saturate = 1, a.saturate = *saturate;
  if (round_mode) a.has_round_mode = 1, a.round_mode = round_mode->c_str();
  return a;
}

// A rank-1 tensor of `type` with *dim elements; the caller sets its data or texts.
castlike_tensor vector_tensor(ElementType type, const int64_t* dim) {
  castlike_tensor t{};
  t.type = static_cast<castlike_type>(type);
  t.shape = dim;
  t.rank = 1;
  return t;
}

// "Cast" or "CastLike", else ValueError.
Operator operator_named(const std::string& name) {
  const auto op = operator_from_name(name);
  if (!op) throw nb::value_error(("unknown operator '" + name + "' (Cast or CastLike)").c_str());
  return *op;
}

// castlike_cast_like or castlike_cast, with the GIL released while it runs.
castlike_status call_node(const std::string& op, const castlike_tensor& input, ElementType target, int64_t opset,
                          const std::optional<int64_t>& saturate, const std::optional<std::string>& round_mode,
                          castlike_output& output) {
  const auto node = operator_named(op) == Operator::kCast ? &castlike_cast : &castlike_cast_like;
  const castlike_node_attributes a = node_attributes(saturate, round_mode);
  nb::gil_scoped_release release;
  return node(&input, static_cast<castlike_type>(target), opset, &a, &output);
}

// (status, bytes written): the C API's answer, turned into exceptions by castlike/_errors.py.
nb::tuple cast_raw(Bytes src, const std::string& from, size_t count, const std::string& to, MutableBytes dst,
                   int64_t opset, std::optional<int64_t> saturate, std::optional<std::string> round_mode,
                   const std::string& op) {
  const ElementType f = type_named(from), t = type_named(to);
  if (f == ElementType::kString || t == ElementType::kString)
    throw nb::value_error("cast_raw takes numeric types (the STRING calls are cast_from_texts / cast_to_texts)");
  if (count > static_cast<size_t>(INT64_MAX)) throw nb::value_error("element count too large");
  const int64_t dim = static_cast<int64_t>(count);
  castlike_tensor input = vector_tensor(f, &dim);
  input.data = src.data();
  input.data_bytes = src.shape(0);
  castlike_output output{};
  output.data = dst.data();
  output.capacity = dst.shape(0);
  const castlike_status s = call_node(op, input, t, opset, saturate, round_mode, output);
  return nb::make_tuple(static_cast<int>(s), output.bytes_written);
}

nb::tuple cast_from_texts(const std::vector<std::string>& texts, const std::string& to, MutableBytes dst,
                          int64_t opset, std::optional<int64_t> saturate, std::optional<std::string> round_mode,
                          const std::string& op) {
  const ElementType t = type_named(to);
  std::vector<const char*> pointers;
  std::vector<size_t> lengths;
  for (const std::string& s : texts) pointers.push_back(s.data()), lengths.push_back(s.size());
  const int64_t dim = static_cast<int64_t>(texts.size());
  castlike_tensor input = vector_tensor(ElementType::kString, &dim);
  input.strings = pointers.data();
  input.string_lengths = lengths.data();
  castlike_output output{};
  output.data = dst.data();
  output.capacity = dst.shape(0);
  const castlike_status s = call_node(op, input, t, opset, saturate, round_mode, output);
  return nb::make_tuple(static_cast<int>(s), output.bytes_written);
}

int collect_text(void* user, size_t, const char* text, size_t length) {
  static_cast<std::vector<std::string>*>(user)->emplace_back(text, length);
  return 0;
}

// (status, texts); `src` is raw bytes, or a list of texts for a STRING source (CastLike's identity).
nb::tuple cast_to_texts(nb::object src, const std::string& from, size_t count, int64_t opset,
                        std::optional<int64_t> saturate, std::optional<std::string> round_mode, const std::string& op) {
  const ElementType f = type_named(from);
  if (count > static_cast<size_t>(INT64_MAX)) throw nb::value_error("element count too large");
  const int64_t dim = static_cast<int64_t>(count);
  castlike_tensor input = vector_tensor(f, &dim);
  std::vector<std::string> in_texts;
  std::vector<const char*> pointers;
  std::vector<size_t> lengths;
  std::optional<Bytes> bytes;
  if (f == ElementType::kString) {
    in_texts = nb::cast<std::vector<std::string>>(src);
    if (in_texts.size() != count) throw nb::value_error("text count differs from the element count");
    for (const std::string& s : in_texts) pointers.push_back(s.data()), lengths.push_back(s.size());
    input.strings = pointers.data();
    input.string_lengths = lengths.data();
  } else {
    bytes = nb::cast<Bytes>(src);
    input.data = bytes->data();
    input.data_bytes = bytes->shape(0);
  }
  std::vector<std::string> texts;
  castlike_output output{};
  output.sink = collect_text;
  output.sink_user_data = &texts;
  const castlike_status s = call_node(op, input, ElementType::kString, opset, saturate, round_mode, output);
  return nb::make_tuple(static_cast<int>(s), texts);
}

// The packed type named `type`, else a ValueError listing the packed types (read off the table, so
// that a new sub-byte width is listed without an edit here).
ElementType packed_type_named(const std::string& type) {
  const ElementType t = type_named(type);
  if (is_packed(t)) return t;
  std::string names;
  for (const TypeInfo& i : kTypeTable)
    if (is_packed(i.type)) names += (names.empty() ? "" : ", ") + std::string(i.name);
  throw nb::value_error((type + " is not a packed type (the types narrower than a byte: " + names + ")").c_str());
}

// One byte per element (low bits) -> ONNX's packed layout, and back: one little-endian bit string,
// element i at bits [i*bits, (i+1)*bits), so a 6-bit element may straddle two bytes.
void pack(const std::string& type, Bytes values, MutableBytes packed) {
  const ElementType t = packed_type_named(type);
  const auto need = storage_bytes(t, values.shape(0));
  if (!need) throw nb::value_error("element count too large");
  if (packed.shape(0) != *need)
    throw nb::value_error(("packed buffer of " + std::to_string(packed.shape(0)) + " bytes; " +
                           std::to_string(values.shape(0)) + " elements of " + type + " take " + std::to_string(*need))
                              .c_str());
  std::memset(packed.data(), 0, packed.shape(0));
  nb::gil_scoped_release release;
  pack_elements(t, values.data(), values.shape(0), packed.data(), 0);
}

void unpack(const std::string& type, Bytes packed, MutableBytes values) {
  const ElementType t = packed_type_named(type);
  const auto need = storage_bytes(t, values.shape(0));
  if (!need) throw nb::value_error("element count too large");
  if (packed.shape(0) < *need)
    throw nb::value_error(("packed buffer of " + std::to_string(packed.shape(0)) + " bytes is too small: " +
                           std::to_string(values.shape(0)) + " elements of " + type + " take " + std::to_string(*need))
                              .c_str());
  nb::gil_scoped_release release;
  unpack_elements(t, packed.data(), 0, values.shape(0), values.data());
}

ref::CastLikeRequest request_of(const std::string& op, const std::string& from, const std::string& to, int64_t opset,
                                std::optional<int64_t> saturate, std::optional<std::string> round_mode) {
  ref::CastLikeRequest r;
  r.op = operator_named(op);
  r.input.type = type_named(from);
  r.target = type_named(to);
  if (opset < 1 || opset > 1000) throw nb::value_error(("opset " + std::to_string(opset) + " does not exist").c_str());
  r.opset = static_cast<int>(opset);
  r.saturate = saturate;
  r.round_mode = round_mode;
  return r;
}

// The reference on a tensor: (output raw bytes or texts, outcome codes, rule indices). The
// codes index _core.outcomes() and _core.rules().
nb::tuple expected(nb::object input, const std::string& from, size_t count, const std::string& to, int64_t opset,
                   std::optional<int64_t> saturate, std::optional<std::string> round_mode, const std::string& profile,
                   const std::string& overrides, const std::string& op) {
  ref::CastLikeRequest r = request_of(op, from, to, opset, saturate, round_mode);
  const ref::Variants variants = variants_of(profile, overrides);
  r.input.shape = {static_cast<int64_t>(count)};
  if (r.input.type == ElementType::kString) {
    r.input.strings = nb::cast<std::vector<std::string>>(input);
    if (r.input.strings.size() != count) throw nb::value_error("text count differs from the element count");
  } else {
    const Bytes b = nb::cast<Bytes>(input);
    r.input.data.assign(b.data(), b.data() + b.shape(0));
  }
  ref::CastLikeResult result;
  {
    nb::gil_scoped_release release;
    result = ref::cast_like(r, variants);
  }
  if (const auto* error = std::get_if<std::string>(&result)) throw nb::value_error(error->c_str());
  const ref::CastLikeOutput& out = std::get<ref::CastLikeOutput>(result);
  std::vector<uint8_t> outcomes(out.outcomes.size());
  std::vector<uint16_t> rules(out.rules.size());
  for (size_t i = 0; i < outcomes.size(); ++i) outcomes[i] = static_cast<uint8_t>(out.outcomes[i]);
  for (size_t i = 0; i < rules.size(); ++i) rules[i] = static_cast<uint16_t>(out.rules[i]);
  nb::object values = r.target == ElementType::kString
                          ? nb::cast(out.output.strings)
                          : nb::object(nb::bytes(reinterpret_cast<const char*>(out.output.data.data()), out.output.data.size()));
  return nb::make_tuple(values, nb::bytes(reinterpret_cast<const char*>(outcomes.data()), outcomes.size()),
                        nb::bytes(reinterpret_cast<const char*>(rules.data()), rules.size() * 2));
}

// One element explained: a dict with the reference's answer and the text `castlike explain` prints.
nb::dict explain(nb::object value, const std::string& from, const std::string& to, int64_t opset,
                 std::optional<int64_t> saturate, std::optional<std::string> round_mode, const std::string& profile,
                 const std::string& overrides, const std::string& op) {
  ref::CastLikeRequest r = request_of(op, from, to, opset, saturate, round_mode);
  harness::ConversionQuestion q;
  q.op = r.op;
  q.from = r.input.type;
  q.to = r.target;
  q.opset = r.opset;
  q.saturate = saturate;
  q.round_mode = round_mode;
  q.profile = profile;
  q.variants = variants_of(profile, overrides);
  const auto resolved = ref::resolve_attributes(r, q.variants);
  if (const auto* error = std::get_if<std::string>(&resolved)) throw nb::value_error(error->c_str());
  const ref::Attributes& a = std::get<ref::Attributes>(resolved);
  ref::Element in;
  std::string input_line;
  if (q.from == ElementType::kString) {
    in = ref::Element::of_text(nb::cast<std::string>(value));
    input_line = "\"" + in.text + "\" (STRING, used as is)";
  } else {
    const uint64_t bits = nb::cast<uint64_t>(value);
    if (bits & ~bit_mask(q.from))
      throw nb::value_error(("bit pattern does not fit in " + from + "'s " + std::to_string(info(q.from).bits) + " bits").c_str());
    in = ref::Element::of_bits(bits);
    input_line = harness::element_value_text(q.from, in, q.variants) + " (bit pattern)";
    input_line = input_line.substr(0, input_line.find(' ')) + " (bit pattern)";
  }
  const ref::Result res = ref::convert_element(q.from, in, q.to, a, q.variants);
  const ref::Decoded d = ref::decode_element(q.from, in, q.variants);
  nb::dict out;
  out["text"] = harness::explain_conversion(q, a, in, input_line, "");
  if (q.to == ElementType::kString) out["value"] = res.value.text;
  else out["value"] = res.value.bits;
  out["outcome"] = std::string(ref::outcome_name(res.outcome));
  out["rule"] = std::string(ref::rule_name(res.rule));
  out["rule_summary"] = std::string(ref::rule_summary(res.rule));
  out["input_exact"] = d.not_a_number ? std::string("NaN") : ref::to_exact_string(d.value);
  out["output_exact"] = q.to == ElementType::kString
                            ? res.value.text
                            : (ref::decode_element(q.to, res.value, q.variants).not_a_number
                                   ? std::string("NaN")
                                   : ref::to_exact_string(ref::decode_element(q.to, res.value, q.variants).value));
  out["attributes"] = harness::attributes_line(q, a);
  return out;
}

}  // namespace

void def_conversions(nb::module_& m) {
  m.def("cast_raw", &cast_raw, nb::arg("src"), nb::arg("from_type"), nb::arg("count"), nb::arg("to"), nb::arg("dst"),
        nb::arg("opset"), nb::arg("saturate").none(), nb::arg("round_mode").none(), nb::arg("op") = "CastLike");
  m.def("cast_from_texts", &cast_from_texts, nb::arg("texts"), nb::arg("to"), nb::arg("dst"), nb::arg("opset"),
        nb::arg("saturate").none(), nb::arg("round_mode").none(), nb::arg("op") = "CastLike");
  m.def("cast_to_texts", &cast_to_texts, nb::arg("src"), nb::arg("from_type"), nb::arg("count"), nb::arg("opset"),
        nb::arg("saturate").none(), nb::arg("round_mode").none(), nb::arg("op") = "CastLike");
  m.def("pack", &pack);
  m.def("unpack", &unpack);
  m.def("storage_bytes", [](const std::string& type, size_t count) -> std::optional<size_t> {
    return storage_bytes(type_named(type), count);
  });
  m.def("outcomes", [] {
    return std::vector<std::string>{std::string(ref::outcome_name(ref::OutcomeClass::kExact)),
                                    std::string(ref::outcome_name(ref::OutcomeClass::kNan)),
                                    std::string(ref::outcome_name(ref::OutcomeClass::kUnspecified)),
                                    std::string(ref::outcome_name(ref::OutcomeClass::kRoundTrip))};
  });
  m.def("expected", &expected, nb::arg("input"), nb::arg("from_type"), nb::arg("count"), nb::arg("to"),
        nb::arg("opset"), nb::arg("saturate").none(), nb::arg("round_mode").none(), nb::arg("profile"),
        nb::arg("variants"), nb::arg("op") = "CastLike");
  m.def("explain", &explain, nb::arg("value"), nb::arg("from_type"), nb::arg("to"), nb::arg("opset"),
        nb::arg("saturate").none(), nb::arg("round_mode").none(), nb::arg("profile"), nb::arg("variants"),
        nb::arg("op") = "CastLike");
}

}  // namespace castlike::python
