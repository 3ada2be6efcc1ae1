// perturb check --paper-signature as a user runs it: the report says which
// primitives the random terms drew, the repro line repeats the switch, and
// perturb repro replays the recorded case under it.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/app/run_perturb.h"
#include "tests/report_schema.h"

using perturb::test::fresh_report_dir;
using perturb::test::run_perturb;

TEST_CASE("perturb check records the signature its random terms drew", "[paper-signature]") {
  for (const bool paper : {false, true}) {
    const std::filesystem::path dir = fresh_report_dir(paper ? "paper" : "standard");
    std::vector<std::string> arguments = {"check",   "--law",    "sound.delta",
                                          "--model", "closures", "--cases",
                                          "50",      "--report", dir.string()};
    if (paper) arguments.push_back("--paper-signature");
    const auto run = run_perturb(arguments);
    INFO(run.out << run.err);
    CHECK(run.status == 0);
    report_schema::require_valid_report(dir / "report.json", "report.schema.json");
    const auto report = nlohmann::json::parse(perturb::test::slurp_file(dir / "report.json"));
    CHECK(report["signature"] == (paper ? "paper" : "standard"));
    CHECK(report["provenance"]["options"]["signature"] == (paper ? "paper" : "standard"));
    std::filesystem::remove_all(dir);
  }
}

TEST_CASE("perturb check --paper-signature: the repro line repeats it and repro replays the case",
          "[paper-signature]") {
  const std::filesystem::path dir = fresh_report_dir("paper-repro");
  const auto run =
      run_perturb({"check", "--paper-signature", "--reference", "--law", "ref.order-2", "--model",
                   "naive-dual", "--cases", "100", "--report", dir.string()});
  INFO(run.out << run.err);
  CHECK(run.status == 1);
  const auto report = nlohmann::json::parse(perturb::test::slurp_file(dir / "report.json"));
  const auto& counterexample = report["results"][0]["counterexample"];
  REQUIRE(counterexample.is_object());
  const std::string repro = counterexample["repro"];
  CHECK(repro.find(" --paper-signature") != std::string::npos);
  // The paper's four only: the first failing case is exp's, not recip's.
  CHECK(run.out.find("recip") == std::string::npos);
  const auto replay = run_perturb({"repro", (dir / "report.json").string()});
  INFO(replay.out << replay.err);
  CHECK(replay.status == 1);
  CHECK(replay.out.find("still fails") != std::string::npos);
  std::filesystem::remove_all(dir);
}
