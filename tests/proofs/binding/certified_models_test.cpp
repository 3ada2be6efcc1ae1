// The certified models (closures@ball and the foils over balls, issue 12):
// a case that double decides wrongly is decided right by escalating the
// precision, the foils are refuted with certified counterexamples, a bug
// below the tolerance is found, and the laws whose reducts fold literals
// check exact folds only.
#include <catch2/catch.hpp>

#include "../checker_support.h"
#include "proofs/binding/certified_twin.h"
#include "proofs/run/health.h"

using namespace perturb;
using namespace perturb::proofs;
using namespace perturb::proofs::testing;

TEST_CASE("cancellation: double refutes a true equation, balls decide it at 256 bits",
          "[certified]") {
  // a + 1e16 needs about 107 bits: double rounds it, and so do balls at 64
  // bits, where the enclosure of the left side is too wide to decide.
  const char* const equation = "forall a : R. (a + 10000000000000000) + -10000000000000000 = a";
  const RunOptions options = small_run(1, 200);
  LawBinding uncertified = text_law_on(equation, "closures");
  const LawResult over_double = run_laws({uncertified}, options).front();
  INFO("closures: " << over_double.failed << " of 200 fail");
  CHECK(over_double.failed > 150);
  // Certified by its twin, each of those failures is a rounding artefact.
  std::vector<LawBinding> both = {uncertified, text_law_on(equation, "closures@ball")};
  certify_by_twins(both);
  CHECK(both[0].certified_by == "closures@ball");
  const LawResult certified = run_laws({both[0]}, options).front();
  CHECK(certified.failed == 0);
  CHECK(certified.discarded == over_double.failed);
  REQUIRE(certified.discards.size() == 1);
  CHECK(certified.discards.begin()->first ==
        "a rounding artefact: the sides differ in double, but closures@ball does not confirm it");
  CHECK(certified.discards.begin()->second.kind == DiscardKind::Rounding);
  const LawResult over_balls = run_laws({text_law_on(equation, "closures@ball")}, options).front();
  INFO("closures@ball: " << over_balls.passed << " passed, " << over_balls.discarded
                         << " discarded");
  CHECK(over_balls.failed == 0);
  CHECK(over_balls.passed == 200);
}

TEST_CASE("an exp tower that overflows double is decided over balls", "[certified]") {
  // exp (exp 2 + a) ≥ 221 for a ≥ −2, and exp of that overflows double.
  const char* const equation =
      "forall a : R. exp (exp (exp 2 + a)) * 0.5 = 0.5 * exp (exp (exp 2 + a))";
  const RunOptions options = small_run(1, 100);
  // Alone, double cannot tell the overflow from a defect: ∞ where every
  // primitive is inside its smooth set is a non-finite failure.
  const LawResult alone = run_laws({text_law_on(equation, "closures")}, options).front();
  CHECK(alone.failed > 50);
  CHECK(alone.failed + alone.passed == 100);  // a = −2.5 is within range
  REQUIRE(alone.counterexample);
  CHECK(alone.counterexample->outcome.failure == FailureKind::NonFinite);
  // Its twin shows a value beyond the double range: an overflow discard.
  std::vector<LawBinding> bindings = {text_law_on(equation, "closures"),
                                      text_law_on(equation, "closures@ball")};
  certify_by_twins(bindings);
  const auto results = run_laws(bindings, options);
  CHECK(results[0].discarded == alone.failed);
  REQUIRE(results[0].discards.size() == 1);
  CHECK(results[0].discards.begin()->first ==
        "a value is beyond the double range, as closures@ball shows");
  CHECK(results[0].discards.begin()->second.kind == DiscardKind::Overflow);
  CHECK(results[1].passed == 100);
  // ∞ · 0 is 0 (strong zeros, spec §6): decided over double too.
  const LawResult strong_zero =
      run_laws({text_law_on("forall a : R. exp (exp (exp 2 + a)) * 0 = 0", "closures")}, options)
          .front();
  CHECK(strong_zero.passed == 100);
}

