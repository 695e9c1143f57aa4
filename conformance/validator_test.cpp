// Generated vectors and the validator: the generator's input sets, the file round trip,
// results files (good and every kind of bad), the shared-library plug-in, the variant explanations
// and the reports.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>

#include "castlike/packing.hpp"
#include "judging/expectation.hpp"
#include "generation/generator.hpp"
#include "judging/readings.hpp"
#include "reference/cast_like.hpp"
#include "reference/decimal.hpp"
#include "formats/sha256.hpp"
#include "judging/validator.hpp"
#include "rendering/render.hpp"

namespace castlike::harness {
namespace {

namespace fs = std::filesystem;

// A scratch directory per test, removed afterwards.
class Scratch {
 public:
  Scratch() {
    std::random_device rd;
    dir_ = fs::temp_directory_path() / ("castlike-validator-test-" + std::to_string(rd()));
    fs::create_directories(dir_);
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  fs::path path(const std::string& name) const { return dir_ / name; }
  std::string str() const { return dir_.string(); }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }

 private:
  fs::path dir_;
};

VectorFile make(ElementType from, ElementType to, std::optional<int64_t> saturate = std::nullopt,
                std::optional<std::string> round_mode = std::nullopt) {
  const CaseSpec spec{Operator::kCastLike, from, to, 25, saturate, round_mode};
  auto made = make_case(spec, interesting_inputs(from, to, InputSet::kStructured));
  EXPECT_TRUE(std::holds_alternative<VectorFile>(made)) << std::get<std::string>(made);
  return std::get<VectorFile>(std::move(made));
}

// Writes generated cases into the directory and loads them as a set.
VectorSet write_set(const Scratch& s, const std::vector<VectorFile>& files) {
  for (const auto& f : files) s.write(f.name + ".json", render_vector_file(f, GeneratedSource{}));
  auto set = load_vector_set({s.str()});
  EXPECT_TRUE(std::holds_alternative<VectorSet>(set)) << std::get<std::string>(set);
  return std::get<VectorSet>(std::move(set));
}

bool has_bits(const std::vector<ref::Element>& v, uint64_t bits) {
  return std::any_of(v.begin(), v.end(), [&](const ref::Element& e) { return e.bits == bits; });
}
bool has_text(const std::vector<ref::Element>& v, const std::string& text) {
  return std::any_of(v.begin(), v.end(), [&](const ref::Element& e) { return e.text == text; });
}

// ---------------------------------------------------------------------------------------------

TEST(Sha256, KnownDigests) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex(std::string(1000, 'a')), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
}

TEST(Generator, SmallSourcesAreExhaustive) {
  EXPECT_EQ(interesting_inputs(ElementType::kFloat8E4M3FN, ElementType::kFloat, InputSet::kStructured).size(), 256u);
  EXPECT_EQ(interesting_inputs(ElementType::kInt4, ElementType::kFloat, InputSet::kStructured).size(), 16u);
  EXPECT_EQ(interesting_inputs(ElementType::kUint2, ElementType::kInt8, InputSet::kStructured).size(), 4u);
  EXPECT_EQ(interesting_inputs(ElementType::kBool, ElementType::kFloat, InputSet::kStructured).size(), 2u);
  EXPECT_EQ(interesting_inputs(ElementType::kFloat16, ElementType::kFloat, InputSet::kExhaustive16).size(), 65536u);
  EXPECT_LT(interesting_inputs(ElementType::kFloat16, ElementType::kFloat, InputSet::kStructured).size(), 2000u);
}

TEST(Generator, WideSourcesHitMidpointsThresholdsAndTraps) {
  const auto f8 = interesting_inputs(ElementType::kFloat, ElementType::kFloat8E4M3FN, InputSet::kStructured);
  EXPECT_TRUE(has_bits(f8, 0x43e80000));  // 464: E4M3FN's overflow threshold
  EXPECT_TRUE(has_bits(f8, 0x43e7ffff));  // just below it
  EXPECT_TRUE(has_bits(f8, 0x43e80001));  // just above it
  EXPECT_TRUE(has_bits(f8, 0x7fc00000));  // NaN
  EXPECT_TRUE(has_bits(f8, 0xffc00000));  // -NaN
  EXPECT_TRUE(has_bits(f8, 0xff800000));  // -inf
  EXPECT_TRUE(has_bits(f8, 0x80000000));  // -0
  EXPECT_TRUE(has_bits(f8, 0x3a800000));  // 2^-10: half the smallest subnormal, a tie to 0
  // Every E4M3FN midpoint between positive finite values is an input (0.53125 between 0x30, 0x31).
  EXPECT_TRUE(has_bits(f8, 0x3f080000));
  // Double rounding: 2^40 + 2^32 + 1 as INT64 -> BFLOAT16 (A9).
  const auto i64 = interesting_inputs(ElementType::kInt64, ElementType::kBfloat16, InputSet::kStructured);
  EXPECT_TRUE(has_bits(i64, (uint64_t{1} << 40) + (uint64_t{1} << 32) + 1));
  // DOUBLE -> BFLOAT16: the midpoint 1 + 2^-8 and its double neighbours.
  const auto d = interesting_inputs(ElementType::kDouble, ElementType::kBfloat16, InputSet::kStructured);
  EXPECT_TRUE(has_bits(d, 0x3ff0100000000000));
  EXPECT_TRUE(has_bits(d, 0x3ff0100000000001));
  EXPECT_TRUE(has_bits(d, 0x3ff00fffffffffff));
  // FLOAT -> FLOAT8E8M0: 2^-130 (A4) and 1.5 (the nearest tie).
  const auto e8 = interesting_inputs(ElementType::kFloat, ElementType::kFloat8E8M0, InputSet::kStructured);
  EXPECT_TRUE(has_bits(e8, 0x00080000));
  EXPECT_TRUE(has_bits(e8, 0x3fc00000));
}

TEST(Generator, StringInputsHaveMidpointTextsSpecialWordsAndNonNumbers) {
  const auto s = interesting_inputs(ElementType::kString, ElementType::kFloat16, InputSet::kStructured);
  EXPECT_TRUE(has_text(s, "65520"));                               // FLOAT16's overflow threshold
  EXPECT_TRUE(has_text(s, "65519.999999999999999999999"));        // just below it
  EXPECT_TRUE(has_text(s, "65520.000000000000000000001"));         // just above it
  EXPECT_TRUE(has_text(s, "iNfInItY"));
  EXPECT_TRUE(has_text(s, "-nan"));
  EXPECT_TRUE(has_text(s, "Hello World!"));
  const VectorFile f = make(ElementType::kString, ElementType::kFloat16);
  for (size_t i = 0; i < f.input.size(); ++i)
    if (f.input[i].text == "Hello World!") {
      EXPECT_EQ(f.outcomes[i], ref::OutcomeClass::kUnspecified);
      EXPECT_EQ(*f.rules[i], ref::RuleId::kStringNotANumber);
    }
}

TEST(Generator, CaseSpecsCoverTheRelevantAttributes) {
  const auto f8 = case_specs(Operator::kCastLike, ElementType::kFloat, ElementType::kFloat8E5M2, OpsetChoice::kNewest, {}, AttributeChoice::kRelevant);
  ASSERT_EQ(f8.size(), 2u);
  EXPECT_EQ(case_name(f8[1]), "FLOAT_to_FLOAT8E5M2_op25_sat0");
  EXPECT_EQ(case_specs(Operator::kCastLike, ElementType::kFloat, ElementType::kFloat8E8M0, OpsetChoice::kNewest, {}, AttributeChoice::kRelevant).size(), 6u);
  EXPECT_EQ(case_specs(Operator::kCastLike, ElementType::kFloat, ElementType::kInt8, OpsetChoice::kNewest, {}, AttributeChoice::kRelevant).size(), 1u);
  // Every CastLike version where both types exist, each with its attributes.
  const auto all = case_specs(Operator::kCastLike, ElementType::kFloat, ElementType::kFloat16, OpsetChoice::kAll, {}, AttributeChoice::kAll);
  EXPECT_EQ(all.size(), 1u + 5u * 3u + 0u + 2u * 3u * 3u);  // 15: none; 19..23: saturate x3; 24, 25: x round_mode x4
  EXPECT_TRUE(case_specs(Operator::kCastLike, ElementType::kInt2, ElementType::kFloat, OpsetChoice::kListed, {21, 24}, AttributeChoice::kRelevant).empty());
}

TEST(Generator, RenderedFilesLoadBackIdentically) {
  Scratch s;
  for (const auto& [from, to] : std::vector<std::pair<ElementType, ElementType>>{
           {ElementType::kFloat, ElementType::kFloat4E2M1}, {ElementType::kString, ElementType::kInt4},
           {ElementType::kInt2, ElementType::kString}, {ElementType::kDouble, ElementType::kFloat8E8M0}}) {
    const VectorFile f = make(from, to);
    const std::string text = render_vector_file(f, GeneratedSource{});
    auto back = parse_vector_text(text, f.name + ".json");
    ASSERT_TRUE(std::holds_alternative<VectorFile>(back)) << std::get<std::string>(back);
    const auto& g = std::get<VectorFile>(back);
    EXPECT_EQ(g.kind, "generated");
    ASSERT_EQ(g.input.size(), f.input.size());
    for (size_t i = 0; i < f.input.size(); ++i) {
      EXPECT_EQ(g.input[i].bits, f.input[i].bits);
      EXPECT_EQ(g.input[i].text, f.input[i].text);
      EXPECT_EQ(g.expected[i].bits, f.expected[i].bits);
      EXPECT_EQ(g.expected[i].text, f.expected[i].text);
      EXPECT_EQ(g.outcomes[i], f.outcomes[i]);
      EXPECT_EQ(g.rules[i], f.rules[i]);
    }
    EXPECT_EQ(g.input_packed, f.input_packed);
    EXPECT_EQ(g.expected_packed, f.expected_packed);
  }
}

// ---------------------------------------------------------------------------------------------

TEST(Validator, ReferenceAgainstItselfHasNoFailure) {
  Scratch s;
  const VectorSet set = write_set(s, {make(ElementType::kFloat, ElementType::kFloat8E4M3FN),
                                      make(ElementType::kFloat, ElementType::kFloat8E4M3FN, 0),
                                      make(ElementType::kString, ElementType::kFloat),
                                      make(ElementType::kFloat8E8M0, ElementType::kString)});
  auto impl = make_reference_implementation({}, "reference");
  const Report r = validate(set, *impl);
  EXPECT_TRUE(r.ok()) << report_text(r);
  EXPECT_GT(r.total.pass, 500u);
  EXPECT_GT(r.total.unspecified, 0u);  // the STRING non-numbers
}

// A raw output stream answers in input order, not by case: driving it over a vector set is an
// error that says so, before any case runs.
TEST(Validator, AnImplementationOfEveryInputOnlyIsRefusedOnAVectorSet) {
  Scratch s;
  const VectorSet set = write_set(s, {make(ElementType::kFloat, ElementType::kFloat8E4M3FN)});
  auto loaded = open_raw_outputs("/dev/null", "raw outputs /dev/null");
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<Implementation>>(loaded));
  auto& impl = *std::get<std::unique_ptr<Implementation>>(loaded);
  ASSERT_TRUE(impl.serves(Mode::kCases).has_value());
  EXPECT_FALSE(impl.serves(Mode::kEveryInput).has_value());
  try {
    validate(set, impl);
    FAIL() << "validate() ran a raw output stream over a vector set";
  } catch (const UnservedMode& e) {
    EXPECT_NE(std::string(e.what()).find("in input order"), std::string::npos) << e.what();
  }
}

