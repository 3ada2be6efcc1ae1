// Tests of the `symbolic` model (models/symbolic/symbolic.h): exact literals and
// substitution, the laws of a cartesian differential category proved as
// identities of expressions (D1–D7, Leibniz, the first-order tangent laws)
// on random morphisms, wrong identities never proved and refuted with a
// certified separation, the precision ladder, the budgets, and the lock.
//
// The whole file takes about 1.9 s (RelWithDebInfo, one core), 1.6 s of it
// the random laws.
#include "models/symbolic/symbolic.h"

#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <concepts>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <thread>
#include <vector>

#include "../read_reals.h"
#include "calculus/error.h"
#include "calculus/print.h"
#include "calculus/random_term.h"
#include "models/smooth/smooth.h"
#include "semantics/cartesian_closed_category.h"
#include "semantics/cartesian_differential_category.h"
#include "semantics/category_error.h"
#include "semantics/derived.h"
#include "semantics/evaluation_budget.h"
#include "semantics/interpret.h"
#include "semantics/testable_model.h"

using namespace perturb;
using calculus::Primitive;
using models::Symbolic;
using Point = Symbolic::Point;
using Morphism = Symbolic::Morphism;
using semantics::Comparison;

static_assert(semantics::CartesianDifferentialCategory<Symbolic>);
static_assert(semantics::TestableModel<Symbolic>);
static_assert(std::constructible_from<Symbolic, const semantics::ModelConfig&>);
static_assert(!semantics::CartesianClosedCategory<Symbolic>);
// The precision ladder proofs/cases/check_case.h looks for (HasPrecisionLadder).
static_assert(requires(const Symbolic& c) {
  { c.precisions() } -> std::convertible_to<std::span<const long>>;
  c.at_precision(64L);
});

namespace {

const Symbolic symbolic;
const semantics::Tolerance kTolerance{};

GiNaC::ex x(int i) { return Symbolic::coordinate(i); }
GiNaC::ex q(double value) { return Symbolic::exact(value); }

// The same expressions, structurally.
bool same(const std::vector<GiNaC::ex>& a, const std::vector<GiNaC::ex>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const GiNaC::ex& e, const GiNaC::ex& f) { return e.is_equal(f); });
}

Symbolic::Object r() { return symbolic.real(); }
Symbolic::Object plane() { return symbolic.product(r(), r()); }

Comparison compare(const Symbolic::Object& object, const Point& p, const Point& q) {
  std::mt19937_64 unused;
  return symbolic.compare(object, p, q, kTolerance, unused);
}

std::optional<semantics::Difference> difference(const Symbolic::Object& object, const Point& p,
                                                const Point& q) {
  std::mt19937_64 unused;
  return symbolic.difference(object, p, q, kTolerance, unused);
}

// The law lhs = rhs at one case: whether it is proved, and its sides
// compared at a random point up the precision ladder, as the checker does.
struct Instance {
  bool proved;
  Comparison at_point;
};

Instance check(const Morphism& lhs, const Morphism& rhs, std::mt19937_64& rng) {
  const Point p = symbolic.random_point(lhs.domain(), rng);
  const Point left = symbolic.apply(lhs, p), right = symbolic.apply(rhs, p);
  Comparison at_point = Comparison::Undecided;
  for (const long bits : Symbolic::precisions()) {
    const auto scope = Symbolic::at_precision(bits);
    at_point = compare(lhs.codomain(), left, right);
    if (at_point != Comparison::Undecided) break;
  }
  return {symbolic.proves_equal(lhs, rhs), at_point};
}

}  // namespace

