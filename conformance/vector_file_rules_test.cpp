// Every rule of vectors/schema/README.md that the vector-file reader enforces, one test each: a good
// file loads, and each mutation of it is a file error naming the field.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "json_reader.hpp"
#include "vector_file.hpp"
#include "vector_set.hpp"

namespace castlike::conformance {
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

TEST(VectorFileRules, TheGoodFileLoads) {
  auto parsed = parse_vector_text(kGood, "case.json");
  ASSERT_TRUE(std::holds_alternative<VectorFile>(parsed)) << std::get<std::string>(parsed);
}

TEST(VectorFileRules, PackedMustBeThePackingOfBits) {
  EXPECT_NE(error_of(replaced(kGood, "\"8701\"", "\"8702\"")).find("expected.packed byte 1"), std::string::npos);
}

TEST(VectorFileRules, DuplicateKeysAreRefusedAtAnyLevel) {
  EXPECT_NE(error_of(replaced(kGood, "\"opset\": 21,", "\"opset\": 21, \"opset\": 23,")).find("'opset' appears twice"),
            std::string::npos);
  EXPECT_NE(error_of(replaced(kGood, "\"file\": \"000.txt\"", "\"file\": \"a\", \"file\": \"b\""))
                .find("'file' appears twice in source"),
            std::string::npos);
}

TEST(VectorFileRules, UnknownFieldsAreRefused) {
  EXPECT_NE(error_of(replaced(kGood, "\"opset\": 21,", "\"opset\": 21, \"extra\": 1,")).find("unknown field 'extra'"),
            std::string::npos);
  EXPECT_NE(error_of(replaced(kGood, "\"packed\": \"8701\"", "\"packed\": \"8701\", \"x\": []")).find("expected has an unknown field 'x'"),
            std::string::npos);
}

TEST(VectorFileRules, PrintedCountMatchesTheShape) {
  EXPECT_NE(error_of(replaced(kGood, "\"printed\": [\"7\", \"-8\", \"1\"]", "\"printed\": [\"7\"]")).find("expected.printed"),
            std::string::npos);
}

TEST(VectorFileRules, SpecExamplesNeedSourcePageFileAndPrinted) {
  EXPECT_NE(error_of(replaced(kGood, "\"page\": \"CastLike-21\", ", "")).find("source has no field 'page'"), std::string::npos);
  EXPECT_NE(error_of(replaced(kGood, "\"CastLike-21\"", "\"Cast-21\"")).find("source.page"), std::string::npos);
  EXPECT_NE(error_of(replaced(kGood, ", \"file\": \"000.txt\"", "")).find("source has no field 'file'"), std::string::npos);
  EXPECT_NE(error_of(replaced(kGood, ", \"printed\": [\"-9.\", \"-8.\", \"1.\"]", "")).find("input has no field 'printed'"),
            std::string::npos);
}

TEST(VectorFileRules, GeneratedFilesNeedAGenerator) {
  const std::string generated = replaced(kGood, "\"spec-example\"", "\"generated\"");
  EXPECT_NE(error_of(generated).find("source has no field 'generator'"), std::string::npos);
}

TEST(VectorFileRules, UnspecifiedAndRuleOnlyInGeneratedFiles) {
  EXPECT_NE(error_of(replaced(kGood, "[\"exact\", \"exact\", \"exact\"]", "[\"exact\", \"unspecified\", \"exact\"]"))
                .find("expected.outcome"),
            std::string::npos);
  EXPECT_NE(error_of(replaced(kGood, "\"packed\": \"8701\"", "\"packed\": \"8701\", \"rule\": [\"a\", \"b\", \"c\"]"))
                .find("expected.rule"),
            std::string::npos);
}

TEST(VectorFileRules, OpsetMustHaveACastLikeWhereBothTypesExist) {
  // Any opset CastLike-21 is in force at reads (22 runs CastLike-21); one castlike does not know, or
  // one before CastLike, does not.
  EXPECT_TRUE(std::holds_alternative<VectorFile>(
      parse_vector_text(replaced(kGood, "\"opset\": 21", "\"opset\": 22"), "case.json")));
  EXPECT_NE(error_of(replaced(kGood, "\"opset\": 21", "\"opset\": 29")).find("'opset' = 29 is newer than opset 28"),
            std::string::npos);
  EXPECT_NE(error_of(replaced(kGood, "\"opset\": 21", "\"opset\": 14")).find("'opset' = 14 has no CastLike"),
            std::string::npos);
  EXPECT_NE(error_of(replaced(kGood, "\"opset\": 21", "\"opset\": 19")).find("first CastLike version of INT4"),
            std::string::npos);
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
  EXPECT_NE(error_of(replaced(kGood, "\"attributes\": {}", "\"attributes\": {\"saturate\": -1}")).find("attributes.saturate"),
            std::string::npos);
  EXPECT_NE(error_of(replaced(kGood, "\"attributes\": {}", "\"attributes\": {\"saturate\": 2}")).find("attributes.saturate"),
            std::string::npos);
  const std::string op15 = R"({"format":"castlike-vectors","format_version":1,"kind":"generated","name":"t",
    "source":{"generator":"g"},"opset":15,"from":"FLOAT","to":"INT8","attributes":{"saturate":0},"shape":[],
    "input":{"bits":["0x00000000"]},"expected":{"bits":["0x00"],"outcome":["exact"]}})";
  EXPECT_NE(error_of(op15).find("only from opset 19"), std::string::npos);
}

