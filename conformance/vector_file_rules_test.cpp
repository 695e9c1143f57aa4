// Every rule of vectors/schema/README.md that the vector-file reader enforces, one test each: a good
// file loads, and each mutation of it is a file error naming the field.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "formats/json_reader.hpp"
#include "formats/vector_file.hpp"
#include "formats/vector_set.hpp"

namespace castlike::harness {
namespace {

// A spec example with a packed destination (INT4), so that packing, printed and source rules apply.
const std::string kGood = R"({
 "format": "castlike-vectors", "format_version": 1, "kind": "spec-example",
 "name": "t", "source": {"page": "CastLike-21", "file": "000.txt"},
 "opset": 21, "from": "FLOAT16", "to": "INT4", "attributes": {}, "shape": [3],
 "input": {"bits": ["0xc880", "0xc800", "0x3c00"], "printed": ["-9.", "-8.", "1."]},
 "expected": {"bits": ["0x07", "0x08", "0x01"], "printed": ["7", "-8", "1"],
              "outcome": ["exact", "exact", "exact"], "packed": "8701"}
})";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// The error for the mutated text; fails the test when the file loads.
std::string error_of(const std::string& text) {
  auto parsed = parse_vector_text(text, "case.json");
  if (std::holds_alternative<VectorFile>(parsed)) {
    ADD_FAILURE() << "the mutated file loaded:\n" << text;
    return {};
  }
  const std::string e = std::get<std::string>(parsed);
  EXPECT_EQ(e.rfind("case.json", 0), 0u) << e;
  return e;
}

// kGood with `from` replaced by `to` is a file error whose message holds `message`.
void expect_error(const std::string& from, const std::string& to, const std::string& message) {
  const std::string e = error_of(replaced(kGood, from, to));
  EXPECT_NE(e.find(message), std::string::npos) << "wanted '" << message << "' in: " << e;
}

TEST(VectorFileRules, TheGoodFileLoads) {
  auto parsed = parse_vector_text(kGood, "case.json");
  ASSERT_TRUE(std::holds_alternative<VectorFile>(parsed)) << std::get<std::string>(parsed);
}

TEST(VectorFileRules, PackedMustBeThePackingOfBits) {
  expect_error("\"8701\"", "\"8702\"", "expected.packed byte 1");
}

TEST(VectorFileRules, DuplicateKeysAreRefusedAtAnyLevel) {
  expect_error("\"opset\": 21,", "\"opset\": 21, \"opset\": 23,", "'opset' appears twice");
  expect_error("\"file\": \"000.txt\"", "\"file\": \"a\", \"file\": \"b\"", "'file' appears twice in source");
}

TEST(VectorFileRules, UnknownFieldsAreRefused) {
  expect_error("\"opset\": 21,", "\"opset\": 21, \"extra\": 1,", "unknown field 'extra'");
  expect_error("\"packed\": \"8701\"", "\"packed\": \"8701\", \"x\": []", "expected has an unknown field 'x'");
}

TEST(VectorFileRules, PrintedCountMatchesTheShape) {
  expect_error("\"printed\": [\"7\", \"-8\", \"1\"]", "\"printed\": [\"7\"]", "expected.printed");
}

TEST(VectorFileRules, SpecExamplesNeedSourcePageFileAndPrinted) {
  expect_error("\"page\": \"CastLike-21\", ", "", "source has no field 'page'");
  expect_error("\"CastLike-21\"", "\"Cast-21\"", "source.page");
  expect_error(", \"file\": \"000.txt\"", "", "source has no field 'file'");
  expect_error(", \"printed\": [\"-9.\", \"-8.\", \"1.\"]", "", "input has no field 'printed'");
}

TEST(VectorFileRules, GeneratedFilesNeedAGenerator) {
  const std::string generated = replaced(kGood, "\"spec-example\"", "\"generated\"");
  EXPECT_NE(error_of(generated).find("source has no field 'generator'"), std::string::npos);
}

TEST(VectorFileRules, UnspecifiedAndRuleOnlyInGeneratedFiles) {
  expect_error("[\"exact\", \"exact\", \"exact\"]", "[\"exact\", \"unspecified\", \"exact\"]", "expected.outcome");
  expect_error("\"packed\": \"8701\"", "\"packed\": \"8701\", \"rule\": [\"a\", \"b\", \"c\"]", "expected.rule");
}

