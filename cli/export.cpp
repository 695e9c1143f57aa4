// castlike export: the reference's expected outputs as castlike-vectors files of kind "generated"
// (harness/generation/generator.hpp), or as ONNX backend node tests (through
// scripts/generate/export-onnx-node-tests, which writes the protobufs with the onnx package).
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <fstream>
#include <iostream>
#include <map>
#include <set>

#include "args.hpp"
#include "formats/output_guard.hpp"
#include "formats/printable.hpp"
#include "formats/vector_file.hpp"
#include "generation/generator.hpp"
#include "options.hpp"
#include "progress.hpp"
#include "formats/vector_set.hpp"
#include "vector_commands.hpp"

#ifndef CASTLIKE_SOURCE_DIR
#define CASTLIKE_SOURCE_DIR "."
#endif

namespace castlike::cli {
namespace {

namespace fs = std::filesystem;
using harness::AttributeChoice;
using harness::CaseSpec;
using harness::InputSet;
using harness::OpsetChoice;

// Built with the type table's default opset (kDefaultOpset), so that the text and the default agree.
const std::string kUsage =
    "usage: castlike export [--out DIR] [--exhaustive] [--pairs FROM:TO,...]\n"
    "                       [--opsets newest|all|N,...] [--attributes relevant|all]\n"
    "                       [--profile NAME] [--replace] [--no-spec-examples]\n"
    "                       [--max-bytes N | --yes] [--progress]\n"
    "       castlike export --case FROM:TO --input X [--input X ...]\n"
    "                       [--operator OP] [--opset N] [--saturate 0|1]\n"
    "                       [--round-mode MODE] [--name NAME] [--out DIR]\n"
    "       castlike export --format onnx-node-tests --out DIR\n"
    "                       [selection options | --vectors DIR ...]\n"
    "                       [--install-environment]\n"
    "\n"
    "Writes only inside DIR: DIR must be a real directory reached without a symlink\n"
    "(none on its path, a trailing slash included), every file is written to a\n"
    "temporary file there and renamed (SIGINT and SIGTERM remove it), and a name\n"
    "that holds anything but a castlike vector file (a symlink, a directory, any\n"
    "other file) is refused before anything is written. The number of files and\n"
    "bytes is printed before writing.\n"
    "\n"
    "Writes the exact reference's expected outputs as castlike-vectors files (kind\n"
    "\"generated\", vectors/schema/README.md): one file per (opset, source,\n"
    "destination, attributes) with the interesting inputs, expected bits, outcome\n"
    "class and rule id per element.\n"
    "\n"
    "  --out DIR            output directory (default vectors/generated), created if\n"
    "                       missing\n"
    "  --exhaustive         every bit pattern of the 16-bit sources (8-bit and\n"
    "                       smaller: always)\n"
    "  --pairs LIST         FROM:TO pairs, '*' for any type (default *:*: every pair)\n"
    "  --operator OP        CastLike or Cast for every case (default: CastLike; Cast\n"
    "                       at opset 28 for the pairs with a FLOAT6 type, which\n"
    "                       only Cast-28 lists);\n"
    "                       one conversion table, so CastLike's vectors judge a Cast\n"
    "                       implementation too\n"
    "  --opsets CHOICE      newest (default: opset " + std::to_string(kDefaultOpset) +
    ", the opset the most runtimes\n"
    "                       load, where CastLike-25 and Cast-25 are in force), all\n"
    "                       (every version where both types exist), or a list such as\n"
    "                       21,25,28\n"
    "  --newer-opset-as-newest\n"
    "                       read an opset newer than 28\n"
    "                       (the newest castlike knows) as 28\n"
    "  --attributes CHOICE  relevant (default: attributes not set, plus saturate=0\n"
    "                       for float8 destinations and saturate x round_mode for\n"
    "                       FLOAT8E8M0) or all\n"
    "  --profile NAME       reference profile for the expected outputs (default,\n"
    "                       exact, onnx-reference)\n"
    "  --replace            delete the castlike vector files (\"format\":\n"
    "                       \"castlike-vectors\") in DIR that this run did not write,\n"
    "                       listing each; any other file is left and named\n"
    "  --no-spec-examples   do not copy the specification's examples\n"
    "                       (vectors/spec-examples) of the selected pairs into DIR\n"
    "                       (by default they are, so DIR alone is a full set)\n"
    "  --max-bytes N        refuse when the files would take more than N bytes\n"
    "                       (default 1000000000: --exhaustive takes 0.4 GB, with\n"
    "                       --opsets all --attributes all 8.8 GB)\n"
    "  --yes                write whatever the size (the free space of DIR is still\n"
    "                       checked)\n"
    "  --progress           a progress line on standard error (by default only on a\n"
    "                       terminal)\n"
    "  --case FROM:TO       one hand-made case (a minimised disagreement) with the\n"
    "                       elements given by --input (hex bits, or text for STRING);\n"
    "                       --name sets its name\n"
    "  --format FORMAT      json (default) or onnx-node-tests (needs python3; see\n"
    "                       scripts/generate/export-onnx-node-tests, which it\n"
    "                       runs on the JSON vectors)\n"
    "  --vectors DIR        with onnx-node-tests: convert these vector files instead\n"
    "                       of generating\n"
    "  --install-environment\n"
    "                       with onnx-node-tests: install the Python environment\n"
    "                       the exporter needs (pip, from PyPI) in\n"
    "                       $XDG_CACHE_HOME/castlike (~/.cache/castlike) when it is\n"
    "                       missing; without it a missing one is an error\n"
    "\n"
    "The committed curated set is:\n"
    "  castlike export --out vectors/generated --replace --no-spec-examples\n"
    "\n"
    "Exit status: 0 written, 2 bad arguments or a file that cannot be written,\n"
    "3 an internal error of castlike (please report it); when the ONNX node-test\n"
    "exporter runs, its exit status.\n";

struct Selection {
  std::vector<std::pair<std::optional<ElementType>, std::optional<ElementType>>> pairs;  // nullopt = any
  bool selected(ElementType from, ElementType to) const {
    if (pairs.empty()) return true;
    for (const auto& [f, t] : pairs)
      if ((!f || *f == from) && (!t || *t == to)) return true;
    return false;
  }
};

std::optional<ElementType> parse_type_or_star(const std::string& s, const std::string& option) {
  if (s == "*") return std::nullopt;
  const auto t = type_from_name(s);
  if (!t) throw UsageError{"unknown type name '" + s + "' in " + option, "castlike types lists the names"};
  return t;
}

std::pair<std::optional<ElementType>, std::optional<ElementType>> parse_pair(const std::string& item,
                                                                             const std::string& option) {
  const size_t colon = item.find(':');
  if (colon == std::string::npos)
    throw UsageError{"'" + item + "' in " + option + " is not FROM:TO", "e.g. FLOAT:FLOAT8E4M3FN or FLOAT:*"};
  return {parse_type_or_star(item.substr(0, colon), option), parse_type_or_star(item.substr(colon + 1), option)};
}

// --out DIR through the output guard, created if missing.
harness::OutputDirectory open_out_directory(const std::string& path) {
  auto opened = harness::OutputDirectory::open(path, /*create=*/true);
  if (auto* error = std::get_if<std::string>(&opened))
    throw UsageError{"--out: " + *error, "give a real directory (no symlink on its path), or a new one"};
  return std::move(std::get<harness::OutputDirectory>(opened));
}

// The user's cache directory for castlike: $XDG_CACHE_HOME/castlike, else ~/.cache/castlike.
std::string user_cache_directory() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && *xdg == '/') return std::string(xdg) + "/castlike";
  const char* home = std::getenv("HOME");
  if (home && *home) return std::string(home) + "/.cache/castlike";
  throw UsageError{"no cache directory for the onnx environment (neither XDG_CACHE_HOME nor HOME is set)",
                   "set XDG_CACHE_HOME"};
}

