// Tests of the `smooth` model (spec §1, "Examples"): Jacobians of concrete
// maps against hand-computed ones, D and D(D(·)) on concrete points, the
// chain rule and symmetry of second derivatives on random morphisms, linear
// maps, descriptions, and the CategoryError for mismatched morphisms.
#include "models/smooth/smooth.h"

#include <catch2/catch.hpp>
#include <cmath>

#include "models/builtin_models.h"
#include "models/registry.h"
#include "semantics/cartesian_closed_category.h"
#include "semantics/cartesian_differential_category.h"
#include "semantics/category_error.h"
#include "semantics/derived.h"
#include "semantics/testable_model.h"

using namespace perturb;
using calculus::Primitive;
using models::Smooth;
using Point = Smooth::Point;

static_assert(semantics::CartesianDifferentialCategory<Smooth>);
static_assert(semantics::TestableModel<Smooth>);
static_assert(models::RegisteredModel<Smooth>);
static_assert(!semantics::CartesianClosedCategory<Smooth>);

namespace {

const Smooth smooth;

Point point(std::initializer_list<double> coordinates) {
  Point p(static_cast<Eigen::Index>(coordinates.size()));
  Eigen::Index i = 0;
  for (double c : coordinates) p(i++) = c;
  return p;
}

Smooth::Object reals2() { return smooth.product(smooth.real(), smooth.real()); }

// f(x, y) = (x·y, sin x) : R × R → R × R.
Smooth::Morphism product_and_sine() {
  return smooth.pair(
      smooth.primitive(Primitive::Mul),
      smooth.compose(smooth.primitive(Primitive::Sin), smooth.proj1(smooth.real(), smooth.real())));
}

// x ↦ x³ : R → R, as mul∘⟨id, mul∘⟨id, id⟩⟩.
Smooth::Morphism cube() {
  const auto id = smooth.identity(smooth.real());
  const auto mul = smooth.primitive(Primitive::Mul);
  return smooth.compose(mul, smooth.pair(id, smooth.compose(mul, smooth.pair(id, id))));
}

bool close(const Point& p, const Point& q) {
  std::mt19937_64 unused;
  return p.size() == q.size() &&
         smooth.approx_equal(smooth.atom("v", static_cast<int>(p.size())), p, q,
                             semantics::Tolerance{1e-9, 1e-12}, unused);
}

}  // namespace

TEST_CASE("smooth: objects flatten to dimensions and compare structurally", "[smooth]") {
  CHECK(smooth.terminal().dimension() == 0);
  CHECK(smooth.real().dimension() == 1);
  CHECK(smooth.atom("A").dimension() == 2);  // the default atom dimension
  CHECK(Smooth(semantics::ModelConfig{5}).atom("A").dimension() == 5);
  const auto p = smooth.product(smooth.atom("A"), smooth.real());
  CHECK(p.dimension() == 3);
  CHECK(p == smooth.product(smooth.atom("A"), smooth.real()));
  CHECK_FALSE(p == smooth.product(smooth.real(), smooth.atom("A")));
  CHECK_FALSE(smooth.atom("A") == smooth.atom("B"));
  CHECK_FALSE(smooth.atom("A") == reals2());  // same dimension, different object
  const auto parts = smooth.factors(p);
  REQUIRE(parts.has_value());
  CHECK(parts->first == smooth.atom("A"));
  CHECK(parts->second == smooth.real());
  CHECK_FALSE(smooth.factors(smooth.real()).has_value());
  CHECK(smooth.describe_object(smooth.product(p, smooth.terminal())) == "((A × R) × 1)");
}

TEST_CASE("smooth: points print by their object's structure", "[smooth]") {
  const auto a_r = smooth.product(smooth.atom("A"), smooth.real());
  CHECK(smooth.describe_point(a_r, point({1, 2.5, -3})) == "<[1, 2.5], -3>");
  CHECK(smooth.describe_point(smooth.terminal(), smooth.unit_point()) == "()");
  CHECK(smooth.pair_point(point({1}), point({2, 3})) == point({1, 2, 3}));
  CHECK(smooth.real_value(point({4.5})) == 4.5);
}

