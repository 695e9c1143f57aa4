// What a failing interval of an exhaustive run is shown with: the named readings that explain it
// (harness/judging/readings.hpp, evaluated with the reference on the interval's first and last inputs),
// exact values, and a `castlike explain` line that reproduces one input.
#pragma once

#include <string>
#include <vector>

#include "engine.hpp"

namespace castlike::exhaustive {

// The readings that explain both the first and the last input of the interval: each is tried on
// a one-element vector file made for that input (the reference's expectation, the call's opset
// and attributes) with the interval's actual output there.
std::vector<std::string> interval_readings(const Call& call, const Interval& interval);

// A reading is a model of the implementation on every input, as in the vectors mode
// (harness::contradiction): removes from each interval of `c` the readings that a right output of
// the configuration under the interval's rule contradicts (c.right_neighbours: the right outputs
// just outside the failing intervals, the inputs where a reading fitted to the failures alone most
// often breaks). Each (reading, right output) is evaluated once.
void refuse_contradicted(ConfigurationReport& c);

// "castlike explain --from FLOAT --to FLOAT8E4M3FN --opset 25 --saturate 1 --bits 0x3f800000"
std::string explain_command(const Call& call, uint64_t input);

// "0x3f800000 (1)": bits and exact value of a pattern of `type`.
std::string value_text(ElementType type, uint64_t bits);

// An input of the call's source as reports show it: value_text, or for STRING (whose inputs are
// positions in the set) "#12 \"0.5e0\"": the position and the text.
std::string input_text(const Call& call, uint64_t input);

}  // namespace castlike::exhaustive
