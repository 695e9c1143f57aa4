# The `install` test: `cmake --install` the build tree into a fresh prefix, then configure, build and
# run the consumer project (install_consumer/) against the installed package only; with EXAMPLE_DIR,
# the example runtime (example_runtime/) too: its conformance tests pass against its baseline, write
# their JUnit, and fail once one of its outputs changes.
#   cmake -DBUILD_DIR=<build tree> -DWORK_DIR=<scratch dir> -DCONSUMER_DIR=<install_consumer>
#         [-DEXAMPLE_DIR=<example_runtime>] -DC_COMPILER=... -DCXX_COMPILER=... -P install_test.cmake
foreach(var BUILD_DIR WORK_DIR CONSUMER_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "install_test.cmake needs -D${var}=...")
  endif()
endforeach()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "${what}:\n${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc})")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(f include/castlike/castlike.h include/castlike/castlike.hpp include/castlike/types.h
          include/castlike/validator_abi.h bin/castlike bin/castlike-plugin-worker
          share/castlike/vectors/spec-examples share/castlike/vectors/generated
          share/castlike/vectors/float6-examples)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
# Given no vectors, the installed castlike judges on its own, wherever it runs from (not the source
# tree's, which it was built from).
file(MAKE_DIRECTORY ${WORK_DIR}/elsewhere)
execute_process(COMMAND ${prefix}/bin/castlike validate --builtin reference --pairs FLOAT-BFLOAT16 --format json
                WORKING_DIRECTORY ${WORK_DIR}/elsewhere RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\"${prefix}/share/castlike/vectors/generated\"")
  message(FATAL_ERROR "castlike validate without --vectors did not judge on the installed vectors "
                      "(exit ${rc}):\n${out}${err}")
endif()
execute_process(COMMAND ${prefix}/bin/castlike report --format json
                WORKING_DIRECTORY ${WORK_DIR}/elsewhere RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\"vectors\": *\"${prefix}/share/castlike/vectors\"")
  message(FATAL_ERROR "castlike report without --vectors did not judge on the installed vectors "
                      "(exit ${rc}):\n${err}")
endif()
file(GLOB_RECURSE config ${prefix}/*/castlikeConfig.cmake)
file(GLOB_RECURSE version ${prefix}/*/castlikeConfigVersion.cmake)
if(NOT config OR NOT version)
  message(FATAL_ERROR "castlikeConfig.cmake / castlikeConfigVersion.cmake not installed")
endif()
# The installed headers must not pull in anything from the source tree (nor Boost).
file(GLOB installed_headers ${prefix}/include/castlike/*)
foreach(h IN LISTS installed_headers)
  file(STRINGS ${h} includes REGEX "#[ \t]*include")
  foreach(line IN LISTS includes)
    if(line MATCHES "boost|reference/|optimized/")
      message(FATAL_ERROR "${h}: installed header includes a private header: ${line}")
    endif()
  endforeach()
endforeach()

set(compilers)
if(C_COMPILER)
  list(APPEND compilers -DCMAKE_C_COMPILER=${C_COMPILER})
endif()
if(CXX_COMPILER)
  list(APPEND compilers -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
endif()
run("configure consumer" ${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/build -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF ${compilers}
    "-DCMAKE_C_FLAGS=${C_FLAGS}" "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}")
run("build consumer" ${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run("run the C consumer" ${WORK_DIR}/build/consumer_c)
run("run the C++ consumer" ${WORK_DIR}/build/consumer_cpp)

if(NOT EXAMPLE_DIR)
  return()
endif()
# The example runtime, as its CI would run it: configure against the package, build, ctest.
function(build_example dir)
  run("configure the example runtime (${dir})" ${CMAKE_COMMAND} -S ${EXAMPLE_DIR} -B ${WORK_DIR}/${dir}
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF ${compilers}
      "-DCMAKE_C_FLAGS=${C_FLAGS}" "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_SHARED_LINKER_FLAGS=${LINKER_FLAGS}"
      "-DCMAKE_MODULE_LINKER_FLAGS=${LINKER_FLAGS}" ${ARGN})
  run("build the example runtime (${dir})" ${CMAKE_COMMAND} --build ${WORK_DIR}/${dir})
endfunction()
build_example(example)
run("the example runtime's ctest" ${CMAKE_CTEST_COMMAND} --test-dir ${WORK_DIR}/example --output-on-failure)
file(READ ${WORK_DIR}/example/castlike-junit.xml junit)
if(NOT junit MATCHES "<testcase " OR NOT junit MATCHES "castlike[.]FLOAT[.]BFLOAT16")
  message(FATAL_ERROR "the example runtime's JUnit report has no test case of FLOAT -> BFLOAT16:\n${junit}")
endif()
# Without its baseline the known discrepancy fails the run; with a changed output the baseline does.
execute_process(COMMAND ${prefix}/bin/castlike validate --quiet
                        --library ${WORK_DIR}/example/libtinyrt_castlike_plugin.so
                        --vectors ${prefix}/share/castlike/vectors/generated --pairs FLOAT-BFLOAT16
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "the example runtime without its baseline: exit ${rc}, expected 1\n${out}${err}")
endif()
build_example(example-changed -DTINYRT_FLUSH_SUBNORMALS=ON)
execute_process(COMMAND ${CMAKE_CTEST_COMMAND} --test-dir ${WORK_DIR}/example-changed -R "^tinyrt[.]castlike$"
                        --output-on-failure
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ ${WORK_DIR}/example-changed/castlike-junit.xml junit)
if(rc EQUAL 0 OR NOT out MATCHES "[1-9][0-9]* new" OR NOT junit MATCHES "castlike[.]FLOAT[.]FLOAT16\"[^>]*><failure")
  message(FATAL_ERROR "the example runtime with a changed FLOAT -> FLOAT16 output passed its baseline "
                      "(ctest exit ${rc}), or its report does not name the new failure\n${out}${err}")
endif()
message(STATUS "the changed example runtime fails its baseline, as it must:\n${out}")
