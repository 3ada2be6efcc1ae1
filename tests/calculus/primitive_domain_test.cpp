// Where a primitive application lies (calculus/primitive_domain.h): spec
// §6's table of smooth sets, along the application's direction.
#include "calculus/primitive_domain.h"

#include <catch2/catch.hpp>

using namespace perturb::calculus;

namespace {

Placement at(Primitive f, double x, double y, bool x_moves, bool y_moves,
             bool same_direction = false) {
  return place_application(f, {x, y, x_moves, y_moves, same_direction}).placement;
}

}  // namespace

TEST_CASE("the paper's four and tanh are smooth everywhere", "[primitive-domain]") {
  for (const Primitive f :
       {Primitive::Mul, Primitive::Sin, Primitive::Cos, Primitive::Exp, Primitive::Tanh})
    CHECK(at(f, 0, 0, true, true) == Placement::Inside);
}

TEST_CASE("poles, domain errors and boundaries are outside", "[primitive-domain]") {
  CHECK(at(Primitive::Recip, 0, 0, false, false) == Placement::Outside);
  CHECK(at(Primitive::Recip, -0.0, 0, true, false) == Placement::Outside);
  CHECK(at(Primitive::Recip, 1e-300, 0, true, false) == Placement::Inside);
  CHECK(at(Primitive::Log, 0, 0, false, false) == Placement::Outside);
  CHECK(at(Primitive::Log, -2, 0, true, false) == Placement::Outside);
  CHECK(at(Primitive::Log, 2, 0, true, false) == Placement::Inside);
  CHECK(at(Primitive::Sqrt, -1, 0, false, false) == Placement::Outside);
  // T sqrt ⟨0, 0⟩ = ⟨0, 0⟩ along the zero direction (D2); not along another.
  CHECK(at(Primitive::Sqrt, 0, 0, false, false) == Placement::Inside);
  CHECK(at(Primitive::Sqrt, 0, 0, true, false) == Placement::Outside);
  CHECK(place_application(Primitive::Log, {-1, 0, false, false, false}).why == "log: x <= 0");
}

TEST_CASE("pow is a polynomial in x for a fixed natural exponent, else smooth for x > 0",
          "[primitive-domain]") {
  CHECK(at(Primitive::Pow, 0, 2, true, false) == Placement::Inside);
  CHECK(at(Primitive::Pow, -1, 2, true, false) == Placement::Inside);
  CHECK(at(Primitive::Pow, 0, 0, true, false) == Placement::Inside);
  CHECK(at(Primitive::Pow, 0, 2, true, true) == Placement::Outside);
  CHECK(at(Primitive::Pow, 0, 2.5, true, false) == Placement::Outside);
  // At base 0, along the exponent alone, 0^y = 0 for y > 0.
  CHECK(at(Primitive::Pow, 0, 2.5, false, true) == Placement::Inside);
  CHECK(at(Primitive::Pow, 0, 0, false, true) == Placement::Outside);
  CHECK(at(Primitive::Pow, 0, -1, false, false) == Placement::Outside);
  CHECK(at(Primitive::Pow, -1, 3, false, false) == Placement::Inside);
  CHECK(at(Primitive::Pow, -1, 0.5, false, false) == Placement::Outside);
  CHECK(at(Primitive::Pow, -1, 3, false, true) == Placement::Outside);
  CHECK(at(Primitive::Pow, 2, 0.5, true, true) == Placement::Inside);
}

TEST_CASE("atan2 and hypot are outside at the origin, atan2 on its cut when moving",
          "[primitive-domain]") {
  CHECK(at(Primitive::Atan2, 0, 0, false, false) == Placement::Outside);
  CHECK(at(Primitive::Atan2, 0, -1, true, false) == Placement::Outside);
  CHECK(at(Primitive::Atan2, 0, -1, false, false) == Placement::Inside);
  CHECK(at(Primitive::Atan2, 0, 1, true, true) == Placement::Inside);
  CHECK(at(Primitive::Hypot, 0, 0, true, false) == Placement::Outside);
  CHECK(at(Primitive::Hypot, 0, 0, false, false) == Placement::Inside);
  CHECK(at(Primitive::Hypot, 0, 3, true, true) == Placement::Inside);
}

TEST_CASE("kinks are per point and direction", "[primitive-domain]") {
  CHECK(at(Primitive::Abs, 0, 0, true, false) == Placement::Kink);
  CHECK(at(Primitive::Abs, 0, 0, false, false) == Placement::Inside);
  CHECK(at(Primitive::Max, 2, 2, true, false) == Placement::Kink);
  CHECK(at(Primitive::Min, 2, 2, true, true) == Placement::Kink);
  // max at a tie along (v, v) is smooth.
  CHECK(at(Primitive::Max, 2, 2, true, true, true) == Placement::Inside);
  CHECK(at(Primitive::Max, 2, 3, true, true) == Placement::Inside);
  CHECK(place_application(Primitive::Min, {1, 1, true, false, false}).why == "min: tie");
}