TEST_CASE("symbolic: literals are exact rationals and points print as doubles", "[symbolic]") {
  const auto lock = Symbolic::exclusive();
  // 0.1 is 3602879701896397·2⁻⁵⁵, not 1/10.
  CHECK(q(0.1).is_equal(GiNaC::numeric(3602879701896397) / GiNaC::pow(2, 55)));
  CHECK(q(-1.5).is_equal(GiNaC::numeric(-3, 2)));
  CHECK(q(0).is_zero());
  CHECK(q(5e-324).is_equal(GiNaC::pow(2, -1074)));
  CHECK(GiNaC::ex_to<GiNaC::numeric>(q(1e300)).is_integer());
  CHECK(GiNaC::ex_to<GiNaC::numeric>(q(1e300)).to_double() == 1e300);
  CHECK_THROWS_AS(Symbolic::exact(std::numeric_limits<double>::infinity()),
                  calculus::InternalError);

  const auto c = symbolic.constant(0.1);
  CHECK(same(c.coordinates(), {q(0.1)}));
  CHECK(symbolic.real_value(symbolic.apply(c, symbolic.unit_point())) == 0.1);
  const auto a = symbolic.atom("A");
  CHECK(symbolic.describe_point(symbolic.product(a, symbolic.terminal()), {q(1), q(2.5)}) ==
        "<[1, 2.5], ()>");
  CHECK(symbolic.describe_point(r(), {GiNaC::sin(q(1))}) == fmt::format("{}", std::sin(1.0)));
  CHECK(symbolic.describe_object(symbolic.product(a, r())) == "(A × R)");
}

TEST_CASE("symbolic: composition substitutes, pairs concatenate, projections pick", "[symbolic]") {
  const auto lock = Symbolic::exclusive();
  const auto mul = symbolic.primitive(Primitive::Mul);
  const auto sin = symbolic.primitive(Primitive::Sin);
  // sin∘mul∘⟨π2, π1⟩ = sin(x1·x0).
  const auto f = symbolic.compose(
      sin,
      symbolic.compose(mul, symbolic.pair(symbolic.proj2(r(), r()), symbolic.proj1(r(), r()))));
  CHECK(same(f.coordinates(), {GiNaC::sin(x(0) * x(1))}));
  CHECK(f.description() == "(sin ∘ (mul ∘ ⟨π2, π1⟩))");
  CHECK(symbolic.describe_morphism(f) == "(x0, x1) ↦ (sin(x0·x1))");
  const auto g = symbolic.affine(plane(), r(), Eigen::MatrixXd{{0.5, -1}}, Eigen::VectorXd{{2}});
  CHECK(symbolic.describe_morphism(g) == "(x0, x1) ↦ (0.5·x0 - x1 + 2)");
  const auto h = symbolic.make_morphism(
      plane(), r(), "h",
      {-3 * GiNaC::pow(x(1) - x(0), 2) * (x(0) - x(1)) + GiNaC::exp(q(0.25) * x(1))});
  CHECK(symbolic.describe_morphism(h) == "(x0, x1) ↦ (-3·(x0 - x1)^3 + exp(0.25·x1))");
  CHECK(same(symbolic.apply(g, {q(1), q(3)}), {q(-0.5)}));
  const auto bang = symbolic.bang(plane());
  CHECK(symbolic.apply(bang, {q(1), q(2)}).empty());
  CHECK(same(symbolic.apply(symbolic.zero(r(), plane()), {q(7)}), {0, 0}));
  CHECK(same(symbolic.apply(symbolic.pair(f, g), {q(0), q(1)}), {0, q(1)}));
}

TEST_CASE("symbolic: D of the primitives, with the direction first", "[symbolic]") {
  const auto lock = Symbolic::exclusive();
  // D(sin)(v, x) = cos(x)·v.
  const auto d_sin = symbolic.derivative(symbolic.primitive(Primitive::Sin));
  CHECK(symbolic.proves_equal(
      d_sin, symbolic.make_morphism(plane(), r(), "cos(x)·v", {GiNaC::cos(x(1)) * x(0)})));
  // Leibniz: D(mul)((v1, v2), (x1, x2)) = v1·x2 + x1·v2.
  const auto d_mul = symbolic.derivative(symbolic.primitive(Primitive::Mul));
  CHECK(
      symbolic.proves_equal(d_mul, symbolic.make_morphism(symbolic.product(plane(), plane()), r(),
                                                          "Leibniz", {x(0) * x(3) + x(2) * x(1)})));
  const auto d_exp = symbolic.derivative(symbolic.primitive(Primitive::Exp));
  CHECK(same(symbolic.apply(d_exp, {q(2), q(0)}), {2}));
  const auto d_cos = symbolic.derivative(symbolic.primitive(Primitive::Cos));
  CHECK(symbolic.proves_equal(
      d_cos, symbolic.make_morphism(plane(), r(), "-sin(x)·v", {-GiNaC::sin(x(1)) * x(0)})));
  // A map out of 1 has derivative 0.
  CHECK(
      same(symbolic.apply(symbolic.derivative(symbolic.constant(3)), symbolic.unit_point()), {0}));
}