TEST_CASE("smooth: primitives and constants evaluate", "[smooth]") {
  CHECK(smooth.apply(smooth.primitive(Primitive::Mul), point({2, 3})) == point({6}));
  CHECK(smooth.apply(smooth.primitive(Primitive::Sin), point({1})) == point({std::sin(1.0)}));
  CHECK(smooth.apply(smooth.primitive(Primitive::Cos), point({1})) == point({std::cos(1.0)}));
  CHECK(smooth.apply(smooth.primitive(Primitive::Exp), point({1})) == point({std::exp(1.0)}));
  CHECK(smooth.apply(smooth.constant(2.5), smooth.unit_point()) == point({2.5}));
  CHECK(smooth.apply(product_and_sine(), point({2, 3})) == point({6, std::sin(2.0)}));
  CHECK(smooth.apply(smooth.bang(reals2()), point({1, 2})).size() == 0);
  CHECK(smooth.apply(smooth.zero(smooth.real(), reals2()), point({7})) == point({0, 0}));
}

TEST_CASE("smooth: Jacobian of (x·y, sin x) is [[y, x], [cos x, 0]]", "[smooth]") {
  const auto f = product_and_sine();
  const Eigen::MatrixXd jacobian = smooth.jacobian(f, point({2, 3}));
  Eigen::MatrixXd expected(2, 2);
  expected << 3, 2, std::cos(2.0), 0;
  CHECK(jacobian.isApprox(expected));
  // D(f)(v, x) = J_f(x)·v with v = (1, −1), x = (2, 3): (3 − 2, cos 2).
  const auto df = smooth.derivative(f);
  CHECK(smooth.domain(df) == smooth.product(reals2(), reals2()));
  CHECK(smooth.codomain(df) == reals2());
  CHECK(close(smooth.apply(df, point({1, -1, 2, 3})), point({1, std::cos(2.0)})));
}

TEST_CASE("smooth: T(λx. x*x + 1)⟨1, 3⟩ = ⟨6, 10⟩ (spec §6)", "[smooth]") {
  const auto r = smooth.real();
  const auto id = smooth.identity(r);
  const auto f = smooth.add(smooth.compose(smooth.primitive(Primitive::Mul), smooth.pair(id, id)),
                            smooth.compose(smooth.constant(1), smooth.bang(r)));
  const auto tangent = smooth.pair(smooth.derivative(f), smooth.compose(f, smooth.proj2(r, r)));
  CHECK(close(smooth.apply(tangent, point({1, 3})), point({6, 10})));
}

TEST_CASE("smooth: chain rule on a concrete point", "[smooth]") {
  // g = sin∘mul; D(g)((v1, v2), (x, y)) = cos(xy)·(y·v1 + x·v2).
  const auto g = smooth.compose(smooth.primitive(Primitive::Sin), smooth.primitive(Primitive::Mul));
  const double x = 0.5, y = -1.5, v1 = 2, v2 = 0.25;
  const double expected = std::cos(x * y) * (y * v1 + x * v2);
  CHECK(close(smooth.apply(smooth.derivative(g), point({v1, v2, x, y})), point({expected})));
  // D(exp∘g) = D(exp)∘⟨D(g), g∘π2⟩ = exp(sin(xy))·D(g)(v, x).
  const auto h = smooth.compose(smooth.primitive(Primitive::Exp), g);
  CHECK(close(smooth.apply(smooth.derivative(h), point({v1, v2, x, y})),
              point({std::exp(std::sin(x * y)) * expected})));
}

TEST_CASE("smooth: D(D(x³)) gives the second derivative 12 at 2", "[smooth]") {
  const auto ddf = smooth.derivative(smooth.derivative(cube()));
  // D(D f)((dv, dx), (v, x)) = f'(x)·dv + f''(x)·v·dx; f' = 3x², f'' = 6x.
  CHECK(close(smooth.apply(ddf, point({0, 1, 1, 2})), point({12})));
  CHECK(close(smooth.apply(ddf, point({1, 0, 0, 2})), point({12})));  // f'(2) = 12 too
  CHECK(close(smooth.apply(ddf, point({0.5, 2, 3, -1})), point({3 * 0.5 + -6 * 3 * 2})));
  // Third derivative, through three nested tags. With g(dv, dx, v, x) =
  // D(D f) = f'(x)·dv + f''(x)·v·dx, moving x alone by 1 gives
  // ∂g/∂x = f''(x)·dv + f'''(x)·v·dx = 6 at (dv, dx, v, x) = (0, 1, 1, 0.7).
  const auto dddf = smooth.derivative(ddf);
  const Point p = point({0, 0, 0, 1, /* point: */ 0, 1, 1, 0.7});
  CHECK(close(smooth.apply(dddf, p), point({6})));
}

