// Tests of `smooth` over balls (models/smooth/smooth.h with F = Ball, `smooth@ball`):
// the same draws and the same maps as `smooth`, values that enclose smooth's
// doubles, and a certified three-valued comparison with its precision ladder.
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "models/registry.h"
#include "models/smooth/smooth.h"
#include "semantics/cartesian_differential_category.h"
#include "semantics/testable_model.h"

using namespace perturb;
using calculus::Primitive;
using models::Ball;
using models::Smooth;
using models::SmoothOverBalls;
using semantics::Comparison;

static_assert(semantics::CartesianDifferentialCategory<SmoothOverBalls>);
static_assert(semantics::TestableModel<SmoothOverBalls>);
static_assert(models::RegisteredModel<SmoothOverBalls>);
static_assert(std::same_as<Smooth::Point, Eigen::VectorXd>);
static_assert(std::same_as<SmoothOverBalls::Object, Smooth::Object>);

namespace {

// The two members proofs/cases/check_case.h looks for (HasPrecisionLadder,
// HasCompare), without the proofs layer: smooth@ball has them, smooth not.
template <class C>
concept HasLadderAndCompare = requires(const C& c, const typename C::Object& x,
                                       const typename C::Point& p, std::mt19937_64& rng) {
  c.precisions();
  c.at_precision(64L);
  c.compare(x, p, p, semantics::Tolerance{}, rng);
};
static_assert(HasLadderAndCompare<SmoothOverBalls>);
static_assert(!HasLadderAndCompare<Smooth>);

const Smooth smooth;
const SmoothOverBalls balls;
const semantics::Tolerance kDefault{};

SmoothOverBalls::Point ball_point(std::initializer_list<Ball> coordinates) {
  SmoothOverBalls::Point p(static_cast<Eigen::Index>(coordinates.size()));
  Eigen::Index i = 0;
  for (const Ball& c : coordinates) p(i++) = c;
  return p;
}

// f + c : X → R for f : X → R, c a literal added through constant∘!.
template <class C>
typename C::Morphism plus_constant(const C& c, const typename C::Morphism& f, double value) {
  return c.add(f, c.compose(c.constant(value), c.bang(c.domain(f))));
}

// x ↦ x·k : R → R, k a literal.
template <class C>
typename C::Morphism times_constant(const C& c, double k) {
  const auto r = c.real();
  return c.compose(c.primitive(Primitive::Mul),
                   c.pair(c.identity(r), c.compose(c.constant(k), c.bang(r))));
}

// Whether each ball of `enclosures` agrees with the double of `values`: its
// midpoint within 1e-9 relative, and the double in it or within 1e-12
// relative of it (smooth's own rounding).
bool encloses(const SmoothOverBalls::Point& enclosures, const Smooth::Point& values) {
  if (enclosures.size() != values.size()) return false;
  for (Eigen::Index i = 0; i < values.size(); ++i) {
    const double value = values(i), midpoint = enclosures(i).midpoint();
    const double scale = std::max(1.0, std::abs(value));
    if (!std::isfinite(value)) continue;
    if (!enclosures(i).is_finite()) return false;
    if (std::abs(midpoint - value) > 1e-9 * scale) return false;
    if (std::abs(midpoint - value) > enclosures(i).radius() + 1e-12 * scale) return false;
  }
  return true;
}

// compare at each precision of the ladder until decided (as the checker does).
Comparison compare_on_ladder(const SmoothOverBalls::Object& x,
                             const std::function<SmoothOverBalls::Point()>& lhs,
                             const std::function<SmoothOverBalls::Point()>& rhs) {
  Comparison result = Comparison::Undecided;
  for (const long bits : SmoothOverBalls::precisions()) {
    const auto scope = SmoothOverBalls::at_precision(bits);
    std::mt19937_64 unused(0);
    result = balls.compare(x, lhs(), rhs(), kDefault, unused);
    if (result != Comparison::Undecided) break;
  }
  return result;
}

// The radius of exp(1) at the working precision.
double e_at_working_precision() {
  const auto one = balls.unit_point();
  return balls.apply(balls.compose(balls.primitive(Primitive::Exp), balls.constant(1)), one)(0)
      .radius();
}

}  // namespace

