// Tests of a model's depth (proofs/depth/depth_limits.h): the laws that nest
// derivatives deeper than the model are refused by name, the others keep
// their cases with random terms whose T's nest within what is left.
#include "proofs/depth/depth_limits.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>

#include "calculus/random_draws.h"
#include "examples/linear_maps/linear_maps.h"
#include "proofs/binding/bind_laws.h"
#include "proofs/cases/case_generator.h"

using namespace perturb;
using namespace perturb::proofs;

namespace {

struct ShallowLinearMaps : linear_maps::LinearMaps {
  static constexpr int kMaxDerivativeDepth = 1;
  ShallowLinearMaps() : LinearMaps("shallow") {}
};

}  // namespace

TEST_CASE("a model of depth 1 is refused the laws of depth 2, and keeps the rest", "[depth]") {
  std::vector<LawBinding> bindings;
  bind_laws(std::make_shared<const ShallowLinearMaps>(), bindings);
  const std::size_t bound = bindings.size();
  const std::vector<DepthRefusal> refused = apply_depth_limits(bindings);
  std::vector<std::string> names;
  for (const DepthRefusal& refusal : refused) {
    names.push_back(refusal.law);
    CHECK(refusal.law_depth == 2);
    CHECK(refusal.model_depth == 1);
  }
  CHECK(std::find(names.begin(), names.end(), "cdc.D6") != names.end());
  CHECK(std::find(names.begin(), names.end(), "cdc.D7") != names.end());
  CHECK(std::find(names.begin(), names.end(), "tangent.mult-natural") != names.end());
  CHECK(bindings.size() + refused.size() == bound);
  CHECK(refused.front().to_string() ==
        refused.front().law +
            " is not run on shallow: it nests derivatives 2 deep, shallow "
            "supports 1");
  for (const LawBinding& binding : bindings) {
    INFO(binding.info.id);
    REQUIRE(binding.max_tangent_depth.has_value());
    CHECK(*binding.max_tangent_depth == 1u - static_cast<unsigned>(law_derivative_depth(binding)));
  }
}

TEST_CASE("a model without a depth keeps every law, unbounded", "[depth]") {
  std::vector<LawBinding> bindings;
  bind_laws(std::make_shared<const linear_maps::LinearMaps>(), bindings);
  const std::size_t bound = bindings.size();
  CHECK(apply_depth_limits(bindings).empty());
  CHECK(bindings.size() == bound);
  for (const LawBinding& binding : bindings) CHECK_FALSE(binding.max_tangent_depth.has_value());
}

TEST_CASE("random terms nest T within max_tangent_depth", "[depth]") {
  const calculus::Context x({{"x", calculus::real_type()}});
  for (const std::uint32_t cap : {0u, 1u}) {
    std::uint32_t deepest_capped = 0, deepest_free = 0;
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
      CaseGenerator capped(seed, {.max_size = 12, .max_tangent_depth = cap});
      CaseGenerator free(seed, {.max_size = 12});
      deepest_capped =
          std::max(deepest_capped, capped.random_term(x, calculus::real_type())->tangent_depth());
      deepest_free =
          std::max(deepest_free, free.random_term(x, calculus::real_type())->tangent_depth());
    }
    INFO("cap " << cap);
    CHECK(deepest_capped == cap);  // reached, never passed
    CHECK(deepest_free > cap);     // without the cap the terms nest deeper
  }
}

TEST_CASE("a primitive's aimed application and arguments nest T within max_tangent_depth",
          "[depth]") {
  // The reference laws' f is often one primitive applied to random
  // arguments (CaseGenerator::applied_primitive): those are bounded too, or
  // a model of depth d meets a case deeper than it supports.
  const calculus::Context x({{"x", calculus::real_type()}});
  std::uint32_t deepest_capped = 0, deepest_free = 0;
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    CaseGenerator capped(seed, {.max_size = 12, .max_tangent_depth = 0u});
    CaseGenerator free(seed, {.max_size = 12});
    deepest_capped =
        std::max({deepest_capped, capped.applied_primitive(x).term->tangent_depth(),
                  capped.argument_inside(calculus::Primitive::Log, x)->tangent_depth()});
    deepest_free = std::max({deepest_free, free.applied_primitive(x).term->tangent_depth(),
                             free.argument_inside(calculus::Primitive::Log, x)->tangent_depth()});
  }
  CHECK(deepest_capped == 0u);
  CHECK(deepest_free > 0u);
}
