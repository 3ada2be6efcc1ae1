// Checking a model that is not built into Perturb: the library entry point
// (proofs/check.h) on examples/linear_maps, the linear-only case generator,
// and run-time plugins through `perturb check --plugin` (proofs/plugin_api.h).
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "examples/linear_maps/linear_maps.h"
#include "proofs/check.h"
#include "proofs/run/runner.h"
#include "tests/report_schema.h"

namespace {

using perturb::proofs::CheckOptions;
using perturb::proofs::LawResult;

const LawResult* find_law(const std::vector<LawResult>& results, std::string_view id) {
  for (const LawResult& result : results) {
    if (result.info.id == id) return &result;
  }
  return nullptr;
}

bool term_has_literal(const perturb::calculus::Term& term) {
  if (perturb::calculus::is_lit(term) || perturb::calculus::is_prim(term)) return true;
  for (const auto& child : term->children()) {
    if (term_has_literal(child)) return true;
  }
  return false;
}

struct Run {
  int status;
  std::string output;
};

// Runs `perturb ARGUMENTS`; status is -1 when it ended by a signal.
Run run_perturb(const std::string& arguments) {
  const std::string out = (std::filesystem::temp_directory_path() /
                           ("perturb_plugin_test_" + std::to_string(::getpid()) + ".txt"))
                              .string();
  const std::string command =
      std::string(std::getenv("PERTURB_BIN")) + " " + arguments + " >" + out + " 2>&1";
  const int raw = std::system(command.c_str());
  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  std::filesystem::remove(out);
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, text.str()};
}

std::string plugin(const std::string& name) {
  return std::string(PERTURB_TEST_PLUGIN_DIR) + "/lib" + name + ".so";
}

}  // namespace

// A model that lacks a member of TestableModel is refused at compile time by
// the entry points, rather than hosting no law and "passing". (One that lacks
// only `derivative` is checkable: it hosts the cla.* laws,
// tests/proofs/left_additive_model_test.cpp.)
struct WithoutName : linear_maps::LinearMaps {
  void name() const = delete;
};
static_assert(perturb::proofs::CheckableModel<linear_maps::LinearMaps>);
static_assert(!perturb::proofs::CheckableModel<WithoutName>);

TEST_CASE("check: a run in which no law ran does not hold", "[plugin]") {
  CHECK_FALSE(perturb::proofs::all_hold({}));
  CheckOptions options;
  options.run.engine.cases = 5;
  options.laws = {"no.such.law"};
  CHECK_FALSE(
      perturb::proofs::all_hold(perturb::proofs::check(linear_maps::LinearMaps(), options)));
}

TEST_CASE("check: the linear-maps model passes every law it hosts", "[plugin]") {
  CheckOptions options;
  options.run.engine.cases = 100;
  const auto results = perturb::proofs::check(linear_maps::LinearMaps(), options);
  CHECK(perturb::proofs::all_hold(results));
  // It hosts every first-order law: D1–D7, the linear maps, the tangent monad …
  for (const char* id : {"cdc.D1.sum", "cdc.D3.identity", "cdc.D5", "cdc.D6", "cdc.D7",
                         "tangent.lemma-3.7", "cla.product.eta", "cla.terminal"}) {
    const LawResult* result = find_law(results, id);
    REQUIRE(result != nullptr);
    INFO(id);
    CHECK(result->passed > 50);  // mostly real cases, not discards
  }
  // … and none that needs exponentials.
  CHECK(find_law(results, "dlc.ev-linear") == nullptr);
}

TEST_CASE("check: D(f) = 2·(f∘π1) fails D3 with a shrunk counterexample", "[plugin]") {
  CheckOptions options;
  options.run.engine.cases = 50;
  options.laws = {"cdc.D3", "cla.*"};
  const auto results = perturb::proofs::check(linear_maps::broken_linear_maps(), options);
  const LawResult* d3 = find_law(results, "cdc.D3.identity");
  REQUIRE(d3 != nullptr);
  CHECK(d3->failed > 0);
  REQUIRE(d3->counterexample);
  CHECK(d3->counterexample->outcome.detail == "the two sides differ beyond the tolerance");
  // The structure without D is untouched by the bug.
  for (const LawResult& result : results) {
    if (result.info.id.starts_with("cla.")) CHECK(result.failed == 0);
  }
}

