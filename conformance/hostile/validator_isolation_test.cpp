// The validator with isolated plug-ins (harness/subjects/shared_library.cpp on harness/worker/): a failing
// call is a CallFailure of its case and the next case is judged; in-process and isolated give the
// same report for a plug-in that behaves; texts an implementation returns are escaped in every
// report format.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "judging/validator.hpp"
#include "rendering/render.hpp"

namespace castlike::harness {
namespace {

VectorSet hostile_vectors() {
  auto loaded = load_vector_set({CASTLIKE_HOSTILE_VECTORS});
  if (auto* e = std::get_if<std::string>(&loaded)) ADD_FAILURE() << *e;
  return std::get<VectorSet>(std::move(loaded));
}

std::unique_ptr<Implementation> library(const std::string& path, bool in_process = false) {
  SharedLibraryOptions options;
  options.in_process = in_process;
  options.isolation.call_timeout = std::chrono::milliseconds(2000);
  auto loaded = load_shared_library(path, options);
  if (auto* e = std::get_if<std::string>(&loaded)) {
    ADD_FAILURE() << *e;
    return nullptr;
  }
  return std::get<std::unique_ptr<Implementation>>(std::move(loaded));
}

const CaseResult& case_named(const Report& r, const std::string& name) {
  for (const auto& c : r.case_results)
    if (c.name == name) return c;
  throw std::runtime_error("no case " + name);
}

TEST(ValidatorIsolation, ACrashIsAFailedCallOfItsCaseAndTheNextCaseIsJudged) {
  const VectorSet set = hostile_vectors();
  auto impl = library(CASTLIKE_HOSTILE_SEGFAULT);
  ASSERT_TRUE(impl);
  ValidateOptions options;
  options.reproduce = [](const VectorFile& f) { return "repeat " + f.name; };
  const Report r = validate(set, *impl, options);
  EXPECT_FALSE(r.ok());
  ASSERT_EQ(r.call_failures.size(), 2u);
  for (const auto& f : r.call_failures) {
    EXPECT_EQ(f.kind, "crashed");
    EXPECT_EQ(f.message, "crashed with SIGSEGV at a write of address 0x0 (a null pointer)");
    EXPECT_EQ(f.reproduce, "repeat " + f.case_name);
  }
  EXPECT_EQ(r.call_failures[0].case_name, "hostile_trigger_99");
  EXPECT_EQ(r.call_failures[1].case_name, "hostile_trigger_99_text");
  EXPECT_EQ(case_named(r, "hostile_trigger_99").call_failure, r.call_failures[0].message);
  EXPECT_EQ(case_named(r, "hostile_z_ordinary").counts.pass, 2u);
  EXPECT_EQ(r.total.fail, 0u);  // a failed call is not counted as element failures or rejections
  EXPECT_EQ(r.total.rejected, 0u);
  EXPECT_TRUE(r.rejections.empty());
}

TEST(ValidatorIsolation, InProcessAndIsolatedGiveTheSameReport) {
  const VectorSet set = hostile_vectors();
  auto isolated = library(CASTLIKE_EXAMPLE_PLUGIN);
  auto in_process = library(CASTLIKE_EXAMPLE_PLUGIN, true);
  ASSERT_TRUE(isolated && in_process);
  Report a = validate(set, *isolated), b = validate(set, *in_process);
  EXPECT_NE(a.description, b.description);  // it says which
  a.description = b.description = "";
  EXPECT_EQ(report_json(a), report_json(b));
}

// An implementation whose texts are not UTF-8 and hold control characters.
class JunkTexts final : public CasesOnly {
 public:
  std::string name() const override { return "junk \xff\x1b[31m"; }
  std::string description() const override { return "junk \xc3("; }
  CaseOutput run(const VectorFile& file, size_t) override {
    CaseOutput out;
    if (file.to != ElementType::kString) {
      out.status = CaseOutput::Status::kRejected;
      out.message = "no \xe9\x01";
      return out;
    }
    for (size_t i = 0; i < file.input.size(); ++i) {
      out.elements.push_back(ref::Element::of_text("caf\xe9"));
      out.element_errors.emplace_back();
    }
    return out;
  }
};

TEST(ValidatorIsolation, TextsFromAnImplementationAreEscapedInEveryFormat) {
  const VectorSet set = hostile_vectors();
  JunkTexts impl;
  const Report r = validate(set, impl);
  EXPECT_EQ(r.implementation, "junk \\xff\\x1b[31m");
  for (const std::string& report : {report_text(r), report_json(r), report_html(r)}) {
    EXPECT_EQ(report.find('\xff'), std::string::npos);
    EXPECT_EQ(report.find('\xe9'), std::string::npos);
    EXPECT_EQ(report.find('\x1b'), std::string::npos);
    EXPECT_EQ(report.find('\x01'), std::string::npos);
    EXPECT_NE(report.find("xe9"), std::string::npos);
  }
  EXPECT_NE(report_text(r).find("caf\\xe9"), std::string::npos);
  EXPECT_NO_THROW((void)nlohmann::json::parse(report_json(r)));
}

}  // namespace
}  // namespace castlike::harness
