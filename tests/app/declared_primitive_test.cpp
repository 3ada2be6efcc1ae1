// A plugin that declares a primitive, erf (examples/erf), as a user runs it:
// every model that can evaluate erf draws it, `ref.*` holds the double models'
// derivatives of erf (from its derivative term) to the certified models'
// (from Arb's series), the report says what erf was checked against, and a
// wrong derivative is caught, shrunk and replayed.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/app/run_perturb.h"
#include "tests/report_schema.h"

using perturb::test::fresh_report_dir;
using perturb::test::run_perturb;
using perturb::test::slurp_file;
using perturb::test::test_plugin;

namespace {

std::vector<std::string> erf_check(const std::string& library, const std::filesystem::path& dir) {
  return {"check",       "--plugin",    test_plugin(library),
          "--reference", "--law",       "ref.*",
          "--law",       "sound.delta", "--model",
          "closures",    "--model",     "smooth@ball",
          "--cases",     "300",         "--jobs",
          "2",           "--report",    dir.string()};
}

const nlohmann::json& result_of(const nlohmann::json& report, const std::string& law,
                                const std::string& model) {
  for (const nlohmann::json& result : report.at("results")) {
    if (result.at("law") == law && result.at("model") == model) return result;
  }
  FAIL("no result for " << law << " on " << model);
  throw;
}

}  // namespace

TEST_CASE("a declared erf is drawn, held to its series and said in the report", "[declared]") {
  const std::filesystem::path dir = fresh_report_dir("erf");
  const auto run = run_perturb(erf_check("erf", dir));
  INFO(run.out << run.err);
  CHECK(run.status == 0);
  CHECK_THAT(run.out, Catch::Contains("declared primitive erf (smooth everywhere): checked "
                                      "against its Taylor series over balls"));
  report_schema::require_valid_report(dir / "report.json", "report.schema.json");
  const auto report = nlohmann::json::parse(slurp_file(dir / "report.json"));
  REQUIRE(report.at("declared_primitives").size() == 1);
  CHECK(report["declared_primitives"][0]["name"] == "erf");
  CHECK(report["declared_primitives"][0]["series"] == true);
  // erf is drawn under T in both models' cases.
  for (const char* model : {"closures", "smooth@ball"}) {
    INFO(model);
    int under_t = 0;
    for (const char* law : {"ref.order-1", "ref.order-2", "ref.order-3", "sound.delta"})
      under_t += result_of(report, law, model).at("labels").value("structure:erf-under-T:1", 0);
    CHECK(under_t > 0);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("a declared erf with half its derivative fails ref.* and sound.delta, and replays",
          "[declared]") {
  const std::filesystem::path dir = fresh_report_dir("erf-wrong");
  const auto run = run_perturb(erf_check("erf_wrong_derivative", dir));
  INFO(run.out << run.err);
  CHECK(run.status == 1);
  const auto report = nlohmann::json::parse(slurp_file(dir / "report.json"));
  // The double model's derivatives come from the wrong term: ref.* against
  // the series; the certified model's from the series: sound.delta against
  // the wrong δ-rule.
  CHECK(result_of(report, "ref.order-1", "closures").at("failed") > 0);
  CHECK(result_of(report, "sound.delta", "smooth@ball").at("failed") > 0);
  const nlohmann::json& counterexample =
      result_of(report, "ref.order-1", "closures").at("counterexample");
  REQUIRE_FALSE(counterexample.is_null());
  CHECK_THAT(counterexample.dump(), Catch::Contains("erf"));
  const auto repro = run_perturb(
      {"repro", (dir / "report.json").string(), "--plugin", test_plugin("erf_wrong_derivative")});
  INFO(repro.out << repro.err);
  CHECK(repro.status == 1);
  CHECK_THAT(repro.out, Catch::Contains("still fails"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("a declared erf without a series is checked against its δ-rule only, and says so",
          "[declared]") {
  const std::filesystem::path dir = fresh_report_dir("erf-no-series");
  const auto run = run_perturb(erf_check("erf_no_series", dir));
  INFO(run.out << run.err);
  CHECK(run.status == 0);
  CHECK_THAT(run.out, Catch::Contains("declared primitive erf (smooth everywhere): checked "
                                      "against its own δ-rule only"));
  const auto report = nlohmann::json::parse(slurp_file(dir / "report.json"));
  CHECK(report["declared_primitives"][0]["series"] == false);
  // The certified model does not host erf, so ref.* draws it nowhere; the
  // double model draws it in sound.delta.
  for (const char* model : {"closures", "smooth@ball"}) {
    for (const char* law : {"ref.order-1", "ref.order-2", "ref.order-3"}) {
      INFO(law << " on " << model);
      CHECK(result_of(report, law, model).at("labels").value("structure:erf-under-T:1", 0) == 0);
    }
  }
  CHECK(result_of(report, "sound.delta", "closures")
            .at("labels")
            .value("structure:erf-under-T:1", 0) > 0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("a plugin whose declaration is refused is refused with the reason", "[declared]") {
  // Two plugins declaring erf: the second's declaration names an existing primitive.
  const auto run = run_perturb({"check", "--plugin", test_plugin("erf"), "--plugin",
                                test_plugin("erf_wrong_derivative"), "--cases", "1"});
  CHECK(run.status == 2);
  CHECK_THAT(run.err, Catch::Contains("registration failed"));
  CHECK_THAT(run.err, Catch::Contains("a primitive of that name exists"));
}
