// castlike validate: judge an implementation (results file, shared library, or built in) against
// vector files; text, JSON or HTML report (harness/validator.hpp).
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "args.hpp"
#include "atomic_write.hpp"
#include "output_checks.hpp"
#include "validator.hpp"
#include "vector_commands.hpp"

namespace castlike::cli {
namespace {

namespace fs = std::filesystem;

#ifndef CASTLIKE_SOURCE_DIR
#define CASTLIKE_SOURCE_DIR "."
#endif

const char* const kUsage =
    "usage: castlike validate [--vectors PATH ...] (--results FILE | --library FILE.so |\n"
    "                         --builtin reference|kernels [--profile NAME] [--variants LIST])\n"
    "                         [--format text|json|html] [--out FILE] [--examples N]\n"
    "                         [--timeout S] [--memory-limit MiB] [--in-process]\n"
    "\n"
    "Runs an implementation over the vector files and reports, per type pair and per rule id, the\n"
    "pass / fail / unspecified / rejected element counts; for each failing rule the first cases\n"
    "(input, expected, actual, as bits and exact values) and the named variant of the specification\n"
    "that would explain the actual output (e.g. 'follows variant A2=six'). Rejected calls (load\n"
    "errors, 'not implemented') are listed per pair as coverage.\n"
    "\n"
    "  --vectors PATH   a vector directory (its *.json) or file; repeatable (default: vectors/spec-examples\n"
    "                   and vectors/generated under the current directory, else the source tree's)\n"
    "  --results FILE   a results file (JSON Lines, vectors/schema/README.md \"Results files\"); - reads\n"
    "                   standard input\n"
    "  --library FILE   a shared library with the C ABI of include/castlike/validator_abi.h\n"
    "  --builtin NAME   reference (with --profile / --variants) or kernels (the optimized/ library)\n"
    "  --format F       text (default), json, or html (a self-contained page with a 24 x 24 matrix)\n"
    "  --out FILE       write the report there instead of standard output (through a temporary file\n"
    "                   and a rename; refused when FILE is one of the inputs or a symlink)\n"
    "  --examples N     failing cases shown per rule (default 5)\n"
    "  --pairs LIST     validate only these type pairs, e.g. FLOAT-FLOAT8E4M3FN,INT8-STRING\n"
    "  --quiet          print only the verdict line (the report still goes to --out when given)\n"
    "\n"
    "A --library plug-in runs in a worker process (docs/isolation.md): a call that crashes, aborts,\n"
    "exits, hangs, runs out of memory or writes outside its buffers is a failed call of that case\n"
    "(reported with what happened and a command that repeats it), and the next case goes to a fresh\n"
    "worker.\n"
    "  --timeout S      seconds a plug-in call may take (default 10; also the time to load it)\n"
    "  --memory-limit M address space of the worker in MiB (default: no limit)\n"
    "  --in-process     call the plug-in inside the validator (trusted plug-ins only: no protection)\n"
    "\n"
    "castlike validate --exhaustive judges every input of configurations instead (its own\n"
    "options: castlike validate --exhaustive --help).\n"
    "\n"
    "Exit status: 0 no failure and no rejection, 1 failures, failed calls or rejections, 2 bad\n"
    "arguments or a malformed / truncated / foreign vector or results file (the message names file,\n"
    "line, problem), 3 an internal error of castlike (please report it).\n";

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
  // Every input of configurations instead of vector files: its own options (validate_exhaustive.cpp).
  for (const std::string& arg : args)
    if (arg == "--exhaustive") return validate_exhaustive_main(args);
  const ParsedArgs a = parse_args("validate", args,
                                    {{"vectors", true}, {"results", true}, {"library", true}, {"builtin", true},
                                     {"profile", true}, {"variants", true}, {"format", true}, {"out", true},
                                     {"examples", true}, {"timeout", true}, {"memory-limit", true},
                                     {"in-process", false}, {"quiet", false}, {"pairs", true}});
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

