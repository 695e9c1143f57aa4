# castlike_add_conformance_test: the ctest tests a runtime's CI wants, over its validator plug-in
# (include/castlike/validator_abi.h). Installed with the package; find_package(castlike) includes it.
#
#   castlike_add_conformance_test(NAME <name> TARGET <plug-in target>
#                                 [PAIRS <FROM-TO>...] [EXPECT <baseline.json>] [JUNIT <file.xml>]
#                                 [EXHAUSTIVE <config>...] [EXHAUSTIVE_LABELS <label>...]
#                                 [LABELS <label>...] [TIMEOUT <seconds>])
#
# <name>: `castlike validate --library` on the package's vectors (the spec examples and the curated
# set), only the PAIRS the plug-in implements when given (the others are not judged); with EXPECT
# (relative to the current source directory) a discrepancy the baseline knows passes and a new,
# changed or vanished one fails; with JUNIT (relative to the current binary directory) one JUnit
# test case per vector file is written there.
# <name>.exhaustive.<config>: `castlike validate --exhaustive` on every input of each EXHAUSTIVE
# configuration (FLOAT16-FLOAT, FLOAT-FLOAT8E4M3FN-sat1, ...; docs/exhaustive.md), labelled
# castlike-exhaustive and EXHAUSTIVE_LABELS: a 32-bit source takes minutes, a nightly job's work.
set(_castlike_conformance_usage "castlike_add_conformance_test(NAME <name> TARGET <plug-in target> [PAIRS ...] \
[EXPECT file] [JUNIT file] [EXHAUSTIVE configs...] [EXHAUSTIVE_LABELS ...] [LABELS ...] [TIMEOUT s])")

function(castlike_add_conformance_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;TARGET;EXPECT;JUNIT;TIMEOUT"
                        "PAIRS;EXHAUSTIVE;EXHAUSTIVE_LABELS;LABELS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "castlike_add_conformance_test: unknown arguments ${arg_UNPARSED_ARGUMENTS}; "
                        "usage: ${_castlike_conformance_usage}")
  endif()
  if(NOT arg_NAME OR NOT arg_TARGET)
    message(FATAL_ERROR "castlike_add_conformance_test needs NAME and TARGET; usage: ${_castlike_conformance_usage}")
  endif()
  if(NOT TARGET ${arg_TARGET})
    message(FATAL_ERROR "castlike_add_conformance_test(${arg_NAME}): ${arg_TARGET} is not a target "
                        "(the plug-in: a SHARED or MODULE library linking castlike::validator_abi)")
  endif()
  get_target_property(type ${arg_TARGET} TYPE)
  if(NOT type MATCHES "^(SHARED|MODULE)_LIBRARY$")
    message(FATAL_ERROR "castlike_add_conformance_test(${arg_NAME}): ${arg_TARGET} is a ${type}; "
                        "castlike loads a SHARED or MODULE library")
  endif()
  set(library --library $<TARGET_FILE:${arg_TARGET}>)

  set(command $<TARGET_FILE:castlike::cli> validate ${library}
      --vectors ${castlike_VECTORS_DIR}/spec-examples --vectors ${castlike_VECTORS_DIR}/generated)
  if(arg_PAIRS)
    string(REPLACE ";" "," pairs "${arg_PAIRS}")
    list(APPEND command --pairs ${pairs})
  endif()
  if(arg_EXPECT)
    get_filename_component(expect ${arg_EXPECT} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    list(APPEND command --expect ${expect} --expect-strict)  # a vanished row fails too
  endif()
  if(arg_JUNIT)
    get_filename_component(junit ${arg_JUNIT} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_BINARY_DIR})
    list(APPEND command --format junit --out ${junit})
  endif()
  add_test(NAME ${arg_NAME} COMMAND ${command})
  set(labels castlike ${arg_LABELS})
  set_tests_properties(${arg_NAME} PROPERTIES LABELS "${labels}")
  if(arg_TIMEOUT)
    set_tests_properties(${arg_NAME} PROPERTIES TIMEOUT ${arg_TIMEOUT})
  endif()

  foreach(config IN LISTS arg_EXHAUSTIVE)
    set(test ${arg_NAME}.exhaustive.${config})
    add_test(NAME ${test} COMMAND $<TARGET_FILE:castlike::cli> validate --exhaustive ${library} --config ${config})
    set(labels castlike-exhaustive ${arg_EXHAUSTIVE_LABELS})
    set_tests_properties(${test} PROPERTIES LABELS "${labels}")
  endforeach()
endfunction()
