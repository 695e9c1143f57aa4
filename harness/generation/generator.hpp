// Generated conformance vectors (`castlike export`): for one (opset, source, destination,
// attributes) the inputs worth testing, with the reference's expected bits, outcome class and rule
// id per element, written as castlike-vectors files of kind "generated" (vectors/schema/README.md).
//
// Inputs: every bit pattern of sources of 8 bits or fewer; for wider sources a boundary-complete
// structured set built from the destination's breakpoints on its grid extended three binades past
// both ends of its range (every cell of the destinations of 8 bits or fewer, the first, middle and
// last cells of every FLOAT16 / BFLOAT16 binade, sampled binades of FLOAT and DOUBLE; every power
// of two and `nearest` tie of FLOAT8E8M0; the wrap, clamp and tie boundaries of the integers), each
// hit on the point and by the source values beside it, both signs; around each breakpoint the ties
// of the intermediate types an implementation may convert through (double-rounding traps); and the
// source's own special encodings (NaN payloads and signs, zeros, infinities, subnormal extremes).
// For STRING sources decimal texts on and next to the points, special words in mixed case and
// texts that are not numbers (marked unspecified by the reference). The parts: generator_points.hpp.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "castlike/type_table.hpp"
#include "reference/convert.hpp"
#include "formats/vector_file.hpp"

namespace castlike::harness {

// Bump when the input sets or the file layout change: committed vectors then regenerate.
inline constexpr int kGeneratorVersion = 2;

struct CaseSpec {
  Operator op = Operator::kCastLike;
  ElementType from = ElementType::kFloat, to = ElementType::kFloat;
  int opset = kDefaultOpset;
  std::optional<int64_t> saturate;        // absent: default
  std::optional<std::string> round_mode;  // absent: default
};

// "FLOAT_to_FLOAT8E4M3FN_op25_sat0_nearest" (the attribute parts only when set); a Cast case ends
// in "_cast": "FLOAT_to_FLOAT16_op13_cast".
std::string case_name(const CaseSpec& spec);

// The opset exports use unless told otherwise is kDefaultOpset, or the first opset with both types
// where that is later.

// The operator a pair is exported with when none is asked for: CastLike where a CastLike version
// has both types, else Cast (a type only Cast lists; every type castlike has today is in
// CastLike-25). The conversion is one table, so the CastLike vectors judge a Cast implementation
// as well.
Operator default_operator(ElementType from, ElementType to);

enum class OpsetChoice { kNewest, kAll, kListed };
enum class AttributeChoice {
  kRelevant,  // the defaults, plus the combinations the destination reads (float8: saturate=0;
              // FLOAT8E8M0: saturate x round_mode)
  kAll,       // every combination that exists at the opset (attributes absent, 0/1, up/down/nearest)
};

// The cases of one pair as `op`: one per chosen opset (where both types exist) and attribute
// combination.
std::vector<CaseSpec> case_specs(Operator op, ElementType from, ElementType to, OpsetChoice opsets,
                                 const std::vector<int>& listed, AttributeChoice attributes);

enum class InputSet { kStructured, kExhaustive16 };
std::string_view input_set_name(InputSet s);

// The interesting inputs of a pair, deduplicated, in a fixed order.
std::vector<ref::Element> interesting_inputs(ElementType from, ElementType to, InputSet set);

// For a case with attributes set (saturate=0, a round_mode) and a structured (not exhaustive)
// input set of a 16-bit or wider source: the inputs whose result the attributes change, those
// whose result is the destination's largest finite value (FLOAT8E8M0: either end of its range) and
// FLOAT8E8M0's exact powers of two (the boundaries the attributes move without changing their
// result), plus the source's special values and every eighth other input. Keeps the curated set
// small; every element stays a full test (its expected output is the reference's). Other cases:
// unchanged.
std::vector<ref::Element> focus_on_attributes(const CaseSpec& spec, const std::vector<ref::Element>& inputs,
                                              InputSet set);

// The generated case for these inputs under a reference profile: expected bits, outcomes and rules
// from the reference, packed storage for sub-byte types. An error when the spec is not a valid node.
std::variant<VectorFile, std::string> make_case(const CaseSpec& spec, std::vector<ref::Element> inputs,
                                                const std::string& profile = "default");
// The same under any variants (a profile with overrides, as `castlike convert --variants` gives).
std::variant<VectorFile, std::string> make_case(const CaseSpec& spec, std::vector<ref::Element> inputs,
                                                const ref::Variants& variants);

// The file text, in the layout of the committed vectors (one key per line, arrays of scalars on one
// line). `source` goes under "source" after "generator".
struct GeneratedSource {
  std::string generator = "castlike export";
  int generator_version = kGeneratorVersion;
  std::string profile = "default";
  std::string inputs = "structured";  // input_set_name, or "custom"
};
std::string render_vector_file(const VectorFile& file, const GeneratedSource& source);

}  // namespace castlike::harness
