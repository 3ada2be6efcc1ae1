// Tests of the closures model's values (models/closures/value.h): the vector-space
// structure, tag swapping, and ε-extraction with and without renaming.
#include "models/closures/value.h"

#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "../same_bits.h"
#include "calculus/error.h"
#include "models/scalars/fields.h"

using namespace perturb::models;
using namespace perturb::models::closures;
using perturb::testing::same_bits;

namespace {

double real(const Value& value) { return scalar_of(value).primal_value(); }

Scalar eps(Tag tag) { return Scalar::infinitesimal(tag); }

Value square() {
  return Value::closure([](const Value& x) { return scalar_of(x) * scalar_of(x); });
}

}  // namespace

TEST_CASE("the zero value reads as zero at every type", "[value]") {
  const Value zero;
  CHECK(zero.is_zero());
  CHECK(real(zero) == 0);
  CHECK(component(zero, 1).is_zero());
  CHECK(apply(zero, Value::real(3)).is_zero());
}

TEST_CASE("zero is the additive identity at every type", "[value]") {
  const Value three = Value::real(3);
  CHECK(real(add(Value(), three)) == 3);
  CHECK(real(add(three, Value())) == 3);
  const Value pair = Value::pair(Value::real(1), Value::real(2));
  CHECK(add(pair, Value()).elements().size() == 2);
  CHECK(real(apply(add(Value(), square()), Value::real(4))) == 16);
}

TEST_CASE("addition is componentwise on tuples and pointwise on functions", "[value]") {
  const Value a = Value::pair(Value::real(1), Value());
  const Value b = Value::pair(Value::real(10), Value::real(20));
  const Value sum = add(a, b);
  CHECK(real(component(sum, 0)) == 11);
  CHECK(real(component(sum, 1)) == 20);
  const Value twice = add(square(), square());
  CHECK(real(apply(twice, Value::real(3))) == 18);
}

TEST_CASE("a tuple holds its elements in order and is shared by its copies", "[value]") {
  const Value built = Value::tuple_made(5, [](std::size_t i) { return Value::real(10.0 * i); });
  const Value from_vector = Value::tuple({Value::real(0), Value(), square()});
  REQUIRE(built.elements().size() == 5);
  for (std::size_t i = 0; i < 5; ++i) CHECK(real(component(built, i)) == 10.0 * i);
  REQUIRE(from_vector.elements().size() == 3);
  CHECK(component(from_vector, 1).is_zero());
  CHECK(real(apply(component(from_vector, 2), Value::real(3))) == 9);
  const Value copy = built;
  CHECK(same_object(copy, built));
  CHECK_FALSE(
      same_object(Value::tuple_made(5, [&](std::size_t i) { return component(built, i); }), built));
  CHECK(Value::tuple({}).elements().empty());
}

TEST_CASE("a tuple whose element throws is destroyed once, leaking nothing", "[value]") {
  // Each element holds the sentinel; the third throws after building its
  // value (GCC builds the named result in the element's place). A leak shows
  // in the count; a second destruction of the element is undefined
  // behaviour, which the sanitizer build (scripts/lsan.supp) reports.
  const auto sentinel = std::make_shared<int>(0);
  const auto element = [&](std::size_t i) {
    Value held = Value::closure([sentinel](const Value& x) { return x; });
    if (i == 2) throw std::runtime_error("element 2");
    return held;
  };
  CHECK_THROWS_AS(Value::tuple_made(4, element), std::runtime_error);
  CHECK(sentinel.use_count() == 1);
  {
    const Value built = Value::tuple_made(2, element);
    CHECK(sentinel.use_count() == 3);
  }
  CHECK(sentinel.use_count() == 1);
}

TEST_CASE("copies, moves and assignments between every kind keep values and count owners",
          "[value]") {
  // Every kind, a general scalar among them; the closures and the tuple hold
  // the sentinel, so its count says how many owners are alive.
  const auto sentinel = std::make_shared<int>(0);
  const Tag e = fresh_tag(), f = fresh_tag();
  const auto closure = [&] { return Value::closure([sentinel](const Value& x) { return x; }); };
  const auto describe = [](const Value& v) {
    switch (v.kind()) {
      case Value::Kind::Zero:
        return std::string("0");
      case Value::Kind::Scalar:
        return v.scalar().to_string();
      case Value::Kind::Tuple:
        return "tuple of " + std::to_string(v.elements().size());
      case Value::Kind::Closure:
        return std::string("closure");
    }
    return std::string();
  };
  {
    const std::vector<Value> originals = {Value(), Value::real(2.5), Value(eps(e) * eps(f) + 1.0),
                                          Value::pair(closure(), Value::real(1)), closure()};
    const long owners = sentinel.use_count();
    for (const Value& from : originals) {
      const Value copied(from);
      CHECK(describe(copied) == describe(from));
      CHECK((from.is_scalar() || same_object(copied, from)));
      Value source(from);
      const Value moved(std::move(source));
      CHECK(describe(moved) == describe(from));
      for (const Value& to : originals) {
        INFO(describe(to) << " assigned " << describe(from));
        Value assigned(to), move_assigned(to);
        assigned = from;
        CHECK(describe(assigned) == describe(from));
        Value temporary(from);
        move_assigned = std::move(temporary);
        CHECK(describe(move_assigned) == describe(from));
      }
      CHECK(sentinel.use_count() == owners);
    }
    CHECK(scalar_of(originals[2]) == eps(e) * eps(f) + 1.0);
  }
  {
    // Assigned to itself, the only owner of a tuple or a closure keeps it:
    // without the guard it would free what it copies from (ASan reports it).
    Value tuple = Value::pair(closure(), Value::real(1));
    const Value& tuple_alias = tuple;
    tuple = tuple_alias;
    CHECK(describe(tuple) == "tuple of 2");
    CHECK(real(component(tuple, 1)) == 1);
    Value function = closure();
    Value& function_alias = function;
    function = std::move(function_alias);
    CHECK(function.is_closure());
    CHECK(sentinel.use_count() == 3);
  }
  CHECK(sentinel.use_count() == 1);
}

