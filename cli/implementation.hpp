// The implementations `castlike report` judges. Each one converts a list of elements of one type
// to another at one operator set with the given attributes; the report compares the results with
// the vector files and with the exact reference. The reference is the first implementation; the
// kernel library (optimized/) is added by writing one more subclass and listing it in
// builtin_implementations().
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "reference/convert.hpp"

namespace castlike::cli {

// A CastLike call's attributes as a model states them: absent means "not set" (the default).
struct CallAttributes {
  int opset = 25;
  std::optional<int64_t> saturate;
  std::optional<std::string> round_mode;
};

// One element per input element (bits for numeric types, text for STRING), or the reason the
// implementation rejected the call.
using ConvertResult = std::variant<std::vector<ref::Element>, std::string>;

class Implementation {
 public:
  virtual ~Implementation() = default;
  // Short identifier ("reference") and one line saying what it is.
  virtual std::string name() const = 0;
  virtual std::string description() const = 0;
  // Pairs an implementation does not claim to handle (e.g. STRING for a kernel library) are
  // reported as "unsupported", not as failures. Everything else must convert.
  virtual bool supports(ElementType from, ElementType to) const {
    (void)from;
    (void)to;
    return true;
  }
  virtual ConvertResult convert(ElementType from, ElementType to, const CallAttributes& attributes,
                                const std::vector<ref::Element>& elements) const = 0;
};

// The exact reference at operator level: packs the elements into a tensor, runs
// ref::cast_like (which checks the opset and attributes) and unpacks the output.
class ReferenceImplementation final : public Implementation {
 public:
  explicit ReferenceImplementation(ref::Variants variants = {}) : variants_(variants) {}
  std::string name() const override { return "reference"; }
  std::string description() const override;
  ConvertResult convert(ElementType from, ElementType to, const CallAttributes& attributes,
                        const std::vector<ref::Element>& elements) const override;

 private:
  ref::Variants variants_;
};

// Every implementation this build contains, the reference first.
std::vector<std::unique_ptr<Implementation>> builtin_implementations(const ref::Variants& variants);

}  // namespace castlike::cli
