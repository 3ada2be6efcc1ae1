// `perturb conjecture confluence` as a user runs it: exit statuses, the
// summary, the report files.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/app/run_perturb.h"
#include "tests/report_schema.h"

using perturb::test::run_perturb;

TEST_CASE("perturb conjecture confluence: 1 and a classified counterexample", "[conjecture]") {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("perturb-conjecture-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const auto run = run_perturb(
      {"conjecture", "confluence", "--cases", "300", "--seed", "1", "--report", dir.string()});
  INFO(run.err);
  CHECK(run.status == 1);
  CHECK(run.out.find("confluence is refuted") != std::string::npos);
  CHECK(run.out.find("smallest product-eta counterexample") != std::string::npos);
  CHECK(run.out.find("in closures: equal at 5 random points") != std::string::npos);
  report_schema::require_valid_report(dir / "report.json", "conjecture-report.schema.json");
  const auto report = nlohmann::json::parse(perturb::test::slurp_file(dir / "report.json"));
  CHECK(report["format"] == "perturb-conjecture/1");
  CHECK(report["refuted"] == true);
  CHECK(report["command"] == "perturb conjecture confluence --seed 1 --cases 300 --max-size 12");
  REQUIRE(report["counterexamples"].size() >= 1);
  const auto& first = report["counterexamples"][0];
  CHECK(first["first"]["normal_form"] != first["second"]["normal_form"]);
  CHECK(first["first"]["trace"].size() >= 1);
  const std::string markdown = perturb::test::slurp_file(dir / "report.md");
  CHECK(markdown.find("# Confluence probe") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("perturb conjecture confluence: the two candidate rules together join seed 1's cases",
          "[conjecture]") {
  const auto run = run_perturb({"conjecture", "confluence", "--cases", "300", "--rule", "pair-eta",
                                "--rule", "zero-tangent"});
  CHECK(run.status == 0);
  CHECK(run.out.find("no counterexample to confluence in these cases") != std::string::npos);
}

TEST_CASE("perturb conjecture: bad usage is exit status 2 with a message", "[conjecture]") {
  const auto unknown = run_perturb({"conjecture", "confluence", "--rule", "eta"});
  CHECK(unknown.status == 2);
  CHECK(unknown.err == "perturb: unknown rule 'eta' (rules: pair-eta, zero-tangent)\n");
  CHECK(run_perturb({"conjecture"}).status == 2);
  CHECK(run_perturb({"conjecture", "confluence", "--cases", "0"}).status == 2);
  const auto help = run_perturb({"conjecture", "confluence", "--help"});
  CHECK(help.status == 0);
  CHECK(help.out.find("--rule") != std::string::npos);
}

TEST_CASE("perturb conjecture normalization: distributions per order and worst terms",
          "[conjecture]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("perturb-normalization-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const auto run = run_perturb(
      {"conjecture", "normalization", "--cases", "30", "--no-corpus", "--report", dir.string()});
  INFO(run.err);
  report_schema::require_valid_report(dir / "report.json", "conjecture-report.schema.json");
  std::filesystem::remove_all(dir);
  // 1: some order (T-first, on these seeds) exhausted a budget.
  CHECK(run.status == 1);
  for (const char* order : {"applicative:", "normal:", "random:", "T-first:"}) {
    CHECK(run.out.find(order) != std::string::npos);
  }
  CHECK(run.out.find("worst terms:") != std::string::npos);
  CHECK(run_perturb({"conjecture", "normalization", "--random-orders", "0"}).status == 2);
  // The British spelling it had before still runs it.
  const auto old_name = run_perturb({"conjecture", "normalisation", "--cases", "2", "--no-corpus"});
  CHECK((old_name.status == 0 || old_name.status == 1));
  CHECK_THAT(old_name.out, Catch::Contains("applicative:"));
}
