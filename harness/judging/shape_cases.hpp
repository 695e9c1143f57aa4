// The shape pass of validate() (validator.hpp): after a vector file's call, the implementation is
// called again on the file's elements in the shapes of the shape plan (judging/shape_calls.hpp),
// where it converts every input (it serves every-input runs: the kernels, a plug-in; a results
// file carries no shapes) and reads its inputs (the reference computes from the input numbers).
#pragma once

#include <vector>

#include "formats/vector_file.hpp"
#include "judging/report.hpp"
#include "subjects/implementation.hpp"

namespace castlike::harness {

// The elements of `f` marked in `judged` (numeric source and destination) in every shape; wrong
// elements that depend on the shape go to report.shapes (the first few of each position kept).
void shape_pass_of_file(Implementation& impl, const VectorFile& f, const std::vector<char>& judged,
                        size_t kept_per_position, Report& report);

}  // namespace castlike::harness
