// Each piece of derived structure (semantics/derived.h) on concrete points
// equals what spec §1, §2 says it is, in the test-only toy model.
#include "semantics/derived.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "semantics/differential_lambda_category.h"
#include "semantics/testable_model.h"
#include "semantics/toy_model.h"

using namespace perturb::semantics;
using perturb::calculus::Primitive;
using toy::Value;

static_assert(DifferentialLambdaCategory<toy::Model>);
static_assert(TestableModel<toy::Model>);
static_assert(CartesianDifferentialCategory<toy::FirstOrderModel>);
static_assert(!CartesianClosedCategory<toy::FirstOrderModel>);
static_assert(!HasFastTangentMap<toy::Model>);

namespace {

const toy::Model c;

Value r(double x) { return Value::of(x); }
Value pt(Value a, Value b) { return Value::make_pair(std::move(a), std::move(b)); }

// The reals of a point, left to right.
void flatten_into(const Value& v, std::vector<double>& out) {
  if (v.kind == Value::Kind::Real) out.push_back(v.real.primal());
  if (v.kind == Value::Kind::Pair) {
    flatten_into(v.first(), out);
    flatten_into(v.second(), out);
  }
}
std::vector<double> flatten(const Value& v) {
  std::vector<double> out;
  flatten_into(v, out);
  return out;
}

toy::Object R() { return c.real(); }
toy::Object RR() { return c.product(c.real(), c.real()); }

// y ↦ y³ as a point of R ⇒ R; D(cube)(y', y) = 3y²y'.
Value cube_point() {
  return Value::make_function([](const Value& y) { return Value::of(y.real * y.real * y.real); });
}

}  // namespace

TEST_CASE("product_map, inj1, inj2, associator, sw (spec §1, Def. 3.12)", "[derived]") {
  const auto sin_times_exp =
      product_map(c, c.primitive(Primitive::Sin), c.primitive(Primitive::Exp));
  const auto value = flatten(c.apply(sin_times_exp, pt(r(0.5), r(2))));
  CHECK(value == std::vector<double>{std::sin(0.5), std::exp(2.0)});
  CHECK(c.domain(sin_times_exp) == RR());

  CHECK(flatten(c.apply(inj1(c, R(), RR()), r(5))) == std::vector<double>{5, 0, 0});
  CHECK(flatten(c.apply(inj2(c, RR(), R()), r(5))) == std::vector<double>{0, 0, 5});
  CHECK(c.codomain(inj2(c, RR(), R())) == c.product(RR(), R()));

  const auto alpha = associator(c, R(), R(), R());
  const Value abc = c.apply(alpha, pt(pt(r(1), r(2)), r(3)));
  CHECK(abc.first().real.primal() == 1);
  CHECK(flatten(abc.second()) == std::vector<double>{2, 3});

  const Value swapped = c.apply(sw(c, R(), R(), R()), pt(pt(r(1), r(2)), r(3)));
  CHECK(flatten(swapped.first()) == std::vector<double>{1, 3});  // ((x, z), y)
  CHECK(swapped.second().real.primal() == 2);
  CHECK(c.codomain(sw(c, R(), RR(), R())) == c.product(c.product(R(), R()), RR()));
}

TEST_CASE("tangent_map T(f) = ⟨D f, f∘π2⟩ (spec §2)", "[derived]") {
  CHECK(tangent_object(c, R()) == RR());
  const auto t_sin = tangent_map(c, c.primitive(Primitive::Sin));
  const auto value = flatten(c.apply(t_sin, pt(r(2), r(0.3))));
  REQUIRE(value.size() == 2);
  CHECK(value[0] == Approx(std::cos(0.3) * 2));
  CHECK(value[1] == Approx(std::sin(0.3)));
  // T(mul)((a', b'), (a, b)) = (a'b + ab', ab)
  const auto t_mul = generic_tangent_map(c, c.primitive(Primitive::Mul));
  CHECK(flatten(c.apply(t_mul, pt(pt(r(1), r(10)), pt(r(3), r(4))))) ==
        std::vector<double>{1 * 4 + 3 * 10, 12});
}