// Where the exporter's Python environment lives, and whether it may be installed: in the user's
// cache directory (never the source tree, which may be read-only or shared), installed (pip from
// PyPI, a wheel of these sources) only when asked. A caller that chose the places already (a peer
// script, through CASTLIKE_VENV_DIR and CASTLIKE_PYTHON_BUILD_DIR) keeps them.
void set_exporter_environment(bool install) {
  const std::string cache = user_cache_directory();
  ::setenv("CASTLIKE_VENV_DIR", (cache + "/venvs").c_str(), /*overwrite=*/0);
  ::setenv("CASTLIKE_PYTHON_BUILD_DIR", (cache + "/python").c_str(), /*overwrite=*/0);
  ::setenv("CASTLIKE_VENV_INSTALL", install ? "1" : "0", /*overwrite=*/1);
}

// Runs scripts/generate/export-onnx-node-tests on a directory of vector files.
int run_node_test_exporter(const std::vector<std::string>& vector_dirs, const std::string& out_dir) {
  const char* override_dir = std::getenv("CASTLIKE_SCRIPTS_DIR");
  const fs::path script = fs::path(override_dir ? override_dir : CASTLIKE_SOURCE_DIR "/scripts") / "generate" /
                            "export-onnx-node-tests";
  if (!fs::exists(script)) {
    std::cerr << "castlike export: error: " << harness::printable(script.string())
              << " not found; hint: set CASTLIKE_SCRIPTS_DIR to the "
              << "repository's scripts/ directory\n";
    return 2;
  }
  std::vector<std::string> argv_strings{script.string()};
  for (const auto& d : vector_dirs) {
    argv_strings.push_back("--vectors");
    argv_strings.push_back(d);
  }
  argv_strings.push_back("--out");
  argv_strings.push_back(out_dir);
  std::vector<char*> argv;
  for (auto& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);
  std::cout.flush();
  const pid_t pid = fork();
  if (pid < 0) {
    std::cerr << "castlike export: error: cannot start " << harness::printable(script.string()) << "\n";
    return 2;
  }
  if (pid == 0) {
    execv(script.c_str(), argv.data());
    std::perror(("castlike export: cannot run " + script.string()).c_str());
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 1;
}

// The cases, by type pair; their inputs are made pair by pair while writing (an exhaustive set
// of every opset and attribute would need several GB held at once).
struct PairPlan {
  std::vector<CaseSpec> specs;
  std::optional<std::vector<ref::Element>> custom;  // --case: the inputs given
};
// What an export writes: the cases and how they were chosen (the spec examples follow the choice).
struct ExportPlan {
  std::vector<PairPlan> pairs;
  InputSet set = InputSet::kStructured;
  harness::GeneratedSource source;
  Selection selection;
  OpsetChoice opsets = OpsetChoice::kNewest;
  std::vector<int> listed;
};

// --case: one hand-made case, its inputs given by --input.
void plan_one_case(const ParsedArgs& a, ExportPlan& p) {
  // The selection of the generated set has no meaning for the one case --case names: refused,
  // never silently ignored (--pairs beside --case would read as a filter that was not applied).
  for (const char* generated_only : {"pairs", "opsets", "attributes", "exhaustive", "no-spec-examples"})
    if (a.has(generated_only))
      throw UsageError{std::string("--") + generated_only + " applies without --case (--case is one case, its own pair)",
                       std::string("drop --") + generated_only + ", or --case to generate the selection"};
  if (a.has("name")) {
    // The file is NAME.json: an empty name, or one that starts with a dot, would make a hidden
    // file that no vector walk reads.
    const std::string name = a.value("name");
    if (name.empty()) throw UsageError{"--name is empty", "give the case a name, e.g. --name float_nan_to_e4m3"};
    if (!harness::is_case_name(name))
      throw UsageError{"case name '" + name + "' has a character other than A-Z a-z 0-9 _ . -", "pick another --name"};
    if (name.front() == '.')
      throw UsageError{"case name '" + name + "' starts with a dot: " + name + ".json would be a hidden file",
                       "pick another --name"};
  }
  // One hand-made case.
  const auto [from, to] = parse_pair(a.value("case"), "--case");
  if (!from || !to) throw UsageError{"--case needs two type names, not '*'", "e.g. --case FLOAT:FLOAT8E4M3FN"};
  const Operator op = a.has("operator") ? parse_operator(a.value("operator")) : harness::default_operator(*from, *to);
  CaseSpec spec{op, *from, *to, kDefaultOpset, std::nullopt, std::nullopt};
  for (const ElementType t : {*from, *to})
    spec.opset = std::max(spec.opset, first_opset_with_type(op, t).value_or(spec.opset));
  if (a.has("opset")) spec.opset = parse_opset(a.value("opset"), "--opset", op, a.has("newer-opset-as-newest"));
  if (a.has("saturate")) spec.saturate = parse_integer(a.value("saturate"), "--saturate", 0, 1);
  if (a.has("round-mode")) spec.round_mode = a.value("round-mode");
  std::vector<ref::Element> inputs;
  for (const std::string& x : a.all("input")) {
    require_utf8("an --input value", x);
    if (*from == ElementType::kString) {
      inputs.push_back(ref::Element::of_text(x));
      continue;
    }
    const auto bits = harness::parse_hex_bits(x, info(*from).bits);
    if (!bits)
      throw UsageError{"--input '" + x + "' is not a " + std::string(info(*from).name) + " bit pattern",
                       "give hex bits such as 0x7fc00000 (STRING sources take text)"};
    inputs.push_back(ref::Element::of_bits(*bits));
  }
  if (inputs.empty()) throw UsageError{"--case needs at least one --input", "e.g. --input 0x7fc00000"};
  p.source.inputs = "custom";
  p.pairs.push_back({{spec}, std::move(inputs)});
}

// The generated set of the selection (--pairs, --operator, --opsets, --attributes, --exhaustive).
void plan_selection(const ParsedArgs& a, ExportPlan& p) {
  for (const char* single : {"input", "opset", "saturate", "round-mode", "name"})
    if (a.has(single)) throw UsageError{std::string("--") + single + " needs --case", "castlike export --help"};
  if (a.has("pairs")) {
    std::string list = a.value("pairs");
    size_t start = 0;
    while (start <= list.size()) {
      const size_t comma = list.find(',', start);
      const std::string item = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (!item.empty()) p.selection.pairs.push_back(parse_pair(item, "--pairs"));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  // Without --operator each pair goes as default_operator says (CastLike, or Cast where only it
  // has the types); an opset in --opsets then only has to exist for one of them.
  std::optional<Operator> forced_operator;
  if (a.has("operator")) forced_operator = parse_operator(a.value("operator"));
  const std::string opset_text = a.value_or("opsets", "newest");
  if (opset_text == "all") {
    p.opsets = OpsetChoice::kAll;
  } else if (opset_text != "newest") {
    p.opsets = OpsetChoice::kListed;
    size_t start = 0;
    while (start <= opset_text.size()) {
      const size_t comma = opset_text.find(',', start);
      const int o = parse_opset(opset_text.substr(start, comma == std::string::npos ? std::string::npos : comma - start),
                                "--opsets", forced_operator.value_or(Operator::kCast), a.has("newer-opset-as-newest"));
      p.listed.push_back(o);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  const std::string attr_text = a.value_or("attributes", "relevant");
  if (attr_text != "relevant" && attr_text != "all")
    throw UsageError{"unknown --attributes '" + attr_text + "'", "relevant or all"};
  const AttributeChoice attributes = attr_text == "all" ? AttributeChoice::kAll : AttributeChoice::kRelevant;
  p.set = a.has("exhaustive") ? InputSet::kExhaustive16 : InputSet::kStructured;
  p.source.inputs = std::string(harness::input_set_name(p.set));
  for (const TypeInfo& f : kTypeTable)
    for (const TypeInfo& t : kTypeTable) {
      if (!p.selection.selected(f.type, t.type)) continue;
      const Operator op = forced_operator.value_or(harness::default_operator(f.type, t.type));
      const auto specs = harness::case_specs(op, f.type, t.type, p.opsets, p.listed, attributes);
      if (specs.empty()) continue;
      p.pairs.push_back({specs, std::nullopt});
    }
  if (p.pairs.empty()) throw UsageError{"the selection gives no case", "check --pairs and --opsets"};
}

// --format onnx-node-tests: the vector files of --vectors, or of the selection exported into a
// temporary directory first, converted by the exporter script into DIR.
int export_node_tests(const ParsedArgs& a, const std::vector<std::string>& args) {
  if (!a.has("out")) throw UsageError{"--format onnx-node-tests needs --out DIR", "castlike export --help"};
  set_exporter_environment(a.has("install-environment"));
  open_out_directory(a.value("out"));  // the exporter script writes by path: a symlink on the way is refused first
  const std::vector<std::string> given = a.all("vectors");
  if (!given.empty()) {
    for (const auto& d : given)
      if (!fs::exists(d)) throw UsageError{"vectors directory '" + d + "' does not exist", "pass --vectors DIR"};
    return run_node_test_exporter(given, a.value("out"));
  }
  // Generate into a temporary directory first, then convert.
  char pattern[] = "/tmp/castlike-export-XXXXXX";
  const char* tmp = mkdtemp(pattern);
  if (!tmp) throw UsageError{"cannot create a temporary directory", "check /tmp"};
  std::vector<std::string> inner;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--format" || args[i] == "--out") {
      ++i;
      continue;
    }
    if (args[i].rfind("--format=", 0) == 0 || args[i].rfind("--out=", 0) == 0) continue;
    if (args[i] == "--install-environment") continue;
    inner.push_back(args[i]);
  }
  inner.push_back("--out");
  inner.push_back(tmp);
  inner.push_back("--quiet");
  const int rc = export_main(inner);
  if (rc != 0) return rc;
  const int node_rc = run_node_test_exporter({tmp}, a.value("out"));
  std::error_code ec;
  fs::remove_all(tmp, ec);
  return node_rc;
}

}  // namespace

void print_export_usage() { std::cout << kUsage; }

int export_main(const std::vector<std::string>& args) {
  const ParsedArgs a = parse_args("export", args,
                                    {{"out", true}, {"exhaustive", false}, {"pairs", true}, {"opsets", true},
                                     {"attributes", true}, {"profile", true}, {"replace", false}, {"case", true},
                                     {"input", true, true}, {"opset", true}, {"newer-opset-as-newest", false}, {"operator", true}, {"saturate", true}, {"round-mode", true},
                                     {"name", true}, {"format", true}, {"vectors", true, true}, {"quiet", false},
                                     {"no-spec-examples", false}, {"max-bytes", true}, {"yes", false},
                                     {"progress", false}, {"install-environment", false}});
  if (a.help) {
    print_export_usage();
    return 0;
  }
  if (!a.positional.empty())
    throw UsageError{"unexpected argument '" + a.positional.front() + "'", "castlike export --help"};
  const std::string format = a.value_or("format", "json");
  if (format != "json" && format != "onnx-node-tests")
    throw UsageError{"unknown export format '" + format + "'", "json or onnx-node-tests"};
  const std::string profile = a.value_or("profile", "default");
  if (!ref::profile_by_name(profile))
    throw UsageError{"unknown profile '" + profile + "'", "default, exact or onnx-reference"};
  const bool quiet = a.has("quiet");

  if (a.has("install-environment") && format != "onnx-node-tests")
    throw UsageError{"--install-environment applies to --format onnx-node-tests", "castlike export --help"};
  if (format == "onnx-node-tests") return export_node_tests(a, args);

  const fs::path out_dir = a.value_or("out", "vectors/generated");
  uint64_t max_bytes = 1000000000;
  if (a.has("max-bytes"))
    max_bytes = static_cast<uint64_t>(parse_integer(a.value("max-bytes"), "--max-bytes", 0, INT64_MAX));
  if (a.has("max-bytes") && a.has("yes")) throw UsageError{"--max-bytes and --yes exclude each other", "give one"};

  ExportPlan plan;
  plan.source.profile = profile;
  if (a.has("case"))
    plan_one_case(a, plan);
  else
    plan_selection(a, plan);

  // The spec examples of the selection, copied as they are, so that DIR alone is a complete set.
  std::vector<std::pair<std::string, std::string>> copies;  // (name, bytes)
  harness::InputFiles inputs;                            // the examples copied: never written over
  if (!a.has("case") && !a.has("no-spec-examples")) {
    const fs::path examples = fs::path(CASTLIKE_SOURCE_DIR) / "vectors" / "spec-examples";
    if (!fs::is_directory(examples)) {
      std::cerr << "castlike export: note: " << examples.string() << " not found; the spec examples are not included\n";
    } else {
      for (const std::string& path : harness::find_vector_files(examples.string()).vectors) {
        auto loaded = harness::load_vector_file(path);
        if (auto* error = std::get_if<std::string>(&loaded)) throw UsageError{*error, "the repository's spec examples"};
        const auto& file = std::get<harness::VectorFile>(loaded);
        if (!plan.selection.selected(file.from, file.to)) continue;
        if (plan.opsets == OpsetChoice::kListed &&
            std::find(plan.listed.begin(), plan.listed.end(), file.opset) == plan.listed.end())
          continue;
        std::ifstream in(path, std::ios::binary);
        inputs.add_file(path);
        copies.emplace_back(fs::path(path).filename().string(), std::string(std::istreambuf_iterator<char>(in), {}));
      }
    }
  }

  // The size, before anything is written: one file per type pair is rendered and the other cases
  // of the pair are scaled by their element count (exact for the curated set's files of one pair
  // differ only in length).
  double estimate = 0;
  for (const auto& [name, bytes] : copies) estimate += static_cast<double>(bytes.size());
  const auto for_each_case = [&](const std::function<void(const CaseSpec&, std::vector<ref::Element>, bool)>& f) {
    for (const PairPlan& p : plan.pairs) {
      const CaseSpec& first = p.specs.front();
      const auto inputs = p.custom ? *p.custom : harness::interesting_inputs(first.from, first.to, plan.set);
      for (size_t i = 0; i < p.specs.size(); ++i)
        f(p.specs[i], p.custom ? inputs : harness::focus_on_attributes(p.specs[i], inputs, plan.set), i == 0);
    }
  };
  const auto make = [&](const CaseSpec& spec, std::vector<ref::Element> inputs) {
    auto made = harness::make_case(spec, std::move(inputs), profile);
    if (auto* error = std::get_if<std::string>(&made))
      throw UsageError{*error, "the opset must admit both types and every attribute given"};
    return std::get<harness::VectorFile>(std::move(made));
  };
  size_t case_count = 0;
  double bytes_per_element = 0;
  for_each_case([&](const CaseSpec& spec, std::vector<ref::Element> inputs, bool first_of_pair) {
    const double n = static_cast<double>(std::max<size_t>(1, inputs.size()));
    if (first_of_pair) bytes_per_element = static_cast<double>(render_vector_file(make(spec, std::move(inputs)), plan.source).size()) / n;
    estimate += bytes_per_element * n;
    ++case_count;
  });
  const size_t file_count = case_count + copies.size();
  if (!a.has("yes") && estimate > static_cast<double>(max_bytes))
    throw UsageError{"the " + std::to_string(file_count) + " vector files would take about " + size_text(estimate) +
                         ", more than the limit of " + std::to_string(max_bytes) + " bytes",
                     "pass --max-bytes N (bytes) or --yes to write them anyway"};
  if (!quiet)
    std::cout << "writing " << file_count << " vector files, about " << size_text(estimate) << ", to "
              << out_dir.string() << "\n" << std::flush;

  const harness::OutputDirectory dir = open_out_directory(out_dir.string());
  struct statvfs fs_info {};
  if (::fstatvfs(dir.fd(), &fs_info) == 0 &&
      estimate > static_cast<double>(fs_info.f_bavail) * static_cast<double>(fs_info.f_frsize))
    throw UsageError{"the files would take about " + size_text(estimate) + " and " + out_dir.string() + " has " +
                         size_text(static_cast<double>(fs_info.f_bavail) * static_cast<double>(fs_info.f_frsize)) +
                         " free",
                     "free space or choose a smaller selection"};

  // Every name is checked before the first write: a symlink, a directory or a file that is not a
  // castlike vector file in the way stops the run with nothing changed.
  std::vector<std::string> names;
  for (const auto& [name, bytes] : copies) names.push_back(name);
  for (const PairPlan& p : plan.pairs)
    for (const CaseSpec& spec : p.specs)
      names.push_back(a.has("name") ? a.value("name") + ".json" : harness::case_name(spec) + ".json");
  for (const std::string& name : names)
    if (auto why = dir.refusal(name, harness::kVectorFileKind, inputs))
      throw UsageError{*why, "move it away or choose another --out; export replaces only castlike vector files"};

  Progress progress(progress_wanted(a.has("progress"), quiet), "castlike export");
  std::set<std::string> written;
  size_t elements = 0, bytes = 0;
  const auto write = [&](const std::string& name, const std::string& text) {
    if (auto error = dir.write(name, text, harness::kVectorFileKind, inputs))
      throw UsageError{*error, "check the directory and free space"};
    written.insert(name);
    bytes += text.size();
    progress.update(written.size(), file_count, [&] {
      return std::to_string(written.size()) + "/" + std::to_string(file_count) + " files, " +
             size_text(static_cast<double>(bytes)) + " of about " + size_text(estimate);
    });
  };
  for (const auto& [name, text] : copies) write(name, text);
  for_each_case([&](const CaseSpec& spec, std::vector<ref::Element> inputs, bool) {
    harness::VectorFile file = make(spec, std::move(inputs));
    if (a.has("name")) file.name = a.value("name");
    elements += file.input.size();
    write(file.name + ".json", harness::render_vector_file(file, plan.source));
  });
  std::vector<std::string> removed, left;
  if (a.has("replace")) {
    for (const std::string& name : dir.names()) {
      if (written.count(name)) continue;
      if (fs::path(name).extension() != ".json" || !dir.holds(name, harness::kVectorFileKind)) {
        left.push_back(name);
        continue;
      }
      if (auto error = dir.remove(name, harness::kVectorFileKind)) throw UsageError{*error, "check the directory"};
      removed.push_back(name);
    }
  }
  if (!quiet) {
    std::cout << "wrote " << written.size() << " vector files (" << elements << " elements, " << bytes << " bytes) to "
              << out_dir.string();
    if (!copies.empty()) std::cout << ", " << copies.size() << " of them the specification's examples";
    std::cout << "\n";
    for (const std::string& name : removed) std::cout << "removed stale vector file " << (out_dir / name).string() << "\n";
    if (!left.empty()) {
      std::cout << "left " << left.size() << " other " << (left.size() == 1 ? "entry" : "entries")
                << " (not castlike vector files):";
      for (const std::string& name : left) std::cout << " " << name;
      std::cout << "\n";
    }
  }
  return 0;
}

}  // namespace castlike::cli
