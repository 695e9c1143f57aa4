// castlike report: the built-in implementations validated on every vector file under a directory,
// plus the coverage sweep (cli/report/builtin_report.hpp), as text or JSON.
#include <filesystem>
#include <iostream>

#include "builtin_report.hpp"
#include "command_support.hpp"
#include "options.hpp"
#include "vector_commands.hpp"

#ifndef CASTLIKE_SOURCE_DIR
#define CASTLIKE_SOURCE_DIR "."
#endif

namespace castlike::cli {
namespace {

const char* const kUsage =
    "usage: castlike report [--vectors DIR] [--format text|json] [--profile NAME]\n"
    "                       [--variants LIST] [--verbose]\n"
    "\n"
    "Validates every built-in implementation (the exact reference; the kernel library\n"
    "at each ISA level this machine has, with the default profile) on every vector\n"
    "file under DIR (default: the vectors installed with castlike,\n"
    "share/castlike/vectors, else the source tree's vectors/) and prints the\n"
    "verdict, a summary per implementation, then for each failing one its failing\n"
    "files' pass / fail / unspecified element counts and totals (with --verbose:\n"
    "every implementation and file, and each file of another format it skipped).\n"
    "It then runs one value through every type pair x operator version (CastLike\n"
    "15, 19, 21, 23, 24, 25; Cast 13, 19, 21, 23, 24, 25, 28) x attribute setting\n"
    "where the pair exists and counts how many ran and agreed with the reference.\n"
    "Exit status 1 when anything failed.\n"
    "\n"
    "options:\n"
    "  --vectors DIR        directory searched recursively for *.json vector files\n"
    "                       (schema/ skipped)\n"
    "  --format text|json   output format (default text)\n"
    "  --profile NAME       profile of the reference (default, exact, onnx-reference)\n"
    "  --variants LIST      variant switches on top of the profile\n"
    "  --verbose            list every vector file, not only the failing ones, and\n"
    "                       each skipped file (other formats, such as baselines)\n"
    "\n"
    "Exit status: 0 every implementation passes, 1 some file fails or has an error,\n"
    "2 bad arguments, 3 an internal error of castlike (please report it).\n";

}  // namespace

void print_report_usage() { std::cout << kUsage; }

int report_main(const std::vector<std::string>& args) {
  const ParsedArgs p =
      parse_args("report", args, {{"vectors", true}, {"format", true}, {"profile", true}, {"variants", true},
                                           {"verbose", false}});
  if (p.help) return print_report_usage(), 0;
  if (!p.positional.empty())
    throw UsageError{"report takes no values, got '" + p.positional.front() + "'", "see castlike report --help"};
  // Those installed with this castlike, else the source tree's.
  const std::string installed = installed_vectors_dir();
  const std::string dir = p.value_or("vectors", installed.empty() ? std::string(CASTLIKE_SOURCE_DIR) + "/vectors" : installed);
  const std::string format = p.value_or("format", "text");
  ParsedArgs cast_part;
  for (const auto& option : p.options)
    if (option.first == "profile" || option.first == "variants") cast_part.options.push_back(option);
  if (format != "text" && format != "json")
    throw UsageError{"unknown report format '" + format + "'", "--format text or --format json"};
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec))
    throw UsageError{"vectors directory '" + dir + "' does not exist", "pass --vectors DIR (the repository's vectors/)"};
  if (harness::find_vector_files(dir).vectors.empty())
    throw UsageError{"no vector files (*.json) under '" + dir + "'", "pass --vectors DIR (the repository's vectors/)"};
  const CastOptions o = cast_options("report", cast_part);
  const auto implementations = harness::builtin_implementations(o.variants);
  const auto r = harness::build_builtin_report(dir, o.profile, o.variants, implementations);
  std::cout << (format == "json" ? harness::builtin_report_json(r) : harness::builtin_report_text(r, p.has("verbose")));
  return r.ok() ? 0 : 1;
}

}  // namespace castlike::cli
