// A plugin model that nests derivatives one deep (tests/plugins/
// shallow_linear_plugin.cpp), as a user runs it: the laws of depth 2 are
// refused by name, the rest run; selecting only refused laws says so.
#include <catch2/catch.hpp>

#include "tests/app/run_perturb.h"

using perturb::test::run_perturb;

namespace {

std::string shallow_plugin() {
  return std::string(PERTURB_TEST_PLUGIN_DIR) + "/libshallow_linear.so";
}

}  // namespace

TEST_CASE("a model of depth 1: its laws of depth 2 are refused by name, the rest run", "[depth]") {
  const auto run = run_perturb({"check", "--plugin", shallow_plugin(), "--model",
                                "linear-maps-shallow", "--law", "cdc.*", "--cases", "50"});
  INFO(run.out << run.err);
  CHECK(run.status == 0);
  CHECK_THAT(run.err, Catch::Contains("perturb: note: cdc.D6 is not run on linear-maps-shallow: "
                                      "it nests derivatives 2 deep, linear-maps-shallow "
                                      "supports 1"));
  CHECK_THAT(run.err, Catch::Contains("perturb: note: cdc.D7 is not run"));
  // Notes only for the laws selected.
  CHECK_THAT(run.err, !Catch::Contains("tangent.mult-natural"));
  CHECK_THAT(run.out, Catch::Contains("cdc.D5 "));
  CHECK_THAT(run.out, !Catch::Contains("cdc.D6 "));

  const auto refused_only = run_perturb(
      {"check", "--plugin", shallow_plugin(), "--model", "linear-maps-shallow", "--law", "cdc.D6"});
  CHECK(refused_only.status == 2);
  CHECK_THAT(refused_only.err,
             Catch::Contains("every law selected nests derivatives deeper than its model"));
}
