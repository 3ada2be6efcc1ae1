// The signature's equations as laws (proofs/laws/signature_laws.h): their ids
// and T-images, which models run them, that the sound models pass them, and
// that the tie-by-order foil, whose max is right in value but breaks ties by
// the order of its arguments, fails the T-image of max's symmetry.
#include "proofs/laws/signature_laws.h"

#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "../checker_support.h"
#include "proofs/run/health.h"

using namespace perturb;
using namespace perturb::proofs;
using namespace perturb::proofs::testing;

TEST_CASE("each equation of the signature is a law, with its T-image", "[signature-laws]") {
  std::set<std::string> ids;
  for (const auto& law : signature_laws()) {
    ids.insert(law->id);
    CHECK(law->reference == "§6 signature");
    CHECK(law->info().reference == "§6 signature");
  }
  CHECK(ids == std::set<std::string>{"signature.max-symmetric", "signature.max-symmetric.T",
                                     "signature.min-by-max", "signature.min-by-max.T",
                                     "signature.abs-by-max", "signature.abs-by-max.T",
                                     "signature.hypot-symmetric", "signature.hypot-symmetric.T"});
  const auto law = [](std::string_view id) -> const TextLaw& {
    for (const auto& candidate : signature_laws()) {
      if (candidate->id == id) return *candidate;
    }
    FAIL("no law " << id);
    return *signature_laws().front();
  };
  const TextLaw& max_image = law("signature.max-symmetric.T");
  CHECK(max_image.statement ==
        "forall dx dy x y : R. "
        "T (\\q : R * R. let x = pi1 q in let y = pi2 q in max <x, y>) <<dx, dy>, <x, y>> = "
        "T (\\q : R * R. let x = pi1 q in let y = pi2 q in max <y, x>) <<dx, dy>, <x, y>>");
  const TextLaw& abs_image = law("signature.abs-by-max.T");
  CHECK(abs_image.statement ==
        "forall dx x : R. T (\\q : R. let x = q in abs x) <dx, x> = "
        "T (\\q : R. let x = q in max <x, -x>) <dx, x>");
}

TEST_CASE("the signature's laws run where their primitives are hosted", "[signature-laws]") {
  std::set<std::string> models_of_max, models_of_hypot;
  for (const LawBinding& b : all_bindings()) {
    if (b.info.id == "signature.max-symmetric.T") models_of_max.insert(b.model);
    if (b.info.id == "signature.hypot-symmetric") models_of_hypot.insert(b.model);
  }
  CHECK(models_of_max.count("closures"));
  CHECK(models_of_max.count("smooth"));
  CHECK(models_of_max.count("closures@rational"));
  CHECK(models_of_max.count("tie-by-order"));
  CHECK_FALSE(models_of_max.count("closures@ball"));
  CHECK_FALSE(models_of_max.count("symbolic"));
  CHECK(models_of_hypot.count("closures@ball"));
  CHECK(models_of_hypot.count("smooth@ball"));
  CHECK_FALSE(models_of_hypot.count("closures@rational"));
}

TEST_CASE("the sound models pass the signature's laws", "[signature-laws]") {
  const RunOptions options = small_run(1, 300);
  for (const LawBinding& b : all_bindings()) {
    if (b.foil || !b.info.id.starts_with("signature.")) continue;
    const LawResult result = run_laws({b}, options).front();
    INFO(b.info.id << " on " << b.model << ": " << result.failed << " failed, " << result.discarded
                   << " discarded");
    CHECK(result.failed == 0);
    CHECK(health_problems(result, DiscardLimits{}).empty());
  }
}

TEST_CASE("cases that evaluate a primitive at a special point are labelled so",
          "[signature-laws]") {
  // Ties come from the evaluation, not from the literals: x and y are random
  // points, equal in value in some cases.
  const LawResult result = run_one("signature.max-symmetric.T", "closures", small_run(1, 1000));
  INFO("special:tie in " << result.labels.count("special:tie") << " label kinds");
  REQUIRE(result.labels.count("special:tie") == 1);
  CHECK(result.labels.at("special:tie") > 20);
  CHECK(result.labels.at("special:tie") < 1000);
  // The paper's four primitives have no special points.
  const LawResult paper = run_one("cdc.D5", "closures", small_run(1, 300));
  for (const auto& [label, count] : paper.labels) CHECK_FALSE(label.starts_with("special:"));
}

TEST_CASE("tie-by-order fails max's symmetry under T, not in value", "[signature-laws]") {
  for (std::uint64_t seed : {1, 2, 3}) {
    const RunOptions options = small_run(seed, 1000, /*shrink=*/true);
    const LawResult image = run_one("signature.max-symmetric.T", "tie-by-order", options);
    INFO("seed " << seed << ": " << image.failed << " of 1000 fail");
    CHECK(image.failed > 0);
    REQUIRE(image.counterexample);
    CHECK(run_one("signature.max-symmetric", "tie-by-order", options).failed == 0);
  }
}
