// A plugin model that nests derivatives one deep (tests/plugins/
// shallow_linear_plugin.cpp), as a user runs it: the laws of depth 2 are
// refused by name (a note, the summary, the reports), the rest run;
// selecting only refused laws says so.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tests/app/run_perturb.h"

using perturb::test::fresh_report_dir;
using perturb::test::run_perturb;
using perturb::test::slurp_file;

namespace {

std::string shallow_plugin() {
  return std::string(PERTURB_TEST_PLUGIN_DIR) + "/libshallow_linear.so";
}

}  // namespace

TEST_CASE("a model of depth 1: its laws of depth 2 are refused by name, the rest run", "[depth]") {
  const auto dir = fresh_report_dir("depth");
  const auto run =
      run_perturb({"check", "--plugin", shallow_plugin(), "--model", "linear-maps-shallow", "--law",
                   "cdc.*", "--cases", "50", "--verbose", "--report", dir.string()});
  INFO(run.out << run.err);
  CHECK(run.status == 0);
  CHECK_THAT(run.err, Catch::Contains("perturb: note: cdc.D6 is not run on linear-maps-shallow: "
                                      "it nests derivatives 2 deep, linear-maps-shallow "
                                      "supports 1"));
  CHECK_THAT(run.err, Catch::Contains("perturb: note: cdc.D7 is not run"));
  // Notes only for the laws selected.
  CHECK_THAT(run.err, !Catch::Contains("tangent.mult-natural"));
  CHECK_THAT(run.out, Catch::Contains("cdc.D5 "));
  // No result line for them: they appear only after the totals.
  CHECK(run.out.find("cdc.D6 ") > run.out.find("law × model pairs"));
  // The summary and the reports list them too, after the results.
  const std::string not_run =
      "2 pairs not run:\n"
      "  cdc.D6 is not run on linear-maps-shallow: it nests derivatives 2 deep, "
      "linear-maps-shallow supports 1\n"
      "  cdc.D7 is not run on linear-maps-shallow: it nests derivatives 2 deep, "
      "linear-maps-shallow supports 1\n";
  CHECK_THAT(run.out, Catch::Contains(not_run));
  CHECK(run.out.find(not_run) > run.out.find("law × model pairs"));
  CHECK_THAT(slurp_file(dir / "report.md"), Catch::Contains(not_run));
  const auto report = nlohmann::json::parse(slurp_file(dir / "report.json"));
  CHECK(report.at("not_run").size() == 2);
  CHECK(report.at("not_run").at(1) ==
        "cdc.D7 is not run on linear-maps-shallow: it nests derivatives 2 deep, "
        "linear-maps-shallow supports 1");
  std::filesystem::remove_all(dir);

  const auto refused_only = run_perturb(
      {"check", "--plugin", shallow_plugin(), "--model", "linear-maps-shallow", "--law", "cdc.D6"});
  CHECK(refused_only.status == 2);
  CHECK_THAT(refused_only.err,
             Catch::Contains("every law selected nests derivatives deeper than its model"));
}

TEST_CASE("a run that refuses nothing lists nothing as not run", "[depth]") {
  const auto dir = fresh_report_dir("depth-none");
  const auto run = run_perturb(
      {"check", "--model", "smooth", "--law", "cdc.D7", "--cases", "20", "--report", dir.string()});
  CHECK(run.status == 0);
  CHECK_THAT(run.out, !Catch::Contains("not run"));
  CHECK_FALSE(nlohmann::json::parse(slurp_file(dir / "report.json")).contains("not_run"));
  std::filesystem::remove_all(dir);
}
