// castlike validate: judge an implementation (results file, shared library, or built in) against
// vector files; text, JSON, HTML or JUnit report (harness/judging/validator.hpp), optionally against a
// baseline of known discrepancies (harness/judging/baseline.hpp).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>

#include "args.hpp"
#include "progress.hpp"
#include "judging/baseline.hpp"
#include "command_support.hpp"
#include "judging/validator.hpp"
#include "rendering/render.hpp"
#include "vector_commands.hpp"

namespace castlike::cli {
namespace {

namespace fs = std::filesystem;

#ifndef CASTLIKE_SOURCE_DIR
#define CASTLIKE_SOURCE_DIR "."
#endif

const char* const kUsage =
    "usage: castlike validate [--vectors PATH ...] (--results FILE |\n"
    "                         --library FILE.so | --builtin reference|kernels\n"
    "                         [--profile NAME] [--variants LIST])\n"
    "                         [--format text|json|html|junit] [--out FILE]\n"
    "                         [--examples N] [--pairs LIST] [--rules LIST]\n"
    "                         [--strict-text] [--progress] [--quiet]\n"
    "                         [--timeout S] [--memory-limit MiB] [--in-process]\n"
    "                         [--expect FILE [--expect-strict]] [--write-expect FILE]\n"
    "\n"
    "Runs an implementation over the vector files and reports, per type pair and per\n"
    "rule id, the pass / fail / unspecified / rejected element counts; for each\n"
    "failing rule the first cases (input, expected, actual, as bits and exact values)\n"
    "and the named variant of the specification that would explain the actual output\n"
    "(e.g. 'follows variant A2=six'). Rejected calls (load errors, 'not implemented')\n"
    "are listed per pair as coverage. A plug-in that declares its coverage\n"
    "(castlike_validator_coverage) is not called outside it: those cases are one\n"
    "line, \"not covered (declared)\", in no count.\n"
    "\n"
    "  --vectors PATH   a vector directory (its *.json) or file; repeatable (default:\n"
    "                   vectors/spec-examples and vectors/generated under the current\n"
    "                   directory, else those installed with castlike\n"
    "                   (share/castlike/vectors), else the source tree's)\n"
    "  --results FILE   a results file (JSON Lines, vectors/schema/README.md\n"
    "                   \"Results files\"); - reads standard input\n"
    "  --library FILE   a shared library with the C ABI of\n"
    "                   include/castlike/validator_abi.h\n"
    "  --builtin NAME   reference (with --profile / --variants) or kernels (the\n"
    "                   optimized/ library)\n"
    "  --format F       text (default), json, html (a self-contained page with a\n"
    "                   matrix of the type pairs; with --expect also the baseline's\n"
    "                   rows and a \"known\" colour) or junit (JUnit XML for CI: a\n"
    "                   test case per vector file, classname castlike.FROM.TO;\n"
    "                   failure: failing elements or rejected call; error: failed\n"
    "                   call; skipped: all its rows known to the --expect baseline)\n"
    "  --out FILE       write the report there instead of standard output (through a\n"
    "                   temporary file and a rename; refused when FILE is one of the\n"
    "                   inputs given, a symlink, a file other than a castlike\n"
    "                   report, or a path through a symlink); an earlier castlike\n"
    "                   report there is removed when the run starts, so a run that\n"
    "                   is killed leaves none that could pass for its own\n"
    "  --examples N     failing cases shown per rule (default 5)\n"
    "  --pairs LIST     validate only these type pairs, e.g.\n"
    "                   FLOAT-FLOAT8E4M3FN,INT8-STRING\n"
    "  --rules LIST     judge and count only the elements of these rules (names as\n"
    "                   `castlike rules` prints them; NAME.* for every rule starting\n"
    "                   NAME.), e.g. F8.SAT.OVERFLOW,E8M0.*; a file without such\n"
    "                   elements is not run; a rejected or failed call counts only\n"
    "                   its elements of these rules\n"
    "  --strict-text    a float's text must equal the reference's character for\n"
    "                   character (default: any text that reads back to the same\n"
    "                   element of the source type passes, outcome round-trip; NaN\n"
    "                   texts to any NaN)\n"
    "  --progress       a progress line on standard error (by default only on a\n"
    "                   terminal): files checked, then cases run / total, elements\n"
    "                   judged, seconds elapsed\n"
    "  --quiet          print only the verdict line (the report still goes to --out\n"
    "                   when given)\n"
    "\n"
    "A --library plug-in runs in a worker process (docs/isolation.md): a call that\n"
    "crashes, aborts, exits, hangs, runs out of memory or writes outside its buffers\n"
    "is a failed call of that case (reported with what happened and a command that\n"
    "repeats it), and the next case goes to a fresh worker.\n"
    "  --timeout S      seconds a plug-in call may take (default 10; also the time to\n"
    "                   load it)\n"
    "  --memory-limit M address space of the worker in MiB (default: no limit)\n"
    "  --in-process     call the plug-in inside the validator (trusted plug-ins only:\n"
    "                   no protection)\n"
    "\n"
    "Every vector file is checked (loaded, validated, hashed) before the\n"
    "implementation runs on any, then loaded again, run, judged and dropped one at a\n"
    "time: memory stays bounded by the largest file, and a results file is read a\n"
    "line at a time (docs/harness.md, \"Streaming\").\n"
    "\n"
    "Baselines (format: vectors/schema/README.md, \"Baselines\"):\n"
    "  --expect FILE    compare with a baseline of known discrepancy rows (case,\n"
    "                   rule, failures, readings) and rejections (case, message):\n"
    "                   a row of the run not in it, or with another failure count\n"
    "                   or readings, is new and fails; a known row passes; a row\n"
    "                   of the baseline the run no longer gives is reported as\n"
    "                   vanished (fixed? remove it from the baseline). A failed\n"
    "                   call (crash, hang...) always fails. The verdict and the\n"
    "                   report start with the summary (known / new / changed /\n"
    "                   vanished).\n"
    "  --expect-strict  vanished rows, and rows whose case did not run, fail too\n"
    "                   (as pytest's strict xfail): the baseline must describe the\n"
    "                   run exactly\n"
    "  --write-expect FILE\n"
    "                   write this run's rows as a baseline (atomically; refused\n"
    "                   as --out is, a file other than a castlike baseline\n"
    "                   included); the exit status stays the run's\n"
    "\n"
    "castlike validate --exhaustive judges every input of configurations instead (its\n"
    "own options: castlike validate --exhaustive --help).\n"
    "\n"
    "Exit status: 0 no failure and no rejection (with --expect: nothing new or\n"
    "changed), 1 failures, failed calls or rejections (with --expect: new or\n"
    "changed rows, failed calls; with --expect-strict also vanished rows), 2 bad\n"
    "arguments, a malformed / truncated / foreign vector, results or baseline\n"
    "file (the message names file, field or\n"
    "line, problem), 3 an internal error of castlike (please report it).\n";

// --pairs FROM-TO,...: keep only the vector files of those pairs; an unknown type or a list that
// leaves no file is a usage error.
void keep_pairs(harness::VectorSet& set, const std::string& list) {
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
  set.keep_if([&](const harness::VectorSetEntry& e) { return wanted.count({e.from, e.to}) != 0; });
  if (set.size() == 0) throw UsageError{"--pairs '" + list + "' matches no vector file", "castlike types lists the names"};
}

// --rules NAME,PREFIX.*,...: the rule ids named; an unknown name is a usage error.
std::set<ref::RuleId> parse_rules(const std::string& list) {
  std::set<ref::RuleId> rules;
  std::stringstream items(list);
  for (std::string item; std::getline(items, item, ',');) {
    const bool prefix = !item.empty() && item.back() == '*';
    const std::string stem = prefix ? item.substr(0, item.size() - 1) : item;
    size_t matched = 0, starting = 0;
    for (size_t k = 0; k < ref::rule_count(); ++k) {
      const std::string name(ref::rule_name(ref::rule_at(k)));
      const bool starts = name.rfind(stem, 0) == 0;
      starting += starts;
      if (prefix ? starts : name == stem) {
        rules.insert(ref::rule_at(k));
        ++matched;
      }
    }
    if (matched == 0 || stem.empty())
      throw UsageError{"--rules: '" + item + "' is not a rule name" + (prefix ? " prefix" : ""),
                       starting && !prefix ? "it is the start of " + std::to_string(starting) + " rule names; " + item +
                                                 ".* selects them (castlike rules lists every name)"
                                           : "castlike rules lists the rule names, e.g. F8.SAT.OVERFLOW or F8.*"};
  }
  if (rules.empty()) throw UsageError{"--rules is empty", "e.g. --rules F8.SAT.OVERFLOW,E8M0.*"};
  return rules;
}

}  // namespace

void print_validate_usage() { std::cout << kUsage; }

int validate_main(const std::vector<std::string>& args) {
  // Every input of configurations instead of vector files: its own options (validate_exhaustive.cpp).
  for (const std::string& arg : args)
    if (arg == "--exhaustive") return validate_exhaustive_main(args);
  const ParsedArgs a = parse_args("validate", args,
                                    {{"vectors", true, true}, {"results", true}, {"library", true}, {"builtin", true},
                                     {"profile", true}, {"variants", true}, {"format", true}, {"out", true},
                                     {"examples", true}, {"timeout", true}, {"memory-limit", true},
                                     {"in-process", false}, {"quiet", false}, {"pairs", true}, {"rules", true},
                                     {"strict-text", false}, {"progress", false}, {"expect", true}, {"expect-strict", false},
                                     {"write-expect", true}});
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
  // read before the run: a bad file fails at once
  std::optional<harness::Baseline> baseline = report_format_and_baseline(a, "", "--write-expect");
  harness::ValidateOptions options;
  if (a.has("examples"))
    options.examples_per_rule = static_cast<size_t>(parse_integer(a.value("examples"), "--examples", 0, 1000000));
  if (a.has("rules")) options.rules = parse_rules(a.value("rules"));
  options.strict_text = a.has("strict-text");
  if ((a.has("profile") || a.has("variants")) && a.value_or("builtin", "") != "reference")
    throw UsageError{"--profile and --variants apply to --builtin reference only", "castlike validate --help"};

  const harness::SharedLibraryOptions library_options = cli::library_options(a, "castlike validate --help");
  if (a.has("library")) {
    // A failed call's report says how to repeat that call alone, in a fresh validator.
    options.reproduce = [library = a.value("library"), flags = library_flags(a)](const harness::VectorFile& f) {
      return "castlike validate --library " + shell_quote(library) + " --vectors " + shell_quote(f.path) + flags;
    };
  }

  std::vector<std::string> vector_paths = a.all("vectors");
  if (vector_paths.empty()) {
    // The vectors/ here, else those installed with this castlike, else the source tree's.
    for (const std::string& dir : {std::string("vectors"), installed_vectors_dir(),
                                   std::string(CASTLIKE_SOURCE_DIR) + "/vectors"}) {
      if (dir.empty()) continue;
      for (const char* d : {"spec-examples", "generated"})
        if (fs::is_directory(fs::path(dir) / d)) vector_paths.push_back((fs::path(dir) / d).string());
      if (!vector_paths.empty()) break;
    }
    if (vector_paths.empty())
      throw UsageError{"no --vectors given and no vectors/ directory here", "pass --vectors DIR"};
  }
  Progress progress(progress_wanted(a.has("progress"), a.has("quiet")), "castlike validate");
  auto loaded = harness::load_vector_set(vector_paths, [&](size_t done, size_t total) {
    progress.update(done, total, [&] {
      return "checked " + std::to_string(done) + "/" + std::to_string(total) + " vector files, " +
             std::to_string(static_cast<long long>(progress.elapsed())) + " s";
    });
  });
  if (auto* error = std::get_if<std::string>(&loaded))
    throw UsageError{*error, "fix or remove the file (vectors/schema/README.md describes the format)"};
  auto& set = std::get<harness::VectorSet>(loaded);
  // Every input given, whatever --pairs drops next: an output must not replace any of them.
  harness::InputFiles inputs;
  for (const std::string& path : vector_paths) inputs.add_vectors(path);
  for (const char* option : {"results", "library", "expect"})
    if (a.has(option)) inputs.add_file(a.value(option));
  const auto out = output_file(a, "out", harness::kReportKind, inputs);
  const auto baseline_out = output_file(a, "write-expect", harness::kBaselineKind, inputs);
  if (out && baseline_out && out->same_file(*baseline_out))
    throw UsageError{"--out and --write-expect name the same file", "write the report and the baseline to two files"};
  if (a.has("pairs")) keep_pairs(set, a.value("pairs"));

  if (out)
    if (auto error = out->remove_earlier()) throw UsageError{*error, "check the path"};

  harness::LoadedImplementation impl;
  if (a.has("results")) {
    impl = harness::load_results_file(a.value("results"), set);
  } else if (a.has("library")) {
    impl = harness::load_shared_library(a.value("library"), library_options);
  } else if (a.value("builtin") == "reference") {
    std::string label;
    const ref::Variants variants = reference_variants(a, label);
    impl = harness::make_reference_implementation(variants, label);
  } else if (a.value("builtin") == "kernels") {
    impl = harness::make_kernels_implementation();
  } else {
    throw UsageError{"unknown built-in implementation '" + a.value("builtin") + "'", "reference or kernels"};
  }
  if (auto* error = std::get_if<std::string>(&impl))
    throw UsageError{*error, a.has("results") ? "see vectors/schema/README.md, \"Results files\"" : "castlike validate --help"};

  options.progress = [&](size_t done, size_t total, uint64_t elements) {
    progress.update(done, total, [&] {
      return std::to_string(done) + "/" + std::to_string(total) + " cases, " + std::to_string(elements) +
             " elements, " + std::to_string(static_cast<long long>(progress.elapsed())) + " s";
    });
  };
  harness::Report report;
  try {
    report = harness::validate(set, *std::get<std::unique_ptr<harness::Implementation>>(impl), options);
  } catch (const harness::InputChanged& e) {
    throw UsageError{e.what(), "leave the vector and results files alone while castlike validate runs"};
  }
  if (options.rules && report.cases == 0)
    throw UsageError{"--rules '" + a.value("rules") + "' matches no element of the vector files",
                     "castlike rules lists the rule names; check --pairs and --vectors"};
  std::optional<harness::BaselineComparison> comparison;
  if (baseline) comparison = harness::compare_with_baseline(report, *baseline, a.has("expect-strict"));
  const harness::BaselineComparison* against = comparison ? &*comparison : nullptr;
  const bool ok = harness::passes(report, against);
  const std::string text = format == "json"    ? harness::report_json(report, against)
                           : format == "html"  ? harness::report_html(report, against)
                           : format == "junit" ? harness::report_junit(report, against)
                           : (against ? harness::baseline_text(*against, report) : "") + harness::report_text(report);
  const std::string verdict = harness::verdict_line(report, against);
  if (a.has("write-expect")) {
    const std::string document = harness::baseline_document(report);
    if (auto error = baseline_out->write(document)) throw UsageError{*error, "check the path"};
    // Beside the report on standard output this note would spoil it: it goes to stderr then.
    (a.has("out") && !a.has("quiet") ? std::cout : std::cerr)
        << "wrote baseline " << a.value("write-expect") << ": " << report.discrepancies.size() << " discrepancies, "
        << report.rejections.size() << " rejections\n";
  }
  emit_report(a, out, text, verdict);
  return ok ? 0 : 1;
}

}  // namespace castlike::cli