TEST_CASE("the foils over balls are refuted with certified counterexamples", "[certified]") {
  for (const auto& [law, foil] :
       {std::pair{"cdc.D6", "naive-dual@ball"}, std::pair{"cdc.D6", "finite-difference@ball"},
        std::pair{"sound.nf", "no-renaming@ball"},
        std::pair{"cdc.D5", "tiny-relative-error@ball"}}) {
    INFO(law << " on " << foil);
    const LawResult result = run_one(law, foil, small_run(1, 200));
    CHECK(result.failed > 0);
    REQUIRE(result.counterexample);
    const Outcome& outcome = result.counterexample->original_outcome;
    CHECK(outcome.detail == "certified: the sides' enclosures are disjoint");
    REQUIRE(outcome.difference);
    REQUIRE(outcome.difference->separation);
    CHECK(*outcome.difference->separation > 0);
  }
}

TEST_CASE("tiny-relative-error passes over double and fails over balls", "[certified]") {
  // Laws whose two sides apply D a different number of times (a law with D
  // as often on each side, such as sound.beta, holds for a scaled D too).
  for (const char* law : {"cdc.D5", "cdc.D6", "tangent.functor.composition"}) {
    INFO(law);
    CHECK(run_one(law, "tiny-relative-error", small_run(1, 200)).failed == 0);
    CHECK(run_one(law, std::string("tiny-relative-error@ball"), small_run(1, 200)).failed > 0);
  }
}

TEST_CASE("sound.delta and sound.nf over balls: exact folds only, no failure", "[certified]") {
  for (const char* law : {"sound.delta", "sound.nf"}) {
    INFO(law);
    const LawResult result = run_one(law, "closures@ball", small_run(1, 300));
    CHECK(result.failed == 0);
    CHECK(health_problems(result, DiscardLimits{}).empty());
  }
}

TEST_CASE("a counterexample in double is certified by the twin, else marked uncertified",
          "[certified]") {
  const char* const wrong = "forall a : R. sin a * sin a = sin (a * a)";
  std::vector<LawBinding> bindings = {text_law_on(wrong, "smooth"), text_law_on(wrong, "closures"),
                                      text_law_on(wrong, "closures@ball")};
  certify_by_twins(bindings);
  CHECK(bindings[0].twin_composed);
  CHECK(bindings[0].certified_by.empty());
  CHECK(bindings[1].certified_by == "closures@ball");
  CHECK_FALSE(bindings[2].twin_composed);  // certified itself
  const auto results = run_laws(bindings, small_run(1, 50, /*shrink=*/true));
  REQUIRE(results[0].counterexample);
  CHECK(results[0].counterexample->outcome.detail ==
        "the two sides differ beyond the tolerance (uncertified: the model has no certified twin)");
  REQUIRE(results[1].counterexample);
  const std::string& detail = results[1].counterexample->outcome.detail;
  INFO(detail);
  CHECK(detail == "the two sides differ beyond the tolerance; certified by closures@ball");
  // The witness is the twin's, with its proved δ.
  REQUIRE(results[1].counterexample->outcome.difference);
  CHECK(results[1].counterexample->outcome.difference->separation.value_or(0) > 0);
  // Calling it again composes nothing twice.
  certify_by_twins(bindings);
  const auto again = run_laws({bindings[1]}, small_run(1, 50, /*shrink=*/true));
  REQUIRE(again[0].counterexample);
  CHECK(again[0].counterexample->outcome.detail == detail);
}

TEST_CASE("a difference the twin cannot evaluate stays a failure, marked uncertified",
          "[certified]") {
  // Both checks are replaced by fixed outcomes, so that the twin's outcome
  // is exactly the one under test: a non-finite value where double saw a
  // difference.
  LawBinding in_double = text_law_on("forall a : R. a = a", "closures");
  LawBinding twin = text_law_on("forall a : R. a = a", "closures@ball");
  in_double.check = [](const Case&, const semantics::Tolerance&, std::uint64_t) {
    Outcome outcome;
    outcome.verdict = Verdict::Failed;
    outcome.detail = "the two sides differ beyond the tolerance";
    outcome.difference = semantics::Difference{{}, 1.0, 2.0};
    return outcome;
  };
  twin.check = [](const Case&, const semantics::Tolerance&, std::uint64_t) {
    Outcome outcome;
    outcome.verdict = Verdict::Discarded;
    outcome.discard_kind = DiscardKind::NonFinite;
    outcome.detail = "a value is not finite";
    return outcome;
  };
  std::vector<LawBinding> bindings = {in_double, twin};
  certify_by_twins(bindings);
  const Outcome outcome = bindings[0].check(Case{}, semantics::Tolerance{}, 1);
  CHECK(outcome.verdict == Verdict::Failed);
  CHECK(outcome.detail ==
        "the two sides differ beyond the tolerance (uncertified: closures@ball could not check "
        "it: a value is not finite)");
  REQUIRE(outcome.difference);
  CHECK(outcome.difference->rhs == 2.0);
}

