// castlike: explain one conversion, convert a list of values, list the rules or types, and the
// vector-file commands (report, export, validate). Exit codes (kExitStatusHelp): 0 success, 1 failures
// found, 2 bad arguments, bad input files or output that cannot be written, 3 an internal error of
// castlike.
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <strings.h>
#include <exception>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "castlike/isa_levels.hpp"
#include "castlike/castlike.h"
#include "formats/printable.hpp"
#include "generation/generator.hpp"
#include "judging/conversion_explanation.hpp"
#include "judging/expectation.hpp"
#include "options.hpp"
#include "reference/decimal.hpp"
#include "standard_streams.hpp"
#include "subjects/implementation.hpp"
#include "type_facts.hpp"
#include "vector_commands.hpp"

namespace castlike::cli {
namespace {

constexpr int kExitUsage = 2;

// The exit statuses, for the main --help; each command's --help says which of them it gives.
const char* const kExitStatusHelp =
    "Exit status: 0 success; 1 the command found failures (failing cases, failed\n"
    "calls or rejections); 2 bad arguments, a bad input file or output that cannot\n"
    "be written (one 'error: ...; hint: ...' line on stderr); 3 an internal error\n"
    "of castlike (a bug: the 'castlike: internal error' line on stderr asks you to\n"
    "report it).\n";

// Built with the type table's opsets, so that the text and the checks agree.
const std::string kCastOptionsHelp =
    "  --from TYPE          source element type (ONNX name, e.g. FLOAT, FLOAT16,\n"
    "                       INT4, STRING)\n"
    "  --to TYPE            destination element type\n"
    "  --saturate 0|1       the saturate attribute (opset >= " + std::to_string(kSaturateSince) +
    "; default: not set,\n"
    "                       which means 1)\n"
    "  --round-mode MODE    up, down or nearest (opset >= " + std::to_string(kRoundModeSince) +
    "; FLOAT8E8M0 only;\n"
    "                       default: not set = up)\n"
    "  --operator OP        CastLike (default) or Cast: one conversion, each\n"
    "                       operator's own versions (the 6-bit floats: Cast-28\n"
    "                       only)\n"
    "  --opset N            the model's opset (default " + std::to_string(kDefaultOpset) +
    "): CastLike 15..28,\n"
    "                       Cast 13..28; types and attributes must exist at the\n"
    "                       operator version in force there (CastLike-25 at\n"
    "                       opsets 25 to 28; Cast-25 at 25 to 27, Cast-28 at 28)\n"
    "  --newer-opset-as-newest\n"
    "                       read an --opset newer than 28\n"
    "                       (the newest castlike knows) as 28\n"
    "  --profile NAME       default, exact or onnx-reference (how contradictions\n"
    "                       A1-A12 are read)\n"
    "  --variants LIST      switches on top of the profile, e.g. A2=six,A12=exact\n"
    "  --bits               values are hex bit patterns of the source type\n"
    "                       (0x3ef53f7d)\n"
    "\n"
    "Values are decimal or scientific text (0.479, -1e-5, inf, -inf, nan), read into\n"
    "the source type exactly and rounded once to nearest (ties to even), or with\n"
    "--bits hex bit patterns. A STRING source takes the text as is. Negative values\n"
    "need no quoting: castlike convert ... -2.5\n";

const char* const kExplainUsage =
    "usage: castlike explain --from TYPE --to TYPE [options] VALUE...\n"
    "\n"
    "Explains the conversion of each VALUE: the source bits and exact value, the two\n"
    "neighbouring destination values, the chosen bits and exact value, the outcome\n"
    "class (exact / nan / unspecified) and the rule that decided it.\n"
    "\n"
    "example: castlike explain --from FLOAT --to FLOAT8E4M3FN 0.4790\n"
    "\n"
    "options:\n";

const char* const kConvertUsage =
    "usage: castlike convert --from TYPE --to TYPE [options] VALUE... | -\n"
    "\n"
    "Converts each VALUE (a '-' reads one value per line from standard input) and\n"
    "prints one line per value: input bits -> output bits (or \"text\" for STRING),\n"
    "outcome class, rule id. The exact reference answers unless --implementation\n"
    "says otherwise; the outcome class and rule id are always the reference's.\n"
    "\n"
    "example:\n"
    "  castlike convert --from FLOAT --to FLOAT8E4M3FN --saturate 0 0.479 1e6 -inf\n"
    "\n"
    "options:\n"
    "  --implementation NAME\n"
    "                       reference (default) or kernels: the kernel library at\n"
    "                       the level it dispatches to (CASTLIKE_ISA picks one),\n"
    "                       each output judged against the reference's; a line\n"
    "                       the reference does not allow ends in 'differs: the\n"
    "                       reference gives BITS' and the exit status is 1\n";

const char* const kRulesUsage =
    "usage: castlike rules\n"
    "\n"
    "Lists every rule id of the reference with its one-line summary\n"
    "(docs/semantics.md has the sources and variants of each).\n";

const char* const kTypesUsage =
    "usage: castlike types [--format text|json]\n"
    "\n"
    "Lists the element types of the type table. text (default): ONNX number, name,\n"
    "numpy name, bits, format (a float's exponent and mantissa bits and encoding:\n"
    "ieee, fn, fnuz, finite-only, exponent-only), the first opset at which Cast and\n"
    "CastLike list each (\"none\": no version of that operator has it) and the\n"
    "attributes a destination reads (sat: saturate, round: round_mode).\n"
    "json: the whole table (format castlike-types): per type also the sign, packing,\n"
    "NaN / infinity / negative zero, bias, largest finite value and smallest\n"
    "subnormal (bits and exact decimal), per operator version its opsets and the\n"
    "attributes the type reads as a destination there; per operator version the\n"
    "number of types and type pairs; the number of exhaustive configurations.\n";

const std::vector<OptionSpec> kCastSpecs{{"from", true},     {"to", true},      {"saturate", true},
                                         {"round-mode", true}, {"opset", true},   {"profile", true},
                                         {"variants", true}, {"bits", false},   {"newer-opset-as-newest", false},
                                         {"operator", true}};

void print_help(const char* usage, bool cast_options) {
  std::cout << usage;
  if (cast_options) std::cout << kCastOptionsHelp;
}

void explain_one(const CastOptions& o, const ref::Attributes& a, const std::string& text) {
  const ReadValue rv = read_value("explain", *o.from, text, o.bits);
  harness::ConversionQuestion q;
  q.op = o.op;
  q.from = *o.from;
  q.to = *o.to;
  q.opset = o.opset;
  q.saturate = o.saturate;
  q.round_mode = o.round_mode;
  q.profile = o.profile;
  q.variants = o.variants;
  const std::string from_name(info(q.from).name);
  const std::string input_line = q.from == ElementType::kString ? "\"" + text + "\" (STRING, used as is)"
                                 : o.bits                      ? text + " (bit pattern)"
                                                               : "\"" + text + "\" read into " + from_name + ", round to nearest";
  std::cout << harness::explain_conversion(q, a, rv.element, input_line, rv.note);
}

int cmd_explain(const std::vector<std::string>& args) {
  const ParsedArgs p = parse_args("explain", args, kCastSpecs);
  if (p.help) return print_help(kExplainUsage, true), std::cout << "\n" << kExitStatusHelp, 0;
  const CastOptions o = cast_options("explain", p);
  const ref::Attributes a = resolve("explain", o);
  if (p.positional.empty())
    throw UsageError{"missing value to explain", "e.g. castlike explain --from FLOAT --to FLOAT8E4M3FN 0.4790"};
  const auto values = expand_stdin(p.positional, *o.from == ElementType::kString);
  for (const std::string& v : values) read_value("explain", *o.from, v, o.bits);  // reject bad input up front
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) std::cout << "\n";
    explain_one(o, a, values[i]);
  }
  return 0;
}

