// Descriptors 0, 1 and 2 are always open in the validator: a caller that closed one (`2>&-`)
// would otherwise have the next file or memfd the validator opens land there, and whatever is
// written to that stream (a plug-in's or the worker's output, a message) would go into it.
#pragma once

namespace castlike::harness {

// Opens /dev/null on each of 0, 1, 2 that is closed. Called first thing by the CLI's main and by
// IsolatedPlugin::open, before either opens anything; false if /dev/null cannot be opened.
bool ensure_standard_descriptors();

}  // namespace castlike::harness
