// The 42 examples of the CastLike pages, bit for bit, under the default profile. Each example is
// its own test (ctest name: SpecExamples/Example.Reproduces/<example>), and a second test per
// example checks that every printed value reads back exactly to the bits the file records.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "castlike/packing.hpp"
#include "formats/vector_file.hpp"
#include "reference/cast_like.hpp"

namespace castlike::harness {
namespace {

std::vector<std::string> example_paths() {
  std::vector<std::string> paths;
  const std::filesystem::path dir = std::filesystem::path(CASTLIKE_SOURCE_DIR) / "vectors" / "spec-examples";
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".json") paths.push_back(entry.path().string());
  std::sort(paths.begin(), paths.end());
  return paths;
}

VectorFile load(const std::string& path) {
  auto f = load_vector_file(path);
  if (auto* error = std::get_if<std::string>(&f)) {
    ADD_FAILURE() << *error;
    return {};
  }
  return std::get<VectorFile>(std::move(f));
}

class Example : public ::testing::TestWithParam<std::string> {};

TEST(SpecExampleSet, HasAllFortyTwo) { EXPECT_EQ(example_paths().size(), 42u); }

TEST_P(Example, Reproduces) {
  const VectorFile f = load(GetParam());
  ASSERT_FALSE(f.input.empty());
  const auto result = ref::cast_like(f.request());
  ASSERT_TRUE(std::holds_alternative<ref::CastLikeOutput>(result)) << std::get<std::string>(result);
  const auto& out = std::get<ref::CastLikeOutput>(result);
  for (size_t i = 0; i < f.expected.size(); ++i) {
    const uint64_t actual = load_bits(f.to, out.output.data.data(), i);
    const ref::Result got{ref::Element::of_bits(actual), out.outcomes[i], out.rules[i]};
    if (f.outcomes[i] == ref::OutcomeClass::kNan) {
      // The page prints "nan" without a sign, so any NaN of the destination reproduces it.
      EXPECT_EQ(out.outcomes[i], ref::OutcomeClass::kNan) << "element " << i << " rule " << ref::rule_name(out.rules[i]);
      continue;
    }
    EXPECT_EQ(out.outcomes[i], ref::OutcomeClass::kExact) << "element " << i;
    EXPECT_EQ(actual, f.expected[i].bits)
        << "element " << i << ": input " << ref::describe_element(f.from, f.input[i]) << " expected "
        << ref::describe_element(f.to, f.expected[i]) << " got " << ref::describe_element(f.to, got.value)
        << " by rule " << ref::rule_name(out.rules[i]);
  }
  if (f.expected_packed) EXPECT_EQ(out.output.data, *f.expected_packed);
}

// Reads a printed value into `type` exactly: round to nearest (FLOAT8E8M0: nearest power of two),
// no saturation (so "inf" stays infinite), range judged on the rounded value (numpy prints 2^-127
// as 5.87747e-39, a hair below it).
ref::Result read_printed(ElementType type, const std::string& printed) {
  ref::Attributes a;
  a.saturate = false;
  a.round_mode = CASTLIKE_ROUND_NEAREST;
  ref::Variants v;
  v.a11 = ref::Variants::E8M0Range::kRounded;
  return ref::convert_element(ElementType::kString, ref::Element::of_text(printed), type, a, v);
}

TEST_P(Example, PrintedValuesReadBackToTheirBits) {
  const VectorFile f = load(GetParam());
  ASSERT_EQ(f.input_printed.size(), f.input.size());
  ASSERT_EQ(f.expected_printed.size(), f.expected.size());
  const auto check = [](ElementType type, const std::vector<std::string>& printed, const std::vector<ref::Element>& bits,
                        const char* side) {
    for (size_t i = 0; i < printed.size(); ++i) {
      const ref::Result r = read_printed(type, printed[i]);
      ASSERT_NE(r.outcome, ref::OutcomeClass::kUnspecified) << side << " " << i << ": '" << printed[i] << "'";
      if (r.outcome == ref::OutcomeClass::kNan) {
        ref::Result want{bits[i], ref::OutcomeClass::kNan, r.rule};
        EXPECT_TRUE(ref::matches(type, want, r.value)) << side << " " << i << ": '" << printed[i] << "'";
      } else {
        EXPECT_EQ(r.value.bits, bits[i].bits) << side << " " << i << ": '" << printed[i] << "' reads as "
                                              << ref::describe_element(type, r.value);
      }
    }
  };
  check(f.from, f.input_printed, f.input, "input");
  check(f.to, f.expected_printed, f.expected, "expected");
  if (f.input_packed) {
    const auto request = f.request();
    EXPECT_EQ(request.input.data, *f.input_packed);
  }
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  return std::filesystem::path(info.param).stem().string();
}

INSTANTIATE_TEST_SUITE_P(SpecExamples, Example, ::testing::ValuesIn(example_paths()), test_name);

}  // namespace
}  // namespace castlike::harness
