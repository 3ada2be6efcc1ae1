// (c) The laws of the linear-maps model as Catch2 test cases, one per law:
//   ./linear_maps_test --list-tests     lists "linear-maps: cdc.D5", …
#define CATCH_CONFIG_MAIN
#include "linear_maps.h"

#include <catch2/catch.hpp>

#include "proofs/catch2_laws.h"

namespace {

perturb::proofs::CheckOptions law_options() {
  perturb::proofs::CheckOptions options;
  options.run.engine.cases = 200;
  options.run.engine.seed = 7;
  return options;
}

}  // namespace

PERTURB_LAW_TEST_CASES(linear_maps::LinearMaps(), law_options(), "[linear-maps][laws]");

TEST_CASE("D(f) = f∘π1 on a hand-computed map", "[linear-maps]") {
  const linear_maps::LinearMaps c;
  const auto r = c.real();
  // f(x, y) = 3x − y : R × R → R, so D(f)((v, w), (x, y)) = 3v − w.
  linear_maps::LinearMaps::Morphism f{c.product(r, r), r, Eigen::MatrixXd(1, 2)};
  f.matrix << 3, -1;
  Eigen::VectorXd at(4);
  at << 1, 2, 100, -100;
  CHECK(c.apply(c.derivative(f), at)(0) == 1.0);
}