TEST_CASE("smooth's counterexamples are certified by its twin smooth@ball", "[certified]") {
  const char* const wrong = "forall a : R. sin a * sin a = sin (a * a)";
  std::vector<LawBinding> bindings = {text_law_on(wrong, "smooth"),
                                      text_law_on(wrong, "smooth@ball")};
  certify_by_twins(bindings);
  CHECK(bindings[0].certified_by == "smooth@ball");
  CHECK_FALSE(bindings[1].twin_composed);  // certified itself
  const auto results = run_laws(bindings, small_run(1, 50, /*shrink=*/true));
  for (const LawResult& result : results) {
    INFO(result.model);
    REQUIRE(result.counterexample);
    REQUIRE(result.counterexample->outcome.difference);
    CHECK(result.counterexample->outcome.difference->separation.value_or(0) > 0);
  }
  CHECK(results[0].counterexample->outcome.detail ==
        "the two sides differ beyond the tolerance; certified by smooth@ball");
  // The built-in bindings pair them the same way.
  CHECK(binding("cdc.D5", "smooth").certified_by == "smooth@ball");
}

TEST_CASE("smooth@ball holds every law smooth hosts, with nothing discarded as rounding",
          "[certified]") {
  std::vector<LawBinding> over_balls;
  for (const LawBinding& b : all_bindings())
    if (b.model == "smooth@ball") over_balls.push_back(b);
  // The catalogue's 70 and the signature's 8 (its four equations with their T-images).
  CHECK(over_balls.size() == 78);
  for (const LawResult& result : run_laws(over_balls, small_run(2, 30))) {
    INFO(result.info.id);
    CHECK(result.failed == 0);
    CHECK(health_problems(result, DiscardLimits{}).empty());
  }
}

TEST_CASE("a non-finite value in double is decided by the twin", "[certified]") {
  // Fixed outcomes: double finds a non-finite value where every application
  // is inside; the twin says what the value is over balls.
  const auto decided_with = [](Outcome confirmation) {
    LawBinding in_double = text_law_on("forall a : R. a = a", "closures");
    LawBinding twin = text_law_on("forall a : R. a = a", "closures@ball");
    in_double.check = [](const Case&, const semantics::Tolerance&, std::uint64_t) {
      Outcome outcome;
      outcome.verdict = Verdict::Failed;
      outcome.failure = FailureKind::NonFinite;
      outcome.detail = std::string(kNonFiniteDetail);
      return outcome;
    };
    twin.check = [confirmation](const Case&, const semantics::Tolerance&, std::uint64_t) {
      return confirmation;
    };
    std::vector<LawBinding> bindings = {in_double, twin};
    certify_by_twins(bindings);
    return bindings[0].check(Case{}, semantics::Tolerance{}, 1);
  };
  Outcome within_range;  // the twin passes, every value within range
  const Outcome defect = decided_with(within_range);
  CHECK(defect.verdict == Verdict::Failed);
  CHECK(defect.failure == FailureKind::NonFinite);
  CHECK(defect.certified);
  CHECK(defect.detail ==
        "a value is not finite where every primitive application is inside its smooth set; "
        "certified by closures@ball, where every value is within range");

  Outcome beyond;
  beyond.beyond_double_range = true;
  const Outcome overflow = decided_with(beyond);
  CHECK(overflow.verdict == Verdict::Discarded);
  CHECK(overflow.discard_kind == DiscardKind::Overflow);
  CHECK(overflow.detail == "a value is beyond the double range, as closures@ball shows");

  Outcome outside;
  outside.verdict = Verdict::Discarded;
  outside.discard_kind = DiscardKind::OutsideDomain;
  outside.detail = "outside the domain: log: x <= 0";
  outside.beyond_double_range = true;  // outside comes first
  const Outcome undecided = decided_with(outside);
  CHECK(undecided.verdict == Verdict::Discarded);
  CHECK(undecided.discard_kind == DiscardKind::OutsideDomain);
  CHECK(undecided.detail == "outside the domain: log: x <= 0");
}

