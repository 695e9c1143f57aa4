# The installed package's tools for a runtime's CI (docs/validate-your-runtime.md, "C++"): the
# plug-in ABI headers (castlike::validator_abi), the castlike executable (castlike::cli) with the
# worker it starts for each plug-in (castlike::plugin_worker, installed beside it, where the CLI
# looks first), the vector files it judges on, and castlike_add_conformance_test
# (castlikeConformance.cmake). The kernel library's part of the package is in optimized/.
include(GNUInstallDirs)

add_library(castlike_validator_abi INTERFACE)
add_library(castlike::validator_abi ALIAS castlike_validator_abi)
target_include_directories(castlike_validator_abi INTERFACE
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
set_target_properties(castlike_validator_abi PROPERTIES EXPORT_NAME validator_abi)
install(TARGETS castlike_validator_abi EXPORT castlikeTargets)
install(FILES ${PROJECT_SOURCE_DIR}/include/castlike/validator_abi.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/castlike)

if(CASTLIKE_BUILD_CLI)
  set_target_properties(castlike PROPERTIES EXPORT_NAME cli)
  set_target_properties(castlike_plugin_worker PROPERTIES EXPORT_NAME plugin_worker)
  install(TARGETS castlike castlike_plugin_worker EXPORT castlikeTargets
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  # The vectors an installed castlike judges on when given none (validate: the spec examples and
  # the curated set; report: those and the FLOAT6 examples), as in the source tree.
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/vectors/spec-examples ${PROJECT_SOURCE_DIR}/vectors/generated
                    ${PROJECT_SOURCE_DIR}/vectors/float6-examples
          DESTINATION ${CMAKE_INSTALL_DATADIR}/castlike/vectors)
  install(FILES ${CMAKE_CURRENT_LIST_DIR}/castlikeConformance.cmake
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/castlike)
endif()
