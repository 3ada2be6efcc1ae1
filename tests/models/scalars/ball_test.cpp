// Tests of Ball (models/scalars/ball.h): the enclosures contain the exact results,
// the working precision is per thread and scoped, and the certified relation
// says Disjoint only when no real lies in both balls.
#include "models/scalars/ball.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <thread>

#include "models/scalars/scalar.h"

using namespace perturb::models;

TEST_CASE("a double converts exactly and prints as itself", "[ball]") {
  const Ball x(0.1);
  CHECK(x.midpoint() == 0.1);
  CHECK(x.radius() == 0);
  CHECK(to_string(x) == "0.1");
  CHECK(to_string(Ball(-2)) == "-2");
  CHECK(Ball(3) == Ball(3.0));
}

TEST_CASE("cancellation that double gets wrong is enclosed exactly at 64 bits", "[ball]") {
  // (1e16 + 1) − 1e16 is 0 in double: 1e16 + 1 needs 54 bits of mantissa.
  const double big = 1e16;
  CHECK((big + 1.0) - big == 0.0);
  const Ball difference = (Ball(big) + Ball(1)) - Ball(big);
  CHECK(difference == Ball(1));
}

TEST_CASE("sin, cos, exp enclose the true values", "[ball]") {
  const Ball s = sin(Ball(1)), c = cos(Ball(1)), e = exp(Ball(1));
  CHECK(std::abs(s.midpoint() - std::sin(1.0)) < 1e-15);
  CHECK(std::abs(c.midpoint() - std::cos(1.0)) < 1e-15);
  CHECK(std::abs(e.midpoint() - std::exp(1.0)) < 1e-15);
  CHECK(s.radius() > 0);  // irrational: never exact
  CHECK(s.radius() < 1e-18);
  // sin² + cos² = 1: the enclosure of the sum contains 1.
  CHECK(compare_balls(s * s + c * c, Ball(1), ball_precision()) == BallRelation::Tight);
}

TEST_CASE("an exp tower that overflows double stays finite in balls", "[ball]") {
  CHECK(std::isinf(std::exp(std::exp(std::exp(2.0)))));
  const Ball tower = exp(exp(exp(Ball(2))));
  CHECK(tower.is_finite());
  CHECK(compare_balls(tower, tower, 64) == BallRelation::Tight);
}

TEST_CASE("the working precision is scoped and per thread", "[ball]") {
  CHECK(ball_precision() == 64);
  {
    const BallPrecision scope(256);
    CHECK(ball_precision() == 256);
    long other_thread = 0;
    std::thread([&] { other_thread = ball_precision(); }).join();
    CHECK(other_thread == 64);
    // More bits, a narrower enclosure.
    CHECK(sin(Ball(1)).radius() < 1e-70);
  }
  CHECK(ball_precision() == 64);
}

TEST_CASE("compare_balls: disjoint, tight or loose; separation bounds the gap", "[ball]") {
  const Ball one(1), almost_one = Ball(1) + Ball(1e-10);
  CHECK(compare_balls(one, almost_one, 64) == BallRelation::Disjoint);
  const double delta = separation(one, almost_one);
  CHECK(delta > 0);
  CHECK(delta <= 1e-10);
  CHECK(delta > 0.99e-10);
  CHECK(separation(one, one) == 0);
  // A ball of radius 2^-20 around 1 overlaps 1 but is too wide at 64 bits.
  Ball wide(1);
  mag_set_ui_2exp_si(arb_radref(wide.get()), 1, -20);
  CHECK(compare_balls(wide, one, 64) == BallRelation::Loose);
  CHECK(compare_balls(wide, one, 32) == BallRelation::Tight);
  CHECK(compare_balls(wide, Ball(2), 64) == BallRelation::Disjoint);
  // Non-finite balls decide nothing.
  Ball infinite;
  arb_pos_inf(infinite.get());
  CHECK(compare_balls(infinite, one, 64) == BallRelation::Loose);
}

TEST_CASE("Tagged<Ball>: forward mode over balls drops only exact zeros", "[ball]") {
  using Scalar = Tagged<Ball>;
  const Tag tag = fresh_tag();
  const Scalar x = Scalar(Ball(0.5)) + Scalar::infinitesimal(tag);
  const Scalar y = sin(x) * x;  // d/dx x·sin x = sin x + x cos x
  const Ball expected = sin(Ball(0.5)) + Ball(0.5) * cos(Ball(0.5));
  CHECK(compare_balls(y.tangent(tag).primal_value(), expected, 64) == BallRelation::Tight);
  // A coefficient that is a ball around 0, not exactly 0, is kept: it may
  // be a nonzero real.
  Ball around_zero;
  mag_set_ui_2exp_si(arb_radref(around_zero.get()), 1, -100);
  const Scalar kept = Scalar(Ball(1)) + Scalar::infinitesimal(tag) * Scalar(around_zero);
  CHECK(kept.has_tag(tag));
  CHECK(
      (Scalar(Ball(2)) + Scalar::infinitesimal(tag) - Scalar::infinitesimal(tag)).is_unperturbed());
}

TEST_CASE("pow of a ball around 0 to an integer power stays finite", "[ball]") {
  // exp(−0.7) − exp(−0.7): a ball around 0 that is not exactly 0.
  const Ball around_zero = exp(Ball(-0.7)) - exp(Ball(-0.7));
  REQUIRE_FALSE(certainly_zero(around_zero));
  for (const int n : {1, 2, 3}) {
    const Ball power = pow(around_zero, Ball(n));
    INFO("n = " << n << ": " << to_string(power));
    CHECK(power.is_finite());
    CHECK(arb_contains_zero(power.get()));
  }
  CHECK(pow(around_zero, Ball(0)) == Ball(1));
  // A non-integer exponent still goes through exp(y log x).
  CHECK(pow(Ball(4), Ball(0.5)).midpoint() == Approx(2));
}
