// Every pair of the type table (STRING included) through the public API, on every ISA level this machine
// has: numeric pairs through castlike_convert, STRING sources through castlike_convert_from_strings,
// STRING destinations through castlike_convert_to_string_buffer, STRING -> STRING through
// castlike_cast_like. Inputs: every pattern of the 8-bit-or-narrower types, corners and random
// patterns of the wider ones, and the sample texts; each result compared with the reference by
// outcome class, under every attribute combination that matters.
#include <gtest/gtest.h>

#include <cstdio>

#include "test_support.hpp"

namespace castlike::kt {
namespace {

std::vector<ElementType> all_types() {
  std::vector<ElementType> out;
  for (const TypeInfo& t : kTypeTable) out.push_back(t.type);
  return out;
}

void numeric_to_numeric(ElementType from, ElementType to, const std::vector<uint64_t>& inputs, castlike_isa isa) {
  const std::vector<uint8_t> src = pack(from, inputs);
  for (const Variant& v : variants_for(to)) {
    const auto expected = reference(from, inputs, to, v.attrs);
    std::vector<uint8_t> dst(*storage_bytes(to, inputs.size()));
    ASSERT_EQ(castlike_convert(c_type(from), src.data(), 0, c_type(to), dst.data(), 0, inputs.size(), &v.attrs),
              CASTLIKE_OK);
    Tally t;
    for (size_t i = 0; i < inputs.size(); ++i)
      check(to, expected[i], load_bits(to, dst.data(), i), t,
            [&] { return name(from) + " " + hex(inputs[i]) + " " + v.name; });
    EXPECT_EQ(t.failures, 0u) << name(from) << " -> " << name(to) << " on " << castlike_isa_name(isa) << ": "
                              << t.summary() << "\n  " << (t.samples.empty() ? "" : t.samples[0]);
    EXPECT_EQ(t.unspecified_not_documented, 0u) << name(from) << " -> " << name(to);
  }
}

void numeric_to_string(ElementType from, const std::vector<uint64_t>& inputs) {
  const std::vector<uint8_t> src = pack(from, inputs);
  const size_t n = inputs.size();
  size_t required = 0;
  ASSERT_EQ(castlike_convert_to_string_buffer(c_type(from), src.data(), 0, n, nullptr, 0, nullptr, &required),
            CASTLIKE_ERROR_BUFFER_TOO_SMALL);
  std::vector<char> buffer(required);
  std::vector<size_t> offsets(n + 1);
  ASSERT_EQ(castlike_convert_to_string_buffer(c_type(from), src.data(), 0, n, buffer.data(), buffer.size(),
                                              offsets.data(), &required),
            CASTLIKE_OK);
  ASSERT_EQ(offsets[n], required);
  size_t failures = 0;
  for (size_t i = 0; i < n; ++i) {
    const std::string got(buffer.data() + offsets[i]);
    const ref::Result r = ref::convert_element(from, ref::Element::of_bits(inputs[i]), ElementType::kString, {});
    if (got != r.value.text && failures++ < 5)
      ADD_FAILURE() << name(from) << " " << hex(inputs[i]) << " -> STRING: got \"" << got << "\", want \""
                    << r.value.text << "\"";
  }
  EXPECT_EQ(failures, 0u);
}

void string_to_numeric(ElementType to, const std::vector<std::string>& texts) {
  for (const Variant& v : variants_for(to)) {
    castlike_status status;
    const Tally t = texts_against_reference(to, texts, v, status,
                                            [&](size_t i) { return "\"" + texts[i].substr(0, 40) + "\" " + v.name; });
    ASSERT_EQ(status, CASTLIKE_OK);
    EXPECT_EQ(t.failures, 0u) << "STRING -> " << name(to) << ": " << t.summary() << "\n  "
                              << (t.samples.empty() ? "" : t.samples[0]);
    EXPECT_EQ(t.unspecified_not_documented, 0u) << "STRING -> " << name(to);
  }
}

int collect(void* user, size_t, const char* text, size_t length) {
  static_cast<std::vector<std::string>*>(user)->emplace_back(text, length);
  return 0;
}

void string_to_string(const std::vector<std::string>& texts) {
  std::vector<const char*> ptrs;
  std::vector<size_t> lens;
  for (const auto& s : texts) {
    ptrs.push_back(s.data());
    lens.push_back(s.size());
  }
  const int64_t shape[1] = {static_cast<int64_t>(texts.size())};
  castlike_tensor in{};
  in.type = CASTLIKE_STRING;
  in.shape = shape;
  in.rank = 1;
  in.strings = ptrs.data();
  in.string_lengths = lens.data();
  std::vector<std::string> out;
  castlike_output o{};
  o.sink = &collect;
  o.sink_user_data = &out;
  ASSERT_EQ(castlike_cast_like(&in, CASTLIKE_STRING, 25, nullptr, &o), CASTLIKE_OK);
  EXPECT_EQ(out, texts);  // identity: the texts unchanged
}

class AllPairs : public ::testing::TestWithParam<ElementType> {};

TEST_P(AllPairs, EveryDestinationOnEveryIsa) {
  const ElementType from = GetParam();
  IsaGuard guard;
  const std::vector<uint64_t> inputs =
      from == ElementType::kString ? std::vector<uint64_t>{} : sample_bits(from, 300);
  const std::vector<std::string> texts = sample_texts();
  size_t pairs = 0;
  for (castlike_isa isa : available_isas()) {
    ASSERT_EQ(castlike_force_isa(isa), CASTLIKE_OK);
    ASSERT_EQ(castlike_active_isa(), isa);
    for (const TypeInfo& ti : kTypeTable) {
      const ElementType to = ti.type;
      SCOPED_TRACE(name(from) + " -> " + name(to) + " on " + castlike_isa_name(isa));
      if (from == ElementType::kString && to == ElementType::kString)
        string_to_string(texts);
      else if (from == ElementType::kString)
        string_to_numeric(to, texts);
      else if (to == ElementType::kString)
        numeric_to_string(from, inputs);
      else
        numeric_to_numeric(from, to, inputs, isa);
      ++pairs;
    }
  }
  EXPECT_EQ(pairs, kTypeTable.size() * available_isas().size());
  std::printf("[ %s ] %zu destinations x %zu ISA levels\n", name(from).c_str(), kTypeTable.size(),
              available_isas().size());
}

INSTANTIATE_TEST_SUITE_P(Kernels, AllPairs, ::testing::ValuesIn(all_types()),
                         [](const ::testing::TestParamInfo<ElementType>& p) { return name(p.param); });

}  // namespace
}  // namespace castlike::kt