TEST_CASE("adding values of different types is an internal error", "[value]") {
  CHECK_THROWS_AS(add(Value::real(1), square()), perturb::calculus::InternalError);
  CHECK_THROWS_AS(add(Value::pair(Value(), Value()), Value::tuple({Value()})),
                  perturb::calculus::InternalError);
  CHECK_THROWS_AS(Value::real(1).elements(), perturb::calculus::InternalError);
}

TEST_CASE("scaling distributes over tuples and functions", "[value]") {
  const Value v = scaled(Value::pair(Value::real(2), square()), Scalar(3.0));
  CHECK(real(component(v, 0)) == 6);
  CHECK(real(apply(component(v, 1), Value::real(2))) == 12);
  const Tag e = fresh_tag();
  const Scalar perturbed = scalar_of(scaled(Value::real(5), eps(e)));
  CHECK(perturbed.primal_value() == 0);
  CHECK(perturbed.tangent(e).primal_value() == 5);
}

TEST_CASE("perturbed(x, v, ε) is add(x, scaled(v, ε)) bit for bit", "[value]") {
  const Tag e = fresh_tag(), other = fresh_tag();
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  // Plain reals (signed zeros and non-finite ones included), perturbed
  // reals, zero values, nested tuples, functions, and a point and direction
  // of different shapes.
  const std::vector<std::pair<Value, Value>> cases = {
      {Value::real(2), Value::real(3)},
      {Value::real(-0.0), Value::real(5)},
      {Value::real(-0.0), Value::real(-5)},
      {Value::real(1), Value::real(-0.0)},
      {Value::real(1), Value::real(0)},
      {Value::real(inf), Value::real(2)},
      {Value::real(1), Value::real(inf)},
      {Value::real(nan), Value::real(1)},
      {Value::real(1), Value::real(nan)},
      {Scalar(2.0) + eps(other) * 4.0, Value::real(3)},
      {Value::real(2), Scalar(3.0) + eps(other)},
      {Value(), Value::real(3)},
      {Value::real(3), Value()},
      {Value(), Value()},
      {Value::pair(Value::real(1), Value::pair(Value(), Value::real(-2))),
       Value::pair(Value::real(0.5), Value::pair(Value::real(7), Value()))},
      {Value::pair(Value::real(1), Value::real(2)), Value()},
      {Value(), Value::pair(Value::real(1), Value::real(2))},
      {square(), square()},
      {Value::pair(square(), Value::real(1)), Value::pair(Value(), Value::real(-1))},
      // A point of ℝ⁴ with the special reals in its elements.
      {Value::tuple({Value::real(-0.0), Value::real(inf), Value::real(1), Value::real(nan)}),
       Value::tuple({Value::real(2), Value::real(-0.0), Value::real(nan), Value::real(-inf)})},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    INFO("case " << i);
    const auto& [x, v] = cases[i];
    CHECK(same_bits(perturbed(x, v, e), add(x, scaled(v, eps(e))), other));
  }
  // Both read ε·v at once: the tangent of x + ε·v is v.
  CHECK(scalar_of(perturbed(Value::real(2), Value::real(3), e)).tangent(e).primal_value() == 3);
  CHECK_THROWS_AS(perturbed(Value::pair(Value(), Value()), Value::tuple({Value()}), e),
                  perturb::calculus::InternalError);
  CHECK_THROWS_AS(perturbed(Value::real(1), square(), e), perturb::calculus::InternalError);
}