// An element as convert prints it: the bits in hex, a text in quotes.
std::string shown(ElementType t, const ref::Element& x) {
  return t == ElementType::kString ? "\"" + x.text + "\"" : hex(t, x.bits);
}

// One line of convert: input -> output, outcome class, rule id.
void print_conversion(const CastOptions& o, const ref::Element& in, const ref::Element& out,
                      ref::OutcomeClass outcome, ref::RuleId rule) {
  std::cout << shown(*o.from, in) << " -> " << shown(*o.to, out) << " " << ref::outcome_name(outcome) << " "
            << ref::rule_name(rule);
}

// The values through the kernel library, as one node of the options' operator, opset and
// attributes (the call `validate --builtin kernels` makes), each output judged against the
// reference's expectation as validate judges it. 1 when one of them differs.
int convert_with_kernels(const CastOptions& o, std::vector<ref::Element> in) {
  const harness::CaseSpec spec{o.op, *o.from, *o.to, o.opset, o.saturate, o.round_mode};
  auto made = harness::make_case(spec, std::move(in), o.variants);
  if (const auto* error = std::get_if<std::string>(&made)) throw UsageError{*error, "castlike convert --help"};
  const harness::VectorFile& file = std::get<harness::VectorFile>(made);
  harness::LoadedImplementation kernels = harness::make_kernels_implementation();
  if (const auto* error = std::get_if<std::string>(&kernels)) throw UsageError{*error, "castlike --version"};
  const harness::CaseOutput out = std::get<std::unique_ptr<harness::Implementation>>(kernels)->run(file, 0);
  if (out.status != harness::CaseOutput::Status::kOk) {
    std::cout << "the kernels rejected the call the reference accepts: " << out.message << "\n";
    return 1;
  }
  const std::vector<ref::RuleId> rules = harness::rules_of(file);
  int status = 0;
  for (size_t i = 0; i < file.input.size(); ++i) {
    if (!out.elements[i]) {
      std::cout << shown(*o.from, file.input[i]) << " -> no output: " << out.element_errors[i] << "\n";
      status = 1;
      continue;
    }
    print_conversion(o, file.input[i], *out.elements[i], file.outcomes[i], rules[i]);
    if (!harness::element_matches(file, i, *out.elements[i])) {
      std::cout << " differs: the reference gives " << shown(*o.to, file.expected[i]);
      status = 1;
    }
    std::cout << "\n";
  }
  return status;
}