TEST(VectorFileRules, OpsetMustHaveACastLikeWhereBothTypesExist) {
  // Any opset CastLike-21 is in force at reads (22 runs CastLike-21); one castlike does not know, or
  // one before CastLike, does not.
  EXPECT_TRUE(std::holds_alternative<VectorFile>(
      parse_vector_text(replaced(kGood, "\"opset\": 21", "\"opset\": 22"), "case.json")));
  expect_error("\"opset\": 21", "\"opset\": 29", "'opset' = 29 is newer than opset 28");
  expect_error("\"opset\": 21", "\"opset\": 14", "'opset' = 14 has no CastLike");
  expect_error("\"opset\": 21", "\"opset\": 19", "first CastLike version of INT4");
}

TEST(VectorFileRules, OperatorNamesCastOrCastLike) {
  // "operator": "Cast" checks the opset against Cast's versions (Cast-13 exists at 13 and 14).
  const auto cast_at = [](const std::string& opset) {
    return replaced(replaced(kGood, "\"opset\": 21", "\"opset\": " + opset), "\"from\": \"FLOAT16\", \"to\": \"INT4\"",
                    "\"from\": \"FLOAT16\", \"to\": \"INT4\", \"operator\": \"Cast\"");
  };
  const auto loaded = parse_vector_text(cast_at("21"), "case.json");
  ASSERT_TRUE(std::holds_alternative<VectorFile>(loaded)) << std::get<std::string>(loaded);
  EXPECT_EQ(std::get<VectorFile>(loaded).op, Operator::kCast);
  EXPECT_EQ(std::get<VectorFile>(loaded).request().op, Operator::kCast);
  EXPECT_EQ(std::get<VectorFile>(parse_vector_text(kGood, "case.json")).op, Operator::kCastLike);
  EXPECT_NE(error_of(cast_at("19")).find("first Cast version of INT4 (21)"), std::string::npos);
  EXPECT_NE(error_of(cast_at("12")).find("'opset' = 12 has no Cast (Cast exists from opset 13)"), std::string::npos);
  EXPECT_NE(error_of(replaced(cast_at("21"), "\"Cast\"", "\"Relu\"")).find("field 'operator' is 'Relu'"),
            std::string::npos);
}

TEST(VectorFileRules, SaturateIsZeroOrOneAndOnlyFromOpset19) {
  expect_error("\"attributes\": {}", "\"attributes\": {\"saturate\": -1}", "attributes.saturate");
  expect_error("\"attributes\": {}", "\"attributes\": {\"saturate\": 2}", "attributes.saturate");
  const std::string op15 = R"({"format":"castlike-vectors","format_version":1,"kind":"generated","name":"t",
    "source":{"generator":"g"},"opset":15,"from":"FLOAT","to":"INT8","attributes":{"saturate":0},"shape":[],
    "input":{"bits":["0x00000000"]},"expected":{"bits":["0x00"],"outcome":["exact"]}})";
  EXPECT_NE(error_of(op15).find("only from opset 19"), std::string::npos);
}

TEST(VectorFileRules, RoundModeIsKnownAndOnlyFromOpset24) {
  expect_error("\"attributes\": {}", "\"attributes\": {\"round_mode\": \"zero\"}", "attributes.round_mode 'zero'");
  expect_error("\"attributes\": {}", "\"attributes\": {\"round_mode\": \"up\"}", "only from opset 24");
}

TEST(VectorFileRules, BoolBitsAreZeroOrOne) {
  const std::string bools = R"({"format":"castlike-vectors","format_version":1,"kind":"generated","name":"t",
    "source":{"generator":"g"},"opset":25,"from":"BOOL","to":"INT8","attributes":{},"shape":[2],
    "input":{"bits":["0x01","0x02"]},"expected":{"bits":["0x01","0x01"],"outcome":["exact","exact"]}})";
  EXPECT_NE(error_of(bools).find("input.bits[1] = '0x02' is not a BOOL value"), std::string::npos);
  EXPECT_TRUE(std::holds_alternative<VectorFile>(parse_vector_text(replaced(bools, "\"0x02\"", "\"0x00\""), "b.json")));
}