TEST_CASE("symbolic: the CDC laws and the tangent laws are proved on random morphisms",
          "[symbolic]") {
  const auto lock = Symbolic::exclusive();
  const auto a = symbolic.atom("A");
  const std::vector<Symbolic::Object> objects = {r(), a, plane(), symbolic.product(a, r())};
  int proved = 0, discarded = 0, total = 0, nonlinear = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    INFO("seed " << seed);
    std::mt19937_64 rng(seed);
    const auto& w = objects[seed % objects.size()];
    const auto& x = objects[(seed / 2) % objects.size()];
    const auto& y = objects[(seed / 3) % objects.size()];
    const auto f = symbolic.random_morphism(x, y, rng);
    const auto f2 = symbolic.random_morphism(x, y, rng);
    const auto g = symbolic.random_morphism(w, x, rng);
    const auto h = symbolic.random_morphism(w, x, rng);
    const auto k = symbolic.random_morphism(w, x, rng);
    const auto s = symbolic.random_morphism(x, r(), rng);
    const auto t = symbolic.random_morphism(x, r(), rng);
    INFO("f = " << symbolic.describe_morphism(f) << ", g = " << symbolic.describe_morphism(g));
    const auto d = [&](const Morphism& m) { return symbolic.derivative(m); };
    const auto o = [&](const Morphism& m, const Morphism& n) { return symbolic.compose(m, n); };
    const auto p = [&](const Morphism& m, const Morphism& n) { return symbolic.pair(m, n); };
    const auto plus = [&](const Morphism& m, const Morphism& n) { return symbolic.add(m, n); };
    const auto tangent = [&](const Morphism& m) { return semantics::tangent_map(symbolic, m); };
    const auto zero_wx = symbolic.zero(w, x);
    const auto mul = symbolic.primitive(Primitive::Mul);
    const auto pi2 = [&](const Symbolic::Object& z) { return symbolic.proj2(z, z); };
    using Sides = std::pair<Morphism, Morphism>;
    const std::vector<std::function<Sides()>> laws = {
        // D1: D(f + f2) = D(f) + D(f2).
        [&] {
          return Sides{d(plus(f, f2)), plus(d(f), d(f2))};
        },
        // D2: D(f)∘⟨g + h, k⟩ = D(f)∘⟨g, k⟩ + D(f)∘⟨h, k⟩.
        [&] {
          return Sides{o(d(f), p(plus(g, h), k)), plus(o(d(f), p(g, k)), o(d(f), p(h, k)))};
        },
        // D4: D(⟨f, f2⟩) = ⟨D(f), D(f2)⟩.
        [&] {
          return Sides{d(p(f, f2)), p(d(f), d(f2))};
        },
        // D5: D(f∘g) = D(f)∘⟨D(g), g∘π2⟩.
        [&] {
          return Sides{d(o(f, g)), o(d(f), p(d(g), o(g, pi2(w))))};
        },
        // D6: D(D(f))∘⟨⟨g, 0⟩, ⟨h, k⟩⟩ = D(f)∘⟨g, k⟩.
        [&] {
          return Sides{o(d(d(f)), p(p(g, zero_wx), p(h, k))), o(d(f), p(g, k))};
        },
        // D7: D(D(f))∘⟨⟨0, h⟩, ⟨g, k⟩⟩ = D(D(f))∘⟨⟨0, g⟩, ⟨h, k⟩⟩.
        [&] {
          return Sides{o(d(d(f)), p(p(zero_wx, h), p(g, k))),
                       o(d(d(f)), p(p(zero_wx, g), p(h, k)))};
        },
        // Leibniz: D(s·t) = D(s)·t + s·D(t).
        [&] {
          return Sides{d(o(mul, p(s, t))),
                       plus(o(mul, p(d(s), o(t, pi2(x)))), o(mul, p(o(s, pi2(x)), d(t))))};
        },
        // T is a functor: T(f∘g) = T(f)∘T(g).
        [&] {
          return Sides{tangent(o(f, g)), o(tangent(f), tangent(g))};
        },
        // μ is natural: T(f)∘μ = μ∘T(T(f)).
        [&] {
          return Sides{o(tangent(f), semantics::multiplication(symbolic, x)),
                       o(semantics::multiplication(symbolic, y), tangent(tangent(f)))};
        },
        // Lemma 3.8: T(⟨f, f2⟩) = φ∘⟨T(f), T(f2)⟩.
        [&] {
          return Sides{tangent(p(f, f2)),
                       o(semantics::phi(symbolic, y, y), p(tangent(f), tangent(f2)))};
        },
    };
    for (std::size_t law = 0; law < laws.size(); ++law) {
      INFO("law " << law);
      ++total;
      std::optional<Sides> sides;
      try {
        sides = laws[law]();
      } catch (const semantics::EvaluationBudgetExceeded&) {
        ++discarded;
        continue;
      }
      const Instance instance = check(sides->first, sides->second, rng);
      CHECK(instance.at_point == Comparison::Equal);
      proved += instance.proved ? 1 : 0;
    }
    // The family is not linear: D(D(f)) is often not 0.
    if (!symbolic.proves_equal(
            d(d(f)),
            symbolic.zero(symbolic.product(symbolic.product(x, x), symbolic.product(x, x)), y))) {
      ++nonlinear;
    }
  }
  // Measured: 297 of 300 proved, 3 (seed 27: D2, D6, D7) past the node
  // budget. Over seeds 1–200: 1993 of 2000 proved, 7 past the budget, none
  // left unproved.
  CHECK(total == 300);
  CHECK(proved + discarded == total);
  CHECK(discarded <= 3);
  CHECK(nonlinear > 10);
}

