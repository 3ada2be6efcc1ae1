// Tests of the signature's primitives on tagged scalars
// (models/scalars/elementary.h): each order of derivative against its closed
// form, the known values of issue-free points (pow at 0 with integer
// exponents, sqrt at 4, atan2 on the axis), strong zeros, and the
// conventions at kinks, over double and, where hosted, balls and rationals.
#include "models/scalars/elementary.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "models/scalars/tag.h"
#include "semantics/evaluation_record.h"

using namespace perturb::models;
using perturb::calculus::Primitive;

namespace {

// The k-th derivative of f at a, read from f(a + ε1 + … + εk): the
// coefficient of ε1⋯εk.
template <class F, class Function>
F derivative(Function f, F a, int k) {
  std::vector<Tag> tags;
  Tagged<F> x(a);
  for (int i = 0; i < k; ++i) {
    tags.push_back(fresh_tag());
    x = x + Tagged<F>::infinitesimal(tags.back());
  }
  const Tagged<F> y = f(x);
  if (k == 0) return y.primal_value();
  return y.coefficient(Monomial(tags.begin(), tags.end()));
}

template <class Function>
double derivative_at(Function f, double a, int k) {
  return derivative<double>(f, a, k);
}

}  // namespace

TEST_CASE("pow at 0 with integer exponents: strong zeros at every order", "[elementary]") {
  const auto square = [](const Tagged<double>& x) { return pow(x, Tagged<double>(2.0)); };
  CHECK(derivative_at(square, 0, 0) == 0);
  CHECK(derivative_at(square, 0, 1) == 0);
  CHECK(derivative_at(square, 0, 2) == 2);
  CHECK(derivative_at(square, 0, 3) == 0);
  CHECK(derivative_at(square, 0, 4) == 0);
  const auto cube = [](const Tagged<double>& x) { return pow(x, Tagged<double>(3.0)); };
  CHECK(derivative_at(cube, 0, 3) == 6);
  CHECK(derivative_at(cube, 0, 4) == 0);
  const auto constant = [](const Tagged<double>& x) { return pow(x, Tagged<double>(0.0)); };
  CHECK(derivative_at(constant, 0, 0) == 1);
  CHECK(derivative_at(constant, 0, 1) == 0);
  // y ↦ 0^y at y = 2: 0 near 2, so its derivative is 0 (not 0·log 0).
  const auto zero_base = [](const Tagged<double>& y) { return pow(Tagged<double>(0.0), y); };
  CHECK(derivative_at(zero_base, 2, 1) == 0);
  // Off 0, along both arguments: d/dy 2^y = 2^y log 2.
  const auto two_to = [](const Tagged<double>& y) { return pow(Tagged<double>(2.0), y); };
  CHECK(derivative_at(two_to, 3, 1) == Approx(8 * std::log(2.0)));
  CHECK(derivative_at(two_to, 3, 2) == Approx(8 * std::log(2.0) * std::log(2.0)));
  // A non-integer exponent: d²/dx² x^2.5 = 3.75 x^0.5.
  const auto power = [](const Tagged<double>& x) { return pow(x, Tagged<double>(2.5)); };
  CHECK(derivative_at(power, 4, 2) == Approx(7.5));
}

TEST_CASE("unary primitives: each order against its closed form", "[elementary]") {
  const auto sqrt_f = [](const Tagged<double>& x) { return sqrt(x); };
  CHECK(derivative_at(sqrt_f, 4, 1) == 0.25);
  CHECK(derivative_at(sqrt_f, 4, 2) == Approx(-1.0 / 32));
  CHECK(derivative_at(sqrt_f, 4, 3) == Approx(3.0 / 256));
  const auto log_f = [](const Tagged<double>& x) { return log(x); };
  CHECK(derivative_at(log_f, 2, 1) == 0.5);
  CHECK(derivative_at(log_f, 2, 2) == Approx(-0.25));
  CHECK(derivative_at(log_f, 2, 3) == Approx(0.25));
  CHECK(derivative_at(log_f, 2, 4) == Approx(-6.0 / 16));
  const auto recip_f = [](const Tagged<double>& x) { return recip(x); };
  CHECK(derivative_at(recip_f, 2, 1) == -0.25);
  CHECK(derivative_at(recip_f, 2, 2) == Approx(0.25));
  const auto tanh_f = [](const Tagged<double>& x) { return tanh(x); };
  const double t = std::tanh(0.7);
  CHECK(derivative_at(tanh_f, 0.7, 1) == Approx(1 - t * t));
  CHECK(derivative_at(tanh_f, 0.7, 2) == Approx(-2 * t * (1 - t * t)));
  CHECK(derivative_at(tanh_f, 0.7, 3) == Approx(-2 * (1 - t * t) * (1 - 3 * t * t)));
  CHECK(derivative_at(tanh_f, 0, 3) == Approx(-2));
  // At the boundary of sqrt, along the zero direction: ⟨0, 0⟩ (spec §6).
  const Tagged<double> root_of_zero = sqrt(Tagged<double>(0.0));
  CHECK(root_of_zero.is_unperturbed());
  CHECK(root_of_zero.primal_value() == 0);
}

