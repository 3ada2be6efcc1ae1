// perturb check --reference as a user runs it: the reference laws hold on a
// sound model (0), fail on a foil with a counterexample that perturb repro
// replays from the report (1), and an unknown reference is bad usage (2).
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/app/run_perturb.h"
#include "tests/report_schema.h"

using perturb::test::run_perturb;

TEST_CASE("perturb check --reference: the sound models agree with closures@ball", "[reference]") {
  const auto run = run_perturb(
      {"check", "--reference", "--law", "ref.*", "--model", "closures", "--cases", "100", "-v"});
  INFO(run.out << run.err);
  CHECK(run.status == 0);
  for (const char* law : {"ref.order-0", "ref.order-4"})
    CHECK(run.out.find(law) != std::string::npos);
}

TEST_CASE("perturb check --reference: a foil fails, and repro replays it", "[reference]") {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("perturb-reference-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const auto run =
      run_perturb({"check", "--reference", "closures@ball", "--law", "ref.order-2", "--model",
                   "naive-dual", "--cases", "100", "--report", dir.string()});
  INFO(run.out << run.err);
  CHECK(run.status == 1);
  report_schema::require_valid_report(dir / "report.json", "report.schema.json");
  const auto report = nlohmann::json::parse(perturb::test::slurp_file(dir / "report.json"));
  const auto& result = report["results"][0];
  CHECK(result["law"] == "ref.order-2");
  CHECK(result["statement"] ==
        "forall f : R -> R, a : R. D (\\y1:R. D f y1) a, against closures@ball");
  REQUIRE(result["counterexample"].is_object());
  const std::string repro = result["counterexample"]["repro"];
  CHECK(repro.find("--reference 'closures@ball'") != std::string::npos);
  const auto replay = run_perturb({"repro", (dir / "report.json").string()});
  INFO(replay.out << replay.err);
  CHECK(replay.status == 1);
  CHECK(replay.out.find("still fails") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("perturb check --reference: an unknown model is bad usage", "[reference]") {
  const auto run = run_perturb({"check", "--reference", "nosuch", "--law", "ref.*"});
  INFO(run.out << run.err);
  CHECK(run.status == 2);
  CHECK(run.err.find("--reference: unknown model 'nosuch'") != std::string::npos);
}
