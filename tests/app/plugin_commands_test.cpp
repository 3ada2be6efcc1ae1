// Every command that reads models or terms takes --plugin, as a user runs
// it: eval evaluates in a plugin's model and with a plugin's primitive, list
// shows a plugin's models and which laws run on them, conjecture confluence
// compares in a plugin's models; a command line with an unknown option
// names that option first; and a correct first-order plugin model (one that
// declares nothing beyond its category) is healthy, runs first-order
// equations and is held to the reference through its own D.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/app/run_perturb.h"

using perturb::test::fresh_report_dir;
using perturb::test::run_perturb;
using perturb::test::slurp_file;
using perturb::test::test_plugin;

TEST_CASE("eval --plugin evaluates in a plugin's model and with its primitives", "[plugin]") {
  // A model the plugin registers (closures with a wrong third Taylor
  // coefficient of exp: its first derivative is exp's).
  const auto mutant = run_perturb({"eval", "--plugin", test_plugin("taylor_mutants"), "--model",
                                   "mutant-exp-order-3", "D exp 0"});
  INFO(mutant.err);
  CHECK(mutant.status == 0);
  CHECK(mutant.out == "1\n");
  // A primitive the plugin declares, in a built-in model.
  const auto erf = run_perturb({"eval", "--plugin", test_plugin("erf"), "erf 0.5"});
  INFO(erf.err);
  CHECK(erf.status == 0);
  CHECK(erf.out == "0.5204998778130465\n");
  // Without the plugin, neither is known; the unknown model's message lists
  // the plugin's models when the plugin is loaded.
  CHECK(run_perturb({"eval", "erf 0.5"}).status == 2);
  const auto unknown =
      run_perturb({"eval", "--plugin", test_plugin("linear"), "--model", "nope", "0"});
  CHECK(unknown.status == 2);
  CHECK_THAT(unknown.err, Catch::Contains("unknown model 'nope'") &&
                              Catch::Contains("linear-maps, linear-maps-broken)"));
  const auto missing = run_perturb({"eval", "--plugin", "/no/such/plugin.so", "1"});
  CHECK(missing.status == 2);
  CHECK_THAT(missing.err, Catch::StartsWith("perturb: plugin /no/such/plugin.so: cannot load"));
}

TEST_CASE("list --plugin lists a plugin's models and the laws that run on them", "[plugin]") {
  const auto models = run_perturb({"list", "models", "--plugin", test_plugin("linear")});
  INFO(models.err);
  CHECK(models.status == 0);
  CHECK_THAT(models.out, Catch::Contains("\nlinear-maps ") &&
                             Catch::Contains("\nlinear-maps-broken       foil"));
  const auto laws = run_perturb({"list", "laws", "--plugin", test_plugin("linear")});
  CHECK_THAT(laws.out, Catch::Contains("linear-maps-broken (foil)"));
  const auto on =
      run_perturb({"list", "laws", "--model", "linear-maps", "--plugin", test_plugin("linear")});
  INFO(on.err);
  CHECK(on.status == 0);
  CHECK_THAT(on.out, Catch::StartsWith("linear-maps nests derivatives without bound\n") &&
                         Catch::Contains("cdc.D1.sum                   depth 1  runs\n"));
  CHECK(run_perturb({"list", "laws", "--model", "linear-maps"}).status == 2);
}

TEST_CASE("conjecture confluence --plugin compares normal forms in a plugin's models", "[plugin]") {
  const std::filesystem::path dir = fresh_report_dir("conjecture-plugin");
  const auto run = run_perturb({"conjecture", "confluence", "--cases", "100", "--plugin",
                                test_plugin("linear"), "--report", dir.string()});
  INFO(run.err);
  CHECK(run.status == 1);
  const auto report = nlohmann::json::parse(slurp_file(dir / "report.json"));
  CHECK(report["command"] ==
        "perturb conjecture confluence --seed 1 --cases 100 --max-size 12 "
        "--plugin " +
            test_plugin("linear"));
  REQUIRE(report["counterexamples"].size() >= 1);
  bool linear_maps = false, broken = false;
  for (const auto& verdict : report["counterexamples"][0]["models"]) {
    linear_maps |= verdict["model"] == "linear-maps";
    broken |= verdict["model"] == "linear-maps-broken";  // a foil: not a judge
  }
  CHECK(linear_maps);
  CHECK_FALSE(broken);
}

TEST_CASE("an unknown option is named first, with its command", "[plugin][errors]") {
  const auto run = run_perturb({"eval", "--bogus", "x", "D exp 0"});
  CHECK(run.status == 2);
  CHECK(run.out.empty());
  CHECK(run.err ==
        "perturb: unknown option --bogus for perturb eval; not expected either: D exp 0 (see "
        "perturb eval --help)\n");
  const auto extra = run_perturb({"type", "1", "2"});
  CHECK(extra.status == 2);
  CHECK(extra.err ==
        "perturb: unexpected argument '2' for perturb type (see perturb type --help)\n");
}

TEST_CASE("a correct first-order plugin model is healthy and runs first-order equations",
          "[plugin]") {
  // It declares nothing beyond its category: its sound.* laws get
  // first-order terms, and are not asked for the λ's it cannot read.
  const auto run = run_perturb({"check", "--plugin", test_plugin("first_order"), "--model",
                                "first-order", "--cases", "300", "--jobs", "2", "-v"});
  INFO(run.out << run.err);
  CHECK(run.status == 0);
  CHECK_THAT(run.out, Catch::Contains("\nsound.lemma-5.4              first-order") &&
                          Catch::Contains(" 0 unhealthy"));
  const auto equation =
      run_perturb({"check", "--plugin", test_plugin("first_order"), "--model", "first-order",
                   "--equation", "forall a : R. a * a = a * a", "--cases", "100", "-v"});
  INFO(equation.out << equation.err);
  CHECK(equation.status == 0);
  CHECK_THAT(equation.out, Catch::StartsWith("equation.1                   first-order"));
  // A function metavariable is replaced by a λ, which it cannot read: the
  // refusal says so, and so does the end of the run.
  const auto refused =
      run_perturb({"check", "--plugin", test_plugin("first_order"), "--model", "first-order",
                   "--equation", "forall f : R -> R, a : R. f a = f a"});
  CHECK(refused.status == 2);
  CHECK(refused.err ==
        "perturb: note: equation.1 is not run on first-order: it reads first-order terms only, "
        "and a side has a λ once f is replaced by one\n"
        "perturb: no law selected can run on the models selected (the notes above say why)\n");
}

TEST_CASE("a first-order plugin model is held to the reference through its own D", "[plugin]") {
  const auto run =
      run_perturb({"check", "--plugin", test_plugin("first_order"), "--model", "first-order",
                   "--reference", "--law", "ref.*", "--cases", "200", "--jobs", "2", "-v"});
  INFO(run.out << run.err);
  CHECK(run.status == 0);
  for (int order = 0; order <= 4; ++order)
    CHECK_THAT(run.out, Catch::Contains("ref.order-" + std::to_string(order) + " "));
  // A derivative twice the right one fails every order from 1, shrunk.
  const auto doubled =
      run_perturb({"check", "--plugin", test_plugin("first_order"), "--model",
                   "first-order-doubled", "--reference", "--law", "ref.order-1", "--cases", "200"});
  INFO(doubled.out << doubled.err);
  CHECK(doubled.status == 1);
  CHECK_THAT(doubled.out, Catch::Contains("FAILS") && Catch::Contains("shrunk f = "));
}
