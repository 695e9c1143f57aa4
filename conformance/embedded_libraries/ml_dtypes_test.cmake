# The ml_dtypes entries (ctest embedded_libraries.ml_dtypes, labels peers and embedded-libraries:
# it needs PyPI): fetch the pinned sdist's headers, compile the plug-in twice (saturating and not)
# with this build's compiler, and judge each on the vectors of its pairs against its baseline.
#   cmake -DSOURCE_DIR=<castlike> -DWORK_DIR=<scratch> -DCXX_COMPILER=... -DCASTLIKE=<castlike exe>
#         -DPAIRS_SAT0=a,b,... -DPAIRS_SAT1=... -P ml_dtypes_test.cmake
foreach(var SOURCE_DIR WORK_DIR CXX_COMPILER CASTLIKE PAIRS_SAT0 PAIRS_SAT1)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "ml_dtypes_test.cmake needs -D${var}=...")
  endif()
endforeach()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                  WORKING_DIRECTORY ${SOURCE_DIR})
  message(STATUS "${what}:\n${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc})")
  endif()
endfunction()

execute_process(COMMAND ${SOURCE_DIR}/scripts/fetch-ml-dtypes-headers ${WORK_DIR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE root ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "scripts/fetch-ml-dtypes-headers failed (${rc}):\n${err}")
endif()
foreach(saturate 0 1)
  set(plugin ${WORK_DIR}/libcastlike_embedded_ml_dtypes_sat${saturate}.so)
  # ml_dtypes 0.7 is written against a newer Eigen than Debian's: the one its sdist ships.
  run("compile the ml_dtypes plug-in, saturate=${saturate}" ${CXX_COMPILER} -std=c++20 -O2 -fPIC -shared
      -I${SOURCE_DIR}/include -isystem ${root} -isystem ${root}/third_party/eigen -DML_DTYPES_SATURATE=${saturate}
      ${SOURCE_DIR}/conformance/embedded_libraries/ml_dtypes_plugin.cpp -o ${plugin})
  run("ml_dtypes, saturate=${saturate}, against its baseline" ${CASTLIKE} validate --quiet --library ${plugin}
      --vectors vectors/spec-examples --vectors vectors/generated --pairs ${PAIRS_SAT${saturate}}
      --expect vectors/known-discrepancies/embedded-ml-dtypes-sat${saturate}.json --expect-strict)
endforeach()