TEST(VectorFileRules, RoundModeIsKnownAndOnlyFromOpset24) {
  EXPECT_NE(error_of(replaced(kGood, "\"attributes\": {}", "\"attributes\": {\"round_mode\": \"zero\"}"))
                .find("attributes.round_mode 'zero'"),
            std::string::npos);
  EXPECT_NE(error_of(replaced(kGood, "\"attributes\": {}", "\"attributes\": {\"round_mode\": \"up\"}"))
                .find("only from opset 24"),
            std::string::npos);
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
  EXPECT_NE(error_of(replaced(kGood, "\"0xc880\"", "\"0xC880\"")).find("input.bits[0] = '0xC880' is not a FLOAT16"),
            std::string::npos);
  EXPECT_NE(error_of(replaced(kGood, "\"0x3c00\"", "\"0X3c00\"")).find("input.bits[2] = '0X3c00'"), std::string::npos);
  EXPECT_NE(error_of(replaced(kGood, "\"0x3c00\"", "\"0x03c00\"")).find("input.bits[2] = '0x03c00'"), std::string::npos);
  EXPECT_NE(error_of(replaced(kGood, "\"0x01\"], \"printed\": [\"7\"", "\"0x1\"], \"printed\": [\"7\""))
                .find("expected.bits[2] = '0x1' is not a INT4 bit pattern"),
            std::string::npos);
  // `packed` is lowercase too.
  EXPECT_TRUE(parse_hex_bytes("87a9").has_value());
  EXPECT_FALSE(parse_hex_bytes("87A9").has_value());
}

TEST(VectorFileRules, TypeNamesAreTheOnnxNamesExactly) {
  EXPECT_NE(error_of(replaced(kGood, "\"FLOAT16\"", "\"float16\"")).find("unknown element type 'float16'"),
            std::string::npos);
  EXPECT_NE(error_of(replaced(kGood, "\"INT4\"", "\"Int4\"")).find("unknown element type 'Int4'"), std::string::npos);
  EXPECT_EQ(type_from_file_name("FLOAT8E4M3FN"), ElementType::kFloat8E4M3FN);
  EXPECT_EQ(type_from_file_name("float8_e4m3fn"), std::nullopt);
}

TEST(VectorFileRules, NanOutcomesNeedADestinationWithNan) {
  EXPECT_NE(error_of(replaced(kGood, "\"outcome\": [\"exact\", \"exact\"", "\"outcome\": [\"nan\", \"exact\""))
                .find("expected.outcome has 'nan', but INT4 has no NaN"),
            std::string::npos);
}

TEST(VectorFileRules, TheNameIsACaseName) {
  EXPECT_NE(error_of(replaced(kGood, "\"name\": \"t\"", "\"name\": \"\"")).find("field 'name' = '' is not a case name"),
            std::string::npos);
  EXPECT_NE(error_of(replaced(kGood, "\"name\": \"t\"", "\"name\": \"../t\"")).find("is not a case name"),
            std::string::npos);
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
}  // namespace castlike::conformance
