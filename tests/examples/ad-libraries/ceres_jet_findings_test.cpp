// What perturb check finds in Ceres 2.1's Jet (docs/ad-libraries.md),
// reproduced without Perturb. Each test asserts the library's present
// behaviour, so that a Ceres that changes it fails here and the document is
// updated. In each, the right value is the derivative of a constant: 0.
#include <ceres/jet.h>

#include <catch2/catch.hpp>
#include <cmath>

namespace {

using J1 = ceres::Jet<double, 1>;
using J2 = ceres::Jet<J1, 1>;

// c with tangent 0.
J1 constant(double c) {
  J1 x(c);
  x.v[0] = 0;
  return x;
}

}  // namespace

TEST_CASE("ceres: sqrt of 0 along the zero direction has a NaN tangent", "[ad-libraries]") {
  // sqrt(f) = Jet(√a, v / (2√a)): 0 · ∞ at a = 0. (cdc.D6: f = sqrt 0)
  const J1 y = sqrt(constant(0));
  CHECK(y.a == 0);
  CHECK(std::isnan(y.v[0]));
  CHECK(sqrt(constant(4)).v[0] == 0);
}

TEST_CASE("ceres: pow of the constants 0 and 0 has a NaN tangent", "[ad-libraries]") {
  // (cdc.D1.sum: f = pow (0 : R * R)) 0⁰ = 1, constant.
  const J1 y = pow(constant(0), constant(0));
  CHECK(y.a == 1);
  CHECK(std::isnan(y.v[0]));
}

TEST_CASE("ceres: abs of the constant 0 over a nested Jet has a NaN second-order tangent",
          "[ad-libraries]") {
  // abs(f) = Jet(abs(a), copysign(T(1), a) · v): with T a Jet, copysign is
  // differentiated at 0, where its derivative is a Dirac delta.
  // (ref.order-2: f = abs 0)
  J2 zero{J1(0.0)};
  zero.v[0] = J1(0.0);
  const J2 y = abs(zero);
  CHECK(y.a.a == 0);
  CHECK(y.a.v[0] == 0);
  CHECK(y.v[0].a == 0);
  CHECK(std::isnan(y.v[0].v[0]));
  // One level deep it is right.
  CHECK(abs(constant(0)).v[0] == 0);
}
