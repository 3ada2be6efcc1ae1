// A plugin's crash inside a case (proofs/run/crash_isolation.h): a failure
// of kind crash of that case, the same at every --jobs and on threads or
// processes, shrunk, and replayed by perturb repro. The plugin aborts, as a
// failed assertion does: these tests expect SIGABRT, which the sanitizers
// report on their own terms, so they run in the unsanitised build only.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/run_perturb.h"
#include "report_schema.h"

namespace fs = std::filesystem;
using perturb::test::fresh_report_dir;
using perturb::test::run_perturb;
using perturb::test::slurp_file;
using perturb::test::test_plugin;

#if defined(__SANITIZE_ADDRESS__)
#define PERTURB_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PERTURB_SANITIZED 1
#endif
#endif

TEST_CASE("a plugin's abort fails its case as a crash, at every --jobs", "[crash]") {
#ifdef PERTURB_SANITIZED
  WARN("SIGABRT under the sanitizers: skipped");
  return;
#endif
  // D of linear-maps-aborting aborts on a domain of dimension 3 or more.
  const std::vector<std::string> run = {"check",
                                        "--plugin",
                                        test_plugin("linear_aborting"),
                                        "--model",
                                        "linear-maps-aborting",
                                        "--law",
                                        "cdc.D2.sum",
                                        "--cases",
                                        "40"};
  std::vector<std::string> reports;
  for (const std::vector<std::string>& workers : std::vector<std::vector<std::string>>{
           {"--jobs", "1"}, {"--jobs", "2"}, {"--jobs", "1", "--workers", "threads"}}) {
    const fs::path dir = fresh_report_dir("crash");
    std::vector<std::string> arguments = run;
    arguments.insert(arguments.end(), workers.begin(), workers.end());
    arguments.insert(arguments.end(), {"--report", dir.string()});
    const auto checked = run_perturb(arguments);
    INFO(checked.out << checked.err);
    REQUIRE(checked.status == 1);
    CHECK(checked.signal == 0);  // perturb itself survived
    CHECK_THAT(checked.out, Catch::Contains("the case crashed its process (signal 6, SIGABRT)"));
    report_schema::require_valid_report(dir / "report.json");
    const auto report = nlohmann::json::parse(slurp_file(dir / "report.json"));
    const auto& counterexample = report.at("results").at(0).at("counterexample");
    CHECK(counterexample.at("failure") == "crash");
    CHECK(counterexample.at("shrink_steps").get<int>() > 0);
    const auto repro = run_perturb(
        {"repro", "--plugin", test_plugin("linear_aborting"), (dir / "report.json").string()});
    INFO(repro.out << repro.err);
    CHECK(repro.status == 1);
    CHECK_THAT(repro.out,
               Catch::Contains("still fails: the case crashed its process (signal 6, SIGABRT)"));
    reports.push_back(slurp_file(dir / "report.json"));
    fs::remove_all(dir);
  }
  // The same cases, the same verdicts, the same shrunk counterexample.
  CHECK(reports[0] == reports[1]);
  CHECK(reports[0] == reports[2]);
}
