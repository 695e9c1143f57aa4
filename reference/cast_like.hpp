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

struct Tensor {
  ElementType type = ElementType::kFloat;
  std::vector<int64_t> shape;
  std::vector<uint8_t> data;         // ONNX raw_data layout (packed for 4-/2-bit types)
  std::vector<std::string> strings;  // STRING tensors only
};

struct CastLikeRequest {
  Operator op = Operator::kCastLike;  // Cast states the target as `to`, CastLike as a tensor's type
  Tensor input;
  ElementType target = ElementType::kFloat;
  int opset = 25;
  std::optional<int64_t> saturate;        // absent: the default (1)
  std::optional<std::string> round_mode;  // absent: the default ("up")
};

struct CastLikeOutput {
  Tensor output;
  std::vector<OutcomeClass> outcomes;  // one per element
  std::vector<RuleId> rules;           // one per element
};

// Either the output or an error message that says what is wrong.
using CastLikeResult = std::variant<CastLikeOutput, std::string>;

// Element count of a shape, or an error for negative dimensions and overflow.
std::variant<size_t, std::string> element_count(const std::vector<int64_t>& shape);

// Checks the node against its operator version and resolves the attributes (A7 included).
std::variant<Attributes, std::string> resolve_attributes(const CastLikeRequest& request, const Variants& variants);

CastLikeResult cast_like(const CastLikeRequest& request, const Variants& variants = {});

}  // namespace castlike::ref
