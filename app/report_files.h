// Writing a command's report files (`check --report`, `conjecture … --report`).
// Both fail as bad usage (exit status 2, a message on stderr).
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

namespace perturb::app {

// Creates the --report directory and makes sure it can be written, before a
// run that may take hours rather than after it.
void prepare_report_dir(const std::filesystem::path& dir);

// Makes sure the --junit file can be written, before the run.
void prepare_output_file(const std::filesystem::path& file);

// Writes text to path.
void write_file(const std::filesystem::path& path, const std::string& text);

// Writes dir/report.json and dir/report.md and says so on standard output.
void write_report(const std::filesystem::path& dir, const nlohmann::json& json,
                  const std::string& markdown);

}  // namespace perturb::app
