// fuzz_plugin: any implementation behind the validator plug-in ABI (include/castlike/validator_abi.h)
// against the exact reference, judged as `castlike validate --library` judges it: the library named
// by CASTLIKE_FUZZ_LIBRARY runs in the harness's worker process (harness/worker/), one call per
// input, through the same Implementation the validator drives (harness/subjects/shared_library.cpp);
// each element is judged by the vector files' rule (element_matches: exact bits, any NaN with the
// expected sign, anything for unspecified, a text by the value it reads back to).
//
// A finding is a call that crashed, hung, exited, wrote outside its buffers or returned invalid texts
// (the worker reports it: the plug-in's crash is a finding of this target, never a crash of it), or an
// element that does not match. A rejected call is coverage, not a finding. With
// CASTLIKE_FUZZ_VECTORS_DIR set, the finding's call is also written there as a vector file for the
// regression set (`scripts/fuzz vectors`, docs/fuzzing.md).
//
// The pairs fuzzed are those the library answers: at the first input every (operator, source,
// destination) is asked once (one element, the first opset with both types, at least 25), and the
// pair byte indexes the pairs not rejected, so that the time goes to what the library implements
// and the same input means the same call on every run against the same library.
//
// Input layout (any byte string is valid; past the end the bytes come from a stream seeded by the
// input, Reader's `extend`):
//   [0-1] pair (index into the answered pairs)
//   [2]   bits 0-3 opset step above the pair's first opset; bits 4-5 saturate (absent, 0, 1);
//         bits 6-7 round_mode (absent, up, down, nearest); attributes the opset lacks stay absent
//   [3]   the shape: a shape of the pair's shape plan (harness/generation/shape_plan.hpp: lengths
//         across the block boundaries, long calls, misaligned heads, in place where the library
//         declares it; bit 7 clear: its position kind, then the next byte its index among that
//         kind's) or a free length 0..160, aligned (bit 7 set, next byte)
//   then one recipe per element: its byte's bits 0-1 pick a value of the pair's decisive set
//   (generator.hpp: interesting_inputs, two bytes of index), a value of the dictionary of hard
//   cases (values.hpp), raw bits, or, for STRING, a short printable text; long calls repeat their
//   first kDistinct elements.
#include <algorithm>
#include <map>
#include <memory>
#include <optional>

#include "fuzz_common.hpp"
#include "generation/generator.hpp"
#include "generation/shape_plan.hpp"
#include "judging/expectation.hpp"
#include "subjects/implementation.hpp"
#include "values.hpp"

using namespace castlike;
using namespace castlike::fuzz;

