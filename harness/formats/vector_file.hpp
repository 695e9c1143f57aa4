// Reading castlike vector files (vectors/schema/README.md): every malformed file is rejected
// with a message naming the file, the line where it can, and the problem.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "reference/vocabulary.hpp"

namespace castlike::harness {

struct VectorFile {
  std::string path;
  std::string name;
  std::string kind;  // "spec-example" or "generated"
  Operator op = Operator::kCastLike;  // field "operator"; absent means CastLike
  int opset = 0;
  ElementType from = ElementType::kFloat, to = ElementType::kFloat;
  std::optional<int64_t> saturate;
  std::optional<std::string> round_mode;
  std::vector<int64_t> shape;
  std::vector<ref::Element> input;
  std::vector<std::string> input_printed;      // may be empty
  std::vector<ref::Element> expected;
  std::vector<std::string> expected_printed;   // may be empty
  std::vector<ref::OutcomeClass> outcomes;
  std::vector<std::optional<ref::RuleId>> rules;  // per element; empty when the file has none
  std::optional<std::vector<uint8_t>> input_packed, expected_packed;

  // The input as a reference tensor (packing sub-byte types as ONNX does).
  ref::CastLikeRequest request() const;
};

// The loaded file, or an error "path:line: problem" (printable: every byte it echoes escaped).
std::variant<VectorFile, std::string> load_vector_file(const std::string& path);
std::variant<VectorFile, std::string> parse_vector_text(const std::string& text, const std::string& path);

// Hex helpers shared by the loaders and writers: "0x3f" <-> bits, "87a9" <-> bytes. parse_hex_bits
// takes "0x" and 1 to 16 hex digits of either case within the width (a results file's bits);
// format_hex_bits writes the one spelling a vector file may hold (lowercase, zero-padded to the
// width); parse_hex_bytes takes lowercase pairs only, as `packed` is spelt.
std::optional<uint64_t> parse_hex_bits(const std::string& s, unsigned width_bits);
std::string format_hex_bits(uint64_t bits, unsigned width_bits);
std::optional<std::vector<uint8_t>> parse_hex_bytes(const std::string& s);

// A case name as the schema allows it (letters, digits, '_', '.', '-'; not empty): the name is
// also the file name.
bool is_case_name(const std::string& name);

// A type name as the castlike files spell it: the ONNX name exactly ("FLOAT8E4M3FN"), never the
// numpy one or another case, which the command line accepts (type_from_name).
std::optional<ElementType> type_from_file_name(const std::string& name);

}  // namespace castlike::harness
