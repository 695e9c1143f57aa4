// castlike validate --exhaustive: judge an implementation on every input of configurations
// (harness/exhaustive/engine.hpp, docs/exhaustive.md): the kernels in-process, the reference on
// sources of <= 16 bits, a plug-in in worker processes, or a stream of raw outputs written by any
// program; sharded with --shard i/n and combined with castlike merge-exhaustive.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iostream>
#include <set>
#include <sstream>
#include <thread>

#include "castlike/isa_levels.hpp"
#include "args.hpp"
#include "castlike/packing.hpp"
#include "maps/config_id.hpp"
#include "maps/derive.hpp"
#include "command_support.hpp"
#include "engine.hpp"
#include "exhaustive_rows.hpp"
#include "subjects/implementation.hpp"
#include "reference/cast_like.hpp"
#include "render_exhaustive.hpp"
#include "rendering/render.hpp"
#include "maps/structured_inputs.hpp"
#include "vector_commands.hpp"

namespace castlike::cli {
namespace {

using namespace castlike::exhaustive;

const std::string kUsage =
    "usage: castlike validate --exhaustive IMPLEMENTATION [SELECTION] [options]\n"
    "       castlike validate --exhaustive --list [SELECTION]\n"
    "\n"
    "Judges an implementation on EVERY input bit pattern of configurations (a numeric\n"
    "source of <= 32 bits, a destination, effective attributes): each configuration's\n"
    "exact map is derived from the reference and cross-checked before it is trusted,\n"
    "the inputs are converted in batches and judged; the report gives the counts and\n"
    "every maximal interval of failing inputs (ends as bits and exact values,\n"
    "expected, actual, rule, the named reading that explains it, a castlike explain\n"
    "line). DOUBLE, INT64, UINT64 and STRING sources are judged on their structured\n"
    "set (the inputs that decide a rounding, from the destination's format, numbered\n"
    "by their position in it), failures named by class. docs/exhaustive.md\n"
    "describes it.\n"
    "\n"
    "implementation (exactly one):\n"
    "  --builtin kernels      the kernel library in-process, at the dispatched ISA\n"
    "                         level\n"
    "    --isa LEVEL          or forced to " + isa_names(" or ") + "\n"
    "  --builtin reference    the exact reference (sources of <= 16 bits; --profile,\n"
    "                         --variants)\n"
    "  --library FILE.so      a plug-in with the ABI of\n"
    "                         include/castlike/validator_abi.h, one call per batch in\n"
    "                         a worker process per job: a crash, hang, exit or stray\n"
    "                         write fails that batch's inputs, the next batch gets a\n"
    "                         fresh worker\n"
    "    --timeout S, --memory-limit MiB, --in-process\n"
    "                         as castlike validate --library\n"
    "  --raw-outputs FILE|-   with exactly one --config: the raw outputs of inputs\n"
    "                         0 .. 2^bits-1 (or of the structured set, as\n"
    "                         --write-inputs writes it) in input order, in the\n"
    "                         destination's raw\n"
    "                         ONNX layout (little-endian, 4-/2-bit types packed,\n"
    "                         element 0 in the low bits), read as a stream ('-':\n"
    "                         standard input), e.g. adapter | castlike validate\n"
    "                         --exhaustive --config FLOAT-FLOAT8E4M3FN-sat1\n"
    "                         --raw-outputs -\n"
    "\n"
    "selection (default: every configuration; the filters combine):\n"
    "  --config ID,...        configuration ids\n"
    "                         <SOURCE>-<DESTINATION>[-sat<0|1>][-<round_mode>], e.g.\n"
    "                         FLOAT-FLOAT8E4M3FN-sat1, INT8-FLOAT8E8M0-sat1-nearest\n"
    "  --pairs FROM-TO,...    the configurations of these type pairs\n"
    "  --sources TYPE,...     the configurations of these sources\n"
    "  --operator OP, --opset N, --saturate 0|1, --round-mode up|down|nearest\n"
    "                         the call: CastLike (default) or Cast, and its\n"
    "                         attributes, resolved as that operator does (the\n"
    "                         opset decides the defaults); keeps the configurations\n"
    "                         they give; opsets 15..28 (Cast 13..28). Without them:\n"
    "                         CastLike at opset " + std::to_string(kDefaultOpset) + "; Cast at 28 for FLOAT6 types\n"
    "  --newer-opset-as-newest\n"
    "                         read an --opset newer than 28\n"
    "                         (the newest castlike knows) as 28\n"
    "  --range FIRST..LAST    only these input patterns (hex or decimal) of each\n"
    "                         configuration (of a structured set: its positions)\n"
    "  --list                 print the selected ids, and those not judged with the\n"
    "                         reason; a structured set with its number of inputs\n"
    "  --write-inputs FILE|-  with exactly one --config: write its inputs in input\n"
    "                         order, in the source's raw layout (little-endian;\n"
    "                         STRING: one text per line), for a program that\n"
    "                         writes the --raw-outputs stream\n"
    "\n"
    "run and report:\n"
    "  --jobs N               threads (default: the number of cores)\n"
    "  --batch N              inputs per call, a power of two from 1 to 16777216\n"
    "                         (default 1048576)\n"
    "  --shard I/N            judge only shard I of N (0 <= I < N): the selection's\n"
    "                         pieces of 2^24 inputs k with k mod N = I; the JSON\n"
    "                         report then carries digests, and\n"
    "                         castlike merge-exhaustive combines the N reports\n"
    "  --digest               sha256 of the implementation's outputs per piece and\n"
    "                         configuration\n"
    "  --max-intervals N      failing intervals kept per configuration (default 1000)\n"
    "  --json-intervals N     the JSON report lists the first N kept intervals of a\n"
    "                         configuration (default 100); every kept one is in its\n"
    "                         \"classes\" (merged by rule, outcome and readings).\n"
    "                         Both caps are stated in the report\n"
    "  --format text|json|html|junit\n"
    "                         text (default; summary first), JSON\n"
    "                         (\"castlike-exhaustive-report\",\n"
    "                         vectors/schema/README.md), a self-contained HTML page\n"
    "                         (a table of the configurations coloured by status, each\n"
    "                         failing interval with its reproduce line, failed calls,\n"
    "                         rejections; docs/exhaustive.md) or JUnit XML (one test\n"
    "                         case per configuration)\n"
    "  --out FILE             write the report there (atomically; never over an\n"
    "                         input, a symlink or a file other than a castlike\n"
    "                         report, never through a symlink)\n"
    "  --details              the text report with every kept failing interval (ends,\n"
    "                         expected, actual, rule, readings, reproduce line),\n"
    "                         failed call, rejection, configuration not covered or\n"
    "                         not judged; by default one line per configuration that\n"
    "                         does not pass, passing ones counted\n"
    "  --require-pairs FROM-TO,...|all\n"
    "                         coverage required: a configuration outside the\n"
    "                         coverage the library declares, or (declaring none)\n"
    "                         whose every call is rejected, is \"not covered\" (one\n"
    "                         line in the summary, neither pass nor fail) unless its\n"
    "                         pair is listed here\n"
    "  --quiet                print only the verdict line\n"
    "  --progress             progress on standard error (default: only when it is a\n"
    "                         terminal)\n"
    "\n"
    "baselines (rows per configuration and failing rule, with their count and the\n"
    "readings that fit every kept interval; rejections per configuration and\n"
    "message; the format and rules of castlike validate --expect):\n"
    "  --expect FILE          compare with a baseline: a new row, or a row with\n"
    "                         another count or readings, fails; a known row passes;\n"
    "                         a row the run no longer gives is reported as vanished.\n"
    "                         A failed call always fails\n"
    "  --expect-strict        vanished rows, and rows of configurations not judged,\n"
    "                         fail too\n"
    "  --write-baseline FILE  write this run's rows as a baseline (atomically; the\n"
    "                         exit status stays the run's)\n"
    "\n"
    "Exit status: 0 every judged input of the covered configurations passes (with\n"
    "--expect: nothing new or changed), 1 failures, failed calls, rejections or a\n"
    "required pair not covered (with --expect: new or changed rows, failed calls),\n"
    "2 bad arguments or a bad input (a raw stream too short or too long\n"
    "says how many bytes came and how many were expected), 3 an internal error of\n"
    "castlike (please report it).\n";

std::vector<std::string> split_list(const ParsedArgs& a, const std::string& option) {
  std::vector<std::string> out;
  for (const std::string& v : a.all(option)) {
    std::stringstream items(v);
    for (std::string item; std::getline(items, item, ',');)
      if (!item.empty()) out.push_back(item);
  }
  return out;
}

ElementType type_named(const std::string& name, const std::string& option) {
  const auto t = type_from_name(name);
  if (!t) throw UsageError{option + ": unknown type name '" + name + "'", "castlike types lists the names"};
  return *t;
}

uint64_t parse_input(const std::string& text, const std::string& option) {
  uint64_t v = 0;
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const std::string digits = hex ? text.substr(2) : text;
  bool ok = !digits.empty() && digits.size() <= (hex ? 16u : 19u);
  for (char ch : digits) {
    const int d = hex ? (std::isxdigit(static_cast<unsigned char>(ch)) ? std::stoi(std::string(1, ch), nullptr, 16) : -1)
                      : (ch >= '0' && ch <= '9' ? ch - '0' : -1);
    if (d < 0) ok = false;
    else v = v * (hex ? 16 : 10) + static_cast<uint64_t>(d);
  }
  if (!ok) throw UsageError{option + ": '" + text + "' is not an input pattern", "e.g. --range 0x3f800000..0x3fffffff"};
  return v;
}

// The configurations selected by --config, --pairs, --sources and the attribute options, with
// the call that judges each.
std::vector<Call> select(const ParsedArgs& a) {
  std::vector<Configuration> base = all_configurations();
  for (const Configuration& c : structured_configurations()) base.push_back(c);
  if (a.has("config")) {
    std::vector<Configuration> named;
    for (const std::string& id : split_list(a, "config")) {
      const auto c = parse_configuration_id(id);
      if (!c)
        throw UsageError{"--config: '" + id + "' is not a configuration id",
                         "castlike validate --exhaustive --list prints them, e.g. FLOAT-FLOAT8E4M3FN-sat1"};
      if (std::find(named.begin(), named.end(), *c) == named.end()) named.push_back(*c);
    }
    base = named;
  }
  if (a.has("pairs")) {
    std::set<std::pair<ElementType, ElementType>> pairs;
    for (const std::string& item : split_list(a, "pairs")) {
      const size_t dash = item.find('-');
      if (dash == std::string::npos)
        throw UsageError{"--pairs: '" + item + "' is not a pair FROM-TO", "e.g. --pairs FLOAT-FLOAT8E4M3FN"};
      pairs.insert({type_named(item.substr(0, dash), "--pairs"), type_named(item.substr(dash + 1), "--pairs")});
    }
    std::erase_if(base, [&](const Configuration& c) { return !pairs.count({c.from, c.to}); });
  }
  if (a.has("sources")) {
    std::set<ElementType> sources;
    for (const std::string& name : split_list(a, "sources")) sources.insert(type_named(name, "--sources"));
    std::erase_if(base, [&](const Configuration& c) { return !sources.count(c.from); });
  }
  std::vector<Call> calls;
  if (!a.has("operator") && !a.has("opset") && !a.has("saturate") && !a.has("round-mode")) {
    for (const Configuration& c : base) calls.push_back(default_call(c));
  } else {
    // The attributes as a CastLike node would have them; the opset decides what an absent one means.
    ref::CastLikeRequest request;
    request.op = a.has("operator") ? parse_operator(a.value("operator")) : Operator::kCastLike;
    const int newest_with_every_type = request.op == Operator::kCast ? kNewestKnownOpset : kDefaultOpset;
    request.opset = a.has("opset") ? parse_opset(a.value("opset"), "--opset", request.op, a.has("newer-opset-as-newest"))
                                   : newest_with_every_type;
    if (a.has("saturate")) {
      const std::string s = a.value("saturate");
      if (s != "0" && s != "1") throw UsageError{"--saturate must be 0 or 1, got '" + s + "'", "--saturate 0 or --saturate 1"};
      request.saturate = s == "1";
    }
    if (a.has("round-mode")) request.round_mode = a.value("round-mode");
    request.input.type = request.target = ElementType::kFloat;
    const auto checked = ref::resolve_attributes(request, ref::Variants{});
    if (auto* e = std::get_if<std::string>(&checked)) throw UsageError{*e, "castlike validate --exhaustive --help"};
    for (const Configuration& c : base) {
      request.input.type = c.from;
      request.target = c.to;
      const auto resolved = ref::resolve_attributes(request, ref::Variants{});
      if (!std::holds_alternative<ref::Attributes>(resolved)) continue;  // a type this opset lacks
      const ref::Attributes& at = std::get<ref::Attributes>(resolved);
      if (reads_saturate(c.to) && at.saturate != c.attributes.saturate) continue;
      if (reads_round_mode(c.to) && at.round_mode != c.attributes.round_mode) continue;
      calls.push_back({c, request.opset, request.saturate, request.round_mode, request.op});
    }
  }
  if (calls.empty())
    throw UsageError{"the selection holds no configuration", "castlike validate --exhaustive --list shows what exists"};
  return calls;
}

// Nothing to run: --list derives the maps and names the configurations not judged.
class NoImplementation final : public harness::EveryInputOnly {
 public:
  std::string name() const override { return "none"; }
  std::string description() const override { return "none"; }
  BatchStatus convert(unsigned, const Call&, uint64_t, uint64_t, const uint8_t*, uint8_t*) override { return {}; }
};

std::optional<castlike_isa> isa_named(const std::string& name) {
  if (const auto isa = isa_from_name(name)) return isa;
  throw UsageError{"unknown ISA level '" + name + "'", isa_names(" or ")};
}

struct Loaded {
  std::unique_ptr<harness::Implementation> impl;
  std::string rerun;  // the command prefix a failed call's reproduce line starts with
};

Loaded load_implementation(const ParsedArgs& a) {
  const int kinds = a.has("builtin") + a.has("library") + a.has("raw-outputs");
  if (kinds != 1)
    throw UsageError{kinds == 0 ? "no implementation given" : "more than one implementation given",
                     "pass exactly one of --builtin kernels|reference, --library FILE.so, --raw-outputs FILE|-"};
  const std::string builtin = a.value_or("builtin", "");
  if (a.has("isa") && builtin != "kernels") throw UsageError{"--isa applies to --builtin kernels only", "drop --isa"};
  if ((a.has("profile") || a.has("variants")) && builtin != "reference")
    throw UsageError{"--profile and --variants apply to --builtin reference only", "castlike validate --exhaustive --help"};
  const harness::SharedLibraryOptions shared_library_options =
      library_options(a, "castlike validate --exhaustive --help");
  harness::LoadedImplementation loaded;
  std::string rerun, hint = "castlike validate --exhaustive --help";
  if (builtin == "kernels") {
    loaded = harness::make_kernels_implementation(a.has("isa") ? isa_named(a.value("isa")) : std::optional<castlike_isa>());
    hint = "drop --isa to use the dispatched level";
  } else if (builtin == "reference") {
    std::string label;
    const ref::Variants variants = reference_variants(a, label);
    loaded = harness::make_reference_implementation(variants, label);
  } else if (a.has("builtin")) {
    throw UsageError{"unknown built-in implementation '" + builtin + "'", "kernels or reference"};
  } else if (a.has("library")) {
    loaded = harness::load_shared_library(a.value("library"), shared_library_options);
    rerun = "castlike validate --exhaustive --library " + shell_quote(a.value("library"));
    rerun += library_flags(a);
  } else {
    const std::string path = a.value("raw-outputs");
    loaded = harness::open_raw_outputs(path, path == "-" ? "raw outputs (standard input)" : "raw outputs " + path);
    hint = "check the path";
  }
  if (auto* error = std::get_if<std::string>(&loaded)) throw UsageError{*error, hint};
  return {std::move(std::get<0>(loaded)), rerun};
}

// The inputs of one configuration in input order, raw: what a third party converts to write the
// --raw-outputs stream.
void write_inputs(const Configuration& c, const ParsedArgs& a) {
  const std::string path = a.value("write-inputs");
  const StructuredSet set = has_structured_set(c.from) ? structured_set(c) : StructuredSet{};
  const uint64_t n = judged_inputs(c);
  // A file goes through the output guard (no symlink, no file replaced that is not castlike's: a
  // raw stream cannot be told apart, so an existing file is refused); "-" is standard output.
  const std::optional<harness::OutputFile> file =
      path == "-" ? std::nullopt : output_file(a, "write-inputs", harness::kExhaustiveInputsKind, {});
  std::string bytes;
  std::vector<uint8_t> buf;
  bool ok = true;
  for (uint64_t a = 0; a < n && ok;) {
    const uint64_t b = std::min(n, a + (uint64_t{1} << 20));
    if (set.text) {  // texts, one per line (none holds a newline)
      buf.clear();
      for (uint64_t i = a; i < b; ++i) {
        const std::string& t = set.text->texts[static_cast<size_t>(i)];
        buf.insert(buf.end(), t.begin(), t.end());
        buf.push_back('\n');
      }
    } else {
      buf.resize(*storage_bytes(c.from, static_cast<size_t>(b - a)));
      input_patterns(c.from, has_structured_set(c.from) ? &set : nullptr, a, b, buf.data());
    }
    if (file)
      bytes.append(reinterpret_cast<const char*>(buf.data()), buf.size());
    else
      ok = std::fwrite(buf.data(), 1, buf.size(), stdout) == buf.size();
    a = b;
  }
  if (file) {
    if (auto error = file->write(bytes)) throw UsageError{*error, "check the free space and the path"};
    return;
  }
  if (!ok || std::fflush(stdout) != 0)
    throw UsageError{"writing the inputs to standard output failed", "check the free space and the path"};
}

void print_progress(const Progress& p) {
  const double share = p.inputs_total ? static_cast<double>(p.inputs_done) / static_cast<double>(p.inputs_total) : 1;
  const double eta = share > 0 ? p.seconds / share - p.seconds : 0;
  std::fprintf(stderr, "\rexhaustive: %5.1f%% of %llu inputs, %llu failing, %.0f s, about %.0f s left   ",
               100 * share, static_cast<unsigned long long>(p.inputs_total),
               static_cast<unsigned long long>(p.failures), p.seconds, eta);
  if (p.inputs_done == p.inputs_total) std::fprintf(stderr, "\n");
  std::fflush(stderr);
}

}  // namespace

int validate_exhaustive_main(const std::vector<std::string>& args) {
  const ParsedArgs a = parse_args(
      "validate --exhaustive", args,
      {{"exhaustive", false}, {"list", false},         {"builtin", true},      {"isa", true},        {"profile", true},
       {"variants", true},    {"library", true},       {"timeout", true},      {"memory-limit", true}, {"in-process", false},
       {"raw-outputs", true}, {"config", true, true},  {"pairs", true, true},  {"sources", true, true},    {"opset", true}, {"operator", true}, {"newer-opset-as-newest", false},
       {"saturate", true},    {"round-mode", true},    {"range", true},        {"jobs", true},       {"batch", true},
       {"shard", true},       {"digest", false},       {"max-intervals", true}, {"json-intervals", true}, {"format", true},    {"out", true},
       {"quiet", false},      {"progress", false},      {"write-inputs", true}, {"expect", true},
       {"expect-strict", false}, {"write-baseline", true}, {"details", false}, {"require-pairs", true, true}});
  if (a.help) {
    std::cout << kUsage;
    return 0;
  }
  if (!a.positional.empty())
    throw UsageError{"unexpected argument '" + a.positional.front() + "'", "castlike validate --exhaustive --help"};
  const std::string format = a.value_or("format", "text");
  // read before the run: a bad file fails at once
  std::optional<harness::Baseline> baseline = report_format_and_baseline(a, " for --exhaustive", "--write-baseline");
  EngineOptions options;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  options.jobs = a.has("jobs") ? static_cast<unsigned>(parse_integer(a.value("jobs"), "--jobs", 1, 1024)) : cores;
  if (a.has("batch")) {
    options.batch = static_cast<uint64_t>(parse_integer(a.value("batch"), "--batch", 1, int64_t{kPieceInputs}));
    if ((options.batch & (options.batch - 1)) != 0)
      throw UsageError{"--batch must be a power of two, got " + a.value("batch"), "e.g. --batch 1048576"};
  }
  if (a.has("max-intervals"))
    options.max_intervals = static_cast<size_t>(parse_integer(a.value("max-intervals"), "--max-intervals", 1, 100000000));
  const size_t json_intervals =
      a.has("json-intervals")
          ? static_cast<size_t>(parse_integer(a.value("json-intervals"), "--json-intervals", 0, 100000000))
          : kJsonIntervals;
  if (a.has("range")) {
    const std::string r = a.value("range");
    const size_t dots = r.find("..");
    if (dots == std::string::npos) throw UsageError{"--range must be FIRST..LAST, got '" + r + "'", "e.g. --range 0x63..0x63"};
    const uint64_t first = parse_input(r.substr(0, dots), "--range"), last = parse_input(r.substr(dots + 2), "--range");
    if (last < first) throw UsageError{"--range: LAST is below FIRST", "e.g. --range 0x10..0x1f"};
    options.range = std::make_pair(first, last);
  }
  if (a.has("shard")) {
    const std::string s = a.value("shard");
    const size_t slash = s.find('/');
    const auto i = slash == std::string::npos ? std::nullopt : parse_int64(s.substr(0, slash));
    const auto n = slash == std::string::npos ? std::nullopt : parse_int64(s.substr(slash + 1));
    if (!i || !n || *n < 1 || *n > 1000000 || *i < 0 || *i >= *n)
      throw UsageError{"--shard must be I/N with 0 <= I < N <= 1000000, got '" + s + "'", "e.g. --shard 0/8"};
    options.shard = Shard{static_cast<unsigned>(*i), static_cast<unsigned>(*n)};
  }
  options.digests = a.has("digest") || a.has("shard");

  // --require-pairs FROM-TO,...|all: the pairs whose configurations must be covered.
  bool require_all = false;
  std::set<std::string> required_pairs;
  for (const std::string& item : split_list(a, "require-pairs")) {
    if (item == "all") {
      require_all = true;
      continue;
    }
    const size_t dash = item.find('-');
    if (dash == std::string::npos)
      throw UsageError{"--require-pairs: '" + item + "' is not a pair FROM-TO or all", "e.g. --require-pairs FLOAT-FLOAT16"};
    required_pairs.insert(std::string(info(type_named(item.substr(0, dash), "--require-pairs")).name) + "-" +
                          std::string(info(type_named(item.substr(dash + 1), "--require-pairs")).name));
  }
  const std::vector<Call> selected = select(a);
  for (const std::string& pair : required_pairs)
    if (std::none_of(selected.begin(), selected.end(), [&](const Call& c) {
          return std::string(info(c.config.from).name) + "-" + std::string(info(c.config.to).name) == pair;
        }))
      throw UsageError{"--require-pairs: " + pair + " has no selected configuration",
                       "castlike validate --exhaustive --list shows the selection"};
  if (a.has("write-inputs")) {
    if (!a.has("config") || selected.size() != 1)
      throw UsageError{"--write-inputs needs exactly one configuration, given by --config ID (the selection has " +
                           std::to_string(selected.size()) + ")",
                       "e.g. --config DOUBLE-FLOAT16 --write-inputs -"};
    write_inputs(selected[0].config, a);
    return 0;
  }
  if (a.has("list")) {
    if (a.has("builtin") || a.has("library") || a.has("raw-outputs"))
      throw UsageError{"--list takes no implementation", "castlike validate --exhaustive --list [selection]"};
    // A structured set is listed with its size: its expectations are not needed for that.
    std::vector<Call> mapped;
    for (const Call& c : selected)
      if (!has_structured_set(c.config.from)) mapped.push_back(c);
    NoImplementation none;
    const Prepared p = prepare(mapped, none, options.jobs);
    size_t structured = 0;
    for (const Call& c : selected)
      if (has_structured_set(c.config.from))
        ++structured, std::cout << configuration_id(c.config) << "  " << judged_inputs(c.config) << " structured inputs\n";
    for (const Call& c : p.calls) std::cout << configuration_id(c.config) << "\n";
    for (const auto& [id, why] : p.refused) std::cout << id << "  not judged: " << why << "\n";
    std::cout << p.calls.size() + structured << " configurations judged, " << p.refused.size() << " not judged\n";
    return 0;
  }
  if (a.has("raw-outputs")) {
    if (!a.has("config") || selected.size() != 1)
      throw UsageError{"--raw-outputs needs exactly one configuration, given by --config ID (the selection has " +
                           std::to_string(selected.size()) + ")",
                       "e.g. --config FLOAT-FLOAT8E4M3FN-sat1 --raw-outputs -"};
    if (a.has("range") || a.has("shard"))
      throw UsageError{"--raw-outputs reads the outputs of every input in order; --range and --shard do not apply",
                       "shard the writer's work by configuration (one --config per job)"};
    options.batch = std::max<uint64_t>(options.batch, 8);  // whole bytes of packed outputs per batch
  }
  harness::InputFiles inputs;
  for (const char* o : {"library", "raw-outputs", "expect"})
    if (a.has(o)) inputs.add_file(a.value(o));
  const auto out = output_file(a, "out", harness::kReportKind, inputs);
  const auto baseline_out = output_file(a, "write-baseline", harness::kBaselineKind, inputs);
  if (out && baseline_out && out->same_file(*baseline_out))
    throw UsageError{"--out and --write-baseline name the same file", "write the report and the baseline to two files"};
  if ((a.has("expect") || a.has("write-baseline")) && a.has("shard"))
    throw UsageError{"a shard's rows are part of a run's", "compare or write the baseline after castlike "
                                                           "merge-exhaustive, or judge without --shard"};
  Loaded loaded = load_implementation(a);
  const Prepared p = prepare(selected, *loaded.impl, options.jobs);
  // A configuration named by --config that cannot be judged is an error, not a silent omission.
  if (a.has("config"))
    for (const auto& [id, why] : p.refused) throw UsageError{id + " cannot be judged: " + why, "choose another --config"};
  if (p.calls.empty())
    throw UsageError{"no selected configuration can be judged", "castlike validate --exhaustive --list shows why"};
  const size_t pieces = pieces_of(p.input_counts(), options.range).size();
  if (pieces == 0)
    throw UsageError{"--range " + a.value("range") + " holds no input pattern of the selected configurations",
                     "an 8-bit source has the patterns 0x00..0xff, a 16-bit one 0x0000..0xffff; a structured set "
                     "its positions 0..size-1 (--list gives the size)"};
  // A shard with no piece would judge 0 inputs and pass: a "PASS" that proves nothing. Pieces go to
  // the shards in turn, so shard I has one exactly when I < the number of pieces.
  if (options.shard && options.shard->index >= pieces)
    throw UsageError{"--shard " + a.value("shard") + " selects no input: the selection is " + std::to_string(pieces) +
                         " piece" + (pieces == 1 ? "" : "s") + " of up to 2^24 inputs, and shard I judges pieces I, I+N, ...",
                     "use at most " + std::to_string(pieces) + " shard" + (pieces == 1 ? "" : "s") + " for this selection"};
  if (a.has("progress") || ::isatty(2)) options.progress = print_progress;
  ExhaustiveReport report;
  try {
    report = run_exhaustive(p, *loaded.impl, options);
  } catch (const InputError& e) {
    throw UsageError{e.message, e.hint};
  }
  report.rerun = loaded.rerun;
  report.json_intervals = json_intervals;
  report.require_all = require_all;
  report.required_pairs = required_pairs;
  std::optional<harness::BaselineComparison> comparison;
  if (baseline) comparison = compare_exhaustive(report, *baseline, a.has("expect-strict"));
  const harness::BaselineComparison* against = comparison ? &*comparison : nullptr;
  const bool ok = exhaustive_passes(report, against);
  std::string text =
      format == "junit" ? exhaustive_junit(report, against) : *exhaustive_report_in(format, report, a.has("details"));
  if (against && format == "text")
    text = harness::baseline_text(*against, "castlike validate --exhaustive: " + report.implementation,
                                  static_cast<size_t>(report.totals().failed_calls), "configuration") +
           "\nthe run itself, without the baseline:\n" + text;
  if (a.has("write-baseline")) {
    const auto rows = exhaustive_rows(report);
    const std::string document = harness::baseline_document(rows, report.implementation, report.description, {});
    if (auto error = baseline_out->write(document)) throw UsageError{*error, "check the path"};
    size_t rejections = 0;
    for (const auto& e : rows) rejections += e.kind == harness::BaselineEntry::Kind::kRejection;
    (a.has("out") && !a.has("quiet") ? std::cout : std::cerr)
        << "wrote baseline " << a.value("write-baseline") << ": " << rows.size() - rejections << " discrepancies, "
        << rejections << " rejections\n";
  }
  const std::string verdict = exhaustive_verdict(report, against);
  emit_report(a, out, text, verdict);
  return ok ? 0 : 1;
}

}  // namespace castlike::cli