struct VariantCase {
  const char* variants;
  ElementType from, to;
  const char* rule;
  const char* verdict;
};

TEST(Validator, NamesTheVariantAReferenceVariantFollows) {
  const VariantCase cases[] = {
      {"A2=six", ElementType::kFloat, ElementType::kFloat4E2M1, "F4.NAN.ZERO", "follows variant A2=six"},
      {"A2=negzero", ElementType::kFloat16, ElementType::kFloat4E2M1, "F4.NAN.ZERO", "follows variant A2=negzero"},
      {"A8=truncate-wrap", ElementType::kFloat, ElementType::kInt4, "INT4.RNE_WRAP", "follows variant A8=truncate-wrap"},
      {"A9=through-float32", ElementType::kDouble, ElementType::kBfloat16, "FLOAT.RNE", "follows variant A9=through-float32"},
      {"A1=nan", ElementType::kFloat, ElementType::kFloat8E5M2FNUZ, "F8.SAT.INF", "follows variant A1=nan"},
      {"A12=exact", ElementType::kFloat8E8M0, ElementType::kFloat, "FLOAT.RNE", "follows variant A12=exact"},
      // Texts only fail on their spelling when judged strictly (--strict-text).
      {"A10=printf-g", ElementType::kFloat, ElementType::kString, "STR.FORMAT.SHORTEST", "follows variant A10=printf-g"},
  };
  for (const VariantCase& c : cases) {
    Scratch s;
    const VectorSet set = write_set(s, {make(c.from, c.to)});
    ref::Variants v;
    ASSERT_FALSE(ref::apply_variant_overrides(v, c.variants));
    auto impl = make_reference_implementation(v, c.variants);
    ValidateOptions options;
    options.strict_text = c.to == ElementType::kString;
    const Report r = validate(set, *impl, options);
    const auto rule = *ref::rule_from_name(c.rule);
    ASSERT_TRUE(r.rules.count(rule)) << c.variants;
    const RuleResult& rr = r.rules.at(rule);
    EXPECT_GT(rr.counts.fail, 0u) << c.variants;
    EXPECT_EQ(rr.verdict.rfind(c.verdict, 0), 0u) << c.variants << ": " << rr.verdict;
    EXPECT_FALSE(rr.examples.empty());
    EXPECT_FALSE(r.discrepancies.empty());
  }
}

// An implementation that prints floats with C's %.<digits>g (as onnxruntime prints with %.8g).
class PrintfText final : public CasesOnly {
 public:
  explicit PrintfText(int digits) : digits_(digits) {}
  std::string name() const override { return "printf"; }
  std::string description() const override { return "test"; }
  CaseOutput run(const VectorFile& file, size_t) override {
    CaseOutput c;
    for (const ref::Element& in : file.input) {
      const ref::ExactValue v = ref::decode_element(file.from, in).value;
      c.elements.push_back(ref::Element::of_text(v.is_finite() ? ref::format_printf_g(v, digits_) : v.is_nan() ? "NaN" : v.negative ? "-INF" : "INF"));
    }
    c.element_errors.assign(file.input.size(), "");
    return c;
  }

 private:
  int digits_;
};

TEST(Validator, FloatTextsPassOnTheValueTheyDenote) {
  Scratch s;
  const VectorSet set = write_set(s, {make(ElementType::kFloat, ElementType::kString),
                                      make(ElementType::kDouble, ElementType::kString),
                                      make(ElementType::kFloat8E4M3FN, ElementType::kString)});
  // max_digits10 digits always read back: every text passes, although none is the reference's.
  PrintfText nine(17);
  const Report full = validate(set, nine);
  EXPECT_EQ(full.total.fail, 0u) << report_text(full);
  EXPECT_GT(full.total.pass, 300u);
  // ... unless judged by the exact text.
  ValidateOptions strict;
  strict.strict_text = true;
  const Report exact = validate(set, nine, strict);
  EXPECT_GT(exact.total.fail, 300u);
  EXPECT_NE(report_text(exact).find("--strict-text"), std::string::npos);
  // %.8g loses information for some FLOAT values and for DOUBLE: those fail, named, with the
  // element they read back to.
  PrintfText eight(8);
  const Report lossy = validate(set, eight);
  EXPECT_GT(lossy.total.fail, 0u);
  for (const auto& [pair, result] : lossy.pairs)
    if (pair.first == ElementType::kFloat8E4M3FN) {
      EXPECT_EQ(result.counts.fail, 0u);
    }
  const RuleResult& shortest = lossy.rules.at(ref::RuleId::kFormatShortest);
  EXPECT_EQ(shortest.verdict.rfind("follows variant A10=%.8g", 0), 0u) << shortest.verdict;
  const std::string text = report_text(lossy);
  EXPECT_NE(text.find("(reads back as 0x"), std::string::npos) << text;
  EXPECT_NE(text.find("any text that reads back to the same"), std::string::npos) << text;
}

TEST(Validator, SaturateIgnoredIsNamed) {
  Scratch s;
  // The reference with saturate forced to 0 is "an implementation that ignores saturate".
  VectorFile f = make(ElementType::kFloat, ElementType::kFloat8E4M3FN);
  const VectorSet set = write_set(s, {f});
  class IgnoresSaturate final : public CasesOnly {
   public:
    std::string name() const override { return "ignores-saturate"; }
    std::string description() const override { return "test"; }
    CaseOutput run(const VectorFile& file, size_t) override {
      ref::CastLikeRequest r = file.request();
      r.saturate = 0;
      const auto out = std::get<ref::CastLikeOutput>(ref::cast_like(r));
      CaseOutput c;
      for (size_t i = 0; i < file.input.size(); ++i) c.elements.push_back(ref::Element::of_bits(load_bits(file.to, out.output.data.data(), i)));
      c.element_errors.assign(file.input.size(), "");
      return c;
    }
  } impl;
  const Report r = validate(set, impl);
  EXPECT_EQ(r.rules.at(ref::RuleId::kF8SaturateOverflow).verdict, "follows variant saturate=0");
}

