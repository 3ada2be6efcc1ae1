// What perturb check finds in Eigen 3.4's AutoDiffScalar
// (docs/ad-libraries.md), reproduced without Perturb. Each test asserts the
// library's present behaviour, so that an Eigen that changes it fails here
// and the document is updated.
#include <Eigen/Core>
#include <catch2/catch.hpp>
#include <cmath>
#include <unsupported/Eigen/AutoDiff>

namespace {

using A = Eigen::AutoDiffScalar<Eigen::Matrix<double, 1, 1>>;

// x with tangent v.
A dual(double x, double v) { return A(x, Eigen::Matrix<double, 1, 1>::Constant(v)); }

}  // namespace

TEST_CASE("eigen: sqrt of 0 along the zero direction has a NaN tangent", "[ad-libraries]") {
  // sqrt's tangent is v · (0.5 / √x): 0 · ∞ at x = 0, where the derivative
  // along the zero direction is 0 (cdc.D6: f = sqrt 0).
  const A y = sqrt(dual(0, 0));
  CHECK(y.value() == 0);
  CHECK(std::isnan(y.derivatives()(0)));
  CHECK(sqrt(dual(4, 0)).derivatives()(0) == 0);
}

TEST_CASE("eigen: min at a tie takes the second argument's tangent", "[ad-libraries]") {
  // A convention at a kink (min <x, 1> at 1: ref.order-1), inside the
  // Clarke gradient but not the mean the reference takes.
  const A y = min(dual(1, 1), dual(1, 0));
  CHECK(y.value() == 1);
  CHECK(y.derivatives()(0) == 0);
  const A z = min(dual(1, 0), dual(1, 1));
  CHECK(z.derivatives()(0) == 1);
}
