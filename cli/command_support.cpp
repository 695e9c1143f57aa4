#include "command_support.hpp"

#include <chrono>
#include <filesystem>
#include <iostream>

#ifndef CASTLIKE_DATA_FROM_BIN
#define CASTLIKE_DATA_FROM_BIN "../share/castlike"
#endif

namespace castlike::cli {

std::string installed_vectors_dir() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  const std::filesystem::path dir = (self.parent_path() / CASTLIKE_DATA_FROM_BIN / "vectors").lexically_normal();
  return std::filesystem::is_directory(dir / "spec-examples", ec) ? dir.string() : "";
}

std::string shell_quote(const std::string& text) {
  if (!text.empty() && text.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-+=:,@%") ==
                           std::string::npos)
    return text;
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::optional<harness::OutputFile> output_file(const ParsedArgs& a, const std::string& option,
                                                   const harness::OutputKind& kind,
                                                   const harness::InputFiles& inputs) {
  if (!a.has(option)) return std::nullopt;
  auto file = harness::OutputFile::open("--" + option, a.value(option), kind, inputs);
  if (auto* error = std::get_if<std::string>(&file))
    throw UsageError{*error, "write it to another file, in a real directory"};
  return std::move(std::get<harness::OutputFile>(file));
}

}  // namespace castlike::cli

namespace castlike::cli {

void emit_report(const ParsedArgs& a, const std::optional<harness::OutputFile>& out, const std::string& text,
                 const std::string& verdict) {
  if (out) {
    if (auto error = out->write(text)) throw UsageError{*error, "check the path"};
    std::cout << (a.has("quiet") ? "" : "wrote " + out->path() + ": ") << verdict << "\n";
  } else if (a.has("quiet")) {
    std::cout << verdict << "\n";
  } else {
    std::cout << text;
  }
}

ref::Variants reference_variants(const ParsedArgs& a, std::string& label) {
  const std::string profile = a.value_or("profile", "default");
  auto variants = ref::profile_by_name(profile);
  if (!variants) throw UsageError{"unknown profile '" + profile + "'", "default, exact or onnx-reference"};
  if (a.has("variants"))
    if (auto error = ref::apply_variant_overrides(*variants, a.value("variants")))
      throw UsageError{*error, "e.g. --variants A2=six,A12=exact"};
  label = "reference";
  if (profile != "default") label += " (profile " + profile + ")";
  if (a.has("variants")) label += " (" + a.value("variants") + ")";
  return *variants;
}

harness::SharedLibraryOptions library_options(const ParsedArgs& a, const std::string& help) {
  if ((a.has("timeout") || a.has("memory-limit") || a.has("in-process")) && !a.has("library"))
    throw UsageError{"--timeout, --memory-limit and --in-process apply to --library only", help};
  if (a.has("in-process") && (a.has("timeout") || a.has("memory-limit")))
    throw UsageError{"--timeout and --memory-limit need the worker process", "drop --in-process"};
  harness::SharedLibraryOptions options;
  options.in_process = a.has("in-process");
  if (a.has("timeout")) {
    const auto s = parse_integer(a.value("timeout"), "--timeout", 1, 86400);
    options.isolation.call_timeout = options.isolation.load_timeout = std::chrono::seconds(s);
  }
  if (a.has("memory-limit"))
    options.isolation.memory_limit =
        static_cast<uint64_t>(parse_integer(a.value("memory-limit"), "--memory-limit", 16, int64_t{1} << 30)) << 20;
  return options;
}

std::string library_flags(const ParsedArgs& a) {
  std::string flags;
  for (const char* o : {"timeout", "memory-limit"})
    if (a.has(o)) flags += std::string(" --") + o + " " + a.value(o);
  if (a.has("in-process")) flags += " --in-process";
  return flags;
}

std::optional<harness::Baseline> report_format_and_baseline(const ParsedArgs& a, const std::string& format_hint,
                                                            const std::string& write_option) {
  const std::string format = a.value_or("format", "text");
  if (format != "text" && format != "json" && format != "html" && format != "junit")
    throw UsageError{"unknown report format '" + format + "'" + format_hint, "text, json, html or junit"};
  if (a.has("expect-strict") && !a.has("expect"))
    throw UsageError{"--expect-strict applies to --expect only", "add --expect FILE"};
  if (!a.has("expect")) return std::nullopt;
  auto read = harness::read_baseline(a.value("expect"));
  if (auto* error = std::get_if<std::string>(&read))
    throw UsageError{*error, "fix the file (vectors/schema/README.md, \"Baselines\"), or write one with " + write_option};
  return std::move(std::get<harness::Baseline>(read));
}

}  // namespace castlike::cli