TEST_CASE("check: writes report.json when report_dir is set", "[plugin]") {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("perturb_check_report_" + std::to_string(::getpid()));
  CheckOptions options;
  options.run.engine.cases = 20;
  options.laws = {"cdc.D2.sum"};
  options.report_dir = dir.string();
  perturb::proofs::check(linear_maps::broken_linear_maps(), options);
  report_schema::require_valid_report(dir / "report.json");
  std::ifstream in(dir / "report.json");
  const auto report = nlohmann::json::parse(in);
  REQUIRE(report.at("results").size() == 1);
  CHECK(report["results"][0]["law"] == "cdc.D2.sum");
  CHECK(report["results"][0]["model"] == "linear-maps-broken");
  CHECK(std::filesystem::exists(dir / "report.md"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("linear-only models get terms without literals or primitives", "[plugin]") {
  const auto bindings = perturb::proofs::bind_model(linear_maps::LinearMaps());
  perturb::proofs::RunOptions options;
  for (const auto& binding : bindings) {
    CHECK(binding.capabilities.linear_only);
    for (std::uint64_t i = 0; i < 20; ++i) {
      const auto k = perturb::proofs::generate_case(binding, options.engine, i);
      for (const auto& entry : k.terms) {
        INFO(binding.info.id << " case " << i << ": " << entry.role);
        CHECK_FALSE(term_has_literal(entry.term));
      }
    }
  }
}

TEST_CASE("perturb check --plugin: a sound plugin model passes", "[plugin]") {
  const Run run = run_perturb("check --plugin " + plugin("linear") +
                              " --model linear-maps --cases 50 --jobs 1 --verbose");
  INFO(run.output);
  CHECK(run.status == 0);
  CHECK(run.output.find("cdc.D5") != std::string::npos);
}

TEST_CASE("perturb check --plugin: the broken variant fails (exit 1)", "[plugin]") {
  const Run run = run_perturb("check --plugin " + plugin("linear") +
                              " --model linear-maps-broken --law 'cdc.D3' --cases 20 --jobs 1");
  INFO(run.output);
  CHECK(run.status == 1);
}

TEST_CASE("perturb repro --plugin replays a plugin model's counterexample", "[plugin]") {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("perturb_plugin_repro_" + std::to_string(::getpid()));
  const Run check =
      run_perturb("check --plugin " + plugin("linear") +
                  " --model linear-maps-broken --law 'cdc.D3' --cases 20 --report " + dir.string());
  REQUIRE(check.status == 1);
  report_schema::require_valid_report(dir / "report.json");
  std::ifstream in(dir / "report.json");
  const auto report = nlohmann::json::parse(in);
  const std::string repro = report["results"][0]["counterexample"]["repro"];
  CHECK(repro.starts_with("perturb check --plugin " + plugin("linear") + " --law cdc.D3"));
  const Run without = run_perturb("repro " + (dir / "report.json").string());
  INFO(without.output);
  CHECK(without.status == 2);
  CHECK(without.output.find("needs --plugin") != std::string::npos);
  const Run with =
      run_perturb("repro " + (dir / "report.json").string() + " --plugin " + plugin("linear"));
  INFO(with.output);
  CHECK(with.status == 1);
  CHECK(with.output.find("still fails") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("perturb check --plugin: a throwing D is a failure naming plugin and law", "[plugin]") {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("perturb_plugin_throw_" + std::to_string(::getpid()));
  const Run run = run_perturb("check --plugin " + plugin("linear_throwing") +
                              " --model linear-maps-throwing --law 'cdc.D5' --cases 5 --jobs 1"
                              " --report " +
                              dir.string());
  INFO(run.output);
  CHECK(run.status == 1);
  report_schema::require_valid_report(dir / "report.json");
  std::ifstream in(dir / "report.json");
  const auto report = nlohmann::json::parse(in);
  const auto& counterexample = report["results"][0]["counterexample"];
  CHECK(report["results"][0]["law"] == "cdc.D5");
  CHECK(counterexample["error"] == "in plugin " + plugin("linear_throwing") +
                                       ": error: linear-maps-throwing: D is not implemented");
  std::filesystem::remove_all(dir);
}

TEST_CASE("perturb check --plugin: a D with the wrong codomain fails, no crash", "[plugin]") {
  const Run run =
      run_perturb("check --plugin " + plugin("linear_wrong_codomain") +
                  " --model linear-maps-wrong-codomain --law 'cdc.*' --cases 5 --jobs 1");
  INFO(run.output);
  CHECK(run.status == 1);
  CHECK(run.output.find("cdc.D1") != std::string::npos);
}

TEST_CASE("perturb check --plugin: unusable plugins are errors with exit 2", "[plugin]") {
  for (const std::string& path :
       {std::string("/nonexistent/libnothing.so"), plugin("wrong_abi"), plugin("not_a_plugin")}) {
    const Run run = run_perturb("check --plugin " + path + " --cases 1");
    INFO(path << ": " << run.output);
    CHECK(run.status == 2);
    CHECK(run.output.find("plugin " + path) != std::string::npos);
  }
  // The plugin built against other headers is told apart by its key's part.
  const Run other_headers = run_perturb("check --plugin " + plugin("wrong_abi") + " --cases 1");
  CHECK(other_headers.output.find("built with another plugin ABI (interface: plugin "
                                  "0000000000000000, this perturb ") != std::string::npos);
}

// A plugin's models take the laws of --equation too (a binder per model,
// proofs/plugin_api.h): sin'' = −sin holds in closures and fails in the
// plugin's mutant whose second Taylor coefficient of sin is doubled, with
// the plugin named; a linear-only plugin model is refused with the reason.
TEST_CASE("perturb check --plugin --equation: text laws run on a plugin's models", "[plugin]") {
  const std::string equation = "'forall a : R. D (\\x:R. D sin x) a = -1 * sin a'";
  const Run run = run_perturb("check --plugin " + plugin("taylor_mutants") +
                              " --model closures --model mutant-sin-order-2 --equation " +
                              equation + " --cases 50 --jobs 1 --verbose");
  INFO(run.output);
  CHECK(run.status == 1);
  CHECK(run.output.find("equation.1                   closures                50 passed") !=
        std::string::npos);
  CHECK(run.output.find("mutant-sin-order-2 (foil)") != std::string::npos);
  CHECK(run.output.find("FAILS") != std::string::npos);
  const Run linear = run_perturb("check --plugin " + plugin("linear") +
                                 " --model linear-maps --equation 'forall a : R. a + 0 = a'");
  INFO(linear.output);
  CHECK(linear.status == 2);
  CHECK(linear.output.find("equation.1 is not run on linear-maps: it has linear maps only") !=
        std::string::npos);
}