TEST_CASE("η(x) = (0, x) and μ((w, v), (u, x)) = (v + u, x) (spec §2)", "[derived]") {
  CHECK(flatten(c.apply(unit(c, R()), r(7))) == std::vector<double>{0, 7});
  const auto mu = multiplication(c, R());
  CHECK(c.domain(mu) == c.product(RR(), RR()));
  CHECK(flatten(c.apply(mu, pt(pt(r(1), r(2)), pt(r(3), r(4))))) == std::vector<double>{5, 4});
  // At X = R × R every component is a pair: ((w, v), (u, x)) with w = (1, 2), …
  const auto mu2 = multiplication(c, RR());
  const Value input = pt(pt(pt(r(1), r(2)), pt(r(3), r(4))), pt(pt(r(5), r(6)), pt(r(7), r(8))));
  CHECK(flatten(c.apply(mu2, input)) == std::vector<double>{3 + 5, 4 + 6, 7, 8});
}

TEST_CASE("strengths t(x, (y', y)) = ((0, y'), (x, y)), t'((x', x), y) = ((x', 0), (x, y))",
          "[derived]") {
  const auto t = right_strength(c, R(), R());
  CHECK(c.domain(t) == c.product(R(), RR()));
  CHECK(c.codomain(t) == c.product(RR(), RR()));
  CHECK(flatten(c.apply(t, pt(r(1), pt(r(2), r(3))))) == std::vector<double>{0, 2, 1, 3});
  const auto t_prime = left_strength(c, R(), R());
  CHECK(c.domain(t_prime) == c.product(RR(), R()));
  CHECK(flatten(c.apply(t_prime, pt(pt(r(1), r(2)), r(3)))) == std::vector<double>{1, 0, 2, 3});
}

TEST_CASE("φ = μ∘T(t)∘t' and μ∘T(t')∘t are the canonical isomorphism (spec §2)", "[derived]") {
  const Value input = pt(pt(r(1), r(2)), pt(r(3), r(4)));  // ((x', x), (y', y))
  const std::vector<double> expected{1, 3, 2, 4};          // ((x', y'), (x, y))
  CHECK(flatten(c.apply(canonical_iso(c, R(), R()), input)) == expected);
  CHECK(flatten(c.apply(phi(c, R(), R()), input)) == expected);
  CHECK(flatten(c.apply(phi_commuted(c, R(), R()), input)) == expected);
  CHECK(c.domain(phi(c, R(), RR())) == c.product(RR(), c.product(RR(), RR())));
}

TEST_CASE("T(ev) by equation (3): ((f', f), (x', x)) ↦ (f'(x) + D f(x', x), f(x))", "[derived]") {
  const auto ev3 = tangent_ev(c, R(), R());
  const Value ten_y = Value::make_function(
      [](const Value& y) { return Value::of(y.real * toy::Scalar::real(10)); });
  // f = cube, f' = y ↦ 10y, x' = 2, x = 3: (30 + 3·9·2, 27)
  const Value input = pt(pt(ten_y, cube_point()), pt(r(2), r(3)));
  CHECK(flatten(c.apply(ev3, input)) == std::vector<double>{84, 27});
  // and it agrees with the definition T(ev)∘φ there
  const auto e = c.exponential(R(), R());
  const auto by_definition = c.compose(generic_tangent_map(c, c.eval(R(), R())), phi(c, e, R()));
  CHECK(flatten(c.apply(by_definition, input)) == std::vector<double>{84, 27});
}

TEST_CASE("T̂(f)(x', x) = (D f(x', x), f(x)) (spec §2)", "[derived]") {
  for (const auto& hat : {tangent_hat(c, R(), R()), generic_tangent_hat(c, R(), R())}) {
    CHECK(c.codomain(hat) == c.exponential(RR(), RR()));
    const Value t_cube = c.apply(hat, cube_point());
    CHECK(flatten(t_cube(pt(r(2), r(3)))) == std::vector<double>{54, 27});
  }
}

TEST_CASE("composing mismatched morphisms throws CategoryError naming both objects", "[derived]") {
  const auto sin = c.primitive(Primitive::Sin);
  const auto mul = c.primitive(Primitive::Mul);
  try {
    (void)compose(c, mul, sin);
    FAIL("no CategoryError");
  } catch (const CategoryError& error) {
    CHECK(std::string(error.what()) == "compose: object (R × R) does not match R");
  }
  CHECK_THROWS_WITH(c.pair(sin, mul), "pair: object R does not match (R × R)");
}