TEST(VectorFileRules, StringTensorsHaveTextNotBits) {
  const std::string strings = R"({"format":"castlike-vectors","format_version":1,"kind":"generated","name":"t",
    "source":{"generator":"g"},"opset":25,"from":"STRING","to":"INT8","attributes":{},"shape":[1],
    "input":{"text":["1"],"bits":["0x01"]},"expected":{"bits":["0x01"],"outcome":["exact"]}})";
  EXPECT_NE(error_of(strings).find("input has an unknown field 'bits'"), std::string::npos);
}

TEST(VectorFileRules, BitsAreSpeltExactlyAsTheSchemaGivesThem) {
  expect_error("\"0xc880\"", "\"0xC880\"", "input.bits[0] = '0xC880' is not a FLOAT16");
  expect_error("\"0x3c00\"", "\"0X3c00\"", "input.bits[2] = '0X3c00'");
  expect_error("\"0x3c00\"", "\"0x03c00\"", "input.bits[2] = '0x03c00'");
  expect_error("\"0x01\"], \"printed\": [\"7\"", "\"0x1\"], \"printed\": [\"7\"",
               "expected.bits[2] = '0x1' is not a INT4 bit pattern");
  // `packed` is lowercase too.
  EXPECT_TRUE(parse_hex_bytes("87a9").has_value());
  EXPECT_FALSE(parse_hex_bytes("87A9").has_value());
}

TEST(VectorFileRules, TypeNamesAreTheOnnxNamesExactly) {
  expect_error("\"FLOAT16\"", "\"float16\"", "unknown element type 'float16'");
  expect_error("\"INT4\"", "\"Int4\"", "unknown element type 'Int4'");
  EXPECT_EQ(type_from_file_name("FLOAT8E4M3FN"), ElementType::kFloat8E4M3FN);
  EXPECT_EQ(type_from_file_name("float8_e4m3fn"), std::nullopt);
}

TEST(VectorFileRules, NanOutcomesNeedADestinationWithNan) {
  expect_error("\"outcome\": [\"exact\", \"exact\"", "\"outcome\": [\"nan\", \"exact\"",
               "expected.outcome has 'nan', but INT4 has no NaN");
}

TEST(VectorFileRules, TheNameIsACaseName) {
  expect_error("\"name\": \"t\"", "\"name\": \"\"", "field 'name' = '' is not a case name");
  expect_error("\"name\": \"t\"", "\"name\": \"../t\"", "is not a case name");
}

// Every byte an error echoes from the file is escaped: control characters and bytes that are not UTF-8.
TEST(VectorFileRules, ErrorsEscapeWhatTheyEcho) {
  const std::string e = error_of(replaced(kGood, "\"spec-example\"", "\"x\\u001b[2J\""));
  EXPECT_NE(e.find("unknown kind 'x\\x1b[2J'"), std::string::npos) << e;
  const std::string u = error_of(replaced(kGood, "\"000.txt\"", "\"\xff\""));
  EXPECT_NE(u.find("\\xff"), std::string::npos) << u;
  EXPECT_EQ(u.find('\xff'), std::string::npos) << u;
}

TEST(VectorFileRules, NestingIsLimited) {
  const auto nested = [](size_t levels) {
    return replaced(kGood, "\"file\": \"000.txt\"",
                    "\"file\": \"000.txt\", \"x\": " + std::string(levels, '[') + std::string(levels, ']'));
  };
  // The file itself and `source` are two levels: 62 arrays in it reach the limit, 63 pass it.
  EXPECT_NE(error_of(nested(kMaxJsonDepth - 2)).find("source has an unknown field 'x'"), std::string::npos);
  EXPECT_NE(error_of(nested(kMaxJsonDepth - 1)).find("case.json:3: nesting deeper than 64 levels"), std::string::npos);
  EXPECT_NE(error_of(nested(1000000)).find("case.json:3: nesting deeper than 64 levels"), std::string::npos);
}

