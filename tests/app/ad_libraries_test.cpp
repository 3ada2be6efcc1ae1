// The AD libraries' models (examples/ad-libraries/, docs/ad-libraries.md)
// under perturb check, eval and repro, as a user runs them. A library whose
// model is not built here (its headers do not compile) is skipped with a
// warning.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/run_perturb.h"

namespace fs = std::filesystem;
using perturb::test::fresh_report_dir;
using perturb::test::run_perturb;
using perturb::test::slurp_file;

namespace {

// The library model's plugin, or "" (with a warning) when it is not built.
std::string ad_library(const std::string& name) {
  const fs::path path = fs::path(PERTURB_AD_LIBRARY_DIR) / ("lib" + name + ".so");
  if (fs::exists(path)) return path.string();
  WARN(name << " is not built here: skipped");
  return "";
}

bool contains_any(const std::string& text, const std::vector<std::string>& words) {
  for (const std::string& word : words) {
    if (text.find(word) != std::string::npos) return true;
  }
  return false;
}

// The shrunk counterexample's terms, one after the other.
std::string shrunk_terms(const nlohmann::json& counterexample) {
  std::string text;
  for (const auto& term : counterexample.at("shrunk").at("terms"))
    text += term.at("term").get<std::string>() + "; ";
  return text;
}

// perturb check --reference on the model: it fails only where
// docs/ad-libraries.md says the library does (a value that is not finite
// where one of `non_finite_at` is applied; its conventions at kinks are
// discards), never for coverage, and the first failure replays.
void check_findings(const std::string& plugin, const std::string& model,
                    const std::vector<std::string>& non_finite_at) {
  const fs::path dir = fresh_report_dir(model);
  const auto run = run_perturb({"check", "--plugin", plugin, "--model", model, "--reference",
                                "--cases", "300", "--jobs", "2", "--report", dir.string()});
  INFO(run.out << run.err);
  REQUIRE(run.status == 1);
  CHECK_THAT(run.out, Catch::Contains(" 0 unhealthy"));
  const auto report = nlohmann::json::parse(slurp_file(dir / "report.json"));
  for (const auto& result : report.at("results")) {
    const std::string law = result.at("law");
    if (result.at("failed") == 0) continue;
    const auto& counterexample = result.at("counterexample");
    const std::string terms = shrunk_terms(counterexample);
    INFO(law << ": " << counterexample.at("failure") << " at " << terms);
    CHECK(counterexample.at("failure") == "non-finite");
    CHECK(contains_any(terms, non_finite_at));
  }
  const auto repro = run_perturb({"repro", "--plugin", plugin, (dir / "report.json").string()});
  INFO(repro.out << repro.err);
  CHECK(repro.status == 1);
  fs::remove_all(dir);
}

}  // namespace

TEST_CASE("ceres-jet fails only where Ceres's Jet is wrong", "[ad-libraries]") {
  const std::string plugin = ad_library("ceres_jet");
  if (plugin.empty()) return;
  check_findings(plugin, "ceres-jet", {"sqrt", "pow", "abs"});
}

TEST_CASE("eigen-autodiff fails only where Eigen's AutoDiffScalar is wrong", "[ad-libraries]") {
  const std::string plugin = ad_library("eigen_autodiff");
  if (plugin.empty()) return;
  check_findings(plugin, "eigen-autodiff", {"sqrt"});
}

TEST_CASE("boost-autodiff fails only where Boost's autodiff is wrong", "[ad-libraries]") {
  const std::string plugin = ad_library("boost_autodiff");
  if (plugin.empty()) return;
  check_findings(plugin, "boost-autodiff", {"pow"});
}

TEST_CASE("sacado-fad fails only where Sacado is wrong", "[ad-libraries]") {
  const std::string plugin = ad_library("sacado_fad");
  if (plugin.empty()) return;
  check_findings(plugin, "sacado-fad", {"sqrt", "pow"});
}

TEST_CASE("a naive Boost wrapper confuses perturbations, and D6 catches it", "[ad-libraries]") {
  const std::string plugin = ad_library("boost_autodiff_naive");
  if (plugin.empty()) return;
  // Without pow (the library's own finding): sin, cos, exp and mul alone.
  const auto run = run_perturb({"check", "--plugin", plugin, "--model", "boost-autodiff-naive",
                                "--law", "cdc.D6", "--cases", "300", "--jobs", "2"});
  INFO(run.out << run.err);
  CHECK(run.status == 1);
  CHECK_THAT(run.out, Catch::Contains("the two sides differ"));
  // T (T sin) at <<1, 0>, <0, a>>: the correct wrapper gives cos a in the
  // first tangent, the naive one 0.
  const std::string term = "T (T sin) <<1, 0>, <0, 0.5>>";
  const auto naive =
      run_perturb({"eval", "--plugin", plugin, "--model", "boost-autodiff-naive", term});
  CHECK(naive.out == "<<0, 0>, <0, 0.479425538604203>>\n");
  const auto right = run_perturb(
      {"eval", "--plugin", ad_library("boost_autodiff"), "--model", "boost-autodiff", term});
  CHECK(right.out == "<<0.8775825618903728, 0>, <0, 0.479425538604203>>\n");
}

TEST_CASE("a library's model reads first-order equations and terms", "[ad-libraries]") {
  const std::string plugin = ad_library("sacado_fad");
  if (plugin.empty()) return;
  const auto equation =
      run_perturb({"check", "--plugin", plugin, "--model", "sacado-fad", "--equation",
                   "forall a : R. a * a = a * a", "--cases", "100"});
  INFO(equation.out << equation.err);
  CHECK(equation.status == 0);
  const auto eval =
      run_perturb({"eval", "--plugin", plugin, "--model", "sacado-fad", "T sin <1, 0.5>"});
  CHECK(eval.status == 0);
  CHECK(eval.out == "<0.8775825618903728, 0.479425538604203>\n");
}
