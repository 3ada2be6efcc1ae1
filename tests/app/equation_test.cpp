// `perturb check --equation` as a user runs it (issue 13, "What it must
// show" 4): a true equation holds (0), a false one is refuted with a shrunk
// counterexample (1) that `perturb repro` replays from the report, bad
// equations are usage errors (2) with positions.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/app/run_perturb.h"
#include "tests/report_schema.h"
#include "tests/source_root.h"

using perturb::test::run_perturb;

namespace {

constexpr const char* kSumRule =
    "forall f g : R -> R, a : R. D (\\x:R. f x + g x) a = D f a + D g a";
constexpr const char* kWrongProductRule =
    "forall f g : R -> R, a : R. D (\\x:R. f x * g x) a = D f a * D g a";

}  // namespace

TEST_CASE("perturb check --equation: a true equation holds on the sound models", "[equation]") {
  const auto run = run_perturb({"check", "--equation", kSumRule, "--cases", "200", "-v"});
  INFO(run.out << run.err);
  CHECK(run.status == 0);
  CHECK(run.out.find("equation.1") != std::string::npos);
  CHECK(run.out.find("smooth") != std::string::npos);
  CHECK(run.out.find("closures") != std::string::npos);
}

TEST_CASE("perturb check --equation: a false equation is refuted, shrunk and replayable",
          "[equation]") {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("perturb-equation-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const auto run = run_perturb({"check", "--equation", kWrongProductRule, "--model", "closures",
                                "--cases", "100", "--report", dir.string()});
  INFO(run.out << run.err);
  CHECK(run.status == 1);
  report_schema::require_valid_report(dir / "report.json", "report.schema.json");
  const auto report = nlohmann::json::parse(perturb::test::slurp_file(dir / "report.json"));
  const auto& result = report["results"][0];
  CHECK(result["law"] == "equation.1");
  CHECK(result["statement"] == kWrongProductRule);
  REQUIRE(result["counterexample"].is_object());
  const std::string repro = result["counterexample"]["repro"];
  CHECK(repro.find("--equation 'forall f g : R -> R") != std::string::npos);
  const auto replay = run_perturb({"repro", (dir / "report.json").string()});
  INFO(replay.out << replay.err);
  CHECK(replay.status == 1);
  CHECK(replay.out.find("still fails") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("perturb check --equation: a bad equation is exit status 2 with its position",
          "[equation]") {
  const auto missing = run_perturb({"check", "--equation", "forall a : R. a + a"});
  CHECK(missing.status == 2);
  CHECK(missing.err ==
        "perturb: --equation 'forall a : R. a + a': line 1, column 20: expected '=' between the "
        "two sides of "
        "the equation\n");
  const auto typed = run_perturb({"check", "--equation", "forall a : R. a = <a, a>"});
  CHECK(typed.status == 2);
  CHECK(typed.err.find("line 1, column 19: ") != std::string::npos);
  const auto refused = run_perturb(
      {"check", "--equation", "forall h : (R -> R) -> R. h sin = h sin", "--model", "smooth"});
  CHECK(refused.status == 2);
  CHECK(refused.err.find("perturb: note: equation.1 is not run on smooth: it is not closed") !=
        std::string::npos);
  const auto partly = run_perturb({"check", "--equation", "forall h : (R -> R) -> R. h sin = h sin",
                                   "--model", "smooth", "--model", "closures", "--cases", "20"});
  CHECK(partly.status == 0);
  CHECK_THAT(partly.out, Catch::Contains("1 pair not run:\n  equation.1 is not run on smooth: "
                                         "it is not closed"));
  const auto plugin =
      run_perturb({"check", "--equation", kSumRule, "--plugin", "/nonexistent/libnothing.so"});
  CHECK(plugin.status == 2);
  CHECK(plugin.err.find("plugin /nonexistent/libnothing.so: cannot load") != std::string::npos);
}

TEST_CASE("perturb check --rule-file: each rule is a law rule.NAME, sound or refuted",
          "[equation]") {
  const auto sound =
      run_perturb({"check", "--rule-file",
                   (test_support::source_root() / "examples/rules/candidate.rules").string(),
                   "--cases", "200", "-v"});
  INFO(sound.out << sound.err);
  CHECK(sound.status == 0);
  CHECK(sound.out.find("rule.eta-rr") != std::string::npos);
  CHECK(sound.out.find("rule.zero-tangent-rr") != std::string::npos);
  const auto unsound =
      run_perturb({"check", "--rule-file",
                   (test_support::source_root() / "examples/rules/unsound.rules").string(),
                   "--model", "closures", "--cases", "50"});
  INFO(unsound.out << unsound.err);
  CHECK(unsound.status == 1);
  CHECK(unsound.out.find("rule.zero-is-zero") != std::string::npos);
}

TEST_CASE("perturb conjecture confluence --rule-file: a user's rules join divergences",
          "[equation]") {
  const auto without = run_perturb({"conjecture", "confluence", "--cases", "200"});
  const auto with =
      run_perturb({"conjecture", "confluence", "--cases", "200", "--rule-file",
                   (test_support::source_root() / "examples/rules/candidate.rules").string()});
  INFO(with.out << with.err);
  CHECK(with.out.find("candidate: eta-rr, eta-lambda-rr, zero-tangent-rr") != std::string::npos);
  CHECK(with.out.find("--rule-file") != std::string::npos);
  // The rules fire: fewer of the same 200 terms diverge with them (4 against 7 at seed 1).
  const auto divergent = [](const std::string& out) {
    const std::size_t at = out.find(" divergent (");
    REQUIRE(at != std::string::npos);
    const std::size_t from = out.rfind(' ', at - 1) + 1;
    return std::stoi(out.substr(from, at - from));
  };
  CHECK(divergent(with.out) < divergent(without.out));
  const auto bad =
      run_perturb({"conjecture", "confluence", "--rule-file",
                   (test_support::source_root() / "examples/rules/missing.rules").string()});
  CHECK(bad.status == 2);
}

TEST_CASE("hostile equations and rule files: exit status 2 with a message, never a crash",
          "[equation]") {
  const std::string deep =
      "forall a : R. " + std::string(5000, '(') + "a" + std::string(5000, ')') + " = a";
  const auto nested = run_perturb({"check", "--equation", deep, "--cases", "10"});
  CHECK(nested.status == 2);
  CHECK(nested.err.find("nested deeper than 1000 levels") != std::string::npos);
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("perturb-wide-" + std::to_string(::getpid()));
  std::string wide = "r: forall a : R. a";
  for (int i = 0; i < 30000; ++i) wide += " + a";
  { std::ofstream(file) << wide << " = a\n\xff\xfe: x\n"; }
  const auto summands = run_perturb({"conjecture", "confluence", "--rule-file", file.string()});
  CHECK(summands.status == 2);
  CHECK(summands.err.find("at most 8") != std::string::npos);
  { std::ofstream(file) << "r: forall a : R. a * 1 = a\n\xff\xfe: x\n"; }
  const auto garbage = run_perturb({"check", "--rule-file", file.string()});
  CHECK(garbage.status == 2);
  CHECK(garbage.err.find("line 2, column 1: expected NAME: EQUATION") != std::string::npos);
  std::filesystem::remove(file);
}
