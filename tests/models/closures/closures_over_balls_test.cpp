// Tests of the closures model over balls (models/closures/closures.h with F = Ball,
// `closures@ball`): the same structure as over double, a certified
// three-valued comparison, and the foils' bugs certified.
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "calculus/parse.h"
#include "models/builtin_models.h"
#include "models/closures/foils.h"
#include "models/registry.h"
#include "semantics/interpret.h"

using namespace perturb;
using namespace perturb::models;

namespace {

using BallValue = closures::BasicValue<Ball>;
using BallScalar = Tagged<Ball>;

const semantics::Tolerance kDefault{};

BallValue ball_value(Ball b) { return BallValue(BallScalar(std::move(b))); }

// |term| at the unit point, in model c.
template <class C>
typename C::Point value_of(const C& c, const std::string& text) {
  auto program = calculus::parse_program(text);
  REQUIRE(program.ok());
  auto f = semantics::interpret(c, program->context, program->term, program->type);
  REQUIRE(f.ok());
  return c.apply(*f, c.unit_point());
}

}  // namespace

TEST_CASE("every model over double has a twin over balls named @ball", "[closures][ball]") {
  const std::vector<std::string> names = builtin_model_names();
  for (const char* name : {"smooth", "closures", "finite-difference", "naive-dual", "no-renaming",
                           "tiny-relative-error"}) {
    INFO(name);
    CHECK(std::count(names.begin(), names.end(), name) == 1);
    CHECK(std::count(names.begin(), names.end(), std::string(name) + "@ball") == 1);
  }
  CHECK(ClosuresOverBalls().name() == "closures@ball");
  CHECK_FALSE(ClosuresOverBalls::is_foil());
  CHECK(NaiveDualOverBalls::is_foil());
}

TEST_CASE("closures@ball compares with certainty: different, equal or undecided",
          "[closures][ball]") {
  const ClosuresOverBalls c;
  std::mt19937_64 rng(1);
  const auto r = c.real();
  using semantics::Comparison;
  CHECK(c.compare(r, ball_value(Ball(1)), ball_value(Ball(1)), kDefault, rng) == Comparison::Equal);
  // 1 and 1 + 1e-12: within double's tolerance, but certainly different.
  const BallValue near_one = ball_value(Ball(1) + Ball(1e-12));
  CHECK(c.compare(r, ball_value(Ball(1)), near_one, kDefault, rng) == Comparison::Different);
  const auto difference = c.difference(r, ball_value(Ball(1)), near_one, kDefault, rng);
  REQUIRE(difference);
  REQUIRE(difference->separation);
  CHECK(*difference->separation > 0.99e-12);
  CHECK(*difference->separation <= 1e-12);
  // A wide ball around 1 neither differs from 1 nor is tight enough.
  Ball wide(1);
  mag_set_ui_2exp_si(arb_radref(wide.get()), 1, -20);
  CHECK(c.compare(r, ball_value(wide), ball_value(Ball(1)), kDefault, rng) ==
        Comparison::Undecided);
  // A difference decides over an undecided part.
  const auto rr = c.product(r, r);
  CHECK(c.compare(rr, BallValue::pair(ball_value(wide), ball_value(Ball(1))),
                  BallValue::pair(ball_value(Ball(1)), ball_value(Ball(2))), kDefault,
                  rng) == Comparison::Different);
}

TEST_CASE("closures@ball evaluates terms as closures does, with enclosures", "[closures][ball]") {
  const Closures doubles;
  const ClosuresOverBalls balls;
  for (const char* text : {"D (\\x:R. x * sin x) 0.5", "(\\f:R -> R. f (f 0.3)) (\\y:R. exp y)",
                           "D (\\x:R. x * D (\\y:R. x * y) 2) 1"}) {
    INFO(text);
    const double expected = doubles.real_value(value_of(doubles, text));
    const auto value = value_of(balls, text);
    const Ball& enclosure = closures::scalar_of(value).primal_value();
    CHECK(std::abs(enclosure.midpoint() - expected) <= 1e-12 * std::max(1.0, std::abs(expected)));
    CHECK(enclosure.radius() < 1e-15);
  }
}

TEST_CASE("the confusion foils are refuted over balls as over double", "[closures][ball]") {
  // Spec §6: D (\x. x * D (\y. x) 2) 1 is 0; untagged dual numbers give 1.
  const std::string confusion = "D (\\x:R. x * D (\\y:R. x) 2) 1";
  CHECK(ClosuresOverBalls().real_value(value_of(ClosuresOverBalls(), confusion)) == 0);
  CHECK(NaiveDualOverBalls().real_value(value_of(NaiveDualOverBalls(), confusion)) == 1);
  // The JFP 2019 example: 12, and 0 without renaming.
  const std::string renaming =
      "let s = \\u:R. \\f:R -> R. \\x:R. f (x + u) in "
      "let d = D s 0 in d (d (\\x:R. x * x * x)) 2";
  CHECK(ClosuresOverBalls().real_value(value_of(ClosuresOverBalls(), renaming)) == 12);
  CHECK(NoRenamingOverBalls().real_value(value_of(NoRenamingOverBalls(), renaming)) == 0);
}

TEST_CASE("tiny-relative-error: D off by a relative 1e-10, below double's tolerance",
          "[closures][ball]") {
  const std::string text = "D (\\x:R. x * x) 3";  // 6
  const double over_double = TinyRelativeError().real_value(value_of(TinyRelativeError(), text));
  CHECK(over_double != 6);
  CHECK(semantics::approx_equal(over_double, 6, kDefault));
  const TinyRelativeErrorOverBalls foil;
  const ClosuresOverBalls sound;
  std::mt19937_64 rng(1);
  CHECK(sound.compare(sound.real(), value_of(foil, text), value_of(sound, text), kDefault, rng) ==
        semantics::Comparison::Different);
}