namespace {

constexpr const char* kTarget = "fuzz_plugin";
constexpr size_t kDistinct = 160;        // the reference's cost bounds the distinct values per call
constexpr size_t kFreeLengths = 161;     // free lengths 0..160
constexpr size_t kShownMismatches = 4;   // elements a finding lists

struct Pair {
  Operator op;
  ElementType from, to;
  int first_opset;
};

struct Subject {
  std::unique_ptr<harness::Implementation> implementation;
  std::string library;
  std::vector<Pair> pairs;
};

int first_opset(Operator op, ElementType from, ElementType to) {
  int opset = kDefaultOpset;
  for (ElementType t : {from, to})
    if (auto first = first_opset_with_type(op, t)) opset = std::max(opset, *first);
  return opset;
}

// A case the harness judges: the reference's expected elements, outcomes and rules (make_case).
std::optional<harness::VectorFile> make_file(const harness::CaseSpec& spec, std::vector<ref::Element> inputs) {
  auto made = harness::make_case(spec, std::move(inputs));
  if (auto* f = std::get_if<harness::VectorFile>(&made)) return std::move(*f);
  return std::nullopt;
}

[[noreturn]] void setup_error(const std::string& message) {
  std::fprintf(stderr, "%s: %s\n", kTarget, message.c_str());
  std::exit(2);
}

const Subject& subject() {
  static const Subject s = [] {
    Subject s;
    const char* library = std::getenv("CASTLIKE_FUZZ_LIBRARY");
    if (library == nullptr || *library == '\0')
      setup_error("CASTLIKE_FUZZ_LIBRARY names no library; run it as scripts/fuzz --library PATH.so");
    s.library = library;
    harness::SharedLibraryOptions options;
    // Below libFuzzer's -timeout (fuzz_plugin.options), so that a hang is the worker's finding.
    options.isolation.call_timeout = std::chrono::milliseconds(5000);
    auto loaded = harness::load_shared_library(s.library, options);
    if (auto* e = std::get_if<std::string>(&loaded)) setup_error("cannot load " + s.library + ": " + *e);
    s.implementation = std::move(std::get<0>(loaded));
    for (Operator op : {Operator::kCastLike, Operator::kCast})
      for (ElementType from : all_types())
        for (ElementType to : all_types()) {
          if (!first_opset_with_type(op, from) || !first_opset_with_type(op, to)) continue;
          const Pair p{op, from, to, first_opset(op, from, to)};
          const ref::Element one = from == ElementType::kString ? ref::Element::of_text("1") : ref::Element::of_bits(1);
          const auto probe = make_file({op, from, to, p.first_opset, std::nullopt, std::nullopt}, {one});
          // A call that fails (crash, hang) is kept: fuzzing it is how that becomes a finding.
          if (probe && s.implementation->run(*probe, 0).status != harness::CaseOutput::Status::kRejected)
            s.pairs.push_back(p);
        }
    if (s.pairs.empty()) setup_error(s.library + " rejects every pair: nothing to fuzz");
    std::fprintf(stderr, "%s: %s: %zu pairs answered (operator, source, destination)\n", kTarget,
                 s.implementation->description().c_str(), s.pairs.size());
    return s;
  }();
  return s;
}

// The pair's shape plan for what the library declares (in place), grouped by position kind: each
// kind the pair has gets an equal share of the inputs, so that the two long lengths are not drowned
// by the dozens of heads. A STRING side travels as texts, which the worker places itself: those
// pairs keep the plan's aligned shapes.
const std::vector<std::vector<harness::CallShape>>& plan_of(const Subject& s, const Pair& p) {
  static std::map<std::pair<ElementType, ElementType>, std::vector<std::vector<harness::CallShape>>> plans;
  auto it = plans.find({p.from, p.to});
  if (it == plans.end()) {
    const bool text = p.from == ElementType::kString || p.to == ElementType::kString;
    std::vector<std::vector<harness::CallShape>> by_kind;
    for (harness::PositionKind kind : harness::position_kinds()) {
      std::vector<harness::CallShape> shapes;
      for (const harness::CallShape& c : harness::shape_plan(p.from, p.to, s.implementation->shape_capabilities()))
        if (c.kind == kind && (!text || (!c.in_place && c.input_offset == 0 && c.output_offset == 0)))
          shapes.push_back(c);
      if (!shapes.empty()) by_kind.push_back(std::move(shapes));
    }
    it = plans.emplace(std::pair{p.from, p.to}, std::move(by_kind)).first;
  }
  return it->second;
}

// Bytes whose data() is harness::kShapeAlignment-aligned.
uint8_t* aligned(std::vector<uint8_t>& storage, size_t bytes) {
  storage.assign(bytes + 2 * harness::kShapeAlignment, 0);
  const auto address = reinterpret_cast<uintptr_t>(storage.data());
  return storage.data() + (harness::kShapeAlignment - address % harness::kShapeAlignment) % harness::kShapeAlignment;
}

// The library on the file's inputs in `shape`: numeric pairs through the shape-carrying call (the
// buffers' misalignment and aliasing reach the plug-in), texts through the vector-file call.
harness::CaseOutput call_in_shape(harness::Implementation& impl, const harness::VectorFile& f,
                                  const harness::CallShape& shape) {
  if (f.from == ElementType::kString || f.to == ElementType::kString) return impl.run(f, 0);
  std::vector<uint8_t> in_storage, out_storage;
  const size_t in_bytes = harness::shape_input_bytes(f.from, shape);
  uint8_t* in_base = aligned(in_storage, shape.in_place ? std::max(in_bytes, harness::shape_output_bytes(f.from, f.to, shape))
                                                        : in_bytes);
  for (size_t i = 0; i < shape.length; ++i) store_bits(f.from, in_base, shape.input_offset + i, f.input[i].bits);
  uint8_t* in = in_base + bit_position(f.from, shape.input_offset).byte;
  uint8_t* out = in;
  if (!shape.in_place)
    out = aligned(out_storage, harness::shape_output_bytes(f.from, f.to, shape)) + bit_position(f.to, shape.output_offset).byte;
  exhaustive::Call call;
  call.config.from = f.from;
  call.config.to = f.to;
  call.opset = f.opset;
  call.saturate = f.saturate;
  call.round_mode = f.round_mode;
  call.op = f.op;
  const exhaustive::BatchStatus status = impl.convert_in_shape(0, call, 0, shape.length, in, out, shape);
  harness::CaseOutput o;
  if (status.kind == exhaustive::BatchStatus::Kind::kRejected) {
    o.status = harness::CaseOutput::Status::kRejected;
    o.message = status.message;
  } else if (status.kind == exhaustive::BatchStatus::Kind::kCallFailed) {
    o.status = harness::CaseOutput::Status::kCallFailed;
    o.failure_kind = status.failure_kind;
    o.message = status.message;
  } else {
    o.element_errors.assign(shape.length, "");
    for (size_t i = 0; i < shape.length; ++i) o.elements.push_back(ref::Element::of_bits(load_bits(f.to, out, i)));
  }
  return o;
}

const std::vector<ref::Element>& decisive_inputs(ElementType from, ElementType to) {
  static std::map<std::pair<ElementType, ElementType>, std::vector<ref::Element>> cache;
  auto it = cache.find({from, to});
  if (it == cache.end())
    it = cache.emplace(std::pair{from, to}, harness::interesting_inputs(from, to, harness::InputSet::kStructured)).first;
  return it->second;
}

ref::Element pick_element(const Pair& p, Reader& r) {
  const std::vector<ref::Element>& decisive = decisive_inputs(p.from, p.to);
  const uint8_t recipe = r.u8();
  if ((recipe & 3) <= 1 && !decisive.empty()) return decisive[r.u16() % decisive.size()];
  if (p.from == ElementType::kString) {
    std::string text;
    for (size_t n = r.u8() % 24; n > 0; --n) text.push_back(static_cast<char>(0x20 + r.u8() % 95));
    return ref::Element::of_text(text);
  }
  const ElementType dictionary_to = p.to == ElementType::kString ? p.from : p.to;
  if ((recipe & 3) == 2) return ref::Element::of_bits(interesting_bits(p.from, dictionary_to, r));
  return ref::Element::of_bits(r.bits(width_bytes(p.from)) & bit_mask(p.from));
}

std::string describe(ElementType t, const ref::Element& e) { return clip(ref::describe_element(t, e)); }

// The call's vector file, for the regression set, when CASTLIKE_FUZZ_VECTORS_DIR names a directory.
std::string write_vectors(harness::VectorFile f, const uint8_t* data, size_t size) {
  const char* dir = std::getenv("CASTLIKE_FUZZ_VECTORS_DIR");
  if (dir == nullptr || *dir == '\0') return "";
  uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a of the input names the file
  for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 0x100000001b3ull;
  f.name += "_fuzz_" + hex(h & 0xffffffffu, 32).substr(2);
  f.path = std::string(dir) + "/" + f.name + ".json";
  harness::GeneratedSource source;
  source.generator = "fuzz_plugin";
  source.inputs = "custom";
  const std::string text = harness::render_vector_file(f, source);
  FILE* out = std::fopen(f.path.c_str(), "wb");
  if (out == nullptr || std::fwrite(text.data(), 1, text.size(), out) != text.size() || std::fclose(out) != 0)
    return "\n  (could not write " + f.path + ")";
  return "\n  vector file: " + f.path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Subject& s = subject();
  Reader r(data, size, /*extend=*/true);
  const Pair& p = s.pairs[r.u16() % s.pairs.size()];
  const uint8_t attr_byte = r.u8();
  const uint8_t shape_byte = r.u8();

  harness::CaseSpec spec{p.op, p.from, p.to, p.first_opset, std::nullopt, std::nullopt};
  spec.opset = std::min(kNewestKnownOpset, p.first_opset + (attr_byte & 15) % (kNewestKnownOpset - p.first_opset + 1));
  const int version = *version_for_opset(p.op, spec.opset);
  static const char* const kModes[] = {"up", "down", "nearest"};
  if (saturate_in_version(version) && ((attr_byte >> 4) & 3) != 0) spec.saturate = ((attr_byte >> 4) & 3) - 1;
  if (round_mode_in_version(version) && (attr_byte >> 6) != 0) spec.round_mode = kModes[(attr_byte >> 6) - 1];

  // The shape: one of the pair's plan, or a free length (aligned, separate buffers).
  harness::CallShape shape;
  std::string where;
  if (shape_byte & 0x80) {
    shape.length = r.u8() % kFreeLengths;
    where = "length " + std::to_string(shape.length) + " (free)";
  } else {
    const std::vector<std::vector<harness::CallShape>>& plan = plan_of(s, p);
    const std::vector<harness::CallShape>& of_kind = plan[shape_byte % plan.size()];
    shape = of_kind[(shape_byte / plan.size() + r.u8()) % of_kind.size()];
    where = shape.description() + " [" + harness::position_kind_name(shape.kind) + "]";
  }

  std::vector<ref::Element> inputs;
  inputs.reserve(shape.length);
  for (size_t i = 0; i < shape.length; ++i) inputs.push_back(i < kDistinct ? pick_element(p, r) : inputs[i % kDistinct]);
  const auto file = make_file(spec, std::move(inputs));
  if (!file) return 0;  // not a node the reference accepts (an attribute the opset has no use for)

  const harness::CaseOutput out = call_in_shape(*s.implementation, *file, shape);
  if (out.status == harness::CaseOutput::Status::kRejected) return 0;

  const std::string call = std::string(operator_name(p.op)) + " " + type_name(p.from) + " -> " + type_name(p.to) +
                           ", opset " + std::to_string(spec.opset) +
                           (spec.saturate ? ", saturate=" + std::to_string(*spec.saturate) : "") +
                           (spec.round_mode ? ", round_mode=" + *spec.round_mode : "") + ", " + where;
  if (out.status == harness::CaseOutput::Status::kCallFailed)
    fail(kTarget, s.implementation->name() + ": " + call + "\n  the call " + out.failure_kind + ": " + out.message +
                      write_vectors(*file, data, size));

  std::string mismatches;
  size_t failed = 0;
  for (size_t i = 0; i < file->input.size(); ++i) {
    const bool ok = out.elements[i] && harness::element_matches(*file, i, *out.elements[i]);
    if (ok) continue;
    if (++failed > kShownMismatches) continue;
    mismatches += "\n  element " + std::to_string(i) + ": input " + describe(p.from, file->input[i]) + "\n    expected " +
                  describe(p.to, file->expected[i]) + " [outcome " + std::string(ref::outcome_name(file->outcomes[i])) +
                  ", rule " + std::string(ref::rule_name(*file->rules[i])) + "]\n    actual   " +
                  (out.elements[i] ? describe(p.to, *out.elements[i]) : out.element_errors[i]);
  }
  if (failed > 0)
    fail(kTarget, s.implementation->name() + ": " + call + "\n  " + std::to_string(failed) + " of " +
                      std::to_string(file->input.size()) + " elements do not match the reference" + mismatches +
                      write_vectors(*file, data, size));
  return 0;
}
