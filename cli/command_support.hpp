// What several commands share beyond the parser (args.hpp): a word quoted for the shell, the
// refusal to write a report over an input, writing a report (--out, --quiet), and reading the
// options of a built-in reference (--profile, --variants) and of a plug-in (--timeout,
// --memory-limit, --in-process).
#pragma once

#include <string>
#include <vector>

#include "args.hpp"
#include "implementation.hpp"
#include "reference/semantics.hpp"

namespace castlike::cli {

// `text` as one shell word, ready to paste.
std::string shell_quote(const std::string& text);

// An output (`option`: "--out", "--write-expect") must not name any input (the same file through any
// path, link or hard link): it would replace what it judges. A UsageError otherwise.
void refuse_output_over_input(const std::string& option, const std::string& out, const std::vector<std::string>& inputs);

// The report to --out (atomically; then "wrote FILE: verdict", or the verdict alone with --quiet)
// or to standard output (the verdict alone with --quiet).
void emit_report(const ParsedArgs& a, const std::string& text, const std::string& verdict);

// --profile and --variants: the reference's variants, and its label ("reference (A2=six)").
ref::Variants reference_variants(const ParsedArgs& a, std::string& label);

// --timeout, --memory-limit, --in-process (checked: they apply to --library only, and the first
// two need the worker process).
conformance::SharedLibraryOptions library_options(const ParsedArgs& a, const std::string& help);
// The same options as flags of a command that repeats a call (" --timeout 1 --in-process").
std::string library_flags(const ParsedArgs& a);

}  // namespace castlike::cli