TEST_CASE("smooth@ball: its name, its objects and its points", "[smooth][ball]") {
  CHECK(smooth.name() == "smooth");
  CHECK(balls.name() == "smooth@ball");
  CHECK_FALSE(balls.is_foil());
  const auto p = balls.product(balls.atom("A"), balls.real());
  CHECK(p == smooth.product(smooth.atom("A"), smooth.real()));  // one object class
  CHECK(balls.describe_object(p) == "(A × R)");
  CHECK(balls.describe_point(p, ball_point({1, 2, 0.5})) == "<[1, 2], 0.5>");
  CHECK(balls.describe_point(balls.terminal(), balls.unit_point()) == "()");
  // A ball that is not a double prints as an enclosure.
  const Ball third = Ball(1) / Ball(3);
  CHECK(balls.describe_point(balls.real(), ball_point({third})).find("+/-") != std::string::npos);
  CHECK(balls.real_value(ball_point({third})) == 1.0 / 3);
  CHECK(balls.is_finite(p, ball_point({1, 2, 3})));
  CHECK_FALSE(balls.is_finite(p, ball_point({1, Ball(1) / Ball(0), 3})));
}

TEST_CASE("smooth@ball: literals and random points are smooth's doubles, exactly",
          "[smooth][ball]") {
  const auto one = balls.unit_point();
  const auto value = balls.apply(balls.constant(0.1), one);
  CHECK(value(0).radius() == 0);
  CHECK(value(0).midpoint() == 0.1);
  const std::vector<Smooth::Object> objects = {smooth.real(), smooth.atom("A"),
                                               smooth.product(smooth.atom("A"), smooth.real())};
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    INFO("seed " << seed);
    for (const auto& x : objects) {
      std::mt19937_64 double_rng(seed), ball_rng(seed);
      const Smooth::Point p = smooth.random_point(x, double_rng);
      const SmoothOverBalls::Point q = balls.random_point(x, ball_rng);
      REQUIRE(q.size() == p.size());
      for (Eigen::Index i = 0; i < p.size(); ++i) {
        CHECK(q(i).midpoint() == p(i));
        CHECK(q(i).radius() == 0);
      }
      CHECK(balls.describe_point(x, q) == smooth.describe_point(x, p));
      CHECK(double_rng() == ball_rng());  // the same number of draws
    }
  }
}

TEST_CASE("smooth@ball: random morphisms, D f and D(D f) enclose smooth's values",
          "[smooth][ball]") {
  const auto r = smooth.real();
  const std::vector<Smooth::Object> objects = {r, smooth.atom("A"), smooth.product(r, r),
                                               smooth.product(smooth.atom("A"), r)};
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    INFO("seed " << seed);
    const auto& x = objects[seed % objects.size()];
    const auto& y = objects[(seed / 4) % objects.size()];
    std::mt19937_64 double_rng(seed), ball_rng(seed);
    const auto f = smooth.random_morphism(x, y, double_rng);
    const auto g = balls.random_morphism(x, y, ball_rng);
    REQUIRE(balls.describe_morphism(g) == smooth.describe_morphism(f));
    const auto df = smooth.derivative(f), ddf = smooth.derivative(df);
    const auto dg = balls.derivative(g), ddg = balls.derivative(dg);
    const auto p = smooth.random_point(smooth.domain(ddf), double_rng);
    const auto q = balls.random_point(balls.domain(ddg), ball_rng);
    REQUIRE(double_rng() == ball_rng());
    const int n = x.dimension();
    const Smooth::Point at = p.tail(n);
    const SmoothOverBalls::Point ball_at = q.tail(n);
    const Smooth::Point at_d = p.tail(2 * n);
    const SmoothOverBalls::Point ball_at_d = q.tail(2 * n);
    const Smooth::Point points[] = {at, at_d, p};
    const Smooth::Point values[] = {smooth.apply(f, at), smooth.apply(df, at_d),
                                    smooth.apply(ddf, p)};
    const SmoothOverBalls::Point enclosures[] = {balls.apply(g, ball_at),
                                                 balls.apply(dg, ball_at_d), balls.apply(ddg, q)};
    const Smooth::Object domains[] = {x, smooth.domain(df), smooth.domain(ddf)};
    for (int k = 0; k < 3; ++k) {
      INFO("D^" << k << " f at " << smooth.describe_point(domains[k], points[k]));
      INFO("smooth " << smooth.describe_point(y, values[k]) << ", smooth@ball "
                     << balls.describe_point(y, enclosures[k]));
      if (!values[k].allFinite()) continue;
      CHECK(encloses(enclosures[k], values[k]));
      ++compared;
    }
  }
  CHECK(compared >= 150);
}

