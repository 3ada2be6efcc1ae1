// The checker against deliberately broken calculi (issue 4, "What it must
// show" 3): each mutant of calculus/mutation.h is one wrong line in the
// calculus, and each must make a named law fail on the sound `closures`
// model, while the same law, seed and cases pass without it.
//
// A mutant counts as caught by a case only when that very case passes
// without the mutant and fails with it, so a failure that the unmutated
// calculus shares (a model or type-checker limitation) never counts.
#include <catch2/catch.hpp>

#include "calculus/mutation.h"
#include "checker_support.h"

using namespace perturb;
using namespace perturb::proofs;
using namespace perturb::proofs::testing;

namespace {

struct Tally {
  std::uint64_t caught = 0;           // passed without the mutant, failed with it
  std::uint64_t baseline_failed = 0;  // failed without the mutant
  std::uint64_t baseline_differ = 0;  // of those, evaluated and found to differ
  std::uint64_t mutant_failed = 0;    // failed with the mutant (run_laws' count)
};

// Runs law on closures for `cases` cases of seed 1 with and without mutant.
Tally run_against(calculus::Mutant mutant, std::string_view law, std::uint64_t cases) {
  const LawBinding& bound = binding(law, "closures");
  const RunOptions options = small_run(1, cases);
  Tally result;
  {
    const calculus::ScopedMutant active(mutant);
    result.mutant_failed = run_laws({bound}, options).front().failed;
  }
  for (std::uint64_t index = 0; index < cases; ++index) {
    const Case k = generate_case(bound, options.engine, index);
    const std::uint64_t compare =
        compare_seed_of(case_seed(options.engine.seed, bound.info.id, bound.model, index));
    const Outcome baseline = bound.check(k, options.engine.tolerance, compare);
    if (baseline.verdict == Verdict::Failed) {
      ++result.baseline_failed;
      if (!baseline.detail.starts_with("error")) ++result.baseline_differ;
    }
    if (baseline.verdict != Verdict::Passed) continue;
    const calculus::ScopedMutant active(mutant);
    if (bound.check(k, options.engine.tolerance, compare).verdict == Verdict::Failed)
      ++result.caught;
  }
  return result;
}

// Requires that law catches mutant within `cases` cases and holds without it.
void require_caught(calculus::Mutant mutant, std::string_view law, std::uint64_t cases) {
  const Tally result = run_against(mutant, law, cases);
  INFO("mutant " << calculus::mutant_name(mutant) << ", law " << law << ", seed 1, " << cases
                 << " cases: " << result.mutant_failed << " fail with the mutant, " << result.caught
                 << " of them pass without it; " << result.baseline_failed
                 << " fail without the mutant");
  // Show the counts with -s.
  SUCCEED(calculus::mutant_name(mutant)
          << " on " << law << ": " << result.mutant_failed << " of " << cases << " cases fail");
  CHECK(result.mutant_failed > 0);
  CHECK(result.caught > 0);
  // Without the mutant no case may fail at all.
  CHECK(result.baseline_failed == 0);
  CHECK(calculus::active_mutant() == calculus::Mutant::None);
}

}  // namespace

TEST_CASE("mutant ⋄ without π1((T(π2 M)) N) is caught by sound.lemma-5.3", "[mutants]") {
  require_caught(calculus::Mutant::DiamondWithoutTangentSummand, "sound.lemma-5.3", 100);
}

TEST_CASE("mutant T_x y = y is caught by sound.lemma-5.5", "[mutants]") {
  require_caught(calculus::Mutant::TangentVarUntagged, "sound.lemma-5.5", 100);
}

TEST_CASE("mutant T_x(λy.s) with π1/π2 swapped is caught by sound.T", "[mutants]") {
  require_caught(calculus::Mutant::TangentLambdaSwapped, "sound.T", 100);
}

TEST_CASE("mutant T_x(λy.s) with π1/π2 swapped is caught by sound.lemma-5.5", "[mutants]") {
  require_caught(calculus::Mutant::TangentLambdaSwapped, "sound.lemma-5.5", 100);
}

TEST_CASE("mutant substitution without lifting is caught by sound.lemma-5.4", "[mutants]") {
  require_caught(calculus::Mutant::SubstitutionNoLift, "sound.lemma-5.4", 100);
}

TEST_CASE("mutant substitution without lifting is caught by sound.beta", "[mutants]") {
  require_caught(calculus::Mutant::SubstitutionNoLift, "sound.beta", 1000);
}

// Substitution and lifting under a binder, and the renaming of the variables
// above the substituted one: each caught by sound.beta and sound.lemma-5.4
// within the default run's 1000 cases.
TEST_CASE("mutants of substitution and lifting under binders are caught by β and Lemma 5.4",
          "[mutants]") {
  for (calculus::Mutant mutant :
       {calculus::Mutant::SubstitutionSkipsBinders, calculus::Mutant::SubstitutionNoRenaming,
        calculus::Mutant::LiftingIgnoresBinders}) {
    for (std::string_view law : {"sound.beta", "sound.lemma-5.4"})
      require_caught(mutant, law, 1000);
  }
}

TEST_CASE("mutant π_k(ι_l s) → s is caught by sound.pi-zero", "[mutants]") {
  require_caught(calculus::Mutant::ProjectionIgnoresInjection, "sound.pi-zero", 100);
}

TEST_CASE("mutant pair-eta dropping the other summands is caught by sound.rule.pair-eta",
          "[mutants]") {
  require_caught(calculus::Mutant::PairEtaDropsOtherSummands, "sound.rule.pair-eta", 100);
}

TEST_CASE("mutant zero-tangent T s (ι2 N') → ι2 (s 0) is caught by sound.rule.zero-tangent",
          "[mutants]") {
  require_caught(calculus::Mutant::ZeroTangentForgetsPoint, "sound.rule.zero-tangent", 100);
}

// Without a mutant the laws above hold outright: terms are typed by
// construction, so every derived term (T_x M, M ⋄ N, a T-reduct) is
// interpretable, and no case is redrawn.
TEST_CASE("without a mutant the catching laws hold on closures", "[mutants]") {
  const RunOptions options = small_run(1, 100);
  for (std::string_view law :
       {"sound.lemma-5.3", "sound.lemma-5.4", "sound.lemma-5.5", "sound.T", "sound.beta",
        "sound.pi-zero", "sound.rule.pair-eta", "sound.rule.zero-tangent"}) {
    const LawResult result = run_one(law, "closures", options);
    INFO(law << ": " << result.failed << " of " << result.cases << " cases fail"
             << (result.counterexample ? ", first: " + result.counterexample->outcome.detail : ""));
    CHECK(result.failed == 0);
  }
}

TEST_CASE("each primitive's δ-rule, made wrong, fails sound.delta", "[mutants]") {
  const LawBinding& bound = binding("sound.delta", "closures");
  for (const calculus::Primitive p : calculus::kStandardPrimitives) {
    std::uint64_t failed = 0;
    {
      const calculus::ScopedMutant active(calculus::Mutant::DeltaRuleOffByDirection, p);
      failed = run_laws({bound}, small_run(1, 300)).front().failed;
    }
    INFO(calculus::primitive_name(p) << ": " << failed << " of 300 sound.delta cases fail");
    SUCCEED(calculus::primitive_name(p) << ": " << failed << " of 300 cases fail");
    CHECK(failed > 0);
  }
  CHECK(calculus::active_mutant() == calculus::Mutant::None);
  CHECK_FALSE(calculus::mutated_primitive());
}
