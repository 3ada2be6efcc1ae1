// What perturb check finds in Trilinos 13.2's Sacado (docs/ad-libraries.md),
// reproduced without Perturb. Each test asserts the library's present
// behaviour, so that a Sacado that changes it fails here and the document is
// updated. In each, the right value is the derivative of a constant: 0.
#include <Sacado_Fad_SFad.hpp>
#include <catch2/catch.hpp>
#include <cmath>

namespace {

using F1 = Sacado::Fad::SFad<double, 1>;
using F2 = Sacado::Fad::SFad<F1, 1>;

}  // namespace

TEST_CASE("sacado: sqrt of 0 along the zero direction has a NaN derivative", "[ad-libraries]") {
  // (cdc.D5: f = sqrt 0)
  const F1 y = sqrt(F1(1, 0.0));
  CHECK(y.val() == 0);
  CHECK(std::isnan(y.dx(0)));
}

TEST_CASE("sacado: pow of a negative constant to an integer has a NaN derivative",
          "[ad-libraries]") {
  // (−1)² = 1, constant (cdc.D2.zero: f = pow (in1 -1)).
  const F1 y = pow(F1(1, -1.0), F1(1, 2.0));
  CHECK(y.val() == 1);
  CHECK(std::isnan(y.dx(0)));
}

TEST_CASE("sacado: pow of the constants 0 and 0 has a NaN second derivative", "[ad-libraries]") {
  // 0⁰ = 1, constant: right one level deep, NaN two levels deep
  // (ref.order-2: f = pow (0 : R * R) at 0).
  const F1 flat = pow(F1(1, 0.0), F1(1, 0.0));
  CHECK(flat.val() == 1);
  CHECK(flat.dx(0) == 0);
  const F2 zero(1, F1(1, 0.0));
  const F2 y = pow(zero, zero);
  CHECK(y.val().val() == 1);
  CHECK(std::isnan(y.dx(0).dx(0)));
}