TEST_CASE("binary primitives: atan2 and hypot off the origin", "[elementary]") {
  const auto atan2_y = [](const Tagged<double>& y) { return atan2(y, Tagged<double>(1.0)); };
  CHECK(derivative_at(atan2_y, 0, 1) == 1);
  CHECK(derivative_at(atan2_y, 0, 2) == 0);
  CHECK(derivative_at(atan2_y, 0, 3) == Approx(-2));
  // d/dx atan2(1, x) = −1/(1 + x²); second derivative 2x/(1 + x²)².
  const auto atan2_x = [](const Tagged<double>& x) { return atan2(Tagged<double>(1.0), x); };
  CHECK(derivative_at(atan2_x, 2, 1) == Approx(-0.2));
  CHECK(derivative_at(atan2_x, 2, 2) == Approx(4.0 / 25));
  const auto hypot_x = [](const Tagged<double>& x) { return hypot(x, Tagged<double>(4.0)); };
  CHECK(derivative_at(hypot_x, 3, 0) == 5);
  CHECK(derivative_at(hypot_x, 3, 1) == Approx(0.6));
  CHECK(derivative_at(hypot_x, 3, 2) == Approx(16.0 / 125));
}

TEST_CASE("kinks: abs at 0, max and min at a tie follow one consistent convention",
          "[elementary]") {
  const Tag e = fresh_tag();
  const Tagged<double> v = Tagged<double>::infinitesimal(e);
  const Tagged<double> zero(0.0);
  CHECK(abs(zero + v).is_unperturbed());
  CHECK(abs(Tagged<double>(-2.0) + v).coefficient(Monomial{e}) == -1);
  // max at a tie along (v, v) is smooth and gives v.
  CHECK(max(zero + v, zero + v).coefficient(Monomial{e}) == 1);
  // max at a tie along (v, 0): the mean, ½.
  CHECK(max(zero + v, zero).coefficient(Monomial{e}) == 0.5);
  CHECK(max(zero, zero + v) == max(zero + v, zero));
  // min⟨x, y⟩ = −max⟨−x, −y⟩ and abs x = max⟨x, −x⟩ at the kink too.
  CHECK(min(zero + v, zero) == -max(-(zero + v), -zero));
  CHECK(abs(zero + v) == max(zero + v, -(zero + v)));
}

TEST_CASE("over balls and rationals where hosted", "[elementary]") {
  CHECK(hosts_primitive<double>(Primitive::Abs));
  CHECK(hosts_primitive<Ball>(Primitive::Max));
  CHECK(hosts_primitive<Ball>(Primitive::Pow));
  CHECK(hosts_primitive<Rational>(Primitive::Min));
  CHECK_FALSE(hosts_primitive<Rational>(Primitive::Log));
  const auto square = [](const Tagged<Ball>& x) { return pow(x, Tagged<Ball>(Ball(2))); };
  const Ball second = derivative<Ball>(square, Ball(0), 2);
  CHECK(second == Ball(2));
  const Ball third = derivative<Ball>(square, Ball(0), 3);
  CHECK(third == Ball(0));
  const auto root = [](const Tagged<Ball>& x) { return sqrt(x); };
  const Ball quarter = derivative<Ball>(root, Ball(4), 1);
  CHECK(quarter.midpoint() == Approx(0.25));
  CHECK(quarter.radius() < 1e-15);
  const auto maximum = [](const Tagged<Rational>& x) {
    return max(x, Tagged<Rational>(Rational(0)));
  };
  CHECK(derivative<Rational>(maximum, Rational(0), 1) == Rational(0.5));
}

TEST_CASE(
    "over balls the kinked primitives take the certain branch, the convention at an exact "
    "kink, and enclose both branches across one",
    "[elementary]") {
  const auto absolute = [](const Tagged<Ball>& x) { return abs(x); };
  const auto maximum = [](const Tagged<Ball>& x) { return max(x, Tagged<Ball>(Ball(1))); };
  CHECK(derivative<Ball>(absolute, Ball(-2), 1) == Ball(-1));
  CHECK(derivative<Ball>(absolute, Ball(0), 1) == Ball(0));
  CHECK(derivative<Ball>(maximum, Ball(1), 1) == Ball(0.5));
  CHECK(derivative<Ball>(maximum, Ball(3), 1) == Ball(1));
  // 1/3 − 1/3: a ball around 0 that is not exactly 0.
  const Ball straddling = Ball(1) / Ball(3) - Ball(1) / Ball(3);
  REQUIRE_FALSE(certainly_zero(straddling));
  const Ball slope = derivative<Ball>(absolute, straddling, 1);
  CHECK(arb_contains_si(slope.get(), 1));
  CHECK(arb_contains_si(slope.get(), -1));
  const Ball tie_slope = derivative<Ball>(maximum, Ball(1) + straddling, 1);
  CHECK(arb_contains_si(tie_slope.get(), 0));
  CHECK(arb_contains_si(tie_slope.get(), 1));
  const Ball jump = sign(Tagged<Ball>(straddling)).primal_value();
  CHECK(arb_contains_si(jump.get(), 1));
  CHECK(arb_contains_si(jump.get(), -1));
}

TEST_CASE("over balls an argument straddling 0 is noted where 0 is outside, and only there",
          "[elementary]") {
  // A ball holding 0 whose midpoint, 1e-20, is not 0.
  const Ball straddling = Ball(1e-20) + (Ball(1) / Ball(3) - Ball(1) / Ball(3));
  REQUIRE(arb_contains_zero(straddling.get()));
  const Tagged<Ball> moving = Tagged<Ball>(straddling) + Tagged<Ball>::infinitesimal(fresh_tag());
  perturb::semantics::EvaluationRecord record;
  {
    const perturb::semantics::EvaluationRecording recording(record);
    (void)log(Tagged<Ball>(Ball(2)) + moving);    // off 0: nothing
    (void)abs(moving);                            // at 0 a kink, whose values are finite: nothing
    (void)log(Tagged<Ball>(Ball(std::nan(""))));  // not finite: no enclosure to speak of
    CHECK(record.straddled.empty());
    (void)log(moving);
  }
  CHECK(record.straddled == std::vector<std::string_view>{"log: x <= 0"});
}
