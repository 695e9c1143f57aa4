// castlike_exhaustive_expand ID [--alter INPUT] [--set FIRST..LAST=BITS] [--drop N] [--extra N]:
// writes the raw outputs of every input of configuration ID, in input order, to standard output,
// made by expanding its map (the stream `castlike validate --exhaustive --raw-outputs -` reads).
// For the tests: --alter flips the lowest bit of that input's output (a planted fault in one
// cell), --set gives every input of FIRST..LAST the output BITS (a planted behaviour over an
// interval), --drop leaves out the last N bytes (a short stream), --extra appends N zero bytes (a
// long one).
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "castlike/packing.hpp"
#include "maps/config_id.hpp"
#include "maps/derive.hpp"

using namespace castlike;
using namespace castlike::exhaustive;

namespace {

void write_all(const uint8_t* p, size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(1, p, n);
    if (w <= 0) std::exit(1);  // the reader went away
    p += w, n -= static_cast<size_t>(w);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: castlike_exhaustive_expand ID [--alter INPUT] [--drop N] [--extra N]\n");
    return 2;
  }
  const auto config = parse_configuration_id(argv[1]);
  if (!config) return std::fprintf(stderr, "unknown configuration id %s\n", argv[1]), 2;
  std::vector<uint64_t> alter;
  struct Set {
    uint64_t first, last, bits;
  };
  std::vector<Set> sets;
  uint64_t drop = 0, extra = 0;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string o = argv[i];
    const uint64_t v = std::strtoull(argv[i + 1], nullptr, 0);
    if (o == "--set") {
      char* end = nullptr;
      const uint64_t first = std::strtoull(argv[i + 1], &end, 0);
      if (std::strncmp(end, "..", 2) != 0) return std::fprintf(stderr, "--set wants FIRST..LAST=BITS\n"), 2;
      const uint64_t last = std::strtoull(end + 2, &end, 0);
      if (*end != '=') return std::fprintf(stderr, "--set wants FIRST..LAST=BITS\n"), 2;
      sets.push_back({first, last, std::strtoull(end + 1, nullptr, 0)});
    } else if (o == "--alter") alter.push_back(v);
    else if (o == "--drop") drop = v;
    else if (o == "--extra") extra = v;
    else return std::fprintf(stderr, "unknown option %s\n", o.c_str()), 2;
  }
  auto derived = derive(*config);
  if (auto* why = std::get_if<std::string>(&derived)) return std::fprintf(stderr, "refused: %s\n", why->c_str()), 2;
  const Map& map = std::get<Map>(derived);
  const uint64_t n = map.input_count(), chunk = uint64_t{1} << 20;
  const uint64_t total = *storage_bytes(config->to, static_cast<size_t>(n));
  uint64_t written = 0;
  std::vector<uint8_t> buf;
  for (uint64_t a = 0; a < n; a += chunk) {
    const uint64_t b = std::min(n, a + chunk);
    buf.assign(*storage_bytes(config->to, static_cast<size_t>(b - a)), 0);
    expand(map, a, b, buf.data());
    for (uint64_t x : alter)
      if (x >= a && x < b) {
        const size_t i = static_cast<size_t>(x - a);
        store_bits(config->to, buf.data(), i, load_bits(config->to, buf.data(), i) ^ 1);
      }
    for (const Set& set : sets)
      for (uint64_t x = std::max(set.first, a); x <= set.last && x < b; ++x)
        store_bits(config->to, buf.data(), static_cast<size_t>(x - a), set.bits);
    const uint64_t keep = std::min<uint64_t>(buf.size(), total - drop - written);
    write_all(buf.data(), static_cast<size_t>(keep));
    written += keep;
  }
  const std::vector<uint8_t> zeros(static_cast<size_t>(extra), 0);
  write_all(zeros.data(), zeros.size());
  return 0;
}
