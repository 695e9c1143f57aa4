// The cast options `explain`, `convert` and `report` share (types, opset, attributes, profile,
// variants), and reading a value given on the command line into the source type. Every problem
// becomes a UsageError (exit 2; args.hpp parses the command line itself).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "args.hpp"
#include "reference/cast_like.hpp"
#include "reference/convert.hpp"

namespace castlike::cli {

// What a cast is asked for: types, operator set, attributes (as given, unresolved) and variants.
struct CastOptions {
  Operator op = Operator::kCastLike;
  std::optional<ElementType> from, to;
  int opset = kDefaultOpset;
  std::optional<int64_t> saturate;        // absent: attribute not set (default 1)
  std::optional<std::string> round_mode;  // absent: attribute not set (default "up")
  std::string profile = "default";
  std::string variant_spec;               // "A2=six,..." on top of the profile
  ref::Variants variants;                 // profile + overrides
  bool bits = false;                      // values are hex bit patterns
  std::vector<std::string> values;        // as given ("-" already expanded from stdin)
};

// Interprets the cast options of `parsed` (unknown ones were already rejected) and checks them
// against the operator set; values are not read yet.
CastOptions cast_options(const std::string& command, const ParsedArgs& parsed);

// The effective attributes (CastLike defaults and variant A7 applied), or a UsageError naming the
// type or attribute that does not exist at the chosen opset.
ref::Attributes resolve(const std::string& command, const CastOptions& o);

// A value of the command line as an element of `type`: with --bits a hex pattern, otherwise
// decimal text read exactly and rounded once to nearest (the reference's STRING -> type
// conversion with saturate=0, round_mode=nearest). STRING takes the text as is.
struct ReadValue {
  ref::Element element;
  std::string note;  // non-empty when the text did not denote a value of the type exactly
};
ReadValue read_value(const std::string& command, ElementType type, const std::string& text, bool bits);

// A UsageError naming `what` and the first offending byte when `text` is not valid UTF-8.
void require_utf8(const std::string& what, const std::string& text);

// Replaces each "-" in `values` by the lines of standard input (blank lines skipped for numeric
// sources; STRING keeps every line, without its line end). A '-' that reads no value is a UsageError.
std::vector<std::string> expand_stdin(const std::vector<std::string>& values, bool keep_blank_lines);

// "0x2f", "0x3ef53f7d": the bit pattern zero-padded to the type's width.
std::string hex(ElementType type, uint64_t bits);

// Comma-separated list of ONNX type names.
std::string type_names();

}  // namespace castlike::cli
