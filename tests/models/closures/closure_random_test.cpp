// Tests of the closures model's random points (models/closures/closure_random.h) and
// of its `difference`: a random function carries the closed term that
// denotes it, and `difference` finds where two points that compare Different
// differ by replaying compare's probes.
#include "models/closures/closure_random.h"

#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "calculus/parse.h"
#include "models/closures/closures.h"
#include "semantics/interpret.h"

using namespace perturb;
using namespace perturb::models;
using closures::Object;
using closures::Value;

namespace {

const semantics::Tolerance kTight{1e-12, 1e-12};

// The objects built from R, × and ⇒ that the tests draw functions of.
std::vector<Object> function_objects() {
  const Object r = Object::real();
  const Object r_r = Object::exponential(r, r);
  const Object r2 = Object::product(r, r);
  return {r_r,
          Object::exponential(r2, r),
          Object::exponential(r, r2),
          Object::exponential(r_r, r),
          Object::exponential(r, r_r),
          Object::exponential(Object::product(r_r, r), Object::product(r, r_r)),
          Object::exponential(Object::exponential(r_r, r2), r_r)};
}

}  // namespace

TEST_CASE("a random function's description is a closed term that denotes it",
          "[closures][witness]") {
  const Closures c;
  for (const Object& object : function_objects()) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      std::mt19937_64 rng(seed);
      const Value f = c.random_point(object, rng);
      const std::string& text = f.description();
      INFO(object.to_string() << ", seed " << seed << ": " << text);
      REQUIRE_FALSE(text.empty());
      auto program = calculus::parse_program(text, calculus::Context{});
      REQUIRE(program.ok());
      auto type = semantics::interpret_type(c, program->type);
      REQUIRE(type.ok());
      CHECK(*type == object);
      auto value = semantics::evaluate_closed(c, program->term, program->type);
      REQUIRE(value.ok());
      std::mt19937_64 probes(seed + 100);
      CHECK(c.compare(object, f, *value, kTight, probes) == semantics::Comparison::Equal);
      CHECK(c.describe_point(object, f) == text);
    }
  }
}

TEST_CASE("a function of an atom or of 1 has no description", "[closures][witness]") {
  const Closures c;
  std::mt19937_64 rng(3);
  CHECK(
      c.random_point(Object::exponential(c.atom("A"), Object::real()), rng).description().empty());
  CHECK(c.random_point(Object::exponential(Object::real(), Object()), rng).description().empty());
  CHECK(c.random_point(Object::exponential(Object::real(), Object::real()), rng)
            .description()
            .size() > 0);
}

TEST_CASE("difference: where compare found two points different, down to two reals",
          "[closures][witness]") {
  const Closures c;
  int differences = 0;
  for (const Object& object : function_objects()) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      std::mt19937_64 rng(seed);
      const Value f = c.random_point(object, rng), g = c.random_point(object, rng);
      std::mt19937_64 compare_rng(seed), difference_rng(seed);
      const auto comparison = c.compare(object, f, g, kTight, compare_rng);
      const auto difference = c.difference(object, f, g, kTight, difference_rng);
      INFO(object.to_string() << ", seed " << seed);
      REQUIRE(difference.has_value() == (comparison == semantics::Comparison::Different));
      std::mt19937_64 same_rng(seed);
      CHECK_FALSE(c.difference(object, f, f, kTight, same_rng).has_value());
      if (!difference) continue;
      ++differences;
      REQUIRE_FALSE(difference->steps.empty());
      CHECK(difference->steps.front().step.rfind("at ", 0) == 0);
      CHECK_FALSE(semantics::approx_equal(difference->lhs, difference->rhs, kTight));
    }
  }
  CHECK(differences >= 60);  // two random functions almost always differ
}

TEST_CASE("difference of two reals, of a perturbation, of a tuple", "[closures][witness]") {
  const Closures c;
  std::mt19937_64 rng(1);
  const Object r = Object::real();
  const auto real = c.difference(r, Value::real(1), Value::real(2), kTight, rng);
  REQUIRE(real);
  CHECK(real->steps.empty());
  CHECK(real->lhs == 1);
  CHECK(real->rhs == 2);
  CHECK_FALSE(c.difference(r, Value::real(1), Value::real(1), kTight, rng));

  const closures::Scalar epsilon = closures::Scalar::infinitesimal(fresh_tag());
  const auto perturbed =
      c.difference(r, Value(closures::Scalar(1) + epsilon * 2.0), Value::real(1), kTight, rng);
  REQUIRE(perturbed);
  REQUIRE(perturbed->steps.size() == 1);
  CHECK(perturbed->steps[0].step.rfind("coefficient of ε", 0) == 0);
  CHECK(perturbed->lhs == 2);
  CHECK(perturbed->rhs == 0);

  const Object pair = Object::product(r, r);
  const auto tuple = c.difference(pair, Value::pair(Value::real(1), Value::real(5)),
                                  Value::pair(Value::real(1), Value::real(6)), kTight, rng);
  REQUIRE(tuple);
  REQUIRE(tuple->steps.size() == 1);
  CHECK(tuple->steps[0].step == "component 2");
  CHECK(tuple->steps[0].lhs == "5");
  CHECK(tuple->lhs == 5);
  CHECK(tuple->rhs == 6);
}