TEST_CASE("symbolic: wrong identities are not proved and are refuted with a separation",
          "[symbolic]") {
  const auto lock = Symbolic::exclusive();
  // D(sin) against sin·v.
  const auto d_sin = symbolic.derivative(symbolic.primitive(Primitive::Sin));
  const auto wrong = symbolic.make_morphism(plane(), r(), "sin(x)·v", {GiNaC::sin(x(1)) * x(0)});
  CHECK_FALSE(symbolic.proves_equal(d_sin, wrong));
  const Point p{q(0.75), q(-1.25)};
  REQUIRE(compare(r(), symbolic.apply(d_sin, p), symbolic.apply(wrong, p)) ==
          Comparison::Different);
  const auto d = difference(r(), symbolic.apply(d_sin, p), symbolic.apply(wrong, p));
  REQUIRE(d.has_value());
  CHECK(d->steps.empty());
  CHECK(d->lhs == Approx(std::cos(-1.25) * 0.75));
  CHECK(d->rhs == Approx(std::sin(-1.25) * 0.75));
  REQUIRE(d->separation.has_value());
  CHECK(*d->separation > 0);

  // The chain rule off by the exact factor 1 + 10⁻¹⁰, on random maps: never
  // proved, and refuted at a point although it is within the tolerance of
  // the floating-point models.
  const auto a = symbolic.atom("A");
  int candidates = 0, refuted = 0, unproved = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    INFO("seed " << seed);
    std::mt19937_64 rng(seed);
    const auto f = symbolic.random_morphism(a, plane(), rng);
    const auto g = symbolic.random_morphism(plane(), a, rng);
    const auto lhs = symbolic.derivative(symbolic.compose(f, g));
    const auto chain =
        symbolic.compose(symbolic.derivative(f),
                         symbolic.pair(symbolic.derivative(g),
                                       symbolic.compose(g, symbolic.proj2(plane(), plane()))));
    // The prover is not complete: of seeds 1–200, the chain rule of seed 1
    // alone (exp of a product with exp inside) is not proved; it is then
    // inconclusive, never a pass (proofs/cases/check_case.h).
    if (!symbolic.proves_equal(lhs, chain)) {
      ++unproved;
      continue;
    }
    const auto factor =
        symbolic.make_morphism(symbolic.terminal(), r(), "1 + 1e-10", {1 + q(1e-10)});
    const auto scaled =
        symbolic.compose(symbolic.primitive(Primitive::Mul),
                         symbolic.pair(symbolic.compose(factor, symbolic.bang(lhs.domain())),
                                       symbolic.compose(symbolic.proj1(r(), r()), chain)));
    const auto first = symbolic.compose(symbolic.proj1(r(), r()), lhs);
    if (symbolic.proves_equal(first, symbolic.zero(lhs.domain(), r()))) continue;
    ++candidates;
    CHECK_FALSE(symbolic.proves_equal(first, scaled));
    const Point point = symbolic.random_point(lhs.domain(), rng);
    const Point left = symbolic.apply(first, point), right = symbolic.apply(scaled, point);
    CHECK(
        semantics::approx_equal(symbolic.real_value(left), symbolic.real_value(right), kTolerance));
    if (compare(r(), left, right) == Comparison::Different) {
      ++refuted;
      CHECK(*difference(r(), left, right)->separation > 0);
    }
  }
  CHECK(unproved <= 1);  // measured: 1
  CHECK(refuted == candidates);
  CHECK(candidates >= 15);  // measured: 19
}

