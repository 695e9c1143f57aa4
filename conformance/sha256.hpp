// SHA-256 (FIPS 180-4) of a byte string, as lowercase hex. Results files name the vector file
// they answer by this digest of its bytes, so a results file made from another vector set is
// caught (any language computes it: Python's hashlib.sha256(path.read_bytes()).hexdigest()).
#pragma once

#include <string>
#include <string_view>

namespace castlike::conformance {

std::string sha256_hex(std::string_view bytes);

}  // namespace castlike::conformance