int cmd_convert(const std::vector<std::string>& args) {
  std::vector<OptionSpec> specs = kCastSpecs;
  specs.push_back({"implementation", true});
  const ParsedArgs p = parse_args("convert", args, specs);
  if (p.help) return print_help(kConvertUsage, true), std::cout << "\n" << kExitStatusHelp, 0;
  const std::string implementation = p.value_or("implementation", "reference");
  if (implementation != "reference" && implementation != "kernels")
    throw UsageError{"unknown --implementation '" + implementation + "'", "reference (the default) or kernels"};
  const CastOptions o = cast_options("convert", p);
  const ref::Attributes a = resolve("convert", o);
  if (p.positional.empty())
    throw UsageError{"missing values to convert", "give values after the options, or '-' to read them from stdin"};
  const auto values = expand_stdin(p.positional, *o.from == ElementType::kString);
  std::vector<ref::Element> in;
  for (const std::string& v : values) in.push_back(read_value("convert", *o.from, v, o.bits).element);
  if (implementation == "kernels") return convert_with_kernels(o, std::move(in));
  for (const ref::Element& e : in) {
    const ref::Result r = ref::convert_element(*o.from, e, *o.to, a, o.variants);
    print_conversion(o, e, r.value, r.outcome, r.rule);
    std::cout << "\n";
  }
  return 0;
}

int cmd_rules(const std::vector<std::string>& args) {
  const ParsedArgs p = parse_args("rules", args, {});
  if (p.help) return print_help(kRulesUsage, false), std::cout << "\n" << kExitStatusHelp, 0;
  if (!p.positional.empty())
    throw UsageError{"rules takes no arguments, got '" + p.positional.front() + "'", "run castlike rules"};
  size_t width = 0;
  for (size_t i = 0; i < ref::rule_count(); ++i) width = std::max(width, ref::rule_name(ref::rule_at(i)).size());
  for (size_t i = 0; i < ref::rule_count(); ++i) {
    const ref::RuleId id = ref::rule_at(i);
    const std::string name(ref::rule_name(id));
    std::cout << name << std::string(width + 2 - name.size(), ' ') << ref::rule_summary(id) << "\n";
  }
  return 0;
}

