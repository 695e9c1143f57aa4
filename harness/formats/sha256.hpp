// SHA-256 (FIPS 180-4) of a byte string, as lowercase hex. Results files name the vector file
// they answer by this digest of its bytes, so a results file made from another vector set is
// caught (any language computes it: Python's hashlib.sha256(path.read_bytes()).hexdigest()).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace castlike::harness {

std::string sha256_hex(std::string_view bytes);

// The same digest over bytes fed in pieces (scripts/tests/sweep-float32 hashes gigabytes of outputs):
// update() any number of times, then hex_digest() once.
class Sha256 {
 public:
  void update(const void* data, size_t size);
  std::string hex_digest();  // finishes the hash; the object is then spent

 private:
  std::array<uint32_t, 8> h_{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                             0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  unsigned char buffer_[64] = {};
  size_t buffered_ = 0;
  uint64_t length_ = 0;  // bytes
};

}  // namespace castlike::harness
