// Explanation by named readings: the ways the ONNX sources (and the peers) can be read where they
// contradict each other or leave a choice, each with a name ("A2=six", "nan-sign",
// "profile onnx-reference"). A failure is explained by a reading when that reading produces the
// implementation's actual output and the default reading does not (docs/semantics.md, A1-A12).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "reference/convert.hpp"
#include "reference/semantics.hpp"
#include "formats/vector_file.hpp"

namespace castlike::harness {

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
    kChain,           // 64-bit types held in 32 bits and/or an intermediate type, then the default (+ attributes)
    kFloatSaturate,   // to FLOAT/DOUBLE/FLOAT16/BFLOAT16: a result of +-inf gives +-max
    kDaz,             // a subnormal float input is read as a zero of its sign
    kFtz,             // a subnormal float result is written as a zero of its sign
    kBoolNanFalse,    // NaN to bool is false (lower64: otherwise 64-bit-as-32-bit)
    kSubByteViaInt8,  // float to 4-/2-bit: truncate, clamp to INT8 (UINT8), keep the low bits
    kTruncateClamp,   // float to 4-/2-bit: truncate toward zero, then clamp to the type's range
    kBfloat16Truncate,  // to BFLOAT16: rounded to FLOAT, then the low 16 bits dropped
    kSubByteRangeZero,  // float to 4-/2-bit: truncate toward zero; outside the type's range gives 0
    kSubByteViaInt32,   // float to 4-/2-bit: truncate into INT32 (beyond it: INT32 min), keep the low bits
    kNanToMinusZero,    // NaN to FLOAT4E2M1 / FLOAT6 gives -0, whatever the NaN's sign
    kFloat4MaxAsInfinity,  // FLOAT4E2M1 to an integer: +-6 read as +-inf (clamped), 4-/2-bit truncate and clamp
    kNanToSignedMax,       // NaN to FLOAT4E2M1 / FLOAT6 gives +-max with the NaN's sign
    kBfloat16HalfBias,     // to BFLOAT16: FLOAT bits + 0x8000 when the kept part is odd, then the low 16 bits dropped
    kNanBitsTruncated,     // NaN to a narrower IEEE float: its bits cut to the destination's (payload below: +-inf)
    kE8M0NegativeNanZero,  // NaN with its sign bit set to FLOAT8E8M0 gives 0x00
    kInt32Held,            // to UINT32 / INT64 / UINT64: the result held in INT32 (beyond it: clamped or INT32 min)
    kBoolInt32,            // integer to BOOL held in INT32: INT32 min (and unsigned values beyond INT32) give false
    kDoubleAsFloat,        // to DOUBLE: the value rounded to FLOAT, then widened
    kE8M0TiesEven,         // to FLOAT8E8M0, round_mode nearest: rounded to FLOAT (A5), a tie to the even code
  };
  int digits = 0;  // kPrintfDigits
  std::string name, description;
  Kind kind = Kind::kVariants;
  ref::Variants variants;
  std::optional<int64_t> saturate;        // kAttributes: override (value 0/1)
  std::optional<std::string> round_mode;  // kAttributes: override
  bool lower64 = false;                   // kChain: DOUBLE/INT64/UINT64 held as FLOAT/INT32 (saturating)
  std::optional<ElementType> via;         // kChain, kRoundAwayWrap, kE5M2OverflowNan: an intermediate type rounded to first
  bool flush = false;                     // kChain: subnormal intermediate and final results written as zeros
  bool plus_zero = false;                 // kFtz: the zero written is +0 whatever the sign (and -0 results too)
  bool indefinite = false;                // kInt32Held: beyond INT32 gives INT32 min (else clamped to INT32)
  bool carry_doubled = false;             // kChain: a FLOAT16 subnormal whose rounding carries gives twice its value
};

// Every reading, in the order they are tried: the single switches A1-A12, the readings found in
// peers, the attribute readings, the profiles last.
const std::vector<Candidate>& candidates();

// Does this reading produce `actual` for element i of the file (where the default reading does not)?
bool explains(const Candidate& c, const VectorFile& f, size_t i, const ref::Element& actual);

// This reading's output for element i where it is other than `actual`, else nullopt. A reading is a
// model of the implementation: an element the implementation gets right contradicts the readings
// that give it something else. The readings that state an output for every element they apply to
// (variants, attributes, chains) answer; the others, which only recognise a failure, never do.
std::optional<ref::Element> contradiction(const Candidate& c, const VectorFile& f, size_t i, const ref::Element& actual);

// The readings' names, in order ("A1=nan", ..., "profile onnx-reference").
std::vector<std::string> candidate_names();

}  // namespace castlike::harness