TEST(Validator, AReadingAPassingElementContradictsIsListedWithThatElement) {
  Scratch s;
  // saturate=0 asked; the implementation gives +-max below 496 and the right NaN from there on: it
  // does not ignore saturate (500 -> NaN), so "saturate=1" must not explain its failures in [464, 496).
  VectorFile f = make(ElementType::kFloat, ElementType::kFloat8E4M3FN, 0);
  const VectorSet set = write_set(s, {f});
  class SaturatesBelow496 final : public CasesOnly {
   public:
    std::string name() const override { return "saturates-below-496"; }
    std::string description() const override { return "test"; }
    CaseOutput run(const VectorFile& file, size_t) override {
      ref::CastLikeRequest r = file.request();
      r.saturate = 1;
      const auto saturated = std::get<ref::CastLikeOutput>(ref::cast_like(r));
      r.saturate = 0;
      const auto asked = std::get<ref::CastLikeOutput>(ref::cast_like(r));
      CaseOutput c;
      for (size_t i = 0; i < file.input.size(); ++i) {
        float x;
        const uint32_t bits = static_cast<uint32_t>(file.input[i].bits);
        std::memcpy(&x, &bits, sizeof x);
        const auto& out = std::fabs(x) < 496.0f ? saturated : asked;
        c.elements.push_back(ref::Element::of_bits(load_bits(file.to, out.output.data.data(), i)));
      }
      c.element_errors.assign(file.input.size(), "");
      return c;
    }
  } impl;
  const Report r = validate(set, impl);
  const auto row = std::find_if(r.discrepancies.begin(), r.discrepancies.end(),
                                [](const Discrepancy& d) { return d.rule == "F8.NOSAT.OVERFLOW"; });
  ASSERT_NE(row, r.discrepancies.end());
  // Element by element saturate=1 gives every failure ([464, 496): 448, not NaN) ...
  EXPECT_NE(row->explained_by.find("saturate=1"), std::string::npos) << row->explained_by;
  // ... and a passing element (from 496: NaN, where saturate=1 gives 448) contradicts it.
  const auto refuted = std::find_if(row->contradicted.begin(), row->contradicted.end(),
                                    [](const Discrepancy::Contradicted& c) { return c.reading == "saturate=1"; });
  ASSERT_NE(refuted, row->contradicted.end());
  float x;
  const uint32_t bits = static_cast<uint32_t>(refuted->element.input.bits);
  std::memcpy(&x, &bits, sizeof x);
  EXPECT_GE(std::fabs(x), 496.0f);
  EXPECT_EQ(refuted->element.actual.bits & 0x7F, 0x7Fu);    // NaN, right
  EXPECT_EQ(refuted->element.expected.bits & 0x7F, 0x7Eu);  // saturate=1's +-448
}

// ---------------------------------------------------------------------------------------------
// Results files

std::string results_for(const VectorSet& set, Implementation& impl, const std::string& skip = "") {
  using nlohmann::json;
  std::string out = R"({"format":"castlike-results","format_version":1,"implementation":{"name":"test","version":"1"}})" "\n";
  size_t n = 0;
  for (size_t i = 0; i < set.size(); ++i) {
    const auto loaded = set.load(i);
    const VectorFile& f = *loaded;
    if (f.name == skip) continue;
    const CaseOutput c = impl.run(f, i);
    json line{{"case", f.name}, {"sha256", set.entry(i).sha256}, {"from", std::string(info(f.from).name)},
              {"to", std::string(info(f.to).name)}, {"status", "ok"}};
    json values = json::array();
    for (const auto& e : c.elements)
      values.push_back(f.to == ElementType::kString ? json(e->text) : json(format_hex_bits(e->bits, info(f.to).bits)));
    line[f.to == ElementType::kString ? "text" : "bits"] = values;
    out += line.dump() + "\n";
    ++n;
  }
  return out + R"({"end":true,"cases":)" + std::to_string(n) + "}\n";
}

class ResultsFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    set_ = write_set(vectors_, {make(ElementType::kFloat, ElementType::kFloat4E2M1), make(ElementType::kInt8, ElementType::kString)});
    auto ref = make_reference_implementation({}, "reference");
    good_ = results_for(set_, *ref);
  }
  // Loads `text` as a results file; the error, or "" when it loads.
  std::string error_of(const std::string& text) {
    results_.write("r.jsonl", text);
    auto r = load_results_file(results_.path("r.jsonl").string(), set_);
    return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : "";
  }
  static std::string replace(std::string s, const std::string& from, const std::string& to) {
    const size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) s.replace(at, from.size(), to);
    return s;
  }
  Scratch vectors_, results_;
  VectorSet set_;
  std::string good_;
};

TEST_F(ResultsFiles, AGoodFileValidatesClean) {
  ASSERT_EQ(error_of(good_), "");
  auto impl = load_results_file(results_.path("r.jsonl").string(), set_);
  const Report r = validate(set_, *std::get<std::unique_ptr<Implementation>>(impl));
  EXPECT_TRUE(r.ok()) << report_text(r);
  EXPECT_EQ(r.implementation, "test");
}

TEST_F(ResultsFiles, MalformedLineNamesFileAndLine) {
  const std::string e = error_of(replace(good_, "\"status\":\"ok\"", "\"status\":\"ok\",,"));
  EXPECT_NE(e.find("r.jsonl:2: malformed JSON"), std::string::npos) << e;
}

TEST_F(ResultsFiles, TruncatedFileIsRejected) {
  const std::string cut = good_.substr(0, good_.rfind("{\"end\""));
  EXPECT_NE(error_of(cut).find(":3: truncated"), std::string::npos) << error_of(cut);
  const std::string mid = good_.substr(0, good_.size() / 2);
  EXPECT_NE(error_of(mid).find("malformed JSON"), std::string::npos) << error_of(mid);
  EXPECT_NE(error_of(mid).find("r.jsonl:"), std::string::npos) << error_of(mid);
  EXPECT_NE(error_of("").find("empty results file"), std::string::npos);
}

TEST_F(ResultsFiles, DuplicateKeysAreRejected) {
  const std::string e = error_of(replace(good_, "\"status\":\"ok\"", "\"status\":\"rejected\",\"status\":\"ok\""));
  EXPECT_NE(e.find("r.jsonl:2: key 'status' appears twice"), std::string::npos) << e;
  const std::string h = error_of(replace(good_, "\"version\":\"1\"", "\"version\":\"1\",\"name\":\"other\""));
  EXPECT_NE(h.find("r.jsonl:1: key 'name' appears twice in implementation"), std::string::npos) << h;
}

TEST_F(ResultsFiles, UnknownTypeIsRejected) {
  const std::string e = error_of(replace(good_, "\"to\":\"FLOAT4E2M1\"", "\"to\":\"FLOAT4E3M0\""));
  EXPECT_NE(e.find(":2: unknown element type 'FLOAT4E3M0' in field 'to'"), std::string::npos) << e;
}

TEST_F(ResultsFiles, DifferentVectorSetIsRejected) {
  // Another sha256: the case was made from another file.
  const size_t at = good_.find("\"sha256\":\"") + 10;
  std::string other = good_;
  other[at] = other[at] == '0' ? '1' : '0';
  EXPECT_NE(error_of(other).find("was made from a different vector file"), std::string::npos) << error_of(other);
  // A case the set does not have.
  const std::string renamed = replace(good_, "\"case\":\"FLOAT_to_FLOAT4E2M1_op25\"", "\"case\":\"FLOAT_to_FLOAT4E2M1_op23\"");
  EXPECT_NE(error_of(renamed).find("is not in the vector set"), std::string::npos) << error_of(renamed);
  // A case missing.
  auto ref = make_reference_implementation({}, "reference");
  const std::string missing = results_for(set_, *ref, "INT8_to_STRING_op25");
  EXPECT_NE(error_of(missing).find("cover 1 of the vector set's 2 cases; missing 'INT8_to_STRING_op25'"), std::string::npos)
      << error_of(missing);
}

