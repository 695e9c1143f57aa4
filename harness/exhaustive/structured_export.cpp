#include "structured_export.hpp"

#include <cstdio>
#include <cstring>
#include <optional>
#include <sstream>

#include "maps/config_id.hpp"
#include "maps/splitmix.hpp"

namespace castlike::exhaustive {

const harness::OutputKind kStructuredExpectationsKind{
    "castlike structured expectations", {}, {kStructuredExpectationsFirstLine}};

namespace {

constexpr size_t kRecordBytes = 40;

void put_u64(std::string& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
uint64_t get_u64(const unsigned char* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

// FNV-1a over 64-bit words or bytes.
struct Fnv {
  uint64_t h = 0xcbf29ce484222325ULL;
  void byte(unsigned char b) { h = (h ^ b) * 0x100000001b3ULL; }
  void word(uint64_t v) {
    for (int i = 0; i < 8; ++i) byte(static_cast<unsigned char>(v >> (8 * i)));
  }
};

std::string hex16(uint64_t v) {
  char s[17];
  std::snprintf(s, sizeof s, "%016llx", static_cast<unsigned long long>(v));
  return s;
}

}  // namespace

uint64_t structured_set_digest(const StructuredSet& set) {
  Fnv f;
  f.word(set.inputs.size());
  if (set.text) {
    for (uint64_t x : set.inputs) {
      for (char ch : set.text->texts[static_cast<size_t>(x)]) f.byte(static_cast<unsigned char>(ch));
      f.byte('\n');
    }
  } else {
    for (uint64_t x : set.inputs) f.word(x);
  }
  return f.h;
}

std::string structured_expectations_bytes(const StructuredExpectation& e) {
  const Map& m = e.expectations;
  std::string out(kStructuredExpectationsFirstLine);
  out += configuration_id(m.config) + " " + std::to_string(e.set.inputs.size()) + " " +
         hex16(structured_set_digest(e.set)) + " " + std::to_string(m.runs.size()) + "\n\n";
  out.reserve(out.size() + m.runs.size() * kRecordBytes);
  for (size_t i = 0; i < m.runs.size(); ++i) {
    const Run& r = m.runs[i];
    put_u64(out, r.first), put_u64(out, e.run_starts[i]), put_u64(out, r.base), put_u64(out, r.step);
    const uint32_t rule = static_cast<uint32_t>(r.rule);
    for (int b = 0; b < 4; ++b) out.push_back(static_cast<char>((rule >> (8 * b)) & 0xFF));
    out.push_back(static_cast<char>(r.outcome));
    out.push_back(static_cast<char>(r.nan_sign_matters ? 1 : 0));
    out.push_back(0), out.push_back(0);
  }
  return out;
}

std::variant<StructuredExpectation, std::string> read_structured_expectations(std::string_view bytes,
                                                                              StructuredSet set) {
  const std::string id = configuration_id(set.config);
  // The header: two lines and a blank one.
  size_t at = 0;
  const auto line = [&]() -> std::optional<std::string> {
    const size_t nl = bytes.find('\n', at);
    if (nl == std::string_view::npos || nl - at > 200) return std::nullopt;
    std::string s(bytes.substr(at, nl - at));
    at = nl + 1;
    return s;
  };
  if (!bytes.starts_with(kStructuredExpectationsFirstLine))
    return "not castlike structured expectations (the first line is not '" +
           std::string(kStructuredExpectationsFirstLine.substr(0, kStructuredExpectationsFirstLine.size() - 1)) + "')";
  at = kStructuredExpectationsFirstLine.size();
  const auto head = line();
  const auto blank = line();
  if (!head || !blank || !blank->empty()) return std::string("the header is not two lines and a blank one");
  std::istringstream fields(*head);
  std::string file_id, digest_text;
  uint64_t inputs = 0, runs = 0;
  if (!(fields >> file_id >> inputs >> digest_text >> runs) || !fields.eof())
    return std::string("the header's second line is not '<configuration> <inputs> <digest> <runs>'");
  if (file_id != id) return "the file holds " + file_id + ", not " + id;
  const size_t n = set.inputs.size();
  if (inputs != n)
    return "the file's set of " + id + " has " + std::to_string(inputs) + " inputs; this build's has " +
           std::to_string(n) + " (the sets differ)";
  if (digest_text != hex16(structured_set_digest(set)))
    return "the file's set of " + id + " has other inputs than this build's (digest " + digest_text + ")";
  if (runs == 0 || runs > n) return "the number of runs is not 1.." + std::to_string(n);
  if (bytes.size() - at != runs * kRecordBytes)
    return "the body has " + std::to_string(bytes.size() - at) + " bytes; " + std::to_string(runs) + " runs need " +
           std::to_string(runs * kRecordBytes);
  StructuredExpectation e;
  e.expectations.config = set.config;
  e.expectations.runs.resize(static_cast<size_t>(runs));
  e.run_starts.resize(static_cast<size_t>(runs));
  const uint64_t mask = bit_mask(set.config.to);
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data() + at);
  for (size_t i = 0; i < runs; ++i, p += kRecordBytes) {
    Run& r = e.expectations.runs[i];
    const std::string where = "run " + std::to_string(i) + ": ";
    r.first = get_u64(p);
    const uint64_t start = get_u64(p + 8);
    r.base = get_u64(p + 16), r.step = get_u64(p + 24);
    const uint32_t rule = static_cast<uint32_t>(p[32]) | static_cast<uint32_t>(p[33]) << 8 |
                          static_cast<uint32_t>(p[34]) << 16 | static_cast<uint32_t>(p[35]) << 24;
    if (rule >= ref::rule_count()) return where + "unknown rule";
    r.rule = static_cast<ref::RuleId>(rule);
    if (p[36] > static_cast<uint8_t>(ref::OutcomeClass::kUnspecified)) return where + "unknown outcome class";
    r.outcome = static_cast<ref::OutcomeClass>(p[36]);
    if (p[37] > 1 || p[38] != 0 || p[39] != 0) return where + "flag or padding bytes are not 0 or 1, 0, 0";
    r.nan_sign_matters = p[37] == 1;
    if ((r.base & ~mask) != 0 || (r.step & ~mask) != 0) return where + "base or step beyond the destination's bits";
    // Each run starts at an input of the set (the first: at or below the set's first pattern, from
    // which its formula is extended), in order.
    if (i == 0 ? start != 0 || r.first > set.inputs[0]
               : start <= e.run_starts[i - 1] || start >= n || r.first != set.inputs[static_cast<size_t>(start)])
      return where + "does not start at an input of the set after the previous run";
    e.run_starts[i] = start;
    if (i > 0) e.expectations.runs[i - 1].last = r.first - 1;
  }
  e.expectations.runs.back().last = ~uint64_t{0};
  e.set = std::move(set);
  return e;
}

StructuredExpectation share_of(const StructuredExpectation& e, uint64_t every) {
  if (every <= 1) return e;
  const size_t n = e.set.inputs.size(), runs = e.run_starts.size();
  StructuredExpectation s;
  s.set.config = e.set.config;
  s.set.text = e.set.text;
  s.expectations.config = e.expectations.config;
  const bool classes = e.set.classes.size() == n;
  size_t ri = 0;
  for (size_t i = 0; i < n; ++i) {
    while (ri + 1 < runs && e.run_starts[ri + 1] <= i) ++ri;
    const uint64_t end = ri + 1 < runs ? e.run_starts[ri + 1] : n;  // the run's inputs: [start, end)
    SplitMix64 hash{0x5eed0000ULL ^ i};
    if (i != e.run_starts[ri] && i + 1 != end && hash() % every != 0) continue;
    if (s.run_starts.empty() || s.expectations.runs.back().first != e.expectations.runs[ri].first) {
      s.expectations.runs.push_back(e.expectations.runs[ri]);
      s.run_starts.push_back(s.set.inputs.size());
    }
    s.set.inputs.push_back(e.set.inputs[i]);
    if (classes) s.set.classes.push_back(e.set.classes[i]);
  }
  // Runs reach up to the next kept run's first pattern, as in expect_structured().
  for (size_t i = 0; i + 1 < s.expectations.runs.size(); ++i)
    s.expectations.runs[i].last = s.expectations.runs[i + 1].first - 1;
  return s;
}

}  // namespace castlike::exhaustive