int cmd_types(const std::vector<std::string>& args) {
  const ParsedArgs p = parse_args("types", args, {{"format", true}});
  if (p.help) return print_help(kTypesUsage, false), std::cout << "\n" << kExitStatusHelp, 0;
  if (!p.positional.empty())
    throw UsageError{"types takes no arguments, got '" + p.positional.front() + "'", "run castlike types"};
  const std::string format = p.value_or("format", "text");
  if (format != "text" && format != "json")
    throw UsageError{"unknown --format '" + format + "' for types", "--format text or --format json"};
  std::cout << (format == "json" ? harness::type_facts_json() : harness::type_facts_text());
  return 0;
}

// Every command, in the order --help lists them: the usage text and the hints derive from this.
struct Command {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>&);
};
const std::array<Command, 8> kCommands{{
    {"explain", "show how one value converts: exact input, destination neighbours, result, rule", cmd_explain},
    {"convert", "convert a list of values (or '-' for stdin): input bits -> output, outcome, rule", cmd_convert},
    {"rules", "list every rule id with its one-line summary", cmd_rules},
    {"types", "list the element types of the type table (--format json: every fact of each)", cmd_types},
    {"report", "validate the built-in implementations on the vector files, plus the coverage sweep", report_main},
    {"export", "write generated vector files (or ONNX node tests) from the reference", export_main},
    {"validate", "judge an implementation's results against vector files: per pair and rule, with variants",
     validate_main},
    {"merge-exhaustive", "combine the shard reports of validate --exhaustive --shard I/N", merge_exhaustive_main},
}};

std::string command_list() {
  std::string out;
  for (const Command& c : kCommands) out += (out.empty() ? "" : ", ") + std::string(c.name);
  return out;
}

void print_main_usage() {
  std::cout << "usage: castlike <command> [options]\n\n"
               "Exact ONNX CastLike semantics, from the castlike reference implementation.\n\n"
               "commands:\n";
  // The summaries start in column 13; a long name gets its summary on the next line, and a long
  // summary wraps there too, so every line fits in 80 columns (ctest cli.help_width).
  constexpr size_t kSummaryColumn = 12, kWidth = 80;
  const std::string indent(kSummaryColumn, ' ');
  for (const Command& c : kCommands) {
    const std::string name(c.name);
    std::string line = "  " + name;
    if (name.size() >= kSummaryColumn - 2) {
      std::cout << line << "\n";
      line = indent;
    } else {
      line.resize(kSummaryColumn, ' ');
    }
    bool line_empty = true;  // no word of the summary on this line yet
    std::istringstream words(c.summary);
    for (std::string word; words >> word; line_empty = false) {
      if (!line_empty && line.size() + 1 + word.size() > kWidth) {
        std::cout << line << "\n";
        line = indent;
        line_empty = true;
      }
      line += (line_empty ? "" : " ") + word;
    }
    std::cout << line << "\n";
  }
  std::cout << "\nRun 'castlike <command> --help' for the options of a command; castlike --version\n"
               "for the version and the kernel ISA levels.\n\n"
            << kExitStatusHelp;
}

#ifndef CASTLIKE_VERSION
#define CASTLIKE_VERSION "unknown"
#endif
#ifndef CASTLIKE_GIT_DESCRIBE
#define CASTLIKE_GIT_DESCRIBE ""
#endif

// The version, the source revision the build was configured from (git describe, when the source
// was a git checkout), and the kernel ISA levels: which this build and CPU support, which runs.
void print_version() {
  std::cout << "castlike " << CASTLIKE_VERSION;
  if (std::string(CASTLIKE_GIT_DESCRIBE).size()) std::cout << " (git " << CASTLIKE_GIT_DESCRIBE << ")";
  std::cout << "\nkernel ISA levels available:";
  for (castlike_isa isa : kIsaLevels)
    if (castlike_isa_available(isa)) std::cout << " " << castlike_isa_name(isa);
  std::cout << "; active: " << castlike_isa_name(castlike_active_isa()) << "\n";
}

