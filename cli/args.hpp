// The command line of every `castlike` subcommand: --name VALUE, --name=VALUE, flags, repeated
// options, positional values ("--" ends the options; a value such as -5 or -inf is positional
// anyway), and integer options read as 64-bit numbers with range checks. Every problem is a
// UsageError: one line on stderr, exit status 2.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "castlike/type_table.hpp"

namespace castlike::cli {

// A bad command line: `message` names the problem, `hint` says what to do instead.
struct UsageError {
  std::string message;
  std::string hint;
};

struct OptionSpec {
  const char* name;  // without the leading --
  bool takes_value;
  // An option with a value is given once (a second one is a UsageError naming it, never a silent
  // "the last wins") unless it is a list that accumulates, such as --vectors.
  bool repeatable = false;
};

struct ParsedArgs {
  std::vector<std::pair<std::string, std::string>> options;  // name (without --), value; in order
  std::vector<std::string> positional;
  bool help = false;

  bool has(const std::string& name) const;
  std::string value(const std::string& name) const;  // the one given (a repeatable option: the last)
  std::string value_or(const std::string& name, const std::string& fallback) const;
  std::vector<std::string> all(const std::string& name) const;
};

ParsedArgs parse_args(const std::string& command, const std::vector<std::string>& args,
                      const std::vector<OptionSpec>& specs);

// A strict decimal integer: optional sign, digits only, within int64_t; nullopt otherwise.
std::optional<int64_t> parse_int64(const std::string& text);

// The integer value of `option` within [min, max], or a UsageError naming the option.
int64_t parse_integer(const std::string& text, const std::string& option, int64_t min, int64_t max);

// An operator set that has `op` (CastLike: 15 to kNewestKnownOpset; Cast: 13 to it), or a
// UsageError ("opset 14 has no CastLike"). An opset newer than kNewestKnownOpset is a UsageError
// naming the newest and the --newer-opset-as-newest option, unless newer_as_newest (that option):
// then it reads as the newest.
int parse_opset(const std::string& text, const std::string& option, Operator op, bool newer_as_newest = false);

// "CastLike exists at opsets 15 to 28 (the newest castlike knows)", from the type table.
std::string known_opsets(Operator op);

// --operator's value: Cast or CastLike (as ONNX spells the op_type), or a UsageError.
Operator parse_operator(const std::string& text);

}  // namespace castlike::cli
