// What several commands share beyond the parser (args.hpp): a word quoted for the shell, the
// vectors installed with this castlike, an output file through the guard
// (harness/formats/output_guard.hpp), writing a report (--out, --quiet), and reading the options of
// a built-in reference (--profile, --variants) and of a plug-in (--timeout, --memory-limit,
// --in-process).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "args.hpp"
#include "judging/baseline.hpp"
#include "subjects/implementation.hpp"
#include "formats/output_guard.hpp"
#include "reference/semantics.hpp"

namespace castlike::cli {

// `text` as one shell word, ready to paste.
std::string shell_quote(const std::string& text);

// The vectors/ installed with this castlike (<prefix>/share/castlike/vectors, found from the
// executable's own path), or "" for a castlike that is not installed (a build tree's).
std::string installed_vectors_dir();

// The file `option` ("--out", "--write-expect") names, opened through the output guard before the
// command's work (nullopt when the option is not given); a UsageError when the guard refuses it.
std::optional<harness::OutputFile> output_file(const ParsedArgs& a, const std::string& option,
                                                   const harness::OutputKind& kind,
                                                   const harness::InputFiles& inputs);

// The report to `out` (then "wrote FILE: verdict", or the verdict alone with --quiet) or, without
// it, to standard output (the verdict alone with --quiet).
void emit_report(const ParsedArgs& a, const std::optional<harness::OutputFile>& out, const std::string& text,
                 const std::string& verdict);

// The checks both validate modes make of --format and --expect-strict, then the baseline --expect
// names, read before the run so that a bad file fails at once (nullopt without --expect);
// `write_option` is the option that writes one ("--write-expect", "--write-baseline"), for the hint.
std::optional<harness::Baseline> report_format_and_baseline(const ParsedArgs& a, const std::string& format_hint,
                                                            const std::string& write_option);

// --profile and --variants: the reference's variants, and its label ("reference (A2=six)").
ref::Variants reference_variants(const ParsedArgs& a, std::string& label);

// --timeout, --memory-limit, --in-process (checked: they apply to --library only, and the first
// two need the worker process).
harness::SharedLibraryOptions library_options(const ParsedArgs& a, const std::string& help);
// The same options as flags of a command that repeats a call (" --timeout 1 --in-process").
std::string library_flags(const ParsedArgs& a);

}  // namespace castlike::cli
