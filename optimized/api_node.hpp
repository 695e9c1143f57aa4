// One node of the C API (castlike_cast, castlike_cast_like): the operator version and its
// attributes, the shape, the input against its shape, the output's room, then the conversion by
// the numeric or the string path. Internal to optimized/.
#pragma once

#include <cstdint>

#include "castlike/castlike.h"
#include "castlike/type_table.hpp"

namespace castlike::opt {

// One node of `op` (Cast or CastLike: the same conversion, their own versions' checks).
castlike_status cast_node(Operator op, const castlike_tensor* input, int32_t target_id, int64_t opset,
                          const castlike_node_attributes* na, castlike_output* output);

}  // namespace castlike::opt
