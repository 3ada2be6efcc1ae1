// What perturb check finds in Boost.Math 1.74's autodiff
// (docs/ad-libraries.md), reproduced without Perturb. Each test asserts the
// library's present behaviour, so that a Boost that changes it fails here
// and the document is updated.
#include <boost/math/differentiation/autodiff.hpp>
#include <catch2/catch.hpp>
#include <cmath>

namespace {

using F = boost::math::differentiation::autodiff_fvar<double, 1>;

}  // namespace

TEST_CASE("boost: pow of a constant 0 to the constant 1 has a NaN derivative", "[ad-libraries]") {
  // pow(fvar, fvar) is exp(y · log x): at x = 0 the derivative is
  // 0 · (−∞) = NaN, where pow(·, 1) is the identity and the direction 0
  // (cdc.D6: f = pow (in2 1) at 0).
  const F y = pow(F(0.0), F(1.0));
  CHECK(y[0] == 0);
  CHECK(std::isnan(y[1]));
}

TEST_CASE("boost: pow of a negative constant to an integer is NaN", "[ad-libraries]") {
  // (−1)⁰ = 1 and (−1)² = 1; exp(y · log x) has no value at x < 0, the
  // value itself is NaN (cdc.D2.zero: f = in2 (pow (in1 -1))).
  CHECK(std::isnan(pow(F(-1.0), F(0.0))[0]));
  CHECK(std::isnan(pow(F(-1.0), F(2.0))[0]));
  // With a double exponent the library's other overload is right.
  CHECK(pow(F(-1.0), 2.0)[0] == 1);
}