TEST_CASE("symbolic: exact 0 against a tiny number is a certified difference", "[symbolic]") {
  const auto lock = Symbolic::exclusive();
  CHECK(compare(r(), {0}, {q(1e-300)}) == Comparison::Different);
  CHECK(compare(r(), {0}, {GiNaC::sin(q(1e-300))}) == Comparison::Different);
  const auto d = difference(plane(), {q(1), 0}, {q(1), GiNaC::exp(q(-20)) * q(1e-290)});
  REQUIRE(d.has_value());
  REQUIRE(d->steps.size() == 1);
  CHECK(d->steps[0].step == "coordinate 2 of 2");
  CHECK(d->steps[0].lhs == "0");
  CHECK(d->rhs == Approx(std::exp(-20) * 1e-290));
  CHECK(*d->separation > 0);
  // Equal values written differently are not refuted: sin² + cos² = 1.
  const GiNaC::ex s = GiNaC::sin(q(1.0 / 3)), c = GiNaC::cos(q(1.0 / 3));
  CHECK(compare(r(), {s * s + c * c}, {1}) == Comparison::Equal);
  CHECK(compare(plane(), {q(2), s}, {q(2), s}) == Comparison::Equal);
}

TEST_CASE("symbolic: a cancellation is undecided at 64 bits and decided higher", "[symbolic]") {
  const auto lock = Symbolic::exclusive();
  CHECK(Symbolic::precisions().size() == 3);
  // (sin² 1 + cos² 1 − 1)·2¹⁰⁰ is 0, which no expansion shows, and its
  // enclosure at 64 bits is about ±2³⁶ wide.
  const GiNaC::ex s = GiNaC::sin(GiNaC::ex(1)), c = GiNaC::cos(GiNaC::ex(1));
  const GiNaC::ex zero = (s * s + c * c - 1) * GiNaC::pow(2, 100);
  const Point one{1}, almost_one{1 + zero}, beyond{1 + zero + GiNaC::pow(2, -140)};
  {
    const auto scope = Symbolic::at_precision(64);
    CHECK(compare(r(), almost_one, one) == Comparison::Undecided);
    CHECK(compare(r(), beyond, one) == Comparison::Undecided);
  }
  const auto scope = Symbolic::at_precision(256);
  CHECK(compare(r(), almost_one, one) == Comparison::Equal);
  CHECK(compare(r(), beyond, one) == Comparison::Different);
  // Exactly equal after expansion: Equal at any precision.
  const Point expanded{GiNaC::pow(q(0.5) + 1, 2)}, written{q(0.5) * q(0.5) + 2 * q(0.5) + 1};
  CHECK(compare(r(), expanded, written) == Comparison::Equal);
}

