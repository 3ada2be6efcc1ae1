#include "app/report_files.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>

#include "app/exit_status.h"

namespace perturb::app {
namespace {

[[noreturn]] void fail_usage(const std::string& message) {
  std::cerr << "perturb: " << message << '\n';
  throw CLI::RuntimeError(kExitBadInput);
}

}  // namespace

void prepare_report_dir(const std::filesystem::path& dir) {
  std::error_code error;
  if (std::filesystem::exists(dir, error) && !std::filesystem::is_directory(dir, error))
    fail_usage("--report " + dir.string() + " is not a directory");
  std::filesystem::create_directories(dir, error);
  if (error)
    fail_usage("cannot create the report directory " + dir.string() + ": " + error.message());
  if (access(dir.c_str(), W_OK) != 0)
    fail_usage("cannot write to the report directory " + dir.string());
}

void prepare_output_file(const std::filesystem::path& file) {
  std::error_code error;
  if (std::filesystem::is_directory(file, error))
    fail_usage("--junit " + file.string() + " is a directory");
  const std::filesystem::path dir = file.has_parent_path() ? file.parent_path() : ".";
  if (!std::filesystem::is_directory(dir, error) || access(dir.c_str(), W_OK) != 0)
    fail_usage("cannot write --junit " + file.string() + ": " + dir.string() +
               " is not a writable directory");
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) fail_usage("cannot write " + path.string());
}

void write_report(const std::filesystem::path& dir, const nlohmann::json& json,
                  const std::string& markdown) {
  write_file(dir / "report.json", json.dump(2) + "\n");
  write_file(dir / "report.md", markdown);
  std::cout << "report written to " << (dir / "report.json").string() << " and "
            << (dir / "report.md").string() << '\n';
}

}  // namespace perturb::app
