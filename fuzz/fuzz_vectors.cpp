// fuzz_vectors: arbitrary bytes into the two readers of untrusted files: the vector-file reader
// (harness::parse_vector_text) and the validator's results reader (load_results_file, against a
// small vector set built into this binary, so the target runs anywhere, ClusterFuzz included).
// Never a crash, a hang or a leak; a rejected file gets a message "path:line: problem" (non-empty,
// naming the file); an accepted one is consistent (element counts agree with the shape and with
// each other) and goes on through the reference (vector files) or the validator and its report
// formats (results files); the run's own baseline (--write-expect) reads back and knows every row.
//
// Input: [0] bit 0 picks the reader (0: vector file, 1: results file); the rest is the file.
#include <sys/mman.h>
#include <unistd.h>

#include "judging/baseline.hpp"
#include "fuzz_common.hpp"
#include "reference/cast_like.hpp"
#include "judging/validator.hpp"
#include "rendering/render.hpp"
#include "formats/vector_file.hpp"
#include "formats/sha256.hpp"

using namespace castlike;
using namespace castlike::fuzz;

namespace {

constexpr const char* kTarget = "fuzz_vectors";

#include "embedded_vectors.inc"  // kEmbeddedVectors: {file name, text} of a few committed vector files

const harness::VectorSet& embedded_set() {
  static const harness::VectorSet set = [] {
    std::vector<std::pair<harness::VectorFile, std::string>> files;
    for (const auto& [name, text] : kEmbeddedVectors) {
      auto parsed = harness::parse_vector_text(text, name);
      if (auto* e = std::get_if<std::string>(&parsed)) fail(kTarget, "an embedded vector file does not load: " + *e);
      files.emplace_back(std::move(std::get<harness::VectorFile>(parsed)), harness::sha256_hex(text));
    }
    std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.first.name < b.first.name; });
    harness::VectorSet s;
    for (auto& [f, sha] : files) s.add_resident(std::move(f), std::move(sha));
    s.roots = {"(embedded)"};
    return s;
  }();
  return set;
}

void check_error(const std::string& error, const std::string& path) {
  if (error.empty()) fail(kTarget, "a rejected file got an empty message");
  if (error.rfind(path, 0) != 0) fail(kTarget, "the message does not name the file (" + path + "): " + error);
}

void vector_file(std::string_view bytes) {
  const std::string path = "fuzz.json";
  auto parsed = harness::parse_vector_text(std::string(bytes), path);
  if (auto* e = std::get_if<std::string>(&parsed)) return check_error(*e, path);
  const harness::VectorFile& f = std::get<harness::VectorFile>(parsed);
  const size_t n = f.input.size();
  if (f.expected.size() != n || f.outcomes.size() != n || (!f.rules.empty() && f.rules.size() != n))
    fail(kTarget, "accepted vector file with inconsistent counts: " + std::to_string(n) + " inputs, " +
                      std::to_string(f.expected.size()) + " expected, " + std::to_string(f.outcomes.size()) +
                      " outcomes, " + std::to_string(f.rules.size()) + " rules");
  const auto count = ref::element_count(f.shape);
  if (!std::holds_alternative<size_t>(count) || std::get<size_t>(count) != n)
    fail(kTarget, "accepted vector file whose shape does not hold its " + std::to_string(n) + " elements");
  if (n > 4096) return;
  // The file's request runs through the reference without trouble (accepted or refused).
  (void)ref::cast_like(f.request());
}

// `bytes` in an anonymous file: its descriptor (the caller closes it) and a path that opens it.
std::pair<int, std::string> memory_file(std::string_view bytes) {
  const int fd = memfd_create("fuzz-file", 0);
  if (fd < 0) fail(kTarget, "memfd_create failed");
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t w = write(fd, bytes.data() + done, bytes.size() - done);
    if (w <= 0) fail(kTarget, "write to the memfd failed");
    done += static_cast<size_t>(w);
  }
  return {fd, "/proc/self/fd/" + std::to_string(fd)};
}

// The run written as a baseline reads back, and compared with it (strictly) every row is known.
void baseline_round_trip(const harness::Report& report) {
  const auto [fd, path] = memory_file(harness::baseline_document(report));
  auto read = harness::read_baseline(path);
  close(fd);
  if (auto* e = std::get_if<std::string>(&read)) fail(kTarget, "the run's own baseline does not read back: " + *e);
  const auto comparison = harness::compare_with_baseline(report, std::get<harness::Baseline>(read), true);
  if (!comparison.ok()) fail(kTarget, "the run's own baseline does not know the run: " + comparison.summary());
  (void)harness::report_junit(report, &comparison);
  (void)harness::report_json(report, &comparison);
  (void)harness::baseline_text(comparison, report);
}

void results_file(std::string_view bytes) {
  const auto [fd, path] = memory_file(bytes);
  const harness::VectorSet& set = embedded_set();
  auto loaded = harness::load_results_file(path, set);
  close(fd);
  if (auto* e = std::get_if<std::string>(&loaded)) return check_error(*e, path);
  auto& impl = *std::get<std::unique_ptr<harness::Implementation>>(loaded);
  const harness::Report report = harness::validate(set, impl);
  if (report.cases != set.size())
    fail(kTarget, "the report covers " + std::to_string(report.cases) + " cases of " + std::to_string(set.size()));
  (void)harness::report_text(report);
  (void)harness::report_json(report);
  (void)harness::report_html(report);
  (void)harness::report_junit(report);
  baseline_round_trip(report);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Reader r(data, size);
  const uint8_t mode = r.u8();
  if (mode & 1)
    results_file(r.rest());
  else
    vector_file(r.rest());
  return 0;
}
