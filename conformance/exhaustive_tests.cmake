# The map tests (exhaustive_maps_test.cpp, exhaustive_judge_test.cpp), included from CMakeLists.txt
# here, where castlike_add_kernel_test is defined. Default run: label `maps`. The full build (10^6 random
# cross-checks per configuration, all 2^32 inputs of a few configurations, minutes): label `slow`,
# so the default run (-LE "slow|exhaustive|peers") leaves it out (gtest_discover_tests takes one
# label here: a list would be split into separate properties).
castlike_add_kernel_test(exhaustive_maps_test maps ${PROJECT_SOURCE_DIR}/conformance/exhaustive_maps_test.cpp)
target_link_libraries(exhaustive_maps_test PRIVATE castlike_exhaustive)
castlike_add_test(exhaustive_judge_test maps ${PROJECT_SOURCE_DIR}/conformance/exhaustive_judge_test.cpp)
target_link_libraries(exhaustive_judge_test PRIVATE castlike_exhaustive)
add_executable(exhaustive_maps_full_test ${PROJECT_SOURCE_DIR}/conformance/exhaustive_maps_test.cpp)
target_link_libraries(exhaustive_maps_full_test PRIVATE castlike_exhaustive castlike_harness castlike_optimized
                                                        GTest::gtest GTest::gtest_main)
target_include_directories(exhaustive_maps_full_test PRIVATE ${PROJECT_SOURCE_DIR}/optimized ${PROJECT_SOURCE_DIR}/conformance)
target_compile_definitions(exhaustive_maps_full_test PRIVATE CASTLIKE_EXHAUSTIVE_FULL=1
                           CASTLIKE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
gtest_discover_tests(exhaustive_maps_full_test PROPERTIES LABELS slow TIMEOUT 7200 DISCOVERY_TIMEOUT 60)

# The kernels at every ISA level against the maps (conformance/exhaustive_levels_test.cpp): every
# input of the <= 16-bit sources in the default run (label `kernels`, also run by scripts/tests/test-neon
# under qemu); all 2^32 inputs of every 32-bit configuration at every level, one ctest case per
# configuration and level (label `exhaustive`, not in the default run: scripts/tests/test-exhaustive).
# The sampled 32-bit inputs (run boundaries +-2, 10^6 random) are for builds whose tests run under
# an emulator (the NEON cross build: label `kernels`); natively `exhaustive` judges every input, so
# there they carry that label too. A second binary holds the AVX-512 kernels emulated through
# SIMDe, for CPUs without AVX-512.
if(CMAKE_CROSSCOMPILING)
  set(_castlike_sampled_label kernels)
else()
  set(_castlike_sampled_label exhaustive)
endif()
function(castlike_add_exhaustive_levels_test name)
  add_executable(${name} ${PROJECT_SOURCE_DIR}/conformance/exhaustive_levels_test.cpp)
  target_link_libraries(${name} PRIVATE castlike_exhaustive castlike_optimized GTest::gtest GTest::gtest_main)
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/optimized)
  if(CMAKE_CROSSCOMPILING)
    target_compile_definitions(${name} PRIVATE CASTLIKE_SAMPLED_RANDOM_INPUTS=200000)
  endif()
  gtest_discover_tests(${name} TEST_FILTER "ExhaustiveLevels/Narrow.*"
                       PROPERTIES LABELS kernels DISCOVERY_TIMEOUT 60)
  gtest_discover_tests(${name} TEST_FILTER "ExhaustiveLevels/Sampled.*"
                       PROPERTIES LABELS ${_castlike_sampled_label} TIMEOUT 3600 DISCOVERY_TIMEOUT 60)
  gtest_discover_tests(${name} TEST_FILTER "ExhaustiveLevels/Full.*"
                       PROPERTIES LABELS exhaustive TIMEOUT 3600 DISCOVERY_TIMEOUT 60)
endfunction()
castlike_add_exhaustive_levels_test(exhaustive_levels_test)
if(COMMAND castlike_emulate_avx512)
  castlike_add_exhaustive_levels_test(exhaustive_levels_avx512_emulated_test)
  castlike_emulate_avx512(exhaustive_levels_avx512_emulated_test)
endif()

# The structured sets of the sources wider than 32 bits (conformance/structured_levels_test.cpp):
# their properties, their expectations' file and share, and the naming of failures by class in the
# default run (label `maps`); the kernels at every ISA level on every input of every set, one case
# per source and level (label `exhaustive` natively, scripts/tests/test-exhaustive; the time per level is
# in docs/exhaustive.md; label `kernels` in a cross build: scripts/tests/test-neon runs the NEON level
# under qemu, reading the expectations derived natively, in seconds).
# A second binary holds the AVX-512 kernels emulated through SIMDe, as for the maps above.
function(castlike_add_structured_levels_test name)
  add_executable(${name} ${PROJECT_SOURCE_DIR}/conformance/structured_levels_test.cpp)
  target_link_libraries(${name} PRIVATE castlike_exhaustive_engine castlike_optimized GTest::gtest GTest::gtest_main)
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/optimized)
  gtest_discover_tests(${name} TEST_FILTER "ExhaustiveLevels/Full.*"
                       PROPERTIES LABELS ${_castlike_sampled_label} TIMEOUT 3600 DISCOVERY_TIMEOUT 60)
endfunction()
castlike_add_structured_levels_test(structured_levels_test)
gtest_discover_tests(structured_levels_test TEST_FILTER "StructuredSets.*" PROPERTIES LABELS maps DISCOVERY_TIMEOUT 60)
if(COMMAND castlike_emulate_avx512)
  castlike_add_structured_levels_test(structured_levels_avx512_emulated_test)
  castlike_emulate_avx512(structured_levels_avx512_emulated_test)
endif()

# The structured sets of the STRING source (docs/exhaustive.md, "Structured sets of STRING
# sources"), structured_text_test.cpp: the sets' properties and the naming of failures by class in
# the default run (label `maps`); the kernels' text path on every input of every set with each
# level forced, one case per level (label `exhaustive`, scripts/tests/test-exhaustive; CI runs the
# dispatched level), and on a share of every set (below).
add_executable(structured_text_test ${PROJECT_SOURCE_DIR}/conformance/structured_text_test.cpp)
target_link_libraries(structured_text_test PRIVATE castlike_exhaustive_engine castlike_optimized GTest::gtest
                                                   GTest::gtest_main)
gtest_discover_tests(structured_text_test TEST_FILTER "StructuredTextSets.*" PROPERTIES LABELS maps DISCOVERY_TIMEOUT 60)
gtest_discover_tests(structured_text_test TEST_FILTER "ExhaustiveLevels/Full.*"
                     PROPERTIES LABELS exhaustive TIMEOUT 3600 DISCOVERY_TIMEOUT 60)
# A share of every set (every run's first and last text and a share of the others: kStructuredShare in
# conformance/structured/level_case.hpp): for the NEON cross build under qemu (label `kernels`,
# scripts/tests/test-neon, reading the expectations derived natively); natively `exhaustive`, where Full
# judges every text.
gtest_discover_tests(structured_text_test TEST_FILTER "ExhaustiveLevels/Share.*"
                     PROPERTIES LABELS ${_castlike_sampled_label} TIMEOUT 3600 DISCOVERY_TIMEOUT 60)