  if ((a.has("timeout") || a.has("memory-limit") || a.has("in-process")) && !a.has("library"))
    throw UsageError{"--timeout, --memory-limit and --in-process apply to --library only", "castlike validate --help"};
  if (a.has("in-process") && (a.has("timeout") || a.has("memory-limit")))
    throw UsageError{"--timeout and --memory-limit need the worker process", "drop --in-process"};
  conformance::SharedLibraryOptions library_options;
  library_options.in_process = a.has("in-process");
  if (a.has("timeout")) {
    const auto s = parse_integer(a.value("timeout"), "--timeout", 1, 86400);
    library_options.isolation.call_timeout = library_options.isolation.load_timeout = std::chrono::seconds(s);
  }
  if (a.has("memory-limit"))
    library_options.isolation.memory_limit =
        static_cast<uint64_t>(parse_integer(a.value("memory-limit"), "--memory-limit", 16, int64_t{1} << 30)) << 20;
  if (a.has("library")) {
    // A failed call's report says how to repeat that call alone, in a fresh validator.
    std::string flags;
    for (const char* o : {"timeout", "memory-limit"})
      if (a.has(o)) flags += std::string(" --") + o + " " + a.value(o);
    if (a.has("in-process")) flags += " --in-process";
    options.reproduce = [library = a.value("library"), flags](const conformance::VectorFile& f) {
      return "castlike validate --library " + shell_quote(library) + " --vectors " + shell_quote(f.path) + flags;
    };
  }

  std::vector<std::string> vector_paths = a.all("vectors");
  if (vector_paths.empty()) {
    // The vectors/ here, else the source tree's (as `castlike report` finds them).
    for (const std::string& root : {std::string("."), std::string(CASTLIKE_SOURCE_DIR)}) {
      for (const char* d : {"vectors/spec-examples", "vectors/generated"})
        if (fs::is_directory(fs::path(root) / d)) vector_paths.push_back(root == "." ? d : (fs::path(root) / d).string());
      if (!vector_paths.empty()) break;
    }
    if (vector_paths.empty())
      throw UsageError{"no --vectors given and no vectors/ directory here", "pass --vectors DIR"};
  }
  auto loaded = conformance::load_vector_set(vector_paths);
  if (auto* error = std::get_if<std::string>(&loaded))
    throw UsageError{*error, "fix or remove the file (vectors/schema/README.md describes the format)"};
  auto& set = std::get<conformance::VectorSet>(loaded);
  if (a.has("pairs")) keep_pairs(set, a.value("pairs"));
  if (a.has("out")) {
    std::vector<std::string> inputs;
    for (const auto& f : set.files) inputs.push_back(f.path);
    for (const char* option : {"results", "library"})
      if (a.has(option)) inputs.push_back(a.value(option));
    refuse_output_over_input(a.value("out"), inputs);
  }

  conformance::LoadedImplementation impl;
  if (a.has("results")) {
    impl = conformance::load_results_file(a.value("results"), set);
  } else if (a.has("library")) {
    impl = conformance::load_shared_library(a.value("library"), library_options);
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
                              (report.call_failures.empty() ? std::string()
                                                            : std::to_string(report.call_failures.size()) +
                                                                  " failed call(s); ") +
                              (report.ok() ? "PASS" : "FAIL");
  if (a.has("quiet") && !a.has("out")) {
    std::cout << verdict << "\n";
  } else if (a.has("out")) {
    if (auto error = conformance::write_file_atomically(a.value("out"), text)) throw UsageError{*error, "check the path"};
    if (a.has("quiet"))
      std::cout << verdict << "\n";
    else
      std::cout << "wrote " << a.value("out") << ": " << verdict << "\n";
  } else {
    std::cout << text;
  }
  return report.ok() ? 0 : 1;
}

}  // namespace castlike::cli
