#include "calculus/mutation.h"

#include <atomic>

#include "calculus/error.h"

namespace perturb::calculus {

#if PERTURB_MUTANTS

namespace {

// Global rather than thread_local so that a mutant set before the checker
// starts its worker threads is in effect in all of them.
std::atomic<Mutant> active{Mutant::None};
// The mutated primitive's index, or -1: all.
std::atomic<int> mutated{-1};

}  // namespace

Mutant active_mutant() { return active.load(std::memory_order_relaxed); }

void set_active_mutant(Mutant mutant) { active.store(mutant, std::memory_order_relaxed); }

std::optional<Primitive> mutated_primitive() {
  const int index = mutated.load(std::memory_order_relaxed);
  if (index < 0) return std::nullopt;
  return static_cast<Primitive>(index);
}

void set_mutated_primitive(std::optional<Primitive> primitive) {
  mutated.store(primitive ? static_cast<int>(*primitive) : -1, std::memory_order_relaxed);
}

#endif

const char* mutant_name(Mutant mutant) {
  switch (mutant) {
    case Mutant::None:
      return "none";
    case Mutant::DiamondWithoutTangentSummand:
      return "diamond-without-tangent-summand";
    case Mutant::TangentVarUntagged:
      return "tangent-var-untagged";
    case Mutant::TangentLambdaSwapped:
      return "tangent-lambda-swapped";
    case Mutant::SubstitutionNoLift:
      return "substitution-no-lift";
    case Mutant::SubstitutionSkipsBinders:
      return "substitution-skips-binders";
    case Mutant::SubstitutionNoRenaming:
      return "substitution-no-renaming";
    case Mutant::LiftingIgnoresBinders:
      return "lifting-ignores-binders";
    case Mutant::ProjectionIgnoresInjection:
      return "projection-ignores-injection";
    case Mutant::PairEtaDropsOtherSummands:
      return "pair-eta-drops-other-summands";
    case Mutant::ZeroTangentForgetsPoint:
      return "zero-tangent-forgets-point";
    case Mutant::DeltaRuleOffByDirection:
      return "delta-rule-off-by-direction";
  }
  throw InternalError("mutant_name: unknown mutant");
}

}  // namespace perturb::calculus
