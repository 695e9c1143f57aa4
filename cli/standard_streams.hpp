// Standard input, output and error as castlike uses them. A descriptor 0, 1 or 2 closed at start
// is reserved on /dev/null, so that no file castlike opens later takes its number (a report would
// land in a vector file). Standard output goes through one buffer that keeps the first failed
// write: main turns it into exit status 2 for every command, so a full disk or a closed stdout is
// never a silent success.
#pragma once

namespace castlike::cli {

// The first thing main does: reserves closed descriptors (harness::ensure_standard_descriptors)
// and routes std::cout through the buffer; false if /dev/null cannot be opened.
bool guard_standard_streams();

// Flushes standard output: the errno of the first failed write (ENOSPC, EBADF for a closed
// stdout, ...), or 0 when every byte castlike wrote there arrived. A closed stdout fails only once
// castlike has something to write.
int finish_standard_output();

}  // namespace castlike::cli
