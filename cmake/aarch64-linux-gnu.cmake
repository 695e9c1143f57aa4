# Cross toolchain for AArch64 Linux (Debian: g++-aarch64-linux-gnu, qemu-user).
# Used by the `neon` configure preset and scripts/tests/test-neon; tests run under qemu-aarch64.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/usr/aarch64-linux-gnu CACHE STRING "Runs AArch64 test binaries")

# Libraries come from the AArch64 sysroot (or a prefix of cross-built ones, e.g. GoogleTest, passed
# in CMAKE_PREFIX_PATH); header-only packages (Boost.Multiprecision, nlohmann_json) and their CMake
# package files may come from the host.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