TEST_F(ResultsFiles, WrongElementsAreRejected) {
  const std::string short_bits = replace(good_, "\"bits\":[\"", "\"bits\":[\"0x00\",\"");
  EXPECT_NE(error_of(short_bits).find("field 'bits' has"), std::string::npos) << error_of(short_bits);
  const std::string bad_bits = replace(good_, "\"bits\":[\"0x", "\"bits\":[\"0xz");
  EXPECT_NE(error_of(bad_bits).find("is not a FLOAT4E2M1 bit pattern"), std::string::npos) << error_of(bad_bits);
  const std::string null_bits = replace(good_, "\"bits\":[\"0x0", "\"bits\":[null,\"0x0");
  EXPECT_NE(error_of(replace(null_bits, "\"0x00\",", "")).find(""), std::string::npos);
  EXPECT_NE(error_of(replace(good_, "\"status\":\"ok\"", "\"status\":\"maybe\"")).find("unknown status 'maybe'"),
            std::string::npos);
  EXPECT_NE(error_of(replace(good_, "castlike-results", "castlike-vectors")).find(":1: field 'format'"), std::string::npos);
}

TEST_F(ResultsFiles, RejectionsAndElementErrorsAreCoverage) {
  std::string text = good_;
  // Reject the INT8 -> STRING case, and make one FLOAT4 element an element error.
  const size_t line_start = text.find("{\"case\":\"INT8_to_STRING_op25\"");
  const size_t line_end = text.find('\n', line_start);
  const std::string sha = set_.entry(1).sha256;
  text.replace(line_start, line_end - line_start,
               R"({"case":"INT8_to_STRING_op25","sha256":")" + sha +
                   R"(","from":"INT8","to":"STRING","status":"rejected","stage":"load","message":"NOT_IMPLEMENTED: no string cast"})");
  text = replace(text, "\"bits\":[\"0x00\"", "\"bits\":[null");
  text = replace(text, "\"status\":\"ok\"", "\"status\":\"ok\",\"errors\":[{\"index\":0,\"message\":\"boom\"}]");
  ASSERT_EQ(error_of(text), "");
  auto impl = load_results_file(results_.path("r.jsonl").string(), set_);
  const Report r = validate(set_, *std::get<std::unique_ptr<Implementation>>(impl));
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.total.fail, 0u);
  const PairResult& p = r.pairs.at({ElementType::kInt8, ElementType::kString});
  ASSERT_EQ(p.rejections.size(), 1u);
  EXPECT_EQ(p.rejections[0].message, "NOT_IMPLEMENTED: no string cast");
  EXPECT_EQ(p.counts.rejected, 256u);
  const PairResult& q = r.pairs.at({ElementType::kFloat, ElementType::kFloat4E2M1});
  EXPECT_EQ(q.counts.rejected, 1u);
  const std::string text_report = report_text(r);
  EXPECT_NE(text_report.find("1 call(s), 256 element(s): NOT_IMPLEMENTED: no string cast\n      rejected INT8_to_STRING_op25 (opset 25)\n"), std::string::npos);
}

TEST_F(ResultsFiles, LinesInAnyOrderAreReadWhenTheirCaseRuns) {
  // The case lines reversed: the strict pass keeps where each starts, the run reads them again.
  std::vector<std::string> lines;
  std::stringstream in(good_);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 4u);
  std::swap(lines[1], lines[2]);
  std::string reversed;
  for (const auto& line : lines) reversed += line + "\n";
  ASSERT_EQ(error_of(reversed), "");
  auto impl = load_results_file(results_.path("r.jsonl").string(), set_);
  const Report r = validate(set_, *std::get<std::unique_ptr<Implementation>>(impl));
  EXPECT_TRUE(r.ok()) << report_text(r);
  EXPECT_EQ(r.cases, 2u);
  EXPECT_EQ(r.total.pass + r.total.unspecified, set_.entry(0).elements + set_.entry(1).elements);
}

TEST_F(ResultsFiles, AResultsFileChangedDuringTheRunIsAnError) {
  ASSERT_EQ(error_of(good_), "");
  auto impl = load_results_file(results_.path("r.jsonl").string(), set_);
  // Another line where the first case's line was: the run must not judge it as that case.
  std::ofstream(results_.path("r.jsonl"), std::ios::binary) << std::string(good_.size(), '\n');
  try {
    validate(set_, *std::get<std::unique_ptr<Implementation>>(impl));
    ADD_FAILURE() << "the run went on with a changed results file";
  } catch (const InputChanged& e) {
    EXPECT_NE(std::string(e.what()).find("r.jsonl:2: "), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("changed during the run"), std::string::npos) << e.what();
  }
}

TEST(VectorSets, AVectorFileChangedDuringTheRunIsAnError) {
  Scratch s;
  const VectorSet set = write_set(s, {make(ElementType::kInt8, ElementType::kInt4)});
  ASSERT_EQ(set.size(), 1u);
  // Still valid, but not the bytes the set was checked (and a results file matched) with.
  const VectorFile other = make(ElementType::kInt8, ElementType::kInt4, std::nullopt, std::nullopt);
  std::string text = render_vector_file(other, GeneratedSource{});
  s.write(set.entry(0).name + ".json", text + "\n");
  auto impl = make_reference_implementation({}, "reference");
  try {
    validate(set, *impl);
    ADD_FAILURE() << "the run went on with a changed vector file";
  } catch (const InputChanged& e) {
    EXPECT_NE(std::string(e.what()).find("the file changed during the run"), std::string::npos) << e.what();
  }
}

