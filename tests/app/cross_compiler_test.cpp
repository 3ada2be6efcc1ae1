// The same seed gives the same report from perturb built by GCC
// ($PERTURB_BIN) and by clang ($PERTURB_CLANG_BIN, which scripts/test builds
// with the preset clang): report.md byte for byte, report.json byte for byte
// but for provenance.build, which names the compiler and standard library.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/app/run_perturb.h"

namespace {

namespace fs = std::filesystem;

// The run's report directory, from the executable in the environment variable.
fs::path report_of(const char* variable, const std::vector<std::string>& run,
                   const std::string& name) {
  const char* binary = std::getenv(variable);
  REQUIRE(binary != nullptr);
  const fs::path dir =
      fs::temp_directory_path() / ("perturb-cross-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(dir);
  std::vector<std::string> arguments = run;
  arguments.insert(arguments.end(), {"--report", dir.string()});
  // run_perturb runs $PERTURB_BIN: point it at the build under test.
  const std::string saved = std::getenv("PERTURB_BIN");
  setenv("PERTURB_BIN", binary, 1);
  const auto result = perturb::test::run_perturb(arguments);
  setenv("PERTURB_BIN", saved.c_str(), 1);
  CHECK((result.status == 0 || result.status == 1));
  return dir;
}

void require_same_reports(const std::vector<std::string>& run, const std::string& name) {
  const fs::path gcc = report_of("PERTURB_BIN", run, name + "-gcc");
  const fs::path clang = report_of("PERTURB_CLANG_BIN", run, name + "-clang");
  auto gcc_json = nlohmann::json::parse(perturb::test::slurp_file(gcc / "report.json"));
  auto clang_json = nlohmann::json::parse(perturb::test::slurp_file(clang / "report.json"));
  INFO("gcc: " << gcc_json.at("provenance").at("build").dump()
               << "\nclang: " << clang_json.at("provenance").at("build").dump());
  CHECK(gcc_json.at("provenance").at("build") != clang_json.at("provenance").at("build"));
  gcc_json.at("provenance").erase("build");
  clang_json.at("provenance").erase("build");
  CHECK(gcc_json.dump(2) == clang_json.dump(2));
  CHECK(perturb::test::slurp_file(gcc / "report.md") ==
        perturb::test::slurp_file(clang / "report.md"));
}

}  // namespace

TEST_CASE("GCC and clang builds give the same reports for the same seed", "[cross-compiler]") {
  if (std::getenv("PERTURB_CLANG_BIN") == nullptr) {
    WARN("PERTURB_CLANG_BIN is not set (scripts/test sets it): skipped");
    return;
  }
  SECTION("the default run: every law on every sound model") {
    require_same_reports({"check", "--cases", "30", "--seed", "5", "--jobs", "2"}, "default");
  }
  SECTION("the foils, with counterexamples to shrink") {
    require_same_reports(
        {"check", "--model", "naive-dual", "--model", "finite-difference", "--model", "no-renaming",
         "--model", "tiny-relative-error", "--cases", "40", "--jobs", "2"},
        "foils");
  }
}