TEST_CASE("symbolic: nested derivatives and huge powers stop at the budget", "[symbolic]") {
  const auto lock = Symbolic::exclusive();
  const auto started = std::chrono::steady_clock::now();
  // D applied again and again to exp∘mul∘⟨sin, cos⟩∘affine: each D doubles
  // the dimension and multiplies the size.
  const auto inner = symbolic.affine(plane(), plane(), Eigen::MatrixXd{{0.5, 1}, {-1, 0.25}},
                                     Eigen::VectorXd{{0.1, 0.2}});
  auto f = symbolic.compose(
      symbolic.primitive(Primitive::Exp),
      symbolic.compose(
          symbolic.primitive(Primitive::Mul),
          symbolic.compose(
              symbolic.pair(
                  symbolic.compose(symbolic.primitive(Primitive::Sin), symbolic.proj1(r(), r())),
                  symbolic.compose(symbolic.primitive(Primitive::Cos), symbolic.proj2(r(), r()))),
              inner)));
  int derivatives = 0;
  CHECK_THROWS_AS(
      [&] {
        for (; derivatives < 10; ++derivatives) f = symbolic.derivative(f);
      }(),
      semantics::EvaluationBudgetExceeded);
  // Measured: D⁴(f) has 29 733 nodes; D⁵ would take 2·10⁶ nodes of work.
  CHECK(derivatives >= 3);
  CHECK(derivatives < 10);

  // x ↦ x^(2^64) by squaring 64 times is small as an expression, but its
  // value at 3/2 has 2^64 bits.
  const auto square =
      symbolic.compose(symbolic.primitive(Primitive::Mul),
                       symbolic.pair(symbolic.identity(r()), symbolic.identity(r())));
  auto power = symbolic.identity(r());
  for (int i = 0; i < 64; ++i) power = symbolic.compose(square, power);
  CHECK_THROWS_AS(symbolic.apply(power, {q(1.5)}), semantics::EvaluationBudgetExceeded);
  CHECK_THROWS_AS(symbolic.compose(power, symbolic.constant(1.5)),
                  semantics::EvaluationBudgetExceeded);
  // s^1024 = s^1023·(x0 + x1) + s^1023 for s = x0 + x1 + 1 needs s^1024
  // expanded, half a million terms: it is not proved rather than expanded,
  // and it is not refuted either.
  const GiNaC::ex sum = x(0) + x(1) + 1;
  const auto lhs = symbolic.make_morphism(plane(), r(), "s^1024", {GiNaC::pow(sum, 1024)});
  const auto rhs =
      symbolic.make_morphism(plane(), r(), "s^1023·(x0 + x1) + s^1023",
                             {GiNaC::pow(sum, 1023) * (x(0) + x(1)) + GiNaC::pow(sum, 1023)});
  CHECK_FALSE(symbolic.proves_equal(lhs, rhs));
  const Point point{q(0.5), q(-1.25)};
  CHECK(compare(r(), symbolic.apply(lhs, point), symbolic.apply(rhs, point)) == Comparison::Equal);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  CHECK(seconds < 5);
}

