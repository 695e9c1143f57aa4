#include "castlike/type_table.hpp"

#include <cctype>

namespace castlike {
namespace {

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  }
  return true;
}

}  // namespace

std::optional<ElementType> type_from_name(std::string_view name) {
  for (const TypeInfo& t : kTypeTable) {
    if (equals_ignoring_case(name, t.name) || equals_ignoring_case(name, t.numpy_name)) return t.type;
  }
  return std::nullopt;
}

std::optional<Operator> operator_from_name(std::string_view name) {
  for (Operator op : kOperators)
    if (name == operator_name(op)) return op;
  return std::nullopt;
}

std::optional<int> version_for_opset(Operator op, int opset) {
  const OperatorVersions versions = versions_of(op);
  if (opset < versions.front() || opset > kNewestKnownOpset) return std::nullopt;
  int version = versions.front();
  for (int v : versions)
    if (v <= opset) version = v;
  return version;
}

std::string_view round_mode_name(castlike_round_mode mode) {
  switch (mode) {
    case CASTLIKE_ROUND_UP: return "up";
    case CASTLIKE_ROUND_DOWN: return "down";
    case CASTLIKE_ROUND_NEAREST: return "nearest";
  }
  return "?";
}

std::optional<castlike_round_mode> round_mode_from_name(std::string_view name) {
  // ONNX spells the attribute values in lower case; the match is exact, as a schema check would be.
  if (name == "up") return CASTLIKE_ROUND_UP;
  if (name == "down") return CASTLIKE_ROUND_DOWN;
  if (name == "nearest") return CASTLIKE_ROUND_NEAREST;
  return std::nullopt;
}

}  // namespace castlike