TEST_CASE("smooth@ball: D f equals its Jacobian times the direction, with certainty",
          "[smooth][ball]") {
  const auto r = smooth.real();
  const std::vector<Smooth::Object> objects = {r, smooth.atom("A"),
                                               smooth.product(smooth.atom("A"), r)};
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    INFO("seed " << seed);
    std::mt19937_64 rng(seed);
    const auto& x = objects[seed % objects.size()];
    const auto& y = objects[(seed / 3) % objects.size()];
    const auto f = balls.random_morphism(x, y, rng);
    const auto df = balls.derivative(f);
    const auto vx = balls.random_point(balls.domain(df), rng);
    const int n = x.dimension();
    // D(f)(v, x) from one perturbed evaluation, and J_f(x)·v column by column.
    const auto by_derivative = [&] { return balls.apply(df, vx); };
    const auto by_jacobian = [&]() -> SmoothOverBalls::Point {
      const SmoothOverBalls::Matrix jacobian =
          balls.jacobian(f, SmoothOverBalls::Point(vx.tail(n)));
      SmoothOverBalls::Point result(jacobian.rows());
      for (Eigen::Index i = 0; i < jacobian.rows(); ++i) {
        result(i) = Ball(0);
        for (Eigen::Index j = 0; j < n; ++j) result(i) += jacobian(i, j) * vx(j);
      }
      return result;
    };
    CHECK(compare_on_ladder(y, by_derivative, by_jacobian) == Comparison::Equal);
  }
  // A concrete one: D(sin)(v, x) = cos(x)·v, the second side built from cos.
  const auto r2 = balls.product(balls.real(), balls.real());
  const auto by_formula = balls.compose(
      balls.primitive(Primitive::Mul),
      balls.pair(
          balls.proj1(balls.real(), balls.real()),
          balls.compose(balls.primitive(Primitive::Cos), balls.proj2(balls.real(), balls.real()))));
  const auto at = ball_point({0.75, 1.25});
  std::mt19937_64 unused(0);
  CHECK(balls.compare(balls.real(),
                      balls.apply(balls.derivative(balls.primitive(Primitive::Sin)), at),
                      balls.apply(by_formula, at), kDefault, unused) == Comparison::Equal);
  CHECK(balls.domain(by_formula) == r2);
}