TEST_CASE("without a twin a non-finite value is a non-finite discard", "[certified]") {
  LawBinding alone = text_law_on("forall a : R. a = a", "smooth");
  alone.check = [](const Case&, const semantics::Tolerance&, std::uint64_t) {
    Outcome outcome;
    outcome.verdict = Verdict::Failed;
    outcome.failure = FailureKind::NonFinite;
    outcome.detail = std::string(kNonFiniteDetail);
    return outcome;
  };
  std::vector<LawBinding> bindings = {alone};
  certify_by_twins(bindings);
  const Outcome outcome = bindings[0].check(Case{}, semantics::Tolerance{}, 1);
  CHECK(outcome.verdict == Verdict::Discarded);
  CHECK(outcome.discard_kind == DiscardKind::NonFinite);
  CHECK(outcome.detail ==
        "a value is not finite (undecided: no certified twin tells an overflow from a defect)");
}

TEST_CASE("a plugin's model without a twin has its non-finite values decided by closures@ball",
          "[certified]") {
  // A model no built-in is named after: a plugin's. closures@ball places
  // the case's applications; its values are not the model's, so a
  // difference of the plugin's sides stays uncertified.
  const auto decided_with = [](Outcome plugin_outcome, Outcome confirmation) {
    LawBinding plugin = text_law_on("forall a : R. a = a", "smooth");
    plugin.model = "some-library";
    LawBinding decider = text_law_on("forall a : R. a = a", kPluginDecider);
    plugin.check = [plugin_outcome](const Case&, const semantics::Tolerance&, std::uint64_t) {
      return plugin_outcome;
    };
    decider.check = [confirmation](const Case&, const semantics::Tolerance&, std::uint64_t) {
      return confirmation;
    };
    std::vector<LawBinding> bindings = {plugin, decider};
    certify_by_twins(bindings);
    CHECK(bindings[0].certified_by.empty());
    return bindings[0].check(Case{}, semantics::Tolerance{}, 1);
  };
  Outcome non_finite;
  non_finite.verdict = Verdict::Failed;
  non_finite.failure = FailureKind::NonFinite;
  non_finite.detail = std::string(kNonFiniteDetail);
  const Outcome defect = decided_with(non_finite, Outcome{});
  CHECK(defect.verdict == Verdict::Failed);
  CHECK(defect.detail ==
        "a value is not finite where every primitive application is inside its smooth set; "
        "certified by closures@ball, where every value is within range");
  Outcome outside;
  outside.verdict = Verdict::Discarded;
  outside.discard_kind = DiscardKind::OutsideDomain;
  outside.detail = "outside the domain: log: x <= 0";
  const Outcome excused = decided_with(non_finite, outside);
  CHECK(excused.verdict == Verdict::Discarded);
  CHECK(excused.discard_kind == DiscardKind::OutsideDomain);
  Outcome beyond;
  beyond.beyond_double_range = true;
  CHECK(decided_with(non_finite, beyond).discard_kind == DiscardKind::Overflow);

  Outcome differ;
  differ.verdict = Verdict::Failed;
  differ.failure = FailureKind::SidesDiffer;
  differ.detail = "the two sides differ beyond the tolerance";
  differ.difference = semantics::Difference{};
  const Outcome difference = decided_with(differ, Outcome{});
  CHECK(difference.verdict == Verdict::Failed);
  CHECK(difference.detail ==
        "the two sides differ beyond the tolerance (uncertified: the model has no certified twin)");
}
