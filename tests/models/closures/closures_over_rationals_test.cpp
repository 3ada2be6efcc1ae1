// Tests of the exact model `closures@rational` (models/closures/closures.h with
// F = Rational): exact values and derivatives, comparison by equality with
// no tolerance, the transcendental primitives refused, and the size budget.
#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "calculus/parse.h"
#include "models/builtin_models.h"
#include "models/registry.h"
#include "semantics/category_error.h"
#include "semantics/evaluation_budget.h"
#include "semantics/interpret.h"
#include "semantics/model_refusal.h"

using namespace perturb;
using namespace perturb::models;

namespace {

using RationalValue = closures::BasicValue<Rational>;

const semantics::Tolerance kDefault{};

// |term| at the unit point.
RationalValue value_of(const ClosuresOverRationals& c, const std::string& text) {
  auto program = calculus::parse_program(text);
  REQUIRE(program.ok());
  auto f = semantics::interpret(c, program->context, program->term, program->type);
  REQUIRE(f.ok());
  return c.apply(*f, c.unit_point());
}

mpq_class exact(const RationalValue& value) {
  return closures::scalar_of(value).primal_value().get();
}

}  // namespace

TEST_CASE("closures@rational is registered, exact and primitive-free", "[closures][rational]") {
  const std::vector<std::string> names = builtin_model_names();
  CHECK(std::count(names.begin(), names.end(), "closures@rational") == 1);
  CHECK(ClosuresOverRationals().name() == "closures@rational");
  CHECK_FALSE(ClosuresOverRationals::is_foil());
  STATIC_REQUIRE(ClosuresOverRationals::kExact);
  STATIC_REQUIRE(ClosuresOverRationals::kPrimitiveFree);
  STATIC_REQUIRE_FALSE(Closures::kExact);
}

TEST_CASE("closures@rational computes exactly where double rounds", "[closures][rational]") {
  const ClosuresOverRationals c;
  // 1e16 + 1 is not a double: double loses the 1, the rationals keep it.
  CHECK(exact(value_of(c, "(10000000000000000 + 1) + -10000000000000000")) == 1);
  // 0.1 is the double nearest 1/10, exactly: 0.1 + 0.2 differs from 0.3 by
  // the sum of the three representation errors, which is not 0.
  const mpq_class sum = exact(value_of(c, "0.1 + 0.2 + -0.3"));
  CHECK(sum != 0);
  CHECK(sum == mpq_class(0.1) + mpq_class(0.2) - mpq_class(0.3));
  // The derivative of x·x·x at 1/4 in direction 1 is 3/16, with no rounding.
  CHECK(exact(value_of(c, "pi1 (T (\\x:R. x * x * x) <1, 0.25>)")) == mpq_class(3, 16));
  // And the second derivative, through nested T: 6·x = 3/2.
  CHECK(exact(value_of(c, "pi1 (pi1 (T (T (\\x:R. x * x * x)) <<0, 1>, <1, 0.25>>))")) ==
        mpq_class(3, 2));
}

TEST_CASE("closures@rational compares by equality, ignoring the tolerance",
          "[closures][rational]") {
  const ClosuresOverRationals c;
  std::mt19937_64 rng(1);
  using semantics::Comparison;
  const auto real = [](mpq_class q) {
    return RationalValue(Tagged<Rational>(Rational(q.get_d())));
  };
  const RationalValue one = value_of(c, "1");
  const RationalValue almost_one = value_of(c, "1 + 0.000000000001");
  // Within double's default tolerance, but not equal.
  CHECK(c.compare(c.real(), one, almost_one, kDefault, rng) == Comparison::Different);
  CHECK(c.compare(c.real(), one, real(1), kDefault, rng) == Comparison::Equal);
  const auto difference = c.difference(c.real(), one, almost_one, kDefault, rng);
  REQUIRE(difference);
  REQUIRE(difference->separation);
  CHECK(*difference->separation > 0.99e-12);
  CHECK(*difference->separation <= 1.01e-12);
}

TEST_CASE("closures@rational refuses sin, cos and exp with a clear error", "[closures][rational]") {
  const ClosuresOverRationals c;
  for (auto primitive :
       {calculus::Primitive::Sin, calculus::Primitive::Cos, calculus::Primitive::Exp}) {
    INFO(calculus::primitive_name(primitive));
    CHECK_THROWS_AS(c.primitive(primitive), semantics::ModelRefusal);
    CHECK_THROWS_WITH(c.primitive(primitive), Catch::Contains("is not a rational function") &&
                                                  Catch::Contains("primitive-free fragment"));
  }
  CHECK_NOTHROW(c.primitive(calculus::Primitive::Mul));
}

TEST_CASE("closures@rational: random functions are polynomials, so exact", "[closures][rational]") {
  const ClosuresOverRationals c;
  std::mt19937_64 rng(7);
  const auto r = c.real();
  const auto rr = c.exponential(r, r);
  for (int i = 0; i < 50; ++i) {
    // A function with no sin, cos or exp evaluates at a rational argument
    // without throwing (the primitives throw).
    const RationalValue f = c.random_point(rr, rng);
    CHECK_NOTHROW(closures::apply(f, c.random_point(r, rng)));
  }
}

TEST_CASE("closures@rational: a number past the size budget is a budget error, not a hang",
          "[closures][rational]") {
  // x ↦ x·x applied 20 times to 1/3 has a denominator of 3^(2^20): far past
  // kMaxRationalBits, so evaluation stops at the budget.
  Rational x(1.0 / 3.0);
  CHECK_THROWS_AS(
      [&] {
        for (int i = 0; i < 20; ++i) x = x * x;
      }(),
      semantics::EvaluationBudgetExceeded);
  CHECK_THROWS_AS(Rational(std::numeric_limits<double>::infinity()), calculus::InternalError);
}
