// A C++ user of the installed castlike package. Exit status 0 when every check holds.
#include <castlike/castlike.hpp>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

int main() {
  int failures = 0;
  const auto check = [&](bool ok, const char* what) {
    if (!ok) {
      std::fprintf(stderr, "consumer.cpp: check failed: %s\n", what);
      ++failures;
    }
  };
  const std::vector<float> in = {0.1f, 65504.0f, 1e6f, -0.0f};
  std::vector<uint16_t> halves(in.size());
  check(castlike::convert<castlike::dtype::Float, castlike::dtype::Float16>(in, halves) == CASTLIKE_OK, "convert");
  check(halves == std::vector<uint16_t>{0x2E66, 0x7BFF, 0x7C00, 0x8000}, "float16 bits");
  std::vector<std::string> texts;
  check(castlike::to_strings<castlike::dtype::Float16>(halves, texts) == CASTLIKE_OK, "to_strings");
  check(texts == std::vector<std::string>{"0.1", "6.55e+04", "inf", "-0.0"}, "texts");

  castlike::Tensor t{CASTLIKE_FLOAT, {2}, {}, {}};
  t.data.resize(8);
  std::memcpy(t.data.data(), in.data(), 8);
  castlike::Tensor out;
  check(castlike::cast_like(t, CASTLIKE_FLOAT8E8M0, 25, {1, std::string("down")}, out) == CASTLIKE_OK, "cast_like");
  check(out.data == std::vector<uint8_t>{0x7B, 0x8E}, "e8m0 down");  // 0.1 -> 2^-4, 65504 -> 2^15
  std::printf("castlike C++ consumer: active ISA %s, %d failures\n", castlike_isa_name(castlike::active_isa()),
              failures);
  return failures == 0 ? 0 : 1;
}
