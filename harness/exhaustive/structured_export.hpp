// A structured set's expectations written once and read elsewhere, and a share of a set.
//
// The expectations (structured_judging.hpp) come from the exact reference, which costs about
// 0.4 us of CPU per input natively and far more under an emulator (the NEON cross build runs its
// tests under qemu): there the test rebuilds the set itself (the generator is deterministic and
// cheap) and reads the runs that a native process wrote (castlike_exhaustive_derive --structured).
// The file names its configuration and a digest of the set's inputs, so a file of another
// configuration, or of a set the reading build makes differently, is refused rather than used.
//
// Format (docs/exhaustive.md, "Structured expectations in a file"): three text lines, then the
// runs as fixed-size little-endian records:
//   castlike-structured-expectations 1
//   <configuration id> <inputs> <digest of the inputs, 16 hex digits> <runs>
//   (a blank line)
//   per run: first pattern, position of its first input, base, step (u64 each), rule (u32),
//            outcome (u8), NaN-sign flag (u8), two zero bytes: 40 bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "formats/output_guard.hpp"
#include "structured_judging.hpp"

namespace castlike::exhaustive {

// The first line, with the format's version.
inline constexpr std::string_view kStructuredExpectationsFirstLine = "castlike-structured-expectations 1\n";
// What the output guard recognises as such a file (it replaces only files of their kind).
extern const harness::OutputKind kStructuredExpectationsKind;

// A digest of the set's inputs (the patterns; for texts the texts): the file's tie to its set.
uint64_t structured_set_digest(const StructuredSet& set);

// The file's bytes.
std::string structured_expectations_bytes(const StructuredExpectation& e);

// The expectations of `set` read from a file's bytes, or what is wrong with them (another
// configuration, another set, a truncated or malformed body, runs that do not fit the set).
std::variant<StructuredExpectation, std::string> read_structured_expectations(std::string_view bytes,
                                                                              StructuredSet set);

// A share of a set for a judge that cannot afford every input (the NEON level under qemu): the
// first and the last input of every run (where the expected result changes: the rounding
// decisions between neighbouring inputs of the set) and, of the others, those whose position's
// seeded hash is 0 modulo `every` (about 1 in `every`, spread over every level and class without
// aliasing with the set's periodic layout). every = 1 keeps the whole set. The runs are affine in
// the pattern, so they state the reference's answer on any subset; the share keeps the inputs'
// patterns, classes and (texts) positions.
StructuredExpectation share_of(const StructuredExpectation& e, uint64_t every);

}  // namespace castlike::exhaustive
