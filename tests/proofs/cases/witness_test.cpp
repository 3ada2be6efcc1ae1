// Tests of proofs/cases/witness.h and of the witness check_case records: the size
// of a difference against the tolerance, its report lines and JSON, and that
// any model's counterexample at R shows its two reals.
#include "proofs/cases/witness.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "examples/linear_maps/linear_maps.h"
#include "proofs/cases/check_case.h"

using namespace perturb;

TEST_CASE("difference_size: absolute, relative and what the tolerance allows", "[witness]") {
  const semantics::Tolerance tolerance{1e-7, 1e-9};
  const proofs::DifferenceSize size = proofs::difference_size({{}, 2, -3}, tolerance);
  CHECK(size.absolute == 5);
  CHECK(size.relative == Approx(5.0 / 3));
  CHECK(size.allowed == Approx(1e-9 + 3e-7));
  CHECK(proofs::difference_size({{}, 0, 0}, tolerance).relative == 0);
}

TEST_CASE("witness lines and JSON: each step, then the two reals and the size", "[witness]") {
  const semantics::Difference difference{
      {{"at <0.5, 1>", "<1, 2>", "<1, 3>"}, {"component 2", "2", "3"}}, 2, 3};
  const semantics::Tolerance tolerance{1e-7, 1e-9};
  const std::vector<std::string> lines = proofs::witness_lines(difference, tolerance);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == "at <0.5, 1>: lhs <1, 2>, rhs <1, 3>");
  CHECK(lines[1] == "component 2: lhs 2, rhs 3");
  CHECK(
      lines[2] ==
      "lhs 2 and rhs 3 differ by 1 (relative 0.333), more than the 3.01e-07 the tolerance allows");
  CHECK(proofs::witness_text(difference, tolerance, "  ") ==
        "  witness at <0.5, 1>: lhs <1, 2>, rhs <1, 3>\n"
        "          component 2: lhs 2, rhs 3\n"
        "          lhs 2 and rhs 3 differ by 1 (relative 0.333), more than the 3.01e-07 the "
        "tolerance allows\n");
  const nlohmann::json json = proofs::witness_json(difference, tolerance);
  CHECK(json.at("steps").size() == 2);
  CHECK(json.at("steps")[0].at("step") == "at <0.5, 1>");
  CHECK(json.at("steps")[1].at("rhs") == "3");
  CHECK(json.at("lhs") == 2);
  CHECK(json.at("rhs") == 3);
  CHECK(json.at("absolute") == 1);
  CHECK(json.at("relative").get<double>() == Approx(1.0 / 3));
  CHECK(json.at("allowed").get<double>() == Approx(3.01e-7));
}

TEST_CASE("difference_of: a model without `difference` still shows two reals at R", "[witness]") {
  const linear_maps::LinearMaps model;
  const semantics::Tolerance tolerance{1e-7, 1e-9};
  const auto reals = proofs::difference_of(model, model.real(), model.real_point(1),
                                           model.real_point(2), tolerance, 7);
  REQUIRE(reals);
  CHECK(reals->steps.empty());
  CHECK(reals->lhs == 1);
  CHECK(reals->rhs == 2);
  const auto pair = model.product(model.real(), model.real());
  CHECK_FALSE(proofs::difference_of(
      model, pair, model.pair_point(model.real_point(1), model.real_point(2)),
      model.pair_point(model.real_point(1), model.real_point(3)), tolerance, 7));
}