TEST_CASE("smooth@ball: a relative difference of 1e-12 is certified, with δ", "[smooth][ball]") {
  const double k = 1 + 1e-12;
  const auto at_double = Smooth::Point::Constant(1, 0.7);
  const auto at_ball = ball_point({0.7});
  std::mt19937_64 rng(1);
  // Double's tolerance accepts x ≠ x·k.
  CHECK(smooth.approx_equal(smooth.real(), smooth.apply(smooth.identity(smooth.real()), at_double),
                            smooth.apply(times_constant(smooth, k), at_double), kDefault, rng));
  const auto lhs = balls.apply(balls.identity(balls.real()), at_ball);
  const auto rhs = balls.apply(times_constant(balls, k), at_ball);
  CHECK(balls.compare(balls.real(), lhs, rhs, kDefault, rng) == Comparison::Different);
  CHECK_FALSE(balls.approx_equal(balls.real(), lhs, rhs, kDefault, rng));
  const auto difference = balls.difference(balls.real(), lhs, rhs, kDefault, rng);
  REQUIRE(difference);
  CHECK(difference->steps.empty());
  CHECK(difference->lhs == 0.7);
  REQUIRE(difference->separation);
  // δ ≤ |0.7 − 0.7·k| (k − 1 is the double nearest 1e-12, not 1e-12).
  CHECK(*difference->separation > 0.69e-12);
  CHECK(*difference->separation <= 0.7 * (k - 1) * (1 + 1e-9));
  // In a pair, the step names the coordinate; a difference decides over an
  // undecided coordinate.
  const auto plane = balls.product(balls.real(), balls.real());
  Ball wide(1);
  mag_set_ui_2exp_si(arb_radref(wide.get()), 1, -20);
  const auto p = ball_point({wide, lhs(0)}), q = ball_point({1, rhs(0)});
  CHECK(balls.compare(plane, p, q, kDefault, rng) == Comparison::Different);
  const auto in_pair = balls.difference(plane, p, q, kDefault, rng);
  REQUIRE(in_pair);
  REQUIRE(in_pair->steps.size() == 1);
  CHECK(in_pair->steps[0].step == "coordinate 2 of 2");
  CHECK(in_pair->separation.value_or(0) > 0);
  // Alone, the wide ball is undecided; a ball that is not finite is NotFinite.
  CHECK(balls.compare(balls.real(), ball_point({wide}), ball_point({1}), kDefault, rng) ==
        Comparison::Undecided);
  CHECK_FALSE(balls.difference(balls.real(), ball_point({wide}), ball_point({1}), kDefault, rng));
  CHECK(balls.compare(plane, ball_point({Ball(1) / Ball(0), 1}), ball_point({1, 1}), kDefault,
                      rng) == Comparison::NotFinite);
  // Over double, difference is as before: no separation.
  const auto doubles = smooth.difference(smooth.real(), Smooth::Point::Constant(1, 1.0),
                                         Smooth::Point::Constant(1, 2.0), kDefault, rng);
  REQUIRE(doubles);
  CHECK_FALSE(doubles->separation);
}

TEST_CASE("smooth@ball: catastrophic cancellation fools double, not the balls", "[smooth][ball]") {
  // f(x) = (x + 1e16) + (−1e16) = x. In double x + 1e16 rounds to 1e16.
  const auto f =
      plus_constant(smooth, plus_constant(smooth, smooth.identity(smooth.real()), 1e16), -1e16);
  const auto at_double = Smooth::Point::Constant(1, 0.3);
  std::mt19937_64 rng(1);
  CHECK(smooth.apply(f, at_double)(0) == 0);
  CHECK_FALSE(
      smooth.approx_equal(smooth.real(), smooth.apply(f, at_double), at_double, kDefault, rng));
  const auto g =
      plus_constant(balls, plus_constant(balls, balls.identity(balls.real()), 1e16), -1e16);
  const auto at_ball = ball_point({0.3});
  const auto id = balls.identity(balls.real());
  {
    // At 64 bits the sum is rounded: its ball holds 0.3 but is too wide.
    const auto scope = SmoothOverBalls::at_precision(64);
    const auto value = balls.apply(g, at_ball);
    CHECK(value(0).radius() > 0);
    CHECK(balls.compare(balls.real(), value, balls.apply(id, at_ball), kDefault, rng) ==
          Comparison::Undecided);
  }
  // Up the ladder it is decided, and correct.
  CHECK(compare_on_ladder(
            balls.real(), [&] { return balls.apply(g, at_ball); },
            [&] { return balls.apply(id, at_ball); }) == Comparison::Equal);
}

TEST_CASE("smooth@ball: the precision ladder raises the working precision", "[smooth][ball]") {
  const auto ladder = SmoothOverBalls::precisions();
  CHECK(std::vector<long>(ladder.begin(), ladder.end()) == std::vector<long>{64, 256, 1024});
  const long before = models::ball_precision();
  {
    const auto scope = SmoothOverBalls::at_precision(256);
    CHECK(models::ball_precision() == 256);
    // e to 256 bits: a radius far below 64 bits'.
    CHECK(e_at_working_precision() < 1e-70);
  }
  CHECK(models::ball_precision() == before);
  CHECK(e_at_working_precision() > 1e-30);
}