TEST_CASE("smooth: linear maps satisfy D(f) = f∘π1", "[smooth]") {
  const auto a = smooth.atom("A", 3);
  const auto b = smooth.real();
  Eigen::MatrixXd matrix(1, 3);
  matrix << 1, -2, 0.5;
  for (const auto& f :
       {smooth.linear(a, b, matrix),
        smooth.compose(smooth.proj2(a, a), smooth.pair(smooth.identity(a), smooth.identity(a)))}) {
    const auto x = smooth.domain(f);
    const auto lhs = smooth.derivative(f);
    const auto rhs = smooth.compose(f, smooth.proj1(x, x));
    std::mt19937_64 rng(7);
    for (int i = 0; i < 5; ++i) {
      const Point p = smooth.random_point(smooth.product(x, x), rng);
      CHECK(close(smooth.apply(lhs, p), smooth.apply(rhs, p)));
    }
  }
  // The matrix itself is the Jacobian, at any point.
  CHECK(smooth.jacobian(smooth.linear(a, b, matrix), point({5, 6, 7})).isApprox(matrix));
}

TEST_CASE("smooth: D of a map out of 1 is 0", "[smooth]") {
  const auto d = smooth.derivative(smooth.constant(3));
  CHECK(smooth.domain(d) == smooth.product(smooth.terminal(), smooth.terminal()));
  CHECK(smooth.apply(d, smooth.unit_point()) == point({0}));
}

TEST_CASE("smooth: random morphisms are deterministic in the rng", "[smooth]") {
  const auto x = smooth.product(smooth.atom("A"), smooth.real());
  const auto y = smooth.product(smooth.real(), smooth.atom("B"));
  std::mt19937_64 first(42), second(42);
  const auto f = smooth.random_morphism(x, y, first);
  const auto g = smooth.random_morphism(x, y, second);
  CHECK(smooth.domain(f) == x);
  CHECK(smooth.codomain(f) == y);
  CHECK(smooth.describe_morphism(f) == smooth.describe_morphism(g));
  const Point p = point({0.3, -1, 1.7});
  CHECK(smooth.apply(f, p) == smooth.apply(g, p));
}

TEST_CASE("smooth: chain rule D5 and symmetry D7 on random morphisms", "[smooth]") {
  const auto r = smooth.real();
  const std::vector<Smooth::Object> objects = {r, smooth.atom("A"), smooth.product(r, r),
                                               smooth.product(smooth.atom("A"), r)};
  int nonlinear = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    INFO("seed " << seed);
    std::mt19937_64 rng(seed);
    const auto& w = objects[seed % objects.size()];
    const auto& x = objects[(seed / 2) % objects.size()];
    const auto& y = objects[(seed / 3) % objects.size()];
    const auto f = smooth.random_morphism(x, y, rng);
    const auto g = smooth.random_morphism(w, x, rng);
    INFO("f = " << smooth.describe_morphism(f) << ", g = " << smooth.describe_morphism(g));
    // D5: D(f∘g) = D(f)∘⟨D(g), g∘π2⟩
    const auto lhs = smooth.derivative(smooth.compose(f, g));
    const auto rhs =
        smooth.compose(smooth.derivative(f),
                       smooth.pair(smooth.derivative(g), smooth.compose(g, smooth.proj2(w, w))));
    const Point p = smooth.random_point(smooth.product(w, w), rng);
    const Point left = smooth.apply(lhs, p);
    if (!left.allFinite()) continue;
    std::mt19937_64 unused;
    CHECK(smooth.approx_equal(y, left, smooth.apply(rhs, p), semantics::Tolerance{}, unused));
    // D7: D(D(f))∘⟨⟨0, h⟩, ⟨g, k⟩⟩ = D(D(f))∘⟨⟨0, g⟩, ⟨h, k⟩⟩ at points h, g, k of X.
    const auto ddf = smooth.derivative(smooth.derivative(f));
    const Point h = smooth.random_point(x, rng);
    const Point g2 = smooth.random_point(x, rng);
    const Point k = smooth.random_point(x, rng);
    const Point zero = Point::Zero(x.dimension());
    const auto at = [&](const Point& a, const Point& b, const Point& c, const Point& d) {
      return smooth.apply(ddf, smooth.pair_point(smooth.pair_point(a, b), smooth.pair_point(c, d)));
    };
    const Point second = at(zero, h, g2, k);
    CHECK(smooth.approx_equal(y, second, at(zero, g2, h, k), semantics::Tolerance{}, unused));
    if (second.norm() > 1e-6) ++nonlinear;
  }
  CHECK(nonlinear > 5);  // the family really has curvature
}

