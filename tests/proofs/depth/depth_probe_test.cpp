// Tests of the depth probe (proofs/depth/depth_probe.h): the derivative
// nesting it finds for each law is the one its statement shows.
#include "proofs/depth/depth_probe.h"

#include <catch2/catch.hpp>

using namespace perturb::proofs;

TEST_CASE("each law's own derivative nesting, as its statement shows it", "[depth]") {
  const auto& depths = catalogue_derivative_depths();
  const auto depth_of = [&](const char* law) {
    INFO(law);
    REQUIRE(depths.count(law) == 1);
    return depths.find(law)->second;
  };
  CHECK(depth_of("cla.category.left-identity") == 0);
  CHECK(depth_of("ccc.beta") == 0);
  CHECK(depth_of("cdc.D1.sum") == 1);
  CHECK(depth_of("cdc.D5") == 1);
  CHECK(depth_of("cdc.D6") == 2);
  CHECK(depth_of("cdc.D7") == 2);
  CHECK(depth_of("tangent.functor.composition") == 1);
  CHECK(depth_of("tangent.mult-natural") == 2);
  CHECK(depth_of("tangent.thm-3.10") == 2);
  CHECK(depth_of("tangent.monad.left-unit") == 0);
  CHECK(depth_of("sound.T") == 1);
  CHECK(depth_of("model.fast-tangent-map") == 1);
  // No law of the catalogue nests deeper than D(D(f)).
  for (const auto& [law, depth] : depths) {
    INFO(law);
    CHECK(depth <= 2);
  }
}