TEST_CASE("swapping exchanges two tags; at function type it conjugates", "[value]") {
  const Tag a = fresh_tag(), b = fresh_tag();
  const Value x = Scalar(1.0) + eps(a) * 2.0;
  const Scalar y = scalar_of(swapped(x, a, b));
  CHECK(y.tangent(b).primal_value() == 2);
  CHECK_FALSE(y.has_tag(a));
  // f(t) = t · (1 + ε_a): its conjugate multiplies by (1 + ε_b) instead.
  const Value f =
      Value::closure([a](const Value& t) { return scalar_of(t) * (Scalar(1.0) + eps(a)); });
  const Scalar g3 = scalar_of(apply(swapped(f, a, b), Value::real(3)));
  CHECK(g3.tangent(b).primal_value() == 3);
  CHECK_FALSE(g3.has_tag(a));
}

TEST_CASE("extract takes the ε-coefficient or the value at ε = 0", "[value]") {
  const Tag e = fresh_tag(), other = fresh_tag();
  const Value x = Scalar(4.0) + eps(e) * 3.0 + eps(other) * 7.0;
  const Scalar tangent = scalar_of(extract(x, e, Part::Tangent, Renaming::EveryApplication));
  const Scalar primal = scalar_of(extract(x, e, Part::Primal, Renaming::EveryApplication));
  CHECK(tangent.primal_value() == 3);
  CHECK(tangent.is_unperturbed());
  CHECK(primal.primal_value() == 4);
  CHECK(primal.tangent(other).primal_value() == 7);
  CHECK_FALSE(primal.has_tag(e));
  const Value pair = extract(Value::pair(x, Value::real(1)), e, Part::Tangent, Renaming::Never);
  CHECK(real(component(pair, 0)) == 3);
  CHECK(real(component(pair, 1)) == 0);
}

// f(a) = a · (1 + c·ε): its ε-tangent is a ↦ c·a. Applied to an argument that
// carries the same ε from outside (a = 2 + ε), the renamed tangent keeps the
// outside ε apart: c·(2 + ε) = 2c + c·ε. Without renaming the two meet,
// (2 + ε)(1 + c·ε) = 2 + (1 + 2c)·ε, and the tangent is the number 1 + 2c.
TEST_CASE("a function-valued tangent renames its tag on every application (JFP 2019)", "[value]") {
  const Tag e = fresh_tag();
  const double c = 5;
  const Value f =
      Value::closure([e, c](const Value& a) { return scalar_of(a) * (Scalar(1.0) + eps(e) * c); });
  const Value argument = Scalar(2.0) + eps(e);

  const Value renamed = extract(f, e, Part::Tangent, Renaming::EveryApplication);
  const Scalar good = scalar_of(apply(renamed, argument));
  CHECK(good.primal_value() == 2 * c);
  CHECK(good.tangent(e).primal_value() == c);
  CHECK(real(apply(renamed, Value::real(3))) == 3 * c);

  const Value confused = extract(f, e, Part::Tangent, Renaming::Never);
  const Scalar bad = scalar_of(apply(confused, argument));
  CHECK(bad.primal_value() == 1 + 2 * c);
  CHECK(bad.is_unperturbed());
}

TEST_CASE("a function-valued primal renames its tag too", "[value]") {
  const Tag e = fresh_tag();
  const Value f =
      Value::closure([e](const Value& a) { return scalar_of(a) * (Scalar(1.0) + eps(e)); });
  const Value argument = Scalar(2.0) + eps(e) * 3.0;
  // primal_ε(f) is the identity; applied to 2 + 3ε it must return 2 + 3ε.
  const Scalar good =
      scalar_of(apply(extract(f, e, Part::Primal, Renaming::EveryApplication), argument));
  CHECK(good.primal_value() == 2);
  CHECK(good.tangent(e).primal_value() == 3);
  const Scalar bad = scalar_of(apply(extract(f, e, Part::Primal, Renaming::Never), argument));
  CHECK(bad.primal_value() == 2);
  CHECK_FALSE(bad.has_tag(e));
}

TEMPLATE_TEST_CASE("perturbed(x, v, ε) equals add(x, scaled(v, ε)) over every field", "[value]",
                   double, Ball, Rational) {
  using V = BasicValue<TestType>;
  const Tag e = fresh_tag();
  const auto point = [](double a, double b, double c) {
    return V::tuple({V::real(a), V::real(b), V::pair(V::real(c), V())});
  };
  const std::vector<std::pair<V, V>> cases = {
      {V::real(2), V::real(3)},
      {V::real(0.5), V::real(0)},
      {point(1, -2, 0.25), point(3, 0, -0.5)},
      {V(), point(1, 2, 3)},
  };
  for (const auto& [x, v] : cases) {
    const V fused = perturbed(x, v, e);
    const V separate = add(x, scaled(v, Tagged<TestType>::infinitesimal(e)));
    // Compared element by element: scalars by ==, which is exact in every field.
    const auto same = [](const auto& self, const V& a, const V& b) -> bool {
      if (a.kind() != b.kind()) return false;
      if (a.is_scalar()) return a.scalar() == b.scalar();
      if (!a.is_tuple()) return true;
      return std::ranges::equal(a.elements(), b.elements(),
                                [&](const V& p, const V& q) { return self(self, p, q); });
    };
    CHECK(same(same, fused, separate));
  }
}