TEST_CASE("smooth: mismatched morphisms throw a CategoryError naming both objects", "[smooth]") {
  const auto mul = smooth.primitive(Primitive::Mul);
  const auto sin = smooth.primitive(Primitive::Sin);
  CHECK_THROWS_MATCHES(smooth.compose(mul, sin), semantics::CategoryError,
                       Catch::Message("compose: object (R × R) does not match R"));
  CHECK_THROWS_MATCHES(smooth.pair(mul, sin), semantics::CategoryError,
                       Catch::Message("pair: object (R × R) does not match R"));
  CHECK_THROWS_AS(smooth.add(mul, sin), semantics::CategoryError);
  CHECK_THROWS_AS(smooth.compose(sin, smooth.identity(smooth.atom("A", 1))),
                  semantics::CategoryError);
  CHECK_NOTHROW(smooth.compose(sin, mul));
}

TEST_CASE("smooth: the generic derived structure evaluates as spec §2 says", "[smooth]") {
  const auto r = smooth.real();
  const auto a = smooth.atom("A");
  // μ((w, v), (u, x)) = (v + u, x) on A.
  CHECK(smooth.apply(semantics::multiplication(smooth, a), point({1, 2, 3, 4, 5, 6, 7, 8})) ==
        point({3 + 5, 4 + 6, 7, 8}));
  // t(x, (y', y)) = ((0, y'), (x, y)) on R × T R.
  CHECK(smooth.apply(semantics::right_strength(smooth, r, r), point({1, 2, 3})) ==
        point({0, 2, 1, 3}));
  // φ = μ∘T(t)∘t' is the canonical isomorphism ((x', x), (y', y)) ↦ ((x', y'), (x, y)).
  CHECK(close(smooth.apply(semantics::phi(smooth, r, a), point({1, 2, 3, 4, 5, 6})),
              point({1, 3, 4, 2, 5, 6})));
  // Lemma 3.8: T(⟨f, g⟩) = φ∘⟨T(f), T(g)⟩ with f = mul, g = sin∘π1.
  const auto f = smooth.primitive(Primitive::Mul);
  const auto g = smooth.compose(smooth.primitive(Primitive::Sin), smooth.proj1(r, r));
  const auto lhs = semantics::tangent_map(smooth, smooth.pair(f, g));
  const auto rhs = smooth.compose(
      semantics::phi(smooth, r, r),
      smooth.pair(semantics::tangent_map(smooth, f), semantics::tangent_map(smooth, g)));
  const Point p = point({0.5, -1, 2, 3});  // direction (0.5, −1), point (2, 3)
  CHECK(close(smooth.apply(lhs, p), smooth.apply(rhs, p)));
  CHECK(close(smooth.apply(lhs, p), point({1.5 - 2, std::cos(2.0) * 0.5, 6, std::sin(2.0)})));
}

TEST_CASE("smooth: it is listed in the registry", "[smooth]") {
  const auto names = models::builtin_model_names();
  CHECK(std::find(names.begin(), names.end(), "smooth") != names.end());
}
