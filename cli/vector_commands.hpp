// `castlike export` and `castlike validate` (cli/export.cpp, cli/validate.cpp): main.cpp hands
// them the arguments after the subcommand name. Each returns the process exit code.
#pragma once

#include <string>
#include <vector>

namespace castlike::cli {

int export_main(const std::vector<std::string>& args);
int validate_main(const std::vector<std::string>& args);
void print_export_usage();
void print_validate_usage();

}  // namespace castlike::cli
