# The map tests (conformance/exhaustive_maps_test.cpp), included from conformance/CMakeLists.txt
# where castlike_add_kernel_test is defined. Default run: label `maps`. The full build (10^6 random
# cross-checks per configuration, all 2^32 inputs of a few configurations, minutes): label `slow`,
# so the default run (-LE "slow|peers") leaves it out (gtest_discover_tests takes one label here:
# a list would be split into separate properties).
castlike_add_kernel_test(exhaustive_maps_test maps ${PROJECT_SOURCE_DIR}/conformance/exhaustive_maps_test.cpp)
target_link_libraries(exhaustive_maps_test PRIVATE castlike_exhaustive)
add_executable(exhaustive_maps_full_test ${PROJECT_SOURCE_DIR}/conformance/exhaustive_maps_test.cpp)
target_link_libraries(exhaustive_maps_full_test PRIVATE castlike_exhaustive castlike_harness castlike_optimized
                                                        GTest::gtest GTest::gtest_main)
target_include_directories(exhaustive_maps_full_test PRIVATE ${PROJECT_SOURCE_DIR}/optimized ${PROJECT_SOURCE_DIR}/conformance)
target_compile_definitions(exhaustive_maps_full_test PRIVATE CASTLIKE_EXHAUSTIVE_FULL=1
                           CASTLIKE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
gtest_discover_tests(exhaustive_maps_full_test PROPERTIES LABELS slow TIMEOUT 7200 DISCOVERY_TIMEOUT 60)
