# The headers nearly every source of the harness libraries parses (nlohmann/json, and
# Boost.Multiprecision through the reference's headers), precompiled once per library: they are
# most of the compile time of a harness source, and CI builds these libraries three times (the test
# build, the sanitizer fuzz build, the AArch64 cross build). CASTLIKE_PRECOMPILED_HEADERS=OFF turns
# it off (e.g. to check that every source includes what it uses).
option(CASTLIKE_PRECOMPILED_HEADERS "Precompile the common headers of the harness libraries" ON)

function(castlike_precompile_common_headers target)
  if(CASTLIKE_PRECOMPILED_HEADERS)
    target_precompile_headers(${target} PRIVATE
      <nlohmann/json.hpp> <boost/multiprecision/cpp_int.hpp>
      <algorithm> <functional> <map> <optional> <set> <sstream> <string> <variant> <vector>)
  endif()
endfunction()
