// Tests of the foils (models/closures/foils.h): each says it is a foil, and each is
// wrong exactly where its one overridden policy member says, and right
// elsewhere. (The acceptance values per foil are in closures_test.cpp.)
#include "models/closures/foils.h"

#include <catch2/catch.hpp>
#include <cmath>

using namespace perturb;
using namespace perturb::models;
using closures::Object;
using closures::Scalar;
using closures::Value;

namespace {

double real(const Value& value) { return closures::scalar_of(value).primal_value(); }

Value number(double r) { return Value::real(r); }

// D(D sin)((0, 1), (1, 0.3)) = −sin(0.3): the second derivative of sin at 0.3.
template <class Model>
double second_derivative_of_sin(const Model& model) {
  const auto dd = model.derivative(model.derivative(model.primitive(calculus::Primitive::Sin)));
  return real(
      dd(Value::pair(Value::pair(number(0), number(1)), Value::pair(number(1), number(0.3)))));
}

// D(x ↦ x·x)(1, 3).
template <class Model>
double derivative_of_square(const Model& model) {
  const Object r = model.real();
  const auto square = model.compose(model.primitive(calculus::Primitive::Mul),
                                    model.pair(model.identity(r), model.identity(r)));
  return real(model.derivative(square)(Value::pair(number(1), number(3))));
}

}  // namespace

TEST_CASE("foils are marked as foils and named as the command line lists them", "[foils]") {
  CHECK_FALSE(Closures::is_foil());
  CHECK(FiniteDifference::is_foil());
  CHECK(NaiveDual::is_foil());
  CHECK(NoRenaming::is_foil());
  CHECK(FiniteDifference::name() == "finite-difference");
  CHECK(NaiveDual::name() == "naive-dual");
  CHECK(NoRenaming::name() == "no-renaming");
}

TEST_CASE("finite-difference: derivatives off by O(h), h = 1e-4", "[foils]") {
  const FiniteDifference model;
  // ((3 + h)² − 3²)/h = 6 + h exactly, up to rounding.
  const double d = derivative_of_square(model);
  CHECK(d == Approx(6.0001).epsilon(1e-9));
  CHECK(d != 6);
  CHECK(derivative_of_square(Closures()) == 6);
  CHECK(second_derivative_of_sin(model) == Approx(-std::sin(0.3)).epsilon(1e-3));
  CHECK(second_derivative_of_sin(model) != Approx(-std::sin(0.3)).epsilon(1e-9));
}

TEST_CASE("finite-difference: the one-pass tangent map has the exact primal", "[foils]") {
  const FiniteDifference model;
  const auto tangent = model.fast_tangent_map(model.primitive(calculus::Primitive::Exp));
  const Value out = tangent(Value::pair(number(1), number(0)));
  CHECK(real(closures::component(out, 1)) == 1);
  CHECK(real(closures::component(out, 0)) == Approx(1.00005).epsilon(1e-8));
}

TEST_CASE("naive-dual: nested derivatives confuse their one ε", "[foils]") {
  CHECK(second_derivative_of_sin(Closures()) == Approx(-std::sin(0.3)));
  // sin(x + ε·x' + ε·v) = sin x + ε·cos x·(x' + v): the inner D already
  // removes the only ε, so the outer derivative is 0.
  CHECK(second_derivative_of_sin(NaiveDual()) == 0);
  CHECK(derivative_of_square(NaiveDual()) == 6);
}

TEST_CASE("no-renaming: first-order and nested scalar derivatives stay right", "[foils]") {
  CHECK(second_derivative_of_sin(NoRenaming()) == Approx(-std::sin(0.3)));
  CHECK(derivative_of_square(NoRenaming()) == 6);
}

TEST_CASE("no-renaming: a derivative closure applied to its own output confuses the tag",
          "[foils]") {
  // With d = D s 0, (d g)(x) = g'(x) in every model; only d (d g) shares the tag.
  const Object r = Object::real(), r_to_r = Object::exponential(r, r);
  const Value s = Value::closure([](const Value& u) {
    return Value::closure([u](const Value& f) {
      return Value::closure(
          [u, f](const Value& x) { return closures::apply(f, closures::add(x, u)); });
    });
  });
  const Value cube = Value::closure([](const Value& x) {
    const Scalar t = closures::scalar_of(x);
    return t * t * t;
  });
  const auto apply_d = [&](const auto& model, const Value& g, double at, int times) {
    const auto d_ev = model.derivative(model.eval(r, Object::exponential(r_to_r, r_to_r)));
    const Value d = d_ev(Value::pair(Value::pair(Value(), number(1)), Value::pair(s, number(0))));
    Value h = g;
    for (int i = 0; i < times; ++i) h = closures::apply(d, h);
    return real(closures::apply(h, number(at)));
  };
  CHECK(apply_d(NoRenaming(), cube, 2, 1) == 12);
  CHECK(apply_d(Closures(), cube, 2, 1) == 12);
  CHECK(apply_d(Closures(), cube, 2, 2) == 12);
  CHECK(apply_d(Closures(), cube, 2, 3) == 6);
  CHECK(apply_d(NoRenaming(), cube, 2, 2) == 0);
}
