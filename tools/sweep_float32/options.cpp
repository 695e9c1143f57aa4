// The command line of sweep_float32 (the usage text below lists every option).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <thread>

#include "castlike/isa_levels.hpp"
#include "sweep.hpp"

namespace castlike::sweep {
namespace {

const char* kUsage =
    "usage: sweep_float32 [--shard I/N] [--dest NAME[,saturate=0|1][,round_mode=up|down|nearest]]...\n"
    "                     [--threads T] [--isa LEVEL[,LEVEL...]] [--block K] [--max-print M]\n"
    "                     [--progress SECONDS] [--expect-mismatches] | --list\n"
    "  --shard I/N   inputs [floor(I*2^32/N), floor((I+1)*2^32/N)) (decimal or 0x hex; default 0/1: all)\n"
    "  --dest        a destination (repeatable; default: every float narrower than FLOAT, each with the\n"
    "                attribute combinations that matter, as --list prints them; 'all': every numeric\n"
    "                destination; 'finite-only': every float without NaN and infinity); without\n"
    "                attributes every combination that matters\n"
    "  --threads     reference worker threads (default: hardware concurrency)\n"
    "  --isa         levels to run (default: every available one of scalar, avx2, avx512, neon)\n"
    "  --block       inputs per block, a multiple of 4 (default 65536)\n"
    "  --max-print   mismatches printed in full (default 50; the rest are counted)\n"
    "  --progress    seconds between progress lines on stderr (default 60; 0: none)\n"
    "  --expect-mismatches  exit 0 only if there were mismatches (to show that a seeded fault is found)\n"
    "  --list        print the configurations and exit\n";

[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr, "sweep_float32: %s\n%s", message.c_str(), kUsage);
  std::exit(2);
}

std::optional<uint64_t> parse_number(const std::string& s) {
  if (s.empty()) return std::nullopt;
  size_t pos = 0;
  uint64_t v = 0;
  try {
    v = std::stoull(s, &pos, 0);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (pos != s.size() || s[0] == '-' || s[0] == '+') return std::nullopt;
  return v;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    const size_t p = s.find(sep, start);
    out.push_back(s.substr(start, p == std::string::npos ? std::string::npos : p - start));
    if (p == std::string::npos) return out;
    start = p + 1;
  }
}

std::vector<Config> default_configs() {
  std::vector<Config> out;
  // Every float narrower than float32, in the type table's order.
  for (const TypeInfo& t : kTypeTable)
    if (is_float(t.type) && t.bits < 32)
      for (const Variant& v : kt::variants_for(t.type)) out.push_back({t.type, v});
  return out;
}

std::vector<Config> all_configs() {
  std::vector<Config> out;
  for (const TypeInfo& t : kTypeTable)
    if (t.type != ElementType::kString && t.type != ElementType::kFloat)
      for (const Variant& v : kt::variants_for(t.type)) out.push_back({t.type, v});
  return out;
}

// The floats without NaN and infinity, whose saturation and rounding share one kernel family.
std::vector<Config> finite_only_configs() {
  std::vector<Config> out;
  for (const TypeInfo& t : kTypeTable)
    if (is_float(t.type) && t.format.special == SpecialEncoding::kFiniteOnly)
      for (const Variant& v : kt::variants_for(t.type)) out.push_back({t.type, v});
  return out;
}

std::vector<Config> parse_dest(const std::string& text) {
  if (text == "all") return all_configs();
  if (text == "finite-only") return finite_only_configs();
  const std::vector<std::string> parts = split(text, ',');
  const std::optional<ElementType> to = type_from_name(parts[0]);
  if (!to || *to == ElementType::kString || *to == ElementType::kFloat)
    usage_error("--dest: '" + parts[0] + "' is not a numeric destination type other than FLOAT");
  std::optional<int> saturate;
  std::optional<castlike_round_mode> mode;
  for (size_t k = 1; k < parts.size(); ++k) {
    const size_t eq = parts[k].find('=');
    const std::string key = parts[k].substr(0, eq), value = eq == std::string::npos ? "" : parts[k].substr(eq + 1);
    if (key == "saturate" && (value == "0" || value == "1")) {
      saturate = value == "1" ? 1 : 0;
    } else if (key == "round_mode" && round_mode_from_name(value)) {
      mode = *round_mode_from_name(value);
    } else {
      usage_error("--dest: bad attribute '" + parts[k] + "' (saturate=0|1, round_mode=up|down|nearest)");
    }
  }
  std::vector<Config> out;
  for (const Variant& v : kt::variants_for(*to)) {
    if (saturate && v.attrs.saturate != *saturate) continue;
    if (mode && v.attrs.round_mode != *mode) continue;
    out.push_back({*to, v});
  }
  if (out.empty())
    usage_error("--dest " + text +
                ": no such configuration (saturate matters for the float8 types and FLOAT8E8M0, "
                "round_mode for FLOAT8E8M0 only)");
  return out;
}

}  // namespace

