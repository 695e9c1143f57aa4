// castlike validate: judge an implementation (results file, shared library, or built in) against
// vector files; text, JSON or HTML report (harness/validator.hpp).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "args.hpp"
#include "validator.hpp"
#include "vector_commands.hpp"

namespace castlike::cli {
namespace {

namespace fs = std::filesystem;

const char* const kUsage =
    "usage: castlike validate [--vectors PATH ...] (--results FILE | --library FILE.so |\n"
    "                         --builtin reference|kernels [--profile NAME] [--variants LIST])\n"
    "                         [--format text|json|html] [--out FILE] [--examples N]\n"
    "\n"
    "Runs an implementation over the vector files and reports, per type pair and per rule id, the\n"
    "pass / fail / unspecified / rejected element counts; for each failing rule the first cases\n"
    "(input, expected, actual, as bits and exact values) and the named variant of the specification\n"
    "that would explain the actual output (e.g. 'follows variant A2=six'). Rejected calls (load\n"
    "errors, 'not implemented') are listed per pair as coverage.\n"
    "\n"
    "  --vectors PATH   a vector directory (its *.json) or file; repeatable (default: vectors/spec-examples\n"
    "                   and vectors/generated under the current directory)\n"
    "  --results FILE   a results file (JSON Lines, vectors/schema/README.md \"Results files\"); - reads\n"
    "                   standard input\n"
    "  --library FILE   a shared library with the C ABI of include/castlike/validator_abi.h\n"
    "  --builtin NAME   reference (with --profile / --variants) or kernels (the optimized/ library)\n"
    "  --format F       text (default), json, or html (a self-contained page with a 24 x 24 matrix)\n"
    "  --out FILE       write the report there instead of standard output\n"
    "  --examples N     failing cases shown per rule (default 5)\n"
    "  --pairs LIST     validate only these type pairs, e.g. FLOAT-FLOAT8E4M3FN,INT8-STRING\n"
    "  --quiet          print only the verdict line (the report still goes to --out when given)\n"
    "\n"
    "Exit status: 0 no failure and no rejection, 1 failures or rejections, 2 bad arguments or a\n"
    "malformed / truncated / foreign vector or results file (the message names file, line, problem).\n";

// --pairs FROM-TO,...: keep only the vector files of those pairs; an unknown type or a list that
// leaves no file is a usage error.
void keep_pairs(conformance::VectorSet& set, const std::string& list) {
  std::set<std::pair<ElementType, ElementType>> wanted;
  std::stringstream items(list);
  for (std::string item; std::getline(items, item, ',');) {
    const size_t dash = item.find('-');
    const auto from = dash == std::string::npos ? std::nullopt : type_from_name(item.substr(0, dash));
    const auto to = dash == std::string::npos ? std::nullopt : type_from_name(item.substr(dash + 1));
    if (!from || !to)
      throw UsageError{"--pairs: '" + item + "' is not a pair FROM-TO of type names", "e.g. --pairs FLOAT-FLOAT8E4M3FN"};
    wanted.insert({*from, *to});
  }
  conformance::VectorSet kept;
  kept.roots = set.roots;
  for (size_t i = 0; i < set.files.size(); ++i)
    if (wanted.count({set.files[i].from, set.files[i].to})) {
      kept.files.push_back(std::move(set.files[i]));
      kept.sha256.push_back(set.sha256[i]);
    }
  if (kept.files.empty()) throw UsageError{"--pairs '" + list + "' matches no vector file", "castlike types lists the names"};
  set = std::move(kept);
}

}  // namespace

void print_validate_usage() { std::cout << kUsage; }

int validate_main(const std::vector<std::string>& args) {
  const ParsedArgs a = parse_args("validate", args,
                                    {{"vectors", true}, {"results", true}, {"library", true}, {"builtin", true},
                                     {"profile", true}, {"variants", true}, {"format", true}, {"out", true},
                                     {"examples", true}, {"quiet", false}, {"pairs", true}});
  if (a.help) {
    print_validate_usage();
    return 0;
  }
  if (!a.positional.empty())
    throw UsageError{"unexpected argument '" + a.positional.front() + "'", "castlike validate --help"};
  const int sources = a.has("results") + a.has("library") + a.has("builtin");
  if (sources != 1)
    throw UsageError{sources == 0 ? "no implementation given" : "more than one implementation given",
                     "pass exactly one of --results FILE, --library FILE.so, --builtin reference|kernels"};
  const std::string format = a.value_or("format", "text");
  if (format != "text" && format != "json" && format != "html")
    throw UsageError{"unknown report format '" + format + "'", "text, json or html"};
  conformance::ValidateOptions options;
  if (a.has("examples"))
    options.examples_per_rule = static_cast<size_t>(parse_integer(a.value("examples"), "--examples", 0, 1000000));
  if ((a.has("profile") || a.has("variants")) && a.value_or("builtin", "") != "reference")
    throw UsageError{"--profile and --variants apply to --builtin reference only", "castlike validate --help"};

  std::vector<std::string> vector_paths = a.all("vectors");
  if (vector_paths.empty()) {
    for (const char* d : {"vectors/spec-examples", "vectors/generated"})
      if (fs::is_directory(d)) vector_paths.push_back(d);
    if (vector_paths.empty())
      throw UsageError{"no --vectors given and no vectors/ directory here", "pass --vectors DIR"};
  }
  auto loaded = conformance::load_vector_set(vector_paths);
  if (auto* error = std::get_if<std::string>(&loaded))
    throw UsageError{*error, "fix or remove the file (vectors/schema/README.md describes the format)"};
  auto& set = std::get<conformance::VectorSet>(loaded);
  if (a.has("pairs")) keep_pairs(set, a.value("pairs"));

  conformance::LoadedImplementation impl;
  if (a.has("results")) {
    impl = conformance::load_results_file(a.value("results"), set);
  } else if (a.has("library")) {
    impl = conformance::load_shared_library(a.value("library"));
  } else if (a.value("builtin") == "reference") {
    const std::string profile = a.value_or("profile", "default");
    auto variants = ref::profile_by_name(profile);
    if (!variants) throw UsageError{"unknown profile '" + profile + "'", "default, exact or onnx-reference"};
    if (a.has("variants"))
      if (auto error = ref::apply_variant_overrides(*variants, a.value("variants")))
        throw UsageError{*error, "e.g. --variants A2=six,A12=exact"};
    std::string label = "reference";
    if (profile != "default") label += " (profile " + profile + ")";
    if (a.has("variants")) label += " (" + a.value("variants") + ")";
    impl = conformance::make_reference_implementation(*variants, label);
  } else if (a.value("builtin") == "kernels") {
    impl = conformance::make_kernels_implementation();
  } else {
    throw UsageError{"unknown built-in implementation '" + a.value("builtin") + "'", "reference or kernels"};
  }
  if (auto* error = std::get_if<std::string>(&impl))
    throw UsageError{*error, a.has("results") ? "see vectors/schema/README.md, \"Results files\"" : "castlike validate --help"};

  const auto report = conformance::validate(set, *std::get<std::unique_ptr<conformance::Implementation>>(impl), options);
  const std::string text = format == "json"   ? conformance::report_json(report)
                           : format == "html" ? conformance::report_html(report)
                                              : conformance::report_text(report);
  const std::string verdict = report.implementation + ": " + conformance::counts_text(report.total) + "; " +
                              std::to_string(report.rejections.size()) + " rejection(s); " +
                              (report.ok() ? "PASS" : "FAIL");
  if (a.has("quiet") && !a.has("out")) {
    std::cout << verdict << "\n";
  } else if (a.has("out")) {
    std::ofstream out(a.value("out"), std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) throw UsageError{"cannot write '" + a.value("out") + "'", "check the path"};
    if (a.has("quiet"))
      std::cout << verdict << "\n";
    else
      std::cout << "wrote " << a.value("out") << ": " << report.implementation << ": " << report.total.pass << " pass, "
                << report.total.fail << " fail, " << report.total.unspecified << " unspecified, " << report.total.rejected
                << " rejected; " << (report.ok() ? "PASS" : "FAIL") << "\n";
  } else {
    std::cout << text;
  }
  return report.ok() ? 0 : 1;
}

}  // namespace castlike::cli
