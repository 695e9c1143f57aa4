# The headers nearly every source of a library parses (Boost.Multiprecision through the reference's
# headers, and nlohmann/json in the harness and the command line), precompiled once per library:
# they are most of the compile time of such a source, and CI builds these libraries three times
# (the test build, the sanitizer fuzz build, the AArch64 cross build).
# CASTLIKE_PRECOMPILED_HEADERS=OFF turns it off (e.g. to check that every source includes what it
# uses).
option(CASTLIKE_PRECOMPILED_HEADERS "Precompile the common headers of the reference, harness and CLI" ON)

# castlike_precompile_common_headers(target [WITHOUT_JSON]): WITHOUT_JSON for the reference, which
# does not read JSON (nothing it compiles may see nlohmann/json by accident).
function(castlike_precompile_common_headers target)
  if(NOT CASTLIKE_PRECOMPILED_HEADERS)
    return()
  endif()
  cmake_parse_arguments(PCH "WITHOUT_JSON" "" "" ${ARGN})
  set(headers <boost/multiprecision/cpp_int.hpp>
      <algorithm> <functional> <map> <optional> <set> <sstream> <string> <variant> <vector>)
  if(NOT PCH_WITHOUT_JSON)
    list(PREPEND headers <nlohmann/json.hpp>)
  endif()
  target_precompile_headers(${target} PRIVATE ${headers})
endfunction()