TEST(VectorSets, OnlyTheEntriesStayInTheSet) {
  Scratch s;
  const VectorSet set = write_set(s, {make(ElementType::kInt8, ElementType::kInt4), make(ElementType::kFloat, ElementType::kFloat4E2M1)});
  ASSERT_EQ(set.size(), 2u);
  // Sorted by case name, each with the sha256 of its bytes and what a results file is checked against.
  EXPECT_EQ(set.entry(0).name, "FLOAT_to_FLOAT4E2M1_op25");
  EXPECT_EQ(set.entry(1).name, "INT8_to_INT4_op25");
  std::ifstream in(set.entry(1).path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(set.entry(1).sha256, sha256_hex(bytes));
  EXPECT_EQ(set.entry(1).from, ElementType::kInt8);
  EXPECT_EQ(set.entry(1).to, ElementType::kInt4);
  EXPECT_EQ(set.entry(1).elements, 256u);
  EXPECT_EQ(set.load(1)->input.size(), 256u);
}

TEST(Validator, TheRulesFilterJudgesOnlyItsRules) {
  Scratch s;
  const VectorSet set = write_set(s, {make(ElementType::kFloat, ElementType::kFloat4E2M1), make(ElementType::kInt8, ElementType::kInt4)});
  ref::Variants v;
  ASSERT_FALSE(ref::apply_variant_overrides(v, "A2=six"));
  auto impl = make_reference_implementation(v, "A2=six");
  const Report all = validate(set, *impl);
  ValidateOptions options;
  options.rules = std::set<ref::RuleId>{ref::RuleId::kF4NanToZero};
  const Report only = validate(set, *impl, options);
  // Only the FLOAT4E2M1 file has elements of the rule: the other is not run.
  EXPECT_EQ(only.cases, 1u);
  ASSERT_EQ(only.rules.size(), 1u);
  EXPECT_EQ(only.rules.begin()->first, ref::RuleId::kF4NanToZero);
  EXPECT_EQ(only.total.total(), all.rules.at(ref::RuleId::kF4NanToZero).counts.total());
  EXPECT_EQ(only.total.fail, all.total.fail);  // every failure of A2=six is of that rule
  EXPECT_EQ(only.rules.at(ref::RuleId::kF4NanToZero).verdict, all.rules.at(ref::RuleId::kF4NanToZero).verdict);
  EXPECT_EQ(only.rule_filter, std::vector<std::string>{"F4.NAN.ZERO"});
  EXPECT_NE(report_text(only).find("rules (only these judged): F4.NAN.ZERO\n"), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(report_json(only))["rules_judged"][0], "F4.NAN.ZERO");
}

TEST(Validator, ARejectedCallUnderTheRulesFilterCountsOnlyItsRules) {
  Scratch s;
  const VectorSet set = write_set(s, {make(ElementType::kFloat, ElementType::kFloat4E2M1)});
  class Rejects final : public CasesOnly {
   public:
    std::string name() const override { return "rejects"; }
    std::string description() const override { return "test"; }
    CaseOutput run(const VectorFile&, size_t) override {
      CaseOutput c;
      c.status = CaseOutput::Status::kRejected;
      c.message = "NOT_IMPLEMENTED";
      return c;
    }
  } impl;
  ValidateOptions options;
  options.rules = std::set<ref::RuleId>{ref::RuleId::kF4NanToZero};
  const Report r = validate(set, impl, options);
  const auto loaded = set.load(0);
  const VectorFile& f = *loaded;
  uint64_t nans = 0;
  for (const auto rule : rules_of(f)) nans += rule == ref::RuleId::kF4NanToZero;
  ASSERT_GT(nans, 0u);
  ASSERT_LT(nans, f.input.size());
  EXPECT_EQ(r.total.rejected, nans);
  ASSERT_EQ(r.rejections.size(), 1u);
  EXPECT_EQ(r.rejections[0].elements, nans);
}

TEST(Validator, ExplanationsOverManyFilesAreThoseOfOneList) {
  // Failures of one rule spread over several files and explained by different readings: the
  // per-rule histogram must give the cover, the counts and the rows a single list gives.
  Scratch s;
  const VectorSet set = write_set(s, {make(ElementType::kFloat, ElementType::kFloat4E2M1),
                                      make(ElementType::kFloat16, ElementType::kFloat4E2M1),
                                      make(ElementType::kDouble, ElementType::kFloat4E2M1)});
  ref::Variants v;
  ASSERT_FALSE(ref::apply_variant_overrides(v, "A2=six"));
  auto impl = make_reference_implementation(v, "A2=six");
  ValidateOptions options;
  options.examples_per_rule = 2;
  const Report r = validate(set, *impl, options);
  const RuleResult& rr = r.rules.at(ref::RuleId::kF4NanToZero);
  EXPECT_EQ(rr.verdict.rfind("follows variant A2=six", 0), 0u) << rr.verdict;
  ASSERT_EQ(rr.examples.size(), 2u);
  EXPECT_EQ(rr.examples[0].case_name, "DOUBLE_to_FLOAT4E2M1_op25");  // the set's order: by case name
  ASSERT_FALSE(rr.explanations.empty());
  EXPECT_EQ(rr.explanations[0].explained, rr.counts.fail);
  ASSERT_EQ(r.discrepancies.size(), 3u);
  uint64_t rows = 0;
  for (const auto& d : r.discrepancies) rows += d.failures;
  EXPECT_EQ(rows, rr.counts.fail);
  EXPECT_TRUE(std::is_sorted(r.discrepancies.begin(), r.discrepancies.end(),
                             [](const Discrepancy& a, const Discrepancy& b) { return a.case_name < b.case_name; }));
}

TEST(VectorSets, BadVectorFilesAreRejectedWithFileAndProblem) {
  Scratch s;
  s.write("a.json", "{\"format\": \"castlike-vectors\",\n \"format_version\": 1,\n oops}");
  auto r = load_vector_set({s.str()});
  ASSERT_TRUE(std::holds_alternative<std::string>(r));
  EXPECT_NE(std::get<std::string>(r).find("a.json:3: malformed JSON"), std::string::npos) << std::get<std::string>(r);
  Scratch t;
  const VectorFile f = make(ElementType::kInt8, ElementType::kInt4);
  t.write("other_name.json", render_vector_file(f, GeneratedSource{}));
  r = load_vector_set({t.str()});
  ASSERT_TRUE(std::holds_alternative<std::string>(r));
  EXPECT_NE(std::get<std::string>(r).find("is not the file name"), std::string::npos);
  Scratch u;
  std::string text = render_vector_file(f, GeneratedSource{});
  text.replace(text.find("\"INT4\""), 6, "\"INT5\"");
  u.write(f.name + ".json", text);
  r = load_vector_set({u.str()});
  ASSERT_TRUE(std::holds_alternative<std::string>(r));
  EXPECT_NE(std::get<std::string>(r).find("unknown element type 'INT5'"), std::string::npos) << std::get<std::string>(r);
  EXPECT_TRUE(std::holds_alternative<std::string>(load_vector_set({"/nonexistent/dir"})));
}

// ---------------------------------------------------------------------------------------------
// Shared libraries

#ifdef CASTLIKE_EXAMPLE_PLUGIN
TEST(SharedLibrary, ExamplePluginPassesRejectsAndFollowsA2Six) {
  Scratch s;
  const VectorSet set = write_set(s, {make(ElementType::kFloat, ElementType::kFloat4E2M1),
                                      make(ElementType::kFloat4E2M1, ElementType::kFloat),
                                      make(ElementType::kInt8, ElementType::kInt16),
                                      make(ElementType::kFloat, ElementType::kFloat16)});
  auto loaded = load_shared_library(CASTLIKE_EXAMPLE_PLUGIN);
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<Implementation>>(loaded)) << std::get<std::string>(loaded);
  auto& impl = *std::get<std::unique_ptr<Implementation>>(loaded);
  EXPECT_EQ(impl.name(), "castlike example plug-in");
  const Report r = validate(set, impl);
  EXPECT_EQ(r.pairs.at({ElementType::kFloat4E2M1, ElementType::kFloat}).counts.fail, 0u);
  EXPECT_EQ(r.pairs.at({ElementType::kFloat4E2M1, ElementType::kFloat}).counts.pass, 16u);
  EXPECT_EQ(r.pairs.at({ElementType::kInt8, ElementType::kInt16}).counts.pass, 256u);
  const PairResult& f16 = r.pairs.at({ElementType::kFloat, ElementType::kFloat16});
  ASSERT_EQ(f16.rejections.size(), 1u);
  EXPECT_EQ(f16.rejections[0].message, "not implemented by the example plug-in");
  const RuleResult& nan = r.rules.at(ref::RuleId::kF4NanToZero);
  EXPECT_EQ(nan.verdict.rfind("follows variant A2=six", 0), 0u) << nan.verdict;
  // Everything else of FLOAT -> FLOAT4E2M1 is right.
  EXPECT_EQ(r.pairs.at({ElementType::kFloat, ElementType::kFloat4E2M1}).counts.fail, nan.counts.fail);
}

// Cast files reach the library's castlike_validator_cast, at Cast's own opsets (13 has no CastLike).
TEST(SharedLibrary, ExamplePluginRunsCastFiles) {
  const auto cast_file = [](ElementType from, ElementType to, int opset) {
    auto made = make_case(CaseSpec{Operator::kCast, from, to, opset, std::nullopt, std::nullopt},
                          interesting_inputs(from, to, InputSet::kStructured));
    EXPECT_TRUE(std::holds_alternative<VectorFile>(made)) << std::get<std::string>(made);
    return std::get<VectorFile>(std::move(made));
  };
  Scratch s;
  const VectorSet set = write_set(s, {cast_file(ElementType::kInt8, ElementType::kInt16, 13),
                                      cast_file(ElementType::kFloat4E2M1, ElementType::kFloat, 28)});
  auto loaded = load_shared_library(CASTLIKE_EXAMPLE_PLUGIN);
  ASSERT_TRUE(std::holds_alternative<std::unique_ptr<Implementation>>(loaded)) << std::get<std::string>(loaded);
  const Report r = validate(set, *std::get<std::unique_ptr<Implementation>>(loaded));
  const PairResult& ints = r.pairs.at({ElementType::kInt8, ElementType::kInt16});
  EXPECT_TRUE(ints.rejections.empty());
  EXPECT_EQ(ints.counts.pass, 256u);
  EXPECT_EQ(ints.counts.fail, 0u);
  EXPECT_EQ(r.pairs.at({ElementType::kFloat4E2M1, ElementType::kFloat}).counts.pass, 16u);
}
#endif