TEST_CASE("symbolic: morphisms are built only from their domain's coordinates", "[symbolic]") {
  const auto lock = Symbolic::exclusive();
  CHECK_THROWS_AS(symbolic.make_morphism(r(), r(), "x1", {x(1)}), calculus::InternalError);
  CHECK_THROWS_AS(symbolic.make_morphism(r(), r(), "y", {GiNaC::symbol("y")}),
                  calculus::InternalError);
  CHECK_THROWS_AS(symbolic.make_morphism(r(), r(), "log", {GiNaC::log(x(0))}),
                  calculus::InternalError);
  CHECK_THROWS_AS(symbolic.make_morphism(r(), r(), "0.5", {GiNaC::numeric(0.5)}),
                  calculus::InternalError);  // a floating-point number
  CHECK_THROWS_AS(symbolic.make_morphism(r(), r(), "1/3", {GiNaC::numeric(1, 3)}),
                  calculus::InternalError);  // not dyadic
  CHECK_THROWS_AS(symbolic.make_morphism(r(), r(), "√x", {GiNaC::sqrt(x(0))}),
                  calculus::InternalError);
  CHECK_THROWS_AS(symbolic.make_morphism(r(), plane(), "one", {x(0)}), calculus::InternalError);
  CHECK_THROWS_AS(symbolic.real_value({x(0)}), calculus::InternalError);
  const auto mul = symbolic.primitive(Primitive::Mul);
  const auto sin = symbolic.primitive(Primitive::Sin);
  CHECK_THROWS_MATCHES(symbolic.compose(mul, sin), semantics::CategoryError,
                       Catch::Message("compose: object (R × R) does not match R"));
  CHECK_THROWS_AS(symbolic.add(mul, sin), semantics::CategoryError);
  CHECK_FALSE(symbolic.proves_equal(mul, sin));
}

TEST_CASE("symbolic: morphisms are copied and destroyed on other threads without the lock",
          "[symbolic]") {
  std::mt19937_64 rng(3);
  const auto f = symbolic.random_morphism(plane(), plane(), rng);
  std::vector<std::thread> threads;
  std::vector<int> proved(4, 0);
  for (std::size_t i = 0; i < proved.size(); ++i) {
    threads.emplace_back([&f, &proved, i] {
      for (int round = 0; round < 20; ++round) {
        const Morphism copy = f;  // no lock: the expressions are shared, not copied
        const auto lock = Symbolic::exclusive();
        const auto lhs = symbolic.derivative(symbolic.add(copy, copy));
        proved[i] += symbolic.proves_equal(
            lhs, symbolic.add(symbolic.derivative(copy), symbolic.derivative(copy)));
      }
    });
  }
  for (auto& thread : threads) thread.join();
  CHECK(proved == std::vector<int>(4, 20));
}

TEST_CASE("symbolic: agrees with smooth on 300 random first-order judgements", "[symbolic]") {
  const auto lock = Symbolic::exclusive();
  const models::Smooth smooth;
  const calculus::Type real = calculus::real_type();
  const calculus::Context context(
      {{"x", real}, {"y", real}, {"p", calculus::mk_product(real, real)}});
  const calculus::TypeShape first_order{.max_depth = 2, .atoms = {"R"}};
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    calculus::Rng rng(seed);
    calculus::Type type = calculus::random_type(rng, first_order);
    while (!calculus::is_first_order(type)) type = calculus::random_type(rng, first_order);
    const calculus::Term term = calculus::random_term(rng, context, type, {.size = 12});
    INFO("seed " << seed << ": " << calculus::to_string(term, context));
    const double at[4] = {calculus::random_literal(rng), calculus::random_literal(rng),
                          calculus::random_literal(rng), calculus::random_literal(rng)};
    const auto value = [&](const auto& c) {
      using Model = std::decay_t<decltype(c)>;
      auto f = semantics::interpret(c, context, term, type);
      REQUIRE(f.ok());
      const auto real_point = [&](double r) { return c.apply(c.constant(r), c.unit_point()); };
      const std::vector<typename Model::Point> values{
          real_point(at[0]), real_point(at[1]), c.pair_point(real_point(at[2]), real_point(at[3]))};
      const auto point =
          semantics::context_point(c, std::span<const typename Model::Point>(values));
      std::vector<double> out;
      perturb::testing::read_reals(c, c.codomain(*f), c.apply(*f, point), out);
      return out;
    };
    const std::vector<double> expected = value(smooth), found = value(symbolic);
    REQUIRE(found.size() == expected.size());
    for (std::size_t k = 0; k < found.size(); ++k) {
      if (!std::isfinite(expected[k])) continue;
      CHECK(found[k] == Approx(expected[k]).epsilon(1e-9).margin(1e-9));
      ++compared;
    }
  }
  CHECK(compared > 300);
}
