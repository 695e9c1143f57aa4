# The ml_dtypes entries (ctest embedded_libraries.ml_dtypes, labels peers and embedded-libraries:
# it needs PyPI): fetch the pinned sdist's headers, compile the plug-in twice (saturating and not)
# with this build's compiler, and judge each, on the pairs it declares (castlike_validator_coverage),
# on the vectors and on every input of its configurations whose source is not FLOAT (16-, 8-, 4-
# and 2-bit sources whole, DOUBLE's structured set), each against its baseline.
#   cmake -DSOURCE_DIR=<castlike> -DWORK_DIR=<scratch> -DCXX_COMPILER=... -DCASTLIKE=<castlike exe>
#         -P ml_dtypes_test.cmake
foreach(var SOURCE_DIR WORK_DIR CXX_COMPILER CASTLIKE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "ml_dtypes_test.cmake needs -D${var}=...")
  endif()
endforeach()

# Every source of an ml_dtypes entry but FLOAT (2^32 inputs: minutes per configuration).
set(ML_DTYPES_EVERY_INPUT_SOURCES
    DOUBLE,FLOAT16,BFLOAT16,FLOAT8E4M3FN,FLOAT8E4M3FNUZ,FLOAT8E5M2,FLOAT8E5M2FNUZ,FLOAT8E8M0,FLOAT4E2M1,INT4,UINT4,INT2,UINT2)

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                  WORKING_DIRECTORY ${SOURCE_DIR})
  message(STATUS "${what}:\n${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc})")
  endif()
endfunction()

execute_process(COMMAND ${SOURCE_DIR}/scripts/peers/fetch-ml-dtypes-headers ${WORK_DIR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE root ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "scripts/peers/fetch-ml-dtypes-headers failed (${rc}):\n${err}")
endif()
foreach(saturate 0 1)
  set(plugin ${WORK_DIR}/libcastlike_embedded_ml_dtypes_sat${saturate}.so)
  # ml_dtypes 0.7 is written against a newer Eigen than Debian's: the one its sdist ships.
  run("compile the ml_dtypes plug-in, saturate=${saturate}" ${CXX_COMPILER} -std=c++20 -O2 -fPIC -shared
      -I${SOURCE_DIR}/include -isystem ${root} -isystem ${root}/third_party/eigen -DML_DTYPES_SATURATE=${saturate}
      ${SOURCE_DIR}/conformance/embedded_libraries/ml_dtypes_plugin.cpp -o ${plugin})
  run("ml_dtypes, saturate=${saturate}, against its baseline" ${CASTLIKE} validate --quiet --library ${plugin}
      --vectors vectors/spec-examples --vectors vectors/generated
      --expect vectors/known-discrepancies/embedded-ml-dtypes-sat${saturate}.json --expect-strict)
  run("ml_dtypes, saturate=${saturate}, every input, against its baseline" ${CASTLIKE} validate --exhaustive --quiet
      --library ${plugin} --sources ${ML_DTYPES_EVERY_INPUT_SOURCES}
      --expect vectors/known-discrepancies/exhaustive-embedded-ml-dtypes-sat${saturate}.json --expect-strict)
endforeach()