// The directory walker of `validate --vectors DIR` (and `report`): recursion, and a clear error for
// each entry it cannot use.
class VectorWalk : public ::testing::Test {
 protected:
  std::filesystem::path dir;
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() /
          ("castlike-walk-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir / "sub" / "schema");
    std::filesystem::copy_file(std::string(CASTLIKE_SOURCE_DIR) + "/vectors/generated/BOOL_to_INT8_op25.json",
                               dir / "sub" / "BOOL_to_INT8_op25.json");
    std::ofstream(dir / "sub" / "schema" / "x.json") << "not json: the schema directory is skipped";
    std::ofstream(dir / "other.json") << R"({"format": "castlike-known-discrepancies"})";
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
  std::string error_of_set(const std::vector<std::string>& paths) {
    auto set = load_vector_set(paths);
    if (std::holds_alternative<VectorSet>(set)) {
      ADD_FAILURE() << "the set loaded";
      return {};
    }
    return std::get<std::string>(set);
  }
};

TEST_F(VectorWalk, RecursesAndSkipsSchemaAndOtherFormats) {
  auto set = load_vector_set({dir.string()});
  ASSERT_TRUE(std::holds_alternative<VectorSet>(set)) << std::get<std::string>(set);
  EXPECT_EQ(std::get<VectorSet>(set).size(), 1u);
}

TEST_F(VectorWalk, OtherFormatsAreFoundWhereverTheirFormatKeyIs) {
  // The walk stops reading a file at "format": "castlike-vectors"; any other file is read whole.
  std::ofstream(dir / "late.json") << R"({"entries": [{"format": "castlike-vectors"}], "format": "castlike-known-discrepancies"})";
  const VectorFileList found = find_vector_files(dir.string());
  ASSERT_EQ(found.vectors.size(), 1u);
  ASSERT_EQ(found.other.size(), 2u);
  EXPECT_EQ(found.other[0].second, "castlike-known-discrepancies");
  // A malformed file that says it is another format is not skipped: the loader names the problem.
  std::ofstream(dir / "broken.json") << R"({"format": "castlike-known-discrepancies", oops)";
  EXPECT_NE(error_of_set({dir.string()}).find("broken.json:1: malformed JSON"), std::string::npos);
}

TEST_F(VectorWalk, TheSameDirectoryTwiceIsAnError) {
  EXPECT_NE(error_of_set({dir.string(), dir.string()}).find("given twice"), std::string::npos);
  EXPECT_NE(error_of_set({dir.string(), (dir / "sub" / "BOOL_to_INT8_op25.json").string()}).find("given twice"),
            std::string::npos);
}

TEST_F(VectorWalk, SymbolicLinkLoopsAreErrors) {
  std::filesystem::create_directory_symlink("..", dir / "sub" / "up");
  EXPECT_NE(error_of_set({dir.string()}).find("symbolic link loop"), std::string::npos);
  std::filesystem::remove(dir / "sub" / "up");
  std::filesystem::create_symlink("b", dir / "a");
  std::filesystem::create_symlink("a", dir / "b");
  EXPECT_NE(error_of_set({dir.string()}).find("symbolic link loop"), std::string::npos);
}

TEST_F(VectorWalk, DanglingLinksAreErrors) {
  std::filesystem::create_symlink("nowhere.json", dir / "gone.json");
  EXPECT_NE(error_of_set({dir.string()}).find("gone.json: dangling symbolic link"), std::string::npos);
}

TEST_F(VectorWalk, FifosAreErrorsAndNeverOpened) {
  ASSERT_EQ(::mkfifo((dir / "pipe.json").c_str(), 0600), 0);
  EXPECT_NE(error_of_set({dir.string()}).find("pipe.json: is a FIFO"), std::string::npos);
}

TEST_F(VectorWalk, UnreadableDirectoriesAreErrors) {
  std::filesystem::create_directory(dir / "closed");
  std::filesystem::permissions(dir / "closed", std::filesystem::perms::none);
  std::error_code ec;
  const bool readable = std::filesystem::directory_iterator(dir / "closed", ec) != std::filesystem::directory_iterator() || !ec;
  if (readable) {
    std::filesystem::permissions(dir / "closed", std::filesystem::perms::owner_all);
    GTEST_SKIP() << "running with privileges that read any directory";
  }
  EXPECT_NE(error_of_set({dir.string()}).find("closed: cannot read the directory"), std::string::npos);
  std::filesystem::permissions(dir / "closed", std::filesystem::perms::owner_all);
}

}  // namespace
}  // namespace castlike::harness
