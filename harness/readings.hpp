// Explanation by named readings: the ways the ONNX sources (and the peers) can be read where they
// contradict each other or leave a choice, each with a name ("A2=six", "nan-sign",
// "profile onnx-reference"). A failure is explained by a reading when that reading produces the
// implementation's actual output and the default reading does not (docs/semantics.md, A1-A12).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "reference/semantics.hpp"
#include "vector_file.hpp"

namespace castlike::conformance {

struct Candidate {
  enum class Kind {
    kVariants,        // the reference under other variants (a single switch or a profile)
    kAttributes,      // the reference with other attributes
    kNanSign,         // a NaN of the other sign
    kRoundTripText,   // another text that reads back to the same value (A10)
    kPrintfDigits,    // C's %.<digits>g (A10)
    kRoundAwayWrap,   // sub-byte integers: round half away from zero, then wrap (A8 family)
    kIntTextPrefix,   // text to integer / bool: only the leading integer digits are read (strtoll)
    kBoolTextNonEmpty,  // text to bool: any non-empty text is true (Python truthiness)
    kBoolFromBits,    // float to bool: tests the bit pattern, so -0 is true
    kE5M2OverflowNan, // FLOAT8E5M2 saturate=0: a value rounding beyond max gives NaN, not +-inf
    kIdentityConverts,  // a cast to the same type converts (through FLOAT, onnx-reference profile)
  };
  int digits = 0;  // kPrintfDigits
  std::string name, description;
  Kind kind = Kind::kVariants;
  ref::Variants variants;
  std::optional<int64_t> saturate;        // kAttributes: override (value 0/1)
  std::optional<std::string> round_mode;  // kAttributes: override
};

// Every reading, in the order they are tried: the single switches A1-A12, the readings found in
// peers, the attribute readings, the profiles last.
const std::vector<Candidate>& candidates();

// Does this reading produce `actual` for element i of the file (where the default reading does not)?
bool explains(const Candidate& c, const VectorFile& f, size_t i, const ref::Element& actual);

// The readings' names, in order ("A1=nan", ..., "profile onnx-reference").
std::vector<std::string> candidate_names();

}  // namespace castlike::conformance