// CASTLIKE_ISA picks the kernel level; the library ignores a name it does not know, so a typo would
// silently test another level than the one asked for. The names are the library's own.
void check_isa_environment() {
  const char* env = std::getenv("CASTLIKE_ISA");
  if (env == nullptr || *env == '\0') return;
  std::string known;
  for (castlike_isa isa : kIsaLevels) {
    const char* name = castlike_isa_name(isa);
    if (strcasecmp(env, name) == 0) return;
    known += (known.empty() ? "" : ", ") + std::string(name);
  }
  throw UsageError{"CASTLIKE_ISA='" + std::string(env) + "' is not a kernel ISA level",
                   "one of " + known + ", or unset for the best this CPU has"};
}

int run(const std::vector<std::string>& args) {
  if (args.empty()) {
    // A first contact: the error line, then the command list (on stderr: stdout stays empty).
    std::cerr << "castlike: error: missing command; hint: castlike <command>, one of " << command_list() << "\n\n";
    std::cout.flush();
    std::streambuf* old = std::cout.rdbuf(std::cerr.rdbuf());
    print_main_usage();
    std::cout.rdbuf(old);
    return kExitUsage;
  }
  if (args.front() == "--version" || args.front() == "version") return print_version(), 0;
  const std::string& command = args.front();
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  const Command* known = nullptr;
  for (const Command& c : kCommands)
    if (command == c.name) known = &c;
  try {
    if (command == "--help" || command == "-h" || command == "help") return print_main_usage(), 0;
    if (!known) throw UsageError{"unknown command '" + command + "'", "commands: " + command_list() + " (castlike --help)"};
    check_isa_environment();
    return known->run(rest);
  } catch (const UsageError& e) {
    // Messages echo what the user typed (names, paths, values): escaped here, once for every
    // command, so that no byte of it reaches the terminal as a control sequence or breaks the line.
    std::cerr << "castlike" << (known ? " " + command : std::string()) << ": error: " << harness::printable(e.message)
              << "; hint: " << harness::printable(e.hint) << "\n";
    return kExitUsage;
  }
}

// An exception no command turned into an error message is a bug of castlike: exit 3, and ask for
// a report with the command that caused it.
constexpr int kExitInternalError = 3;

int internal_error(const std::string& what, const std::vector<std::string>& args) {
  std::string command = "castlike";
  for (const std::string& a : args) command += " " + a;
  std::cerr << "castlike: internal error: " << harness::printable(what)
            << "; please report this with the command: " << harness::printable(command) << "\n";
  return kExitInternalError;
}

// Output that did not arrive (a full disk, a closed stdout) is an error of every command, whatever
// its verdict: a report cut short must not read as one that passed.
int with_output_checked(int status) {
  const int error = finish_standard_output();
  if (error == 0) return status;
  std::cerr << "castlike: error: cannot write the output: " << std::strerror(error) << "; hint: "
            << (error == EBADF ? "standard output is closed; redirect it (to /dev/null to discard it)"
                               : "free space where standard output goes, or send it elsewhere")
            << "\n";
  return status == kExitInternalError ? status : kExitUsage;
}

}  // namespace
}  // namespace castlike::cli

int main(int argc, char** argv) {
  if (!castlike::cli::guard_standard_streams()) {
    std::fputs("castlike: cannot open /dev/null on a closed descriptor 0, 1 or 2\n", stderr);
    return 2;
  }
  const std::vector<std::string> args(argv + 1, argv + argc);
  int status = 0;
  try {
    status = castlike::cli::run(args);
  } catch (const std::exception& e) {
    status = castlike::cli::internal_error(e.what(), args);
  } catch (...) {
    status = castlike::cli::internal_error("an exception that is not a std::exception", args);
  }
  return castlike::cli::with_output_checked(status);
}