Options parse_options(int argc, char** argv) {
  Options o;
  bool dest_given = false;
  const auto value = [&](int& k) -> std::string {
    if (k + 1 >= argc) usage_error(std::string(argv[k]) + " needs a value");
    return argv[++k];
  };
  for (int k = 1; k < argc; ++k) {
    const std::string a = argv[k];
    if (a == "-h" || a == "--help") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    } else if (a == "--shard") {
      const std::string v = value(k);
      const size_t slash = v.find('/');
      const auto i = parse_number(v.substr(0, slash));
      const auto n = slash == std::string::npos ? std::nullopt : parse_number(v.substr(slash + 1));
      if (!i || !n || *n == 0 || *n > kAllInputs || *i >= *n)
        usage_error("--shard '" + v + "': want I/N with 0 <= I < N <= 2^32 (4294967296)");
      o.shard_index = *i;
      o.shard_count = *n;
    } else if (a == "--dest") {
      if (!dest_given) o.configs.clear();
      dest_given = true;
      for (Config& c : parse_dest(value(k))) o.configs.push_back(std::move(c));
    } else if (a == "--threads") {
      const auto t = parse_number(value(k));
      if (!t || *t == 0 || *t > 1024) usage_error("--threads: want 1..1024");
      o.threads = static_cast<unsigned>(*t);
    } else if (a == "--isa") {
      for (const std::string& name : split(value(k), ',')) {
        const std::optional<castlike_isa> found = castlike::isa_from_name(name);
        if (!found) usage_error("--isa: unknown level '" + name + "' (" + castlike::isa_names(", ") + ")");
        if (!castlike_isa_available(*found)) usage_error("--isa: level '" + name + "' is not available here");
        o.isas.push_back(*found);
      }
    } else if (a == "--block") {
      const auto b = parse_number(value(k));
      // Multiples of 4: every block but the last ends on a byte boundary of the packed (2-bit)
      // types, so the digests are those of the whole shard's tensor.
      if (!b || *b == 0 || *b % 4 != 0 || *b > (size_t{1} << 24))
        usage_error("--block: want a multiple of 4 up to 16777216");
      o.block = static_cast<size_t>(*b);
    } else if (a == "--max-print") {
      const auto m = parse_number(value(k));
      if (!m) usage_error("--max-print: want a count");
      o.max_print = static_cast<size_t>(*m);
    } else if (a == "--progress") {
      const auto p = parse_number(value(k));
      if (!p) usage_error("--progress: want whole seconds");
      o.progress_seconds = static_cast<double>(*p);
    } else if (a == "--expect-mismatches") {
      o.expect_mismatches = true;
    } else if (a == "--list") {
      if (!dest_given) o.configs = default_configs();
      for (const Config& c : o.configs) std::printf("%s\n", c.label().c_str());
      std::exit(0);
    } else {
      usage_error("unknown argument '" + a + "'");
    }
  }
  if (!dest_given) o.configs = default_configs();
  if (o.threads == 0) o.threads = std::max(1u, std::thread::hardware_concurrency());
  if (o.isas.empty()) o.isas = kt::available_isas();
  return o;
}

}  // namespace castlike::sweep
