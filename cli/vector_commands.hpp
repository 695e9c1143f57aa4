// The commands that work on vector files (cli/report/report.cpp, cli/export.cpp, cli/validate.cpp):
// main.cpp hands them the arguments after the subcommand name. Each returns the process exit code.
#pragma once

#include <string>
#include <vector>

namespace castlike::cli {

int report_main(const std::vector<std::string>& args);
int export_main(const std::vector<std::string>& args);
int validate_main(const std::vector<std::string>& args);
int validate_exhaustive_main(const std::vector<std::string>& args);  // validate --exhaustive
int merge_exhaustive_main(const std::vector<std::string>& args);
void print_report_usage();
void print_export_usage();
void print_validate_usage();

}  // namespace castlike::cli
