// A model's own special points (semantics/capabilities.h, kSpecialPoints):
// seen by capabilities_of, drawn as the real coordinates of points in about
// one draw in kModelPointOdds, and not at all with the paper's signature.
#include <catch2/catch.hpp>
#include <memory>
#include <set>

#include "examples/linear_maps/linear_maps.h"
#include "proofs/binding/bind_laws.h"
#include "proofs/binding/binding.h"
#include "proofs/cases/case_generator.h"

using namespace perturb;
using namespace perturb::proofs;

namespace {

struct PointedLinearMaps : linear_maps::LinearMaps {
  static constexpr double kSpecialPoints[] = {1e-300, -7.5};
  PointedLinearMaps() : LinearMaps("pointed") {}
};

}  // namespace

TEST_CASE("capabilities_of sees a model's own special points", "[model-points]") {
  constexpr semantics::Capabilities pointed = semantics::capabilities_of<PointedLinearMaps>();
  REQUIRE(pointed.special_points != nullptr);
  CHECK(std::set<double>(pointed.special_points().begin(), pointed.special_points().end()) ==
        std::set<double>{1e-300, -7.5});
  CHECK(semantics::capabilities_of<linear_maps::LinearMaps>().special_points == nullptr);
}

TEST_CASE("a real coordinate of a point is one of the model's points in one draw in four",
          "[model-points]") {
  constexpr double kPoints[] = {1e-300, -7.5};
  constexpr int kDraws = 2000;
  int own = 0;
  for (int seed = 0; seed < kDraws; ++seed) {
    CaseGenerator with(static_cast<std::uint64_t>(seed), {.model_points = kPoints});
    const calculus::Term point = with.point_term(calculus::real_type());
    REQUIRE(calculus::is_lit(point));
    const double x = calculus::lit_value(point);
    if (x == 1e-300 || x == -7.5) ++own;
  }
  CHECK(own > kDraws / static_cast<int>(kModelPointOdds) * 3 / 4);
  CHECK(own < kDraws / static_cast<int>(kModelPointOdds) * 5 / 4);
}

TEST_CASE("the model's points are drawn unless the run keeps to the paper's signature",
          "[model-points]") {
  std::vector<LawBinding> bindings;
  bind_laws(std::make_shared<const PointedLinearMaps>(), bindings);
  REQUIRE_FALSE(bindings.empty());
  CHECK(generator_options(bindings.front(), 10).model_points.size() == 2);
  CHECK(generator_options(bindings.front(), 10, /*paper_signature=*/true).model_points.empty());
}