TEST(SharedLibrary, NonPluginsAreRejectedWithAReason) {
  auto missing = load_shared_library("/nonexistent/libnothing.so");
  ASSERT_TRUE(std::holds_alternative<std::string>(missing));
  EXPECT_NE(std::get<std::string>(missing).find("cannot load the shared library"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Reports

TEST(Reports, HtmlHasTheFullMatrixAndJsonParses) {
  Scratch s;
  const VectorSet set = write_set(s, {make(ElementType::kFloat, ElementType::kFloat4E2M1)});
  ref::Variants v;
  ASSERT_FALSE(ref::apply_variant_overrides(v, "A2=six"));
  auto impl = make_reference_implementation(v, "reference A2=six");
  const Report r = validate(set, *impl);
  const std::string html = report_html(r);
  size_t cells = 0, rows = 0;
  const size_t matrix = html.find("<table class=\"m\">");
  const size_t end = html.find("</table>", matrix);
  for (size_t at = html.find("<td", matrix); at < end; at = html.find("<td", at + 1)) ++cells;
  for (size_t at = html.find("<tr><th>", matrix); at < end; at = html.find("<tr><th>", at + 1)) ++rows;
  EXPECT_EQ(cells, kTypeTable.size() * kTypeTable.size());
  EXPECT_EQ(rows, kTypeTable.size());  // one per source type
  // The failures of FLOAT -> FLOAT4E2M1 are all explained (A2=six): that cell's colour, its count, its details.
  EXPECT_NE(html.find("<td class=\"st-expl\" title=\"FLOAT \u2192 FLOAT4E2M1: "), std::string::npos);
  EXPECT_NE(html.find("<a href=\"#pair-FLOAT-FLOAT4E2M1\">"), std::string::npos);
  EXPECT_NE(html.find("<section class=\"pair\" id=\"pair-FLOAT-FLOAT4E2M1\">"), std::string::npos);
  EXPECT_EQ(html.find("<td class=\"st-bug\""), std::string::npos);  // no unexplained failure
  EXPECT_EQ(html.find("<script"), std::string::npos);  // self-contained, static
  const auto j = nlohmann::json::parse(report_json(r));
  EXPECT_EQ(j["ok"], false);
  EXPECT_EQ(j["discrepancies"][0]["rule"], "F4.NAN.ZERO");
  EXPECT_EQ(j["discrepancies"][0]["explained_by"], "A2=six|profile exact");
  const std::string text = report_text(r);
  EXPECT_NE(text.find("F4.NAN.ZERO"), std::string::npos);
  EXPECT_NE(text.find("follows variant A2=six"), std::string::npos);
  EXPECT_NE(text.find("input    0x7fc00000 (nan)\n        expected 0x00 (0)\n        actual   0x07 (6)\n"
                      "        reading  A2=six, A2=signed-max, profile exact\n"
                      "        castlike explain --from FLOAT --to FLOAT4E2M1 --opset "),
            std::string::npos)
      << text;
  EXPECT_EQ(text.rfind("castlike validate: reference A2=six: FAIL\n", 0), 0u) << text;  // the verdict first
}

// ---------------------------------------------------------------------------------------------
// The readings found in peers (docs/semantics.md "Readings found in peers"), each on the minimal
// vector of docs/third-party-report.md: the reading explains the peer's actual output there, the
// default reading (the file's expected bits) is a different output, and a neighbouring reading that
// the validator must tell apart does not explain it.

const Candidate& reading(const std::string& name) {
  for (const auto& c : candidates())
    if (c.name == name) return c;
  ADD_FAILURE() << "no reading " << name;
  static const Candidate none;
  return none;
}

// A one-element generated case FROM -> TO on input `in` (opset 25, saturate as given).
VectorFile one(ElementType from, ElementType to, uint64_t in, std::optional<int64_t> saturate = std::nullopt,
               std::optional<std::string> round_mode = std::nullopt) {
  const CaseSpec spec{Operator::kCastLike, from, to, 25, saturate, std::move(round_mode)};
  auto made = make_case(spec, {ref::Element::of_bits(in)});
  EXPECT_TRUE(std::holds_alternative<VectorFile>(made)) << std::get<std::string>(made);
  return std::get<VectorFile>(std::move(made));
}

struct PeerReading {
  const char* reading;
  ElementType from, to;
  uint64_t in, actual;  // the peer's output (bits)
  const char* not_this;  // a reading that must not explain it ("" for none)
  const char* round_mode = nullptr;  // the case's round_mode (nullptr: not set)
};

TEST(Readings, EachPeerReadingExplainsItsMinimalVectorAndTheDefaultDoesNot) {
  using T = ElementType;
  const PeerReading cases[] = {
      // DOUBLE inf held as FLOAT, clamped to its finite range, widened: 3.4e38 (OpenVINO).
      {"64-bit-as-32-bit", T::kDouble, T::kDouble, 0x7ff0000000000000u, 0x47efffffe0000000u, "float-saturate"},
      // INT64 2^63-1 keeps its low 32 bits (-1), widened (OpenVINO).
      {"64-bit-as-32-bit", T::kInt64, T::kInt64, 0x7fffffffffffffffu, 0xffffffffffffffffu, ""},
      // INT16 2305 -> FLOAT16 2304 (ties to even at 2^11) -> FLOAT8E5M2 2048, not 2560 (OpenVINO).
      {"A9=through-float16", T::kInt16, T::kFloat8E5M2, 0x0901u, 0x68u, "A9=through-float32"},
      // INT32 100000 -> FLOAT16 65504 instead of inf (OpenVINO constant folding).
      {"float-saturate", T::kInt32, T::kFloat16, 0x000186a0u, 0x7bffu, "ftz"},
      // INT32 515 -> BFLOAT16 512 (low 16 bits of 515.0f dropped), not 516 (OpenVINO).
      {"bfloat16-truncate", T::kInt32, T::kBfloat16, 0x00000203u, 0x4400u, "ftz"},
      // FLOAT 0x00018000 -> BFLOAT16 subnormal 0x0002 (a tie, to even) flushed to +0 (OpenVINO constant,
      // JAX); truncation would give 0x0001. (The report's 0x00008001 -> 0 is also truncation's answer.)
      {"ftz", T::kFloat, T::kBfloat16, 0x00018000u, 0x0000u, "bfloat16-truncate"},
      // DOUBLE just below FLOAT's smallest normal, which rounds up to it, flushed to +0 (JAX): tiny
      // before rounding.
      {"ftz", T::kDouble, T::kFloat, 0x380fffffe0000000u, 0x00000000u, "daz"},
      // FLOAT smallest subnormal read as 0 -> DOUBLE 0 (JAX).
      {"daz", T::kFloat, T::kDouble, 0x00000001u, 0x0000000000000000u, "bool-nan-false"},
      // ... and to BOOL: false (JAX).
      {"daz", T::kFloat, T::kBool, 0x00000001u, 0x00u, "bool-nan-false"},
      // FLOAT NaN -> BOOL false (OpenVINO).
      {"bool-nan-false", T::kFloat, T::kBool, 0x7fc00000u, 0x00u, "daz"},
      // FLOAT 500 -> INT8 127 -> low 4 bits 0xf = -1 (OpenVINO fed); round-to-nearest-even-and-wrap gives 4.
      {"A8=via-int8", T::kFloat, T::kInt4, 0x43fa0000u, 0x0fu, "A8=truncate-clamp"},
      // FLOAT 500 -> INT4 7 (truncate, clamp; JAX).
      {"A8=truncate-clamp", T::kFloat, T::kInt4, 0x43fa0000u, 0x07u, "A8=via-int8"},
      // FLOAT 3.5 -> INT4 3 (truncated, not rounded to 4; JAX).
      {"A8=truncate-clamp", T::kFloat, T::kInt4, 0x40600000u, 0x03u, ""},
      // FLOAT 8 -> INT4 0: out of range gives 0, where wrapping gives -8 (ml_dtypes 0.7).
      {"sub-byte-range-zero", T::kFloat, T::kInt4, 0x41000000u, 0x00u, "A8=truncate-wrap"},
      // FLOAT -1 -> UINT4 0, where wrapping gives 15 (ml_dtypes 0.7).
      {"sub-byte-range-zero", T::kFloat, T::kUint4, 0xbf800000u, 0x00u, "A8=truncate-wrap"},
      // DOUBLE 2^53 - 1 -> INT32 indefinite (INT32 min) -> low bits 0, where wrapping gives -1 (ONNX reference).
      {"sub-byte-via-int32", T::kDouble, T::kInt4, 0x433fffffffffffffu, 0x00u, "A8=truncate-wrap"},
      // FLOAT -NaN -> FLOAT4E2M1 -0 (JAX); ml_dtypes' other-sign zero is +0.
      {"A2=minus-zero", T::kFloat, T::kFloat4E2M1, 0xffc00000u, 0x08u, "A2=negzero"},
      // FLOAT4E2M1 6 -> INT8 127, as if it were +inf (JAX).
      {"max-as-infinity", T::kFloat4E2M1, T::kInt8, 0x07u, 0x7fu, "A8=truncate-clamp"},
      // FLOAT4E2M1 -1 -> UINT4 0 (truncate, clamp; JAX), where wrapping gives 15.
      {"max-as-infinity", T::kFloat4E2M1, T::kUint4, 0x0au, 0x00u, "A8=truncate-wrap"},
      // DOUBLE 2^-130 -> FLOAT subnormal, flushed -> BFLOAT16 +0 (JAX); without the flush 0x0008.
      {"A9=through-float32+ftz", T::kDouble, T::kBfloat16, 0x37d0000000000000u, 0x0000u, "A9=through-float32"},
      // DOUBLE 2^53 - 1 -> FLOAT 2^53 -> INT4 0 (onnxruntime); rounding the DOUBLE itself gives -1.
      {"A9=through-float32+A8=round-away-wrap", T::kDouble, T::kInt4, 0x433fffffffffffffu, 0x00u,
       "A8=round-away-wrap"},
      // FLOAT -NaN -> FLOAT4E2M1 -6 (OpenVINO); the float4 note's 6 is +6.
      {"A2=signed-max", T::kFloat, T::kFloat4E2M1, 0xffc00000u, 0x0fu, "A2=six"},
      // INT32 515 -> 515.0f 0x4400c000: bit 16 clear, no bias, truncated to 512 (OpenVINO).
      {"bfloat16-half-bias", T::kInt32, T::kBfloat16, 0x00000203u, 0x4400u, "A9=through-float32"},
      // FLOAT NaN 0x7fffffff: bit 16 set, the bias carries into the sign: -0 (OpenVINO).
      {"bfloat16-half-bias", T::kFloat, T::kBfloat16, 0x7fffffffu, 0x8000u, "bfloat16-truncate"},
      // FLOAT16 NaN 0x7fff, widened and quieted to 0x7fffe000, then the same carry: -0 (OpenVINO).
      {"bfloat16-half-bias", T::kFloat16, T::kBfloat16, 0x7fffu, 0x8000u, "nan-sign"},
      // FLOAT NaN 0x7f800001: its payload is below FLOAT8E5M2's two mantissa bits: inf (OpenVINO).
      {"nan-bits-truncated", T::kFloat, T::kFloat8E5M2, 0x7f800001u, 0x7cu, "nan-sign"},
      // FLOAT -NaN -> FLOAT8E8M0 0x00, where NaN gives 0xFF (OpenVINO).
      {"e8m0-negative-nan-zero", T::kFloat, T::kFloat8E8M0, 0xffc00000u, 0x00u, "A6=min"},
      // FLOAT 4294967040 -> UINT32: beyond INT32, INT32 min 0x80000000 (OpenVINO fed).
      {"int32-indefinite", T::kFloat, T::kUint32, 0x4f7fffffu, 0x80000000u, "int32-saturate"},
      // DOUBLE 2^64 - 2048 -> UINT64: INT32 max (OpenVINO; its constant folding for every source).
      {"int32-saturate", T::kDouble, T::kUint64, 0x43efffffffffffffu, 0x7fffffffu, "int32-indefinite"},
      // INT16 -32768 -> UINT32 4294934528, clamped to INT32 max (OpenVINO constant folding).
      {"int32-saturate", T::kInt16, T::kUint32, 0x8000u, 0x7fffffffu, "int32-indefinite"},
      // UINT32 4294967295 -> BOOL false (OpenVINO fed), INT32 -2^31 too.
      {"bool-int32", T::kUint32, T::kBool, 0xffffffffu, 0x00u, "bool-from-bits"},
      {"bool-int32", T::kInt32, T::kBool, 0x80000000u, 0x00u, ""},
      // INT64 2^53 - 1 -> FLOAT 2^53 -> DOUBLE 2^53 (OpenVINO); its low 32 bits would give -1.
      {"double-as-float", T::kInt64, T::kDouble, 0x001fffffffffffffu, 0x4340000000000000u, "64-bit-as-32-bit"},
      // DOUBLE NaN -> BOOL false, DOUBLE 2^-1074 -> FLOAT 0 -> false (OpenVINO); each part names one.
      {"64-bit-as-32-bit+bool-nan-false", T::kDouble, T::kBool, 0x7ff8000000000000u, 0x00u, "64-bit-as-32-bit"},
      {"64-bit-as-32-bit+bool-nan-false", T::kDouble, T::kBool, 0x0000000000000001u, 0x00u, "bool-nan-false"},
      // FLOAT 0x377fffff rounds to FLOAT16 2^-16, a carry out of the subnormal mantissa, held as 2^-15
      // -> FLOAT8E5M2 0x02 (OpenVINO fed), not 0x01.
      {"A9=through-float16+saturate=0+subnormal-carry-doubled", T::kFloat, T::kFloat8E5M2, 0x377fffffu, 0x02u,
       "A9=through-float16+saturate=0"},
      // DOUBLE 1.5 * 2^63, a tie, -> FLOAT8E8M0 nearest: the even code 0xbe (2^63), not 0xbf (OpenVINO
      // constant); FLOAT holds the tie exactly, so A5 alone still goes up.
      {"A5=through-float32+e8m0-nearest-ties-even", T::kDouble, T::kFloat8E8M0, 0x43e8000000000000u, 0xbeu,
       "A5=through-float32", "nearest"},
      // DOUBLE just below 1.5 * 2^62 rounds to that tie in FLOAT, whose even code is the upper one:
      // 0xbe (2^63), not 0xbd; ignoring round_mode (down) gives 0xbd.
      {"A5=through-float32+e8m0-nearest-ties-even", T::kDouble, T::kFloat8E8M0, 0x43d7ffffffffffffu, 0xbeu,
       "round_mode=down", "nearest"},
  };
  for (const auto& pc : cases) {
    SCOPED_TRACE(std::string(pc.reading) + " " + std::string(info(pc.from).name) + " -> " +
                 std::string(info(pc.to).name));
    const VectorFile f =
        one(pc.from, pc.to, pc.in, std::nullopt, pc.round_mode ? std::optional<std::string>(pc.round_mode) : std::nullopt);
    ASSERT_EQ(f.input.size(), 1u);
    const auto actual = ref::Element::of_bits(pc.actual);
    EXPECT_NE(f.expected[0].bits, pc.actual) << "the default gives the peer's output: nothing to explain";
    EXPECT_TRUE(explains(reading(pc.reading), f, 0, actual));
    EXPECT_FALSE(explains(reading(pc.reading), f, 0, f.expected[0])) << "a reading explains a difference";
    if (*pc.not_this) {
      EXPECT_FALSE(explains(reading(pc.not_this), f, 0, actual)) << pc.not_this;
    }
  }
}

TEST(Readings, SubnormalCarryDoubledHoldsOnlyWhereTheFloat16CarryReachesASubnormalPower) {
  // OpenVINO fed, FLOAT -> FLOAT8E5M2 on every FLOAT input (exhaustive-openvino.json): the inputs
  // 2^k (1 - 2^-12) <= |x| < 2^k for k = -17, -16, -15 give twice the power. The reading names each
  // window's ends, of both signs and both saturate values, and nothing just outside: below a window
  // the FLOAT16 rounding does not carry, and just below 2^-14 it carries into a normal FLOAT16,
  // which OpenVINO gets right.
  const auto& doubled = reading("A9=through-float16+saturate=0+subnormal-carry-doubled");
  struct Window {
    uint32_t first, last;
    uint64_t actual;
  };
  const Window windows[] = {{0x36fff000u, 0x36ffffffu, 0x01u}, {0x377ff000u, 0x377fffffu, 0x02u},
                            {0x37fff000u, 0x37ffffffu, 0x04u}};
  for (const int64_t saturate : {0, 1}) {
    for (const uint32_t sign : {0u, 0x80000000u}) {
      for (const auto& w : windows) {
        for (const uint32_t in : {w.first, w.last}) {
          SCOPED_TRACE(testing::Message() << std::hex << (sign | in) << " saturate=" << saturate);
          const VectorFile f = one(ElementType::kFloat, ElementType::kFloat8E5M2, sign | in, saturate);
          const uint64_t actual = (sign ? 0x80u : 0u) | w.actual;
          EXPECT_EQ(f.expected[0].bits, (sign ? 0x80u : 0u) | (w.actual >> 1));
          EXPECT_TRUE(explains(doubled, f, 0, ref::Element::of_bits(actual)));
          EXPECT_FALSE(explains(reading("A9=through-float16"), f, 0, ref::Element::of_bits(actual)));
        }
        // The input just below the window: no carry, so twice the default is not this reading's.
        const VectorFile below = one(ElementType::kFloat, ElementType::kFloat8E5M2, sign | (w.first - 1), saturate);
        EXPECT_FALSE(explains(doubled, below, 0, ref::Element::of_bits(below.expected[0].bits * 2)));
      }
    }
  }
  // Just below 2^-14 the carry lands on FLOAT16's smallest normal: right (0x04), never doubled.
  const VectorFile normal = one(ElementType::kFloat, ElementType::kFloat8E5M2, 0x387fffffu, 0);
  ASSERT_EQ(normal.expected[0].bits, 0x04u);
  EXPECT_FALSE(explains(doubled, normal, 0, ref::Element::of_bits(0x08)));
}

TEST(Readings, OpenVinoNanReadingsCoverTheirWholeBands) {
  // FLOAT -> FLOAT8E5M2: every NaN whose top two mantissa bits are 0 gives +-inf (both band ends);
  // one with a payload bit there keeps a NaN, nothing to explain.
  const auto& truncated = reading("nan-bits-truncated");
  for (const uint32_t in : {0x7f800001u, 0x7f9fffffu, 0xff800001u, 0xff9fffffu}) {
    SCOPED_TRACE(testing::Message() << std::hex << in);
    const VectorFile f = one(ElementType::kFloat, ElementType::kFloat8E5M2, in, 1);
    EXPECT_TRUE(explains(truncated, f, 0, ref::Element::of_bits((in >> 24) & 0x80u ? 0xfcu : 0x7cu)));
  }
  const VectorFile payload = one(ElementType::kFloat, ElementType::kFloat8E5M2, 0x7fa00000u, 1);
  EXPECT_FALSE(explains(truncated, payload, 0, ref::Element::of_bits(0x7c)));
  // FLOAT -> FLOAT4E2M1: every NaN gives 6 with its sign; A2=six names only the positive ones.
  const auto& signed_max = reading("A2=signed-max");
  for (const uint32_t in : {0x7f800001u, 0x7fffffffu, 0xff800001u, 0xffffffffu}) {
    SCOPED_TRACE(testing::Message() << std::hex << in);
    const VectorFile f = one(ElementType::kFloat, ElementType::kFloat4E2M1, in);
    const auto actual = ref::Element::of_bits(in >> 31 ? 0x0fu : 0x07u);
    EXPECT_TRUE(explains(signed_max, f, 0, actual));
    EXPECT_EQ(explains(reading("A2=six"), f, 0, actual), (in >> 31) == 0);
  }
}

TEST(Readings, ThroughFloat32ThenE5M2OverflowNanExplainsBothItsParts) {
  // onnxruntime, DOUBLE -> FLOAT8E5M2 with saturate=0: 61439.99 rounds to FLOAT 61440, which then
  // overflows to NaN (0x7f) instead of inf; and 2^-14 * 1.125 (+ 2^-52) rounds to FLOAT's tie,
  // then to even (0x04), not up (0x05). One reading names both; neither part alone does.
  const auto& both = reading("A9=through-float32+e5m2-overflow-nan");
  const VectorFile over = one(ElementType::kDouble, ElementType::kFloat8E5M2, 0x40edffffffffffffu, 0);
  ASSERT_EQ(over.expected[0].bits, 0x7bu);
  EXPECT_TRUE(explains(both, over, 0, ref::Element::of_bits(0x7f)));
  EXPECT_FALSE(explains(reading("e5m2-overflow-nan"), over, 0, ref::Element::of_bits(0x7f)));
  EXPECT_FALSE(explains(both, over, 0, ref::Element::of_bits(0x7c))) << "inf is not what the reading gives";
  const VectorFile tie = one(ElementType::kDouble, ElementType::kFloat8E5M2, 0x3f12000000000001u, 0);
  ASSERT_EQ(tie.expected[0].bits, 0x05u);
  EXPECT_TRUE(explains(both, tie, 0, ref::Element::of_bits(0x04)));
  EXPECT_FALSE(explains(reading("e5m2-overflow-nan"), tie, 0, ref::Element::of_bits(0x04)));
}

TEST(Readings, E8M0TiesToEvenReadsOnlyRoundModeNearestAndOnlyTies) {
  const auto& ties_even = reading("A5=through-float32+e8m0-nearest-ties-even");
  // With round_mode up the tie 1.5 * 2^63 goes up (0xbf); 0xbe there is not this reading's.
  const VectorFile up = one(ElementType::kDouble, ElementType::kFloat8E8M0, 0x43e8000000000000u);
  ASSERT_EQ(up.expected[0].bits, 0xbfu);
  EXPECT_FALSE(explains(ties_even, up, 0, ref::Element::of_bits(0xbe)));
  // FLOAT 1.5 * 2^2 (6): the codes are 129 and 130, the even one is the upper: the default's answer,
  // nothing to explain; the lower one (4) is not what the reading gives.
  const VectorFile even = one(ElementType::kFloat, ElementType::kFloat8E8M0, 0x40c00000u, std::nullopt, "nearest");
  ASSERT_EQ(even.expected[0].bits, 0x82u);
  EXPECT_FALSE(explains(ties_even, even, 0, ref::Element::of_bits(0x81)));
  // FLOAT 1.5 * 2^3 (12): the codes are 130 and 131: 130 (8), not 131 (16). The FLOAT rounding is
  // exact here, so the reading applies to FLOAT sources too.
  const VectorFile odd = one(ElementType::kFloat, ElementType::kFloat8E8M0, 0x41400000u, std::nullopt, "nearest");
  ASSERT_EQ(odd.expected[0].bits, 0x83u);
  EXPECT_TRUE(explains(ties_even, odd, 0, ref::Element::of_bits(0x82)));
  // Just above that tie, nearest is up for every reading.
  const VectorFile above = one(ElementType::kFloat, ElementType::kFloat8E8M0, 0x41400001u, std::nullopt, "nearest");
  EXPECT_FALSE(explains(ties_even, above, 0, ref::Element::of_bits(0x82)));
}

TEST(Readings, ThroughFloat16WithSaturateIgnoredExplainsFloat8Overflow) {
  // OpenVINO ignores saturate for float8: FLOAT 500 -> FLOAT8E4M3FN (saturate=1 by default) gives NaN
  // 0x7f, not 448 (0x7e). `saturate=0` and `A9=through-float16+saturate=0` name it.
  const VectorFile f = one(ElementType::kFloat, ElementType::kFloat8E4M3FN, 0x43fa0000u);
  ASSERT_EQ(f.expected[0].bits, 0x7eu);
  const auto nan = ref::Element::of_bits(0x7f);
  EXPECT_TRUE(explains(reading("saturate=0"), f, 0, nan));
  EXPECT_TRUE(explains(reading("A9=through-float16+saturate=0"), f, 0, nan));
  EXPECT_FALSE(explains(reading("A9=through-float16"), f, 0, nan));
}

TEST(Readings, TheValidatorNamesAPeerReadingOverAWholeCase) {
  // A results-style implementation that answers like JAX on FLOAT -> INT4 (truncate, clamp):
  // the rule's verdict names A8=truncate-clamp.
  Scratch s;
  const VectorSet set = write_set(s, {make(ElementType::kFloat, ElementType::kInt4)});
  class TruncateClamp final : public CasesOnly {
   public:
    std::string name() const override { return "truncate-clamp"; }
    std::string description() const override { return "test"; }
    CaseOutput run(const VectorFile& f, size_t) override {
      CaseOutput c;
      c.status = CaseOutput::Status::kOk;
      for (const auto& e : f.input) {
        float x;
        const uint32_t b = static_cast<uint32_t>(e.bits);
        std::memcpy(&x, &b, 4);
        int64_t v = 0;  // NaN -> 0, as the reading leaves it
        if (!std::isnan(x)) v = x >= 7.0f ? 7 : x <= -8.0f ? -8 : static_cast<int64_t>(std::trunc(x));
        c.elements.push_back(ref::Element::of_bits(static_cast<uint64_t>(v) & 0xf));
      }
      c.element_errors.assign(f.input.size(), "");
      return c;
    }
  } impl;
  const Report r = validate(set, impl);
  ASSERT_GT(r.total.fail, 0u);
  const RuleResult& rr = r.rules.at(ref::RuleId::kSubByteRoundWrap);
  EXPECT_NE(rr.verdict.find("A8=truncate-clamp"), std::string::npos) << rr.verdict;
}

TEST(Candidates, EveryPeerReadingHasItsRowInTheSemanticsDoc) {
  // docs/semantics.md "Readings found in peers" names each reading the catalogue marks as found in
  // peers (in backticks, alone or in the combinations row): where it is documented is one place.
  std::ifstream in(std::string(CASTLIKE_SOURCE_DIR) + "/docs/semantics.md");
  ASSERT_TRUE(in.good());
  std::ostringstream doc;
  doc << in.rdbuf();
  size_t peer_readings = 0;
  for (const Candidate& c : candidates()) {
    if (c.description.find("(a reading found in peers") == std::string::npos) continue;
    ++peer_readings;
    EXPECT_NE(doc.str().find("`" + c.name + "`"), std::string::npos) << c.name << " is not in docs/semantics.md";
  }
  EXPECT_GT(peer_readings, 0u);
}

TEST(Candidates, EveryNamedSwitchParses) {
  // candidates() throws on a switch name that semantics.hpp does not know.
  EXPECT_GE(candidate_names().size(), 20u);
}

}  // namespace
}  // namespace castlike::harness
