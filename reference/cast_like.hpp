// The exact reference, operator level: a whole Cast or CastLike node on one tensor, with the checks
// a model checker would make (operator version, types and attributes that exist at that version).
// Both operators convert by one table (convert.hpp); only the checks depend on the operator.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "convert.hpp"

namespace castlike::ref {

struct CastLikeOutput {
  Tensor output;
  std::vector<OutcomeClass> outcomes;  // one per element
  std::vector<RuleId> rules;           // one per element
};

// Either the output or an error message that says what is wrong.
using CastLikeResult = std::variant<CastLikeOutput, std::string>;

// Checks the node against its operator version and resolves the attributes (A7 included).
std::variant<Attributes, std::string> resolve_attributes(const CastLikeRequest& request, const Variants& variants);

CastLikeResult cast_like(const CastLikeRequest& request, const Variants& variants = {});

}  // namespace castlike::ref
