// castlike export: the reference's expected outputs as castlike-vectors files of kind "generated"
// (harness/generator.hpp), or as ONNX backend node tests (through
// scripts/export-onnx-node-tests, which writes the protobufs with the onnx package).
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>

#include "args.hpp"
#include "generator.hpp"
#include "vector_commands.hpp"

#ifndef CASTLIKE_SOURCE_DIR
#define CASTLIKE_SOURCE_DIR "."
#endif

namespace castlike::cli {
namespace {

namespace fs = std::filesystem;
using conformance::AttributeChoice;
using conformance::CaseSpec;
using conformance::InputSet;
using conformance::OpsetChoice;

const char* const kUsage =
    "usage: castlike export [--out DIR] [--exhaustive] [--pairs FROM:TO,...] [--opsets newest|all|N,...]\n"
    "                       [--attributes relevant|all] [--profile NAME] [--replace]\n"
    "       castlike export --case FROM:TO --input X [--input X ...] [--opset N] [--saturate 0|1]\n"
    "                       [--round-mode MODE] [--name NAME] [--out DIR]\n"
    "       castlike export --format onnx-node-tests --out DIR [selection options | --vectors DIR ...]\n"
    "\n"
    "Writes the exact reference's expected outputs as castlike-vectors files (kind \"generated\",\n"
    "vectors/schema/README.md): one file per (opset, source, destination, attributes) with the\n"
    "interesting inputs, expected bits, outcome class and rule id per element.\n"
    "\n"
    "  --out DIR            output directory (default vectors/generated), created if missing\n"
    "  --exhaustive         every bit pattern of the 16-bit sources (8-bit and smaller: always)\n"
    "  --pairs LIST         FROM:TO pairs, '*' for any type (default *:*, the 576 pairs)\n"
    "  --opsets CHOICE      newest (default: CastLike-25 only), all (every version where both types\n"
    "                       exist), or a list such as 21,25\n"
    "  --attributes CHOICE  relevant (default: attributes not set, plus saturate=0 for float8\n"
    "                       destinations and saturate x round_mode for FLOAT8E8M0) or all\n"
    "  --profile NAME       reference profile for the expected outputs (default, exact, onnx-reference)\n"
    "  --replace            delete the *.json files in DIR that this run did not write\n"
    "  --case FROM:TO       one hand-made case (a minimised disagreement) with the elements given by\n"
    "                       --input (hex bits, or text for STRING); --name sets its name\n"
    "  --format FORMAT      json (default) or onnx-node-tests (needs python3; see\n"
    "                       scripts/export-onnx-node-tests, which it runs on the JSON vectors)\n"
    "  --vectors DIR        with onnx-node-tests: convert these vector files instead of generating\n"
    "\n"
    "The committed curated set is: castlike export --out vectors/generated --replace\n"
    "\n"
    "Exit status: 0 written, 2 bad arguments or a file that cannot be written, 3 an internal error of\n"
    "castlike (please report it); when the ONNX node-test exporter runs, its exit status.\n";

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
  if (!t) throw UsageError{"unknown type name '" + s + "' in " + option, "castlike types lists the 24 names"};
  return t;
}

std::pair<std::optional<ElementType>, std::optional<ElementType>> parse_pair(const std::string& item,
                                                                             const std::string& option) {
  const size_t colon = item.find(':');
  if (colon == std::string::npos)
    throw UsageError{"'" + item + "' in " + option + " is not FROM:TO", "e.g. FLOAT:FLOAT8E4M3FN or FLOAT:*"};
  return {parse_type_or_star(item.substr(0, colon), option), parse_type_or_star(item.substr(colon + 1), option)};
}

bool write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  return static_cast<bool>(out);
}

