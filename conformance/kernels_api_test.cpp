// The public API's contract: argument checks and their distinct status codes, sizes, offsets,
// overlap, the string calls, the CastLike-level call against the reference's model checks and
// results, ISA control, thread safety, and the C++ layer.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <random>
#include <thread>

#include "castlike/castlike.hpp"
#include "test_support.hpp"
#include "reference/cast_like.hpp"

// kernels_api_c_checks.c
extern "C" int castlike_c_enum_checks(char* first_failure, size_t size);

namespace castlike::kt {
namespace {

TEST(Convert, ZeroElementsIsValidEvenWithNullPointers) {
  EXPECT_EQ(castlike_convert(CASTLIKE_FLOAT, nullptr, 0, CASTLIKE_FLOAT16, nullptr, 0, 0, nullptr), CASTLIKE_OK);
  EXPECT_EQ(castlike_convert(CASTLIKE_INT4, nullptr, 3, CASTLIKE_UINT2, nullptr, 5, 0, nullptr), CASTLIKE_OK);
  EXPECT_EQ(castlike_convert_from_strings(nullptr, nullptr, 0, CASTLIKE_FLOAT, nullptr, 0, nullptr), CASTLIKE_OK);
  EXPECT_EQ(castlike_convert_to_strings(CASTLIKE_FLOAT, nullptr, 0, 0, nullptr, nullptr), CASTLIKE_OK);
}

TEST(Convert, NullPointersAreRejected) {
  float f[2] = {1, 2};
  uint16_t h[2];
  EXPECT_EQ(castlike_convert(CASTLIKE_FLOAT, nullptr, 0, CASTLIKE_FLOAT16, h, 0, 2, nullptr),
            CASTLIKE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(castlike_convert(CASTLIKE_FLOAT, f, 0, CASTLIKE_FLOAT16, nullptr, 0, 2, nullptr),
            CASTLIKE_ERROR_INVALID_ARGUMENT);
}

TEST(Convert, UnknownAndStringTypesAreRejected) {
  uint8_t a[8] = {}, b[8] = {};
  // Numbers that are not one of the 26 types (values outside the enumerators: CApi below).
  for (int bad : {0, 14, 15, 29})
    EXPECT_EQ(castlike_convert(static_cast<castlike_type>(bad), a, 0, CASTLIKE_FLOAT, b, 0, 1, nullptr),
              CASTLIKE_ERROR_UNKNOWN_TYPE)
        << bad;
  EXPECT_EQ(castlike_convert(CASTLIKE_STRING, a, 0, CASTLIKE_FLOAT, b, 0, 1, nullptr), CASTLIKE_ERROR_STRING_TYPE);
  EXPECT_EQ(castlike_convert(CASTLIKE_FLOAT, a, 0, CASTLIKE_STRING, b, 0, 1, nullptr), CASTLIKE_ERROR_STRING_TYPE);
}

TEST(Convert, AttributesAreChecked) {
  float f = 1;
  uint8_t out = 0;
  castlike_attributes a = castlike_default_attributes();
  EXPECT_EQ(a.saturate, 1);
  EXPECT_EQ(a.round_mode, CASTLIKE_ROUND_UP);
  a.saturate = 2;
  EXPECT_EQ(castlike_convert(CASTLIKE_FLOAT, &f, 0, CASTLIKE_FLOAT8E4M3FN, &out, 0, 1, &a),
            CASTLIKE_ERROR_INVALID_ATTRIBUTE);
  a.saturate = -1;
  EXPECT_EQ(castlike_convert(CASTLIKE_FLOAT, &f, 0, CASTLIKE_FLOAT8E4M3FN, &out, 0, 1, &a),
            CASTLIKE_ERROR_INVALID_ATTRIBUTE);
  a.saturate = 0;
  a.round_mode = static_cast<castlike_round_mode>(3);
  EXPECT_EQ(castlike_convert(CASTLIKE_FLOAT, &f, 0, CASTLIKE_FLOAT8E8M0, &out, 0, 1, &a),
            CASTLIKE_ERROR_INVALID_ATTRIBUTE);
  a.round_mode = CASTLIKE_ROUND_NEAREST;
  EXPECT_EQ(castlike_convert(CASTLIKE_FLOAT, &f, 0, CASTLIKE_FLOAT8E8M0, &out, 0, 1, &a), CASTLIKE_OK);
  EXPECT_EQ(out, 0x7F);  // 1.0 = 2^0
}

TEST(Convert, SizeOverflowIsReportedNotCrashed) {
  uint8_t a[16] = {}, b[16] = {};
  EXPECT_EQ(castlike_convert(CASTLIKE_FLOAT, a, 0, CASTLIKE_DOUBLE, b, 0, SIZE_MAX / 4, nullptr),
            CASTLIKE_ERROR_SIZE_OVERFLOW);
  EXPECT_EQ(castlike_convert(CASTLIKE_UINT8, a, SIZE_MAX, CASTLIKE_UINT8, b, 0, 1, nullptr),
            CASTLIKE_ERROR_SIZE_OVERFLOW);
  EXPECT_EQ(castlike_convert(CASTLIKE_INT4, a, SIZE_MAX - 1, CASTLIKE_UINT8, b, 0, 5, nullptr),
            CASTLIKE_ERROR_SIZE_OVERFLOW);
  EXPECT_EQ(castlike_convert(CASTLIKE_DOUBLE, a, SIZE_MAX / 8 + 1, CASTLIKE_UINT8, b, 0, 1, nullptr),
            CASTLIKE_ERROR_SIZE_OVERFLOW);
  // A buffer whose end would wrap around the address space.
  const void* high = reinterpret_cast<const void*>(UINTPTR_MAX - 15);
  EXPECT_EQ(castlike_convert(CASTLIKE_FLOAT, high, 0, CASTLIKE_FLOAT, b, 0, 8, nullptr), CASTLIKE_ERROR_SIZE_OVERFLOW);
  size_t bytes = 0;
  EXPECT_EQ(castlike_storage_bytes(CASTLIKE_INT4, 1, 3, &bytes), CASTLIKE_OK);
  EXPECT_EQ(bytes, 2u);
  EXPECT_EQ(castlike_storage_bytes(CASTLIKE_UINT2, 3, 2, &bytes), CASTLIKE_OK);
  EXPECT_EQ(bytes, 2u);
  EXPECT_EQ(castlike_storage_bytes(CASTLIKE_FLOAT, 7, 3, &bytes), CASTLIKE_OK);
  EXPECT_EQ(bytes, 12u);
  EXPECT_EQ(castlike_storage_bytes(CASTLIKE_DOUBLE, 0, SIZE_MAX, &bytes), CASTLIKE_ERROR_SIZE_OVERFLOW);
  EXPECT_EQ(castlike_storage_bytes(CASTLIKE_STRING, 0, 1, &bytes), CASTLIKE_ERROR_STRING_TYPE);
  EXPECT_EQ(castlike_storage_bytes(CASTLIKE_FLOAT, 0, 1, nullptr), CASTLIKE_ERROR_INVALID_ARGUMENT);
}

TEST(Convert, PackedSlicesKeepTheirNeighbours) {
  // INT4 elements 1..3 of a packed buffer; elements 0 and 4 must survive.
  const float in[3] = {1.0f, -2.0f, 7.0f};
  uint8_t out[3] = {0xAB, 0xCD, 0xEF};
  ASSERT_EQ(castlike_convert(CASTLIKE_FLOAT, in, 0, CASTLIKE_INT4, out, 1, 3, nullptr), CASTLIKE_OK);
  EXPECT_EQ(out[0], 0x1B);  // element 0 (0xB) kept, element 1 = 1
  EXPECT_EQ(out[1], 0x7E);  // -2 = 0xE, 7
  EXPECT_EQ(out[2], 0xEF);  // untouched
  // UINT2 from the middle of a byte to the middle of another.
  const uint8_t src = 0b11100100;  // elements 0,1,2,3 = 0,1,2,3
  uint8_t dst[2] = {0xFF, 0xFF};
  ASSERT_EQ(castlike_convert(CASTLIKE_UINT2, &src, 1, CASTLIKE_UINT2, dst, 3, 3, nullptr), CASTLIKE_OK);
  EXPECT_EQ(dst[0], 0b01111111);  // element 3 = 1
  EXPECT_EQ(dst[1], 0b11111110);  // elements 4, 5 = 2, 3
}

TEST(Convert, OverlappingBuffersReadTheWholeSourceFirst) {
  for (castlike_isa isa : available_isas()) {
    IsaGuard guard;
    ASSERT_EQ(castlike_force_isa(isa), CASTLIKE_OK);
    // FLOAT16 -> FLOAT in place, widening: the source sits at the start of the destination.
    std::vector<uint16_t> halves(100);
    for (size_t i = 0; i < halves.size(); ++i) halves[i] = static_cast<uint16_t>(0x3C00 + i * 37);
    std::vector<float> expected(halves.size());
    ASSERT_EQ(castlike_convert(CASTLIKE_FLOAT16, halves.data(), 0, CASTLIKE_FLOAT, expected.data(), 0, halves.size(),
                               nullptr),
              CASTLIKE_OK);
    std::vector<float> buffer(halves.size());
    std::memcpy(buffer.data(), halves.data(), halves.size() * 2);
    ASSERT_EQ(
        castlike_convert(CASTLIKE_FLOAT16, buffer.data(), 0, CASTLIKE_FLOAT, buffer.data(), 0, halves.size(), nullptr),
        CASTLIKE_OK);
    EXPECT_EQ(std::memcmp(buffer.data(), expected.data(), expected.size() * 4), 0);
    // INT4 -> INT4 shifted by one element inside one buffer.
    uint8_t packed[8] = {0x10, 0x32, 0x54, 0x76, 0x98, 0xBA, 0xDC, 0xFE};
    ASSERT_EQ(castlike_convert(CASTLIKE_INT4, packed, 0, CASTLIKE_INT4, packed, 1, 15, nullptr), CASTLIKE_OK);
    const uint8_t want[8] = {0x00, 0x21, 0x43, 0x65, 0x87, 0xA9, 0xCB, 0xED};
    EXPECT_EQ(std::memcmp(packed, want, 8), 0);
  }
}

// ---- Strings -----------------------------------------------------------------------------------

TEST(Strings, NulTerminatedAndCountedTexts) {
  const char* texts[] = {"1.5", " -2 ", "nan", "hello"};
  float out[4];
  ASSERT_EQ(castlike_convert_from_strings(texts, nullptr, 4, CASTLIKE_FLOAT, out, 0, nullptr), CASTLIKE_OK);
  EXPECT_EQ(out[0], 1.5f);
  EXPECT_EQ(out[1], -2.0f);
  EXPECT_TRUE(out[2] != out[2]);
  EXPECT_TRUE(out[3] != out[3]);  // not a number: unspecified, we give NaN
  // Counted texts need no terminator; NULL is allowed for an empty text only.
  const char raw[] = "12345";
  const char* counted[] = {raw, raw + 2, nullptr};
  const size_t lengths[] = {2, 3, 0};
  int32_t ints[3] = {7, 7, 7};
  ASSERT_EQ(castlike_convert_from_strings(counted, lengths, 3, CASTLIKE_INT32, ints, 0, nullptr), CASTLIKE_OK);
  EXPECT_EQ(ints[0], 12);
  EXPECT_EQ(ints[1], 345);
  EXPECT_EQ(ints[2], 0);  // "" is not a number: 0
  const size_t bad_lengths[] = {2, 3, 1};
  ints[0] = 99;
  EXPECT_EQ(castlike_convert_from_strings(counted, bad_lengths, 3, CASTLIKE_INT32, ints, 0, nullptr),
            CASTLIKE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ints[0], 99);  // nothing written
  const char* with_null[] = {"1", nullptr};
  EXPECT_EQ(castlike_convert_from_strings(with_null, nullptr, 2, CASTLIKE_INT32, ints, 0, nullptr),
            CASTLIKE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(castlike_convert_from_strings(texts, nullptr, 1, CASTLIKE_STRING, ints, 0, nullptr),
            CASTLIKE_ERROR_STRING_TYPE);
  // Into a packed slice: neighbours kept.
  uint8_t nibbles[2] = {0xFF, 0xFF};
  const char* three[] = {"1", "2.5", "-3"};
  ASSERT_EQ(castlike_convert_from_strings(three, nullptr, 3, CASTLIKE_INT4, nibbles, 1, nullptr), CASTLIKE_OK);
  EXPECT_EQ(nibbles[0], 0x1F);
  EXPECT_EQ(nibbles[1], 0xD2);  // 2.5 -> 2 (even), -3 -> 0xD
}

int stop_after_two(void* user, size_t index, const char*, size_t) {
  ++*static_cast<int*>(user);
  return index >= 1 ? 1 : 0;
}

TEST(Strings, SinkAndBufferCalls) {
  const double values[3] = {0.1, -1e-7, 1e16};
  int calls = 0;
  EXPECT_EQ(castlike_convert_to_strings(CASTLIKE_DOUBLE, values, 0, 3, &stop_after_two, &calls),
            CASTLIKE_ERROR_CALLBACK_ABORTED);
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(castlike_convert_to_strings(CASTLIKE_DOUBLE, values, 0, 3, nullptr, nullptr),
            CASTLIKE_ERROR_INVALID_ARGUMENT);
  size_t required = 0;
  EXPECT_EQ(castlike_convert_to_string_buffer(CASTLIKE_DOUBLE, values, 0, 3, nullptr, 0, nullptr, &required),
            CASTLIKE_ERROR_BUFFER_TOO_SMALL);
  EXPECT_EQ(required, std::string("0.1").size() + std::string("-1e-07").size() + std::string("1e+16").size() + 3);
  std::vector<char> small(required - 1, 'x');
  size_t offsets[4] = {9, 9, 9, 9};
  EXPECT_EQ(
      castlike_convert_to_string_buffer(CASTLIKE_DOUBLE, values, 0, 3, small.data(), small.size(), offsets, &required),
      CASTLIKE_ERROR_BUFFER_TOO_SMALL);
  EXPECT_EQ(small[0], 'x');
  EXPECT_EQ(offsets[0], 9u);
  std::vector<char> buffer(required);
  ASSERT_EQ(
      castlike_convert_to_string_buffer(CASTLIKE_DOUBLE, values, 0, 3, buffer.data(), buffer.size(), offsets, nullptr),
      CASTLIKE_OK);
  EXPECT_STREQ(buffer.data() + offsets[0], "0.1");
  EXPECT_STREQ(buffer.data() + offsets[1], "-1e-07");
  EXPECT_STREQ(buffer.data() + offsets[2], "1e+16");
  EXPECT_EQ(offsets[3], required);
  // Packed source from the middle of a byte; BOOL.
  const uint8_t int4s[2] = {0x8F, 0x07};  // -1, -8, 7
  ASSERT_EQ(
      castlike_convert_to_string_buffer(CASTLIKE_INT4, int4s, 1, 2, buffer.data(), buffer.size(), offsets, nullptr),
      CASTLIKE_OK);
  EXPECT_STREQ(buffer.data() + offsets[0], "-8");
  EXPECT_STREQ(buffer.data() + offsets[1], "7");
  const uint8_t bools[2] = {0, 2};
  ASSERT_EQ(
      castlike_convert_to_string_buffer(CASTLIKE_BOOL, bools, 0, 2, buffer.data(), buffer.size(), offsets, nullptr),
      CASTLIKE_OK);
  EXPECT_STREQ(buffer.data() + offsets[0], "False");
  EXPECT_STREQ(buffer.data() + offsets[1], "True");
}

// ---- CastLike ------------------------------------------------------------------------------------

castlike_status expected_status(const std::string& ref_error) {
  // The reference's messages name the check that failed.
  if (ref_error.find("has no Cast") != std::string::npos) return CASTLIKE_ERROR_UNKNOWN_OPSET;
  if ((ref_error.find("does not exist at Cast") != std::string::npos || ref_error.find(" is in no Cast") != std::string::npos) &&
      ref_error.find("attribute") == std::string::npos)
    return CASTLIKE_ERROR_TYPE_NOT_IN_OPSET;
  if (ref_error.find("attribute") != std::string::npos && ref_error.find("does not exist") != std::string::npos)
    return CASTLIKE_ERROR_ATTRIBUTE_NOT_IN_OPSET;
  if (ref_error.find("must be") != std::string::npos) return CASTLIKE_ERROR_INVALID_ATTRIBUTE;
  return CASTLIKE_ERROR_INVALID_ARGUMENT;
}

TEST(CastLike, NewestOpsetIsTheTypeTables) {
  EXPECT_EQ(castlike_newest_opset(), kNewestKnownOpset);
  EXPECT_EQ(castlike_newest_opset(), 28);  // onnx 1.23.2
  EXPECT_NE(std::string(castlike_status_message(CASTLIKE_ERROR_UNKNOWN_OPSET)).find("to opset 28"), std::string::npos);
}

// Cast and CastLike: the C API's castlike_cast / castlike_cast_like and the reference agree on every
// check of every operator version.
TEST(CastLike, OpsetTypeAndAttributeChecksAgreeWithTheReference) {
  size_t cases = 0;
  for (const Operator op : kOperators)
  for (int opset : {-1, 0, 12, 13, 14, 15, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 100}) {
    for (const TypeInfo& from : kTypeTable) {
      for (const TypeInfo& to : kTypeTable) {
        for (int sat : {-1, 0, 1, 2}) {  // -1: absent
          for (const char* mode : {static_cast<const char*>(nullptr), "up", "nearest", "sideways", "UP"}) {
            ref::CastLikeRequest req;
            req.op = op;
            req.input.type = from.type;
            req.target = to.type;
            req.opset = opset;
            if (sat >= 0) req.saturate = sat;
            if (mode != nullptr) req.round_mode = std::string(mode);
            const auto resolved = ref::resolve_attributes(req, {});
            castlike_status want = CASTLIKE_OK;
            if (const auto* err = std::get_if<std::string>(&resolved)) want = expected_status(*err);

            // An empty tensor of the input type.
            const int64_t shape[1] = {0};
            castlike_tensor in{};
            in.type = c_type(from.type);
            in.shape = shape;
            in.rank = 1;
            castlike_node_attributes na{};
            na.has_saturate = sat >= 0;
            na.saturate = sat;
            na.has_round_mode = mode != nullptr;
            na.round_mode = mode;
            castlike_output out{};
            out.sink = [](void*, size_t, const char*, size_t) { return 0; };
            const auto node = op == Operator::kCast ? &castlike_cast : &castlike_cast_like;
            const castlike_status got = node(&in, c_type(to.type), opset, &na, &out);
            EXPECT_EQ(got, want) << operator_name(op) << " opset " << opset << " " << from.name << " -> " << to.name << " saturate " << sat
                                 << " round_mode " << (mode ? mode : "(absent)");
            ++cases;
          }
        }
      }
    }
  }
  const int64_t shape[1] = {0};
  castlike_tensor in{};
  in.type = static_cast<castlike_type>(14);  // COMPLEX64
  in.shape = shape;
  in.rank = 1;
  castlike_output out{};
  EXPECT_EQ(castlike_cast_like(&in, CASTLIKE_FLOAT, 25, nullptr, &out), CASTLIKE_ERROR_UNKNOWN_TYPE);
  EXPECT_GT(cases, 10000u);
}

TEST(CastLike, ShapesDataAndOutputAreChecked) {
  const float data[6] = {1, 2, 3, 4, 5, 6};
  int64_t shape[2] = {2, 3};
  castlike_tensor in{};
  in.type = CASTLIKE_FLOAT;
  in.shape = shape;
  in.rank = 2;
  in.data = data;
  in.data_bytes = sizeof data;
  uint8_t buffer[16];
  castlike_output out{};
  out.data = buffer;
  out.capacity = 2;
  EXPECT_EQ(castlike_cast_like(&in, CASTLIKE_INT4, 25, nullptr, &out), CASTLIKE_ERROR_BUFFER_TOO_SMALL);
  EXPECT_EQ(out.bytes_written, 3u);
  out.capacity = sizeof buffer;
  std::memset(buffer, 0xFF, sizeof buffer);
  ASSERT_EQ(castlike_cast_like(&in, CASTLIKE_INT4, 25, nullptr, &out), CASTLIKE_OK);
  EXPECT_EQ(out.bytes_written, 3u);
  EXPECT_EQ(buffer[0], 0x21);
  EXPECT_EQ(buffer[2], 0x65);
  shape[1] = 5;  // the data no longer matches the shape
  in.rank = 2;
  EXPECT_EQ(castlike_cast_like(&in, CASTLIKE_INT4, 25, nullptr, &out), CASTLIKE_ERROR_INVALID_ARGUMENT);
  shape[1] = -3;
  EXPECT_EQ(castlike_cast_like(&in, CASTLIKE_INT4, 25, nullptr, &out), CASTLIKE_ERROR_INVALID_ARGUMENT);
  int64_t huge[3] = {INT64_MAX, INT64_MAX, 4};
  in.shape = huge;
  in.rank = 3;
  EXPECT_EQ(castlike_cast_like(&in, CASTLIKE_INT4, 25, nullptr, &out), CASTLIKE_ERROR_SIZE_OVERFLOW);
  in.shape = nullptr;
  EXPECT_EQ(castlike_cast_like(&in, CASTLIKE_INT4, 25, nullptr, &out), CASTLIKE_ERROR_INVALID_ARGUMENT);
  in.rank = 0;  // a scalar: one element, but 24 bytes of data
  EXPECT_EQ(castlike_cast_like(&in, CASTLIKE_INT4, 25, nullptr, &out), CASTLIKE_ERROR_INVALID_ARGUMENT);
  in.data_bytes = 4;
  ASSERT_EQ(castlike_cast_like(&in, CASTLIKE_INT4, 25, nullptr, &out), CASTLIKE_OK);
  EXPECT_EQ(buffer[0], 0x01);  // the padding nibble is zero
  EXPECT_EQ(castlike_cast_like(nullptr, CASTLIKE_INT4, 25, nullptr, &out), CASTLIKE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(castlike_cast_like(&in, CASTLIKE_INT4, 25, nullptr, nullptr), CASTLIKE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(castlike_cast_like(&in, CASTLIKE_STRING, 25, nullptr, &out), CASTLIKE_ERROR_INVALID_ARGUMENT);  // no sink
}

TEST(CastLike, ResultsMatchTheReferenceOperator) {
  std::mt19937_64 rng(5);
  for (const TypeInfo& from : kTypeTable) {
    for (const TypeInfo& to : kTypeTable) {
      if (from.type == ElementType::kString || to.type == ElementType::kString) continue;
      ref::CastLikeRequest req;
      req.input.type = from.type;
      req.input.shape = {3, static_cast<int64_t>(1 + rng() % 7)};
      const size_t count = static_cast<size_t>(req.input.shape[0] * req.input.shape[1]);
      const std::vector<uint64_t> patterns = sample_bits(from.type, count, rng());
      std::vector<uint64_t> chosen(count);
      for (size_t i = 0; i < count; ++i) chosen[i] = patterns[rng() % patterns.size()];
      req.input.data = pack(from.type, chosen);
      req.target = to.type;
      // CastLike-25 where it has the pair; Cast-28 for the FLOAT6 types, which only Cast-28 lists.
      const bool cast_only = !type_in_version(from.type, 25) || !type_in_version(to.type, 25);
      req.op = cast_only ? Operator::kCast : Operator::kCastLike;
      req.opset = cast_only ? 28 : 25;
      req.saturate = static_cast<int64_t>(rng() % 2);
      req.round_mode = std::string(round_mode_name(static_cast<castlike_round_mode>(rng() % 3)));
      const auto want = ref::cast_like(req);
      ASSERT_TRUE(std::holds_alternative<ref::CastLikeOutput>(want));
      const ref::CastLikeOutput& w = std::get<ref::CastLikeOutput>(want);

      Tensor in{c_type(from.type), req.input.shape, req.input.data, {}};
      NodeAttributes na{req.saturate, req.round_mode};
      Tensor got;
      ASSERT_EQ(cast_only ? cast(in, c_type(to.type), 28, na, got) : cast_like(in, c_type(to.type), 25, na, got),
                CASTLIKE_OK);
      ASSERT_EQ(got.shape, req.input.shape);
      ASSERT_EQ(got.data.size(), w.output.data.size());
      for (size_t i = 0; i < count; ++i) {
        const ref::Result r =
            ref::convert_element(from.type, ref::Element::of_bits(chosen[i]), to.type,
                                 ref::Attributes{*req.saturate == 1, *round_mode_from_name(*req.round_mode)});
        EXPECT_EQ(r.outcome, w.outcomes[i]);
        EXPECT_EQ(r.value.bits, load_bits(to.type, w.output.data.data(), i));
        EXPECT_TRUE(ref::matches(to.type, r, ref::Element::of_bits(load_bits(to.type, got.data.data(), i))))
            << from.name << " -> " << to.name << " element " << i << ": input "
            << hex(load_bits(from.type, req.input.data.data(), i)) << " got "
            << hex(load_bits(to.type, got.data.data(), i)) << " want " << hex(r.value.bits) << " saturate "
            << *req.saturate << " round_mode " << *req.round_mode;
      }
      const unsigned used = static_cast<unsigned>(count % 8 * to.bits % 8);  // bits of the last byte in use
      if (is_packed(to.type) && used != 0) EXPECT_EQ(got.data.back() >> used, 0) << "padding bits are zero";
    }
  }
}

TEST(CastLike, StringTensorsBothWays) {
  Tensor in{CASTLIKE_STRING, {2, 2}, {}, {"1.5", "-inf", "nan", "x"}};
  Tensor out;
  ASSERT_EQ(cast_like(in, CASTLIKE_FLOAT16, 15, {}, out), CASTLIKE_OK);
  ASSERT_EQ(out.data.size(), 8u);
  EXPECT_EQ(out.data[0] | (out.data[1] << 8), 0x3E00);
  EXPECT_EQ(out.data[2] | (out.data[3] << 8), 0xFC00);
  Tensor back;
  ASSERT_EQ(cast_like(out, CASTLIKE_STRING, 15, {}, back), CASTLIKE_OK);
  EXPECT_EQ(back.strings, (std::vector<std::string>{"1.5", "-inf", "nan", "nan"}));
  Tensor wrong{CASTLIKE_STRING, {3}, {}, {"1", "2"}};  // three elements, two texts
  EXPECT_EQ(cast_like(wrong, CASTLIKE_FLOAT, 15, {}, out), CASTLIKE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(cast_like(wrong, CASTLIKE_FLOAT8E4M3FN, 15, {}, out), CASTLIKE_ERROR_TYPE_NOT_IN_OPSET);
  Tensor same;
  ASSERT_EQ(cast_like(in, CASTLIKE_STRING, 25, {}, same), CASTLIKE_OK);
  EXPECT_EQ(same.strings, in.strings);
  EXPECT_EQ(cast_like(in, CASTLIKE_FLOAT, 18, NodeAttributes{1, std::nullopt}, out),
            CASTLIKE_ERROR_ATTRIBUTE_NOT_IN_OPSET);
  EXPECT_EQ(cast_like(in, CASTLIKE_FLOAT, 24, NodeAttributes{std::nullopt, std::string("upward")}, out),
            CASTLIKE_ERROR_INVALID_ATTRIBUTE);
}

// ---- Status and ISA control ----------------------------------------------------------------------

TEST(Status, EveryCodeHasAMessage) {
  for (int s = 0; s <= 13; ++s) {
    const char* m = castlike_status_message(static_cast<castlike_status>(s));
    ASSERT_NE(m, nullptr);
    EXPECT_GT(std::strlen(m), 3u);
  }
  EXPECT_STRNE(castlike_status_message(CASTLIKE_ERROR_TYPE_NOT_IN_OPSET),
               castlike_status_message(CASTLIKE_ERROR_ATTRIBUTE_NOT_IN_OPSET));
}

TEST(Isa, ForcingFollowsAvailability) {
  IsaGuard guard;
  EXPECT_TRUE(castlike_isa_available(CASTLIKE_ISA_SCALAR));
  for (castlike_isa isa : {CASTLIKE_ISA_SCALAR, CASTLIKE_ISA_AVX2, CASTLIKE_ISA_AVX512, CASTLIKE_ISA_NEON}) {
    const castlike_isa before = castlike_active_isa();
    const castlike_status s = castlike_force_isa(isa);
    if (castlike_isa_available(isa)) {
      EXPECT_EQ(s, CASTLIKE_OK);
      EXPECT_EQ(castlike_active_isa(), isa);
    } else {
      EXPECT_EQ(s, CASTLIKE_ERROR_UNSUPPORTED_ISA) << castlike_isa_name(isa);
      EXPECT_EQ(castlike_active_isa(), before);
    }
  }
  EXPECT_STREQ(castlike_isa_name(CASTLIKE_ISA_AVX512), "avx512");
#if defined(__aarch64__)
  EXPECT_FALSE(castlike_isa_available(CASTLIKE_ISA_AVX2));
#else
  EXPECT_FALSE(castlike_isa_available(CASTLIKE_ISA_NEON));
#endif
}

// Run by ctest with CASTLIKE_ISA set (kernels_isa_environment_*): the level in force at the first
// call is the one the variable names, when available.
TEST(IsaEnvironment, FirstLevelFollowsTheVariable) {
  const char* env = std::getenv("CASTLIKE_ISA");
  if (env == nullptr) GTEST_SKIP() << "CASTLIKE_ISA is not set";
  const std::string want = env;
  castlike_isa named = CASTLIKE_ISA_SCALAR;
  bool known = false;
  for (castlike_isa isa : {CASTLIKE_ISA_SCALAR, CASTLIKE_ISA_AVX2, CASTLIKE_ISA_AVX512, CASTLIKE_ISA_NEON})
    if (want == castlike_isa_name(isa)) named = isa, known = true;
  if (known && castlike_isa_available(named))
    EXPECT_EQ(castlike_active_isa(), named);
  else
    EXPECT_TRUE(castlike_isa_available(castlike_active_isa()));
}

TEST(CApi, ValuesOutsideTheEnumerators) {
  char first[256] = "";
  EXPECT_EQ(castlike_c_enum_checks(first, sizeof first), 0) << first;
}

TEST(Threads, ConcurrentConversionsAgree) {
  std::vector<float> in(100000);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(static_cast<double>(i) * 0.37 - 9000.0);
  std::vector<uint8_t> want(in.size());
  ASSERT_EQ(castlike_convert(CASTLIKE_FLOAT, in.data(), 0, CASTLIKE_FLOAT8E5M2, want.data(), 0, in.size(), nullptr),
            CASTLIKE_OK);
  std::vector<std::thread> threads;
  std::atomic<int> bad{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int round = 0; round < 5; ++round) {
        std::vector<uint8_t> got(in.size());
        if (castlike_convert(CASTLIKE_FLOAT, in.data(), 0, CASTLIKE_FLOAT8E5M2, got.data(), 0, in.size(), nullptr) !=
                CASTLIKE_OK ||
            got != want)
          ++bad;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(bad.load(), 0);
}

// ---- The C++ layer ------------------------------------------------------------------------------

TEST(Cpp, TypedConvert) {
  const std::vector<float> in = {1.0f, -2.5f, 448.0f, 1e9f};
  std::vector<uint8_t> out(in.size());
  ASSERT_EQ((convert<dtype::Float, dtype::Float8E4M3FN>(in, out)), CASTLIKE_OK);
  EXPECT_EQ(out, (std::vector<uint8_t>{0x38, 0xC2, 0x7E, 0x7E}));
  ASSERT_EQ((convert<dtype::Float, dtype::Float8E4M3FN>(in, out, Attributes{false, CASTLIKE_ROUND_UP})), CASTLIKE_OK);
  EXPECT_EQ(out[3], 0x7F);  // beyond max without saturation: NaN
  std::vector<uint16_t> small(2);
  EXPECT_EQ((convert<dtype::Float, dtype::Bfloat16>(in, small)), CASTLIKE_ERROR_BUFFER_TOO_SMALL);
  // Packed: 5 INT4 elements into 3 bytes, then back to int8.
  const std::vector<int8_t> ints = {1, -1, 7, -8, 3};
  std::vector<uint8_t> packed(3);
  ASSERT_EQ((convert<dtype::Int8, dtype::Int4>(ints, 0, packed, 0, ints.size())), CASTLIKE_OK);
  EXPECT_EQ(packed, (std::vector<uint8_t>{0xF1, 0x87, 0x03}));
  std::vector<int8_t> back(5);
  ASSERT_EQ((convert<dtype::Int4, dtype::Int8>(packed, 0, back, 0, 5)), CASTLIKE_OK);
  EXPECT_EQ(back, ints);
  EXPECT_EQ((convert<dtype::Int4, dtype::Int8>(packed, 1, back, 0, 6)), CASTLIKE_ERROR_INVALID_ARGUMENT);
  bool flags[3];
  const double ds[3] = {0.0, -0.0, 0.1};
  ASSERT_EQ((convert<dtype::Double, dtype::Bool>(std::span<const double>(ds), std::span<bool>(flags))), CASTLIKE_OK);
  EXPECT_FALSE(flags[0]);
  EXPECT_FALSE(flags[1]);
  EXPECT_TRUE(flags[2]);
}

TEST(Cpp, Strings) {
  const std::vector<std::string> texts = {"0.1", "1e-5", "-7"};
  std::vector<uint16_t> halves(3);
  ASSERT_EQ(from_strings<dtype::Float16>(std::span<const std::string>(texts), halves), CASTLIKE_OK);
  EXPECT_EQ(halves[0], 0x2E66);
  std::vector<std::string> back;
  ASSERT_EQ(to_strings<dtype::Float16>(halves, back), CASTLIKE_OK);
  EXPECT_EQ(back, (std::vector<std::string>{"0.1", "1e-05", "-7.0"}));
  const uint8_t e8m0[2] = {0x00, 0x7F};
  ASSERT_EQ(to_strings<dtype::Float8E8M0>(std::span<const uint8_t>(e8m0), back), CASTLIKE_OK);
  EXPECT_EQ(back, (std::vector<std::string>{"0.0", "1.0"}));  // 0x00 reads as 0 (A12)
}

}  // namespace
}  // namespace castlike::kt
