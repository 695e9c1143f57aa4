# castlike_add_conformance_test: the ctest tests a runtime's CI wants, over its validator plug-in
# (include/castlike/validator_abi.h). Installed with the package; find_package(castlike) includes it.
#
#   castlike_add_conformance_test(NAME <name> TARGET <plug-in target>
#                                 [PAIRS <FROM-TO>...] [EXPECT <baseline.json>] [JUNIT <file.xml>]
#                                 [EXHAUSTIVE <config>...] [EXHAUSTIVE_SOURCES <type>...]
#                                 [EXHAUSTIVE_EXPECT <baseline.json>] [EXHAUSTIVE_RANGE <first..last>]
#                                 [EXHAUSTIVE_LABELS <label>...] [LABELS <label>...] [TIMEOUT <seconds>])
#
# <name>: `castlike validate --library` on the package's vectors (the spec examples and the curated
# set), only the PAIRS the plug-in implements when given (the others are not judged); with EXPECT
# (relative to the current source directory) a discrepancy the baseline knows passes and a new,
# changed or vanished one fails; with JUNIT (relative to the current binary directory) one JUnit
# test case per vector file is written there.
# <name>.exhaustive.<config>: `castlike validate --exhaustive` on every input of each EXHAUSTIVE
# configuration (FLOAT16-FLOAT, FLOAT-FLOAT8E4M3FN-sat1, ...; docs/exhaustive.md), labelled
# castlike-exhaustive and EXHAUSTIVE_LABELS: a 32-bit source takes minutes, a nightly job's work.
# With EXHAUSTIVE_EXPECT (an every-input baseline, `validate --exhaustive --write-baseline`), the
# selection is one test, <name>.exhaustive, judged against it strictly (a new, changed or vanished
# row fails), its JUnit beside JUNIT's as <stem>.exhaustive.xml; EXHAUSTIVE_SOURCES selects every
# configuration of those sources (a plug-in that declares its coverage is asked only what it
# covers), EXHAUSTIVE_RANGE limits the inputs of each (a quick default-suite run; its baseline is
# written with the same range).
set(_castlike_conformance_usage "castlike_add_conformance_test(NAME <name> TARGET <plug-in target> [PAIRS ...] \
[EXPECT file] [JUNIT file] [EXHAUSTIVE configs...] [EXHAUSTIVE_SOURCES types...] [EXHAUSTIVE_EXPECT file] \
[EXHAUSTIVE_RANGE first..last] [EXHAUSTIVE_LABELS ...] [LABELS ...] [TIMEOUT s])")

function(castlike_add_conformance_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;TARGET;EXPECT;JUNIT;TIMEOUT;EXHAUSTIVE_EXPECT;EXHAUSTIVE_RANGE"
                        "PAIRS;EXHAUSTIVE;EXHAUSTIVE_SOURCES;EXHAUSTIVE_LABELS;LABELS")
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

  set(exhaustive_labels castlike-exhaustive ${arg_EXHAUSTIVE_LABELS})
  if(arg_EXHAUSTIVE_SOURCES OR arg_EXHAUSTIVE_EXPECT OR arg_EXHAUSTIVE_RANGE)
    if(NOT arg_EXHAUSTIVE AND NOT arg_EXHAUSTIVE_SOURCES)
      message(FATAL_ERROR "castlike_add_conformance_test(${arg_NAME}): EXHAUSTIVE_EXPECT and EXHAUSTIVE_RANGE need "
                          "EXHAUSTIVE or EXHAUSTIVE_SOURCES; usage: ${_castlike_conformance_usage}")
    endif()
    set(command $<TARGET_FILE:castlike::cli> validate --exhaustive ${library})
    if(arg_EXHAUSTIVE)
      string(REPLACE ";" "," configs "${arg_EXHAUSTIVE}")
      list(APPEND command --config ${configs})
    endif()
    if(arg_EXHAUSTIVE_SOURCES)
      string(REPLACE ";" "," sources "${arg_EXHAUSTIVE_SOURCES}")
      list(APPEND command --sources ${sources})
    endif()
    if(arg_EXHAUSTIVE_RANGE)
      list(APPEND command --range ${arg_EXHAUSTIVE_RANGE})
    endif()
    if(arg_EXHAUSTIVE_EXPECT)
      get_filename_component(expect ${arg_EXHAUSTIVE_EXPECT} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
      list(APPEND command --expect ${expect} --expect-strict)
    endif()
    if(arg_JUNIT)
      get_filename_component(junit ${arg_JUNIT} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_BINARY_DIR})
      get_filename_component(dir ${junit} DIRECTORY)
      get_filename_component(stem ${junit} NAME_WLE)
      list(APPEND command --format junit --out ${dir}/${stem}.exhaustive.xml)
    endif()
    add_test(NAME ${arg_NAME}.exhaustive COMMAND ${command})
    set_tests_properties(${arg_NAME}.exhaustive PROPERTIES LABELS "${exhaustive_labels}")
    if(arg_TIMEOUT)
      set_tests_properties(${arg_NAME}.exhaustive PROPERTIES TIMEOUT ${arg_TIMEOUT})
    endif()
    return()
  endif()
  foreach(config IN LISTS arg_EXHAUSTIVE)
    set(test ${arg_NAME}.exhaustive.${config})
    add_test(NAME ${test} COMMAND $<TARGET_FILE:castlike::cli> validate --exhaustive ${library} --config ${config})
    set_tests_properties(${test} PROPERTIES LABELS "${exhaustive_labels}")
  endforeach()
endfunction()