// Runs scripts/export-onnx-node-tests on a directory of vector files.
int run_node_test_exporter(const std::vector<std::string>& vector_dirs, const std::string& out_dir) {
  const char* override_dir = std::getenv("CASTLIKE_SCRIPTS_DIR");
  const fs::path script = fs::path(override_dir ? override_dir : CASTLIKE_SOURCE_DIR "/scripts") / "export-onnx-node-tests";
  if (!fs::exists(script)) {
    std::cerr << "castlike export: error: " << script.string() << " not found; hint: set CASTLIKE_SCRIPTS_DIR to the "
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
    std::cerr << "castlike export: error: cannot start " << script.string() << "\n";
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

}  // namespace

void print_export_usage() { std::cout << kUsage; }

int export_main(const std::vector<std::string>& args) {
  const ParsedArgs a = parse_args("export", args,
                                    {{"out", true}, {"exhaustive", false}, {"pairs", true}, {"opsets", true},
                                     {"attributes", true}, {"profile", true}, {"replace", false}, {"case", true},
                                     {"input", true}, {"opset", true}, {"saturate", true}, {"round-mode", true},
                                     {"name", true}, {"format", true}, {"vectors", true}, {"quiet", false}});
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

  if (format == "onnx-node-tests") {
    if (!a.has("out")) throw UsageError{"--format onnx-node-tests needs --out DIR", "castlike export --help"};
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

  const fs::path out_dir = a.value_or("out", "vectors/generated");
  std::error_code ec;
  fs::create_directories(out_dir, ec);
  if (ec || !fs::is_directory(out_dir))
    throw UsageError{"cannot create output directory '" + out_dir.string() + "'", "check the path and permissions"};

  std::vector<std::pair<CaseSpec, std::vector<ref::Element>>> cases;
  conformance::GeneratedSource source;
  source.profile = profile;

  if (a.has("case")) {
    // One hand-made case.
    const auto [from, to] = parse_pair(a.value("case"), "--case");
    if (!from || !to) throw UsageError{"--case needs two type names, not '*'", "e.g. --case FLOAT:FLOAT4E2M1"};
    CaseSpec spec{*from, *to, 25, std::nullopt, std::nullopt};
    if (a.has("opset")) spec.opset = parse_opset(a.value("opset"), "--opset");
    if (a.has("saturate")) spec.saturate = parse_integer(a.value("saturate"), "--saturate", 0, 1);
    if (a.has("round-mode")) spec.round_mode = a.value("round-mode");
    std::vector<ref::Element> inputs;
    for (const std::string& x : a.all("input")) {
      if (*from == ElementType::kString) {
        inputs.push_back(ref::Element::of_text(x));
        continue;
      }
      const auto bits = conformance::parse_hex_bits(x, info(*from).bits);
      if (!bits)
        throw UsageError{"--input '" + x + "' is not a " + std::string(info(*from).name) + " bit pattern",
                         "give hex bits such as 0x7fc00000 (STRING sources take text)"};
      inputs.push_back(ref::Element::of_bits(*bits));
    }
    if (inputs.empty()) throw UsageError{"--case needs at least one --input", "e.g. --input 0x7fc00000"};
    source.inputs = "custom";
    cases.emplace_back(spec, std::move(inputs));
  } else {
    for (const char* single : {"input", "opset", "saturate", "round-mode", "name"})
      if (a.has(single)) throw UsageError{std::string("--") + single + " needs --case", "castlike export --help"};
    Selection selection;
    if (a.has("pairs")) {
      std::string list = a.value("pairs");
      size_t start = 0;
      while (start <= list.size()) {
        const size_t comma = list.find(',', start);
        const std::string item = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!item.empty()) selection.pairs.push_back(parse_pair(item, "--pairs"));
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    }
    OpsetChoice opsets = OpsetChoice::kNewest;
    std::vector<int> listed;
    const std::string opset_text = a.value_or("opsets", "newest");
    if (opset_text == "all") {
      opsets = OpsetChoice::kAll;
    } else if (opset_text != "newest") {
      opsets = OpsetChoice::kListed;
      size_t start = 0;
      while (start <= opset_text.size()) {
        const size_t comma = opset_text.find(',', start);
        const int o = parse_opset(opset_text.substr(start, comma == std::string::npos ? std::string::npos : comma - start),
                                  "--opsets");
        listed.push_back(o);
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    }
    const std::string attr_text = a.value_or("attributes", "relevant");
    if (attr_text != "relevant" && attr_text != "all")
      throw UsageError{"unknown --attributes '" + attr_text + "'", "relevant or all"};
    const AttributeChoice attributes = attr_text == "all" ? AttributeChoice::kAll : AttributeChoice::kRelevant;
    const InputSet set = a.has("exhaustive") ? InputSet::kExhaustive16 : InputSet::kStructured;
    source.inputs = std::string(conformance::input_set_name(set));
    for (const TypeInfo& f : kTypeTable)
      for (const TypeInfo& t : kTypeTable) {
        if (!selection.selected(f.type, t.type)) continue;
        const auto specs = conformance::case_specs(f.type, t.type, opsets, listed, attributes);
        if (specs.empty()) continue;
        const auto inputs = conformance::interesting_inputs(f.type, t.type, set);
        for (const CaseSpec& s : specs) cases.emplace_back(s, conformance::focus_on_attributes(s, inputs, set));
      }
    if (cases.empty()) throw UsageError{"the selection gives no case", "check --pairs and --opsets"};
  }

  std::set<std::string> written;
  size_t elements = 0, bytes = 0;
  for (auto& [spec, inputs] : cases) {
    auto made = conformance::make_case(spec, inputs, profile);
    if (auto* error = std::get_if<std::string>(&made))
      throw UsageError{*error, "the opset must admit both types and every attribute given"};
    auto& file = std::get<conformance::VectorFile>(made);
    if (a.has("name")) file.name = a.value("name");
    for (char c : file.name)
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-'))
        throw UsageError{"case name '" + file.name + "' has a character other than A-Z a-z 0-9 _ . -", "pick another --name"};
    const std::string text = conformance::render_vector_file(file, source);
    const fs::path path = out_dir / (file.name + ".json");
    if (!write_file(path, text)) {
      std::cerr << "castlike export: error: cannot write " << path.string() << "\n";
      return 2;
    }
    written.insert(path.filename().string());
    elements += file.input.size();
    bytes += text.size();
  }
  size_t removed = 0;
  if (a.has("replace")) {
    for (const auto& entry : fs::directory_iterator(out_dir)) {
      if (entry.path().extension() != ".json" || written.count(entry.path().filename().string())) continue;
      fs::remove(entry.path());
      ++removed;
    }
  }
  if (!quiet) {
    std::cout << "wrote " << written.size() << " vector files (" << elements << " elements, " << bytes << " bytes) to "
              << out_dir.string();
    if (removed) std::cout << "; removed " << removed << " stale files";
    std::cout << "\n";
  }
  return 0;
}

}  // namespace castlike::cli
