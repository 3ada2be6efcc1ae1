// Running the perturb executable ($PERTURB_BIN) from a test, as a user would,
// and measuring what the run cost: exit status, output, wall time and peak
// resident memory (wait4's rusage of that one child).
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern char** environ;

namespace perturb::test {

struct PerturbRun {
  int status = -1;  // the exit status; -1 when the process ended on a signal
  int signal = 0;   // the signal that ended it, if one did
  std::string out, err;
  double seconds = 0;      // wall clock
  double cpu_seconds = 0;  // user and system time: what bounds the work, whatever the load
  long peak_kb = 0;        // maximum resident set size
};

inline std::string slurp_file(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// perturb ARGS…, standard input from `input`, in the current directory.
inline PerturbRun run_perturb(const std::vector<std::string>& arguments,
                              const std::string& input = "") {
  const char* binary = std::getenv("PERTURB_BIN");
  REQUIRE(binary != nullptr);
  static int counter = 0;
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
      ("perturb-run-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  std::filesystem::create_directories(dir);
  { std::ofstream(dir / "in", std::ios::binary) << input; }
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 0, (dir / "in").c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&files, 1, (dir / "out").c_str(), O_WRONLY | O_CREAT, 0600);
  posix_spawn_file_actions_addopen(&files, 2, (dir / "err").c_str(), O_WRONLY | O_CREAT, 0600);
  std::vector<std::string> argv_text{binary};
  argv_text.insert(argv_text.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (std::string& argument : argv_text) argv.push_back(argument.data());
  argv.push_back(nullptr);
  const auto start = std::chrono::steady_clock::now();
  pid_t child = 0;
  REQUIRE(posix_spawn(&child, binary, &files, nullptr, argv.data(), environ) == 0);
  posix_spawn_file_actions_destroy(&files);
  int raw = 0;
  rusage usage{};
  REQUIRE(::wait4(child, &raw, 0, &usage) == child);
  PerturbRun run;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  run.signal = WIFSIGNALED(raw) ? WTERMSIG(raw) : 0;
  run.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                    static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  run.peak_kb = usage.ru_maxrss;
  run.out = slurp_file(dir / "out");
  run.err = slurp_file(dir / "err");
  std::filesystem::remove_all(dir);
  UNSCOPED_INFO("perturb " <<
                [&] {
                  std::string line;
                  for (const std::string& argument : arguments)
                    line +=
                        (argument.size() > 200 ? argument.substr(0, 200) + "…" : argument) + " ";
                  return line;
                }() << "\nstatus "
                           << run.status << ", " << run.seconds << " s (" << run.cpu_seconds
                           << " s CPU), " << run.peak_kb << " kB\nstdout: "
                           << run.out.substr(0, 2000) << "\nstderr: " << run.err.substr(0, 2000));
  return run;
}

// A report directory named after `name` and this process, removed if it exists.
inline std::filesystem::path fresh_report_dir(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("perturb-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir;
}

// The test plugin lib<name>.so (tests/CMakeLists.txt).
inline std::string test_plugin(const std::string& name) {
  return std::string(PERTURB_TEST_PLUGIN_DIR) + "/lib" + name + ".so";
}

}  // namespace perturb::test
