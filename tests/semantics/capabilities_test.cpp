// One value says what a model can do (semantics/capabilities.h): the built-in
// models' capabilities, each opt-in seen by capabilities_of.
#include "semantics/capabilities.h"

#include <catch2/catch.hpp>

#include "calculus/declared_primitive.h"
#include "models/registry.h"

using namespace perturb;
using semantics::Capabilities;
using semantics::capabilities_of;

TEST_CASE("capabilities_of: the built-in models", "[capabilities]") {
  constexpr Capabilities closures = capabilities_of<models::Closures>();
  constexpr semantics::PrimitiveSet all = (semantics::PrimitiveSet{1} << 15) - 1;
  CHECK(closures == Capabilities{.primitives = all,
                                 .hosts_declared = &models::Closures::hosts_primitive,
                                 .differential = true,
                                 .closed = true,
                                 .compares = true,
                                 .says_difference = true,
                                 .shares_evaluation = true,
                                 .fast_tangent_map = true,
                                 .fast_tangent_hat = true});

  constexpr Capabilities smooth = capabilities_of<models::Smooth>();
  CHECK(smooth.differential);
  CHECK_FALSE(smooth.higher_order());
  CHECK(closures.higher_order());
  CHECK(smooth.via_normal_form);
  CHECK_FALSE(smooth.certified);

  constexpr Capabilities over_balls = capabilities_of<models::ClosuresOverBalls>();
  CHECK(over_balls.precision_ladder);
  CHECK(over_balls.certified);
  CHECK(over_balls.transcendentals);

  constexpr Capabilities exact = capabilities_of<models::ClosuresOverRationals>();
  CHECK(exact.certified);
  CHECK_FALSE(exact.precision_ladder);
  CHECK_FALSE(exact.transcendentals);

  constexpr Capabilities symbolic = capabilities_of<models::Symbolic>();
  CHECK(symbolic.proving);
  CHECK(symbolic.serial);
  CHECK(symbolic.via_normal_form);
  CHECK_FALSE(closures.proving);
  CHECK_FALSE(closures.serial);
}

TEST_CASE("capabilities_of: the primitives each built-in model hosts", "[capabilities]") {
  using calculus::Primitive;
  constexpr Capabilities closures = capabilities_of<models::Closures>();
  for (const Primitive p : calculus::kStandardPrimitives) CHECK(closures.hosts(p));
  constexpr Capabilities over_balls = capabilities_of<models::SmoothOverBalls>();
  CHECK(over_balls.hosts(Primitive::Pow));
  CHECK(over_balls.hosts(Primitive::Max));
  constexpr Capabilities exact = capabilities_of<models::ClosuresOverRationals>();
  CHECK(exact.hosts(Primitive::Mul));
  CHECK(exact.hosts(Primitive::Abs));
  CHECK_FALSE(exact.hosts(Primitive::Sin));
  // A model that declares nothing hosts the paper's four.
  constexpr Capabilities symbolic = capabilities_of<models::Symbolic>();
  CHECK(symbolic.primitives ==
        (semantics::primitive_bit(Primitive::Mul) | semantics::primitive_bit(Primitive::Sin) |
         semantics::primitive_bit(Primitive::Cos) | semantics::primitive_bit(Primitive::Exp)));
  CHECK(symbolic.hosts_declared == nullptr);
}

TEST_CASE("capabilities: a declared primitive is hosted as the model's hosts_primitive says",
          "[capabilities]") {
  using calculus::Primitive;
  auto declared = calculus::declare_primitive(
      {.name = "cap_probe", .value = [](double x) { return x; }, .derivative = "1"});
  REQUIRE(declared.ok());
  const Primitive p = *declared;
  const semantics::PrimitiveSet bit = semantics::primitive_bit(p);
  // Over doubles by its derivative term; over balls not without a series; the
  // rationals and the symbolic model never.
  CHECK(capabilities_of<models::Closures>().hosts(p));
  CHECK((capabilities_of<models::Smooth>().hosted() & bit) != 0);
  CHECK_FALSE(capabilities_of<models::ClosuresOverBalls>().hosts(p));
  CHECK_FALSE(capabilities_of<models::ClosuresOverRationals>().hosts(p));
  CHECK_FALSE(capabilities_of<models::Symbolic>().hosts(p));
  CHECK((capabilities_of<models::Symbolic>().hosted() & bit) == 0);
  // The compile-time set keeps the standard signature only.
  CHECK((capabilities_of<models::Closures>().primitives & bit) == 0);
}
