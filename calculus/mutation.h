// Deliberate bugs for testing the tests (mutation testing): each mutant is one
// one-line change in the calculus, consulted at exactly the place it breaks.
// A test suite or law checker that cannot tell a mutant from the real
// calculus is too weak. Test-only: the default is Mutant::None, and nothing
// outside tests and the checker's self-test should ever set another.
//
// The switch exists only in a build with PERTURB_MUTANTS (CMake option, on
// where the tests are built); elsewhere active_mutant() is the constant
// Mutant::None and the places it is consulted compile to the calculus alone.
#pragma once

#include <optional>

#include "calculus/signature.h"

namespace perturb::calculus {

enum class Mutant {
  None,
  DiamondWithoutTangentSummand,  // M ⋄ N drops π1((T(π2 M)) N) from the tangent
  TangentVarUntagged,            // T_x y = y instead of ι2 y
  TangentLambdaSwapped,          // T_x(λy.s) = ⟨λy.π2(T_x s), λy.π1(T_x s)⟩
  SubstitutionNoLift,            // s[P/x] does not lift P under binders: capture
  SubstitutionSkipsBinders,      // under a binder s[P/x] seeks x at its outer index
  SubstitutionNoRenaming,        // s[P/x] leaves the variables above x unrenamed (off by one)
  LiftingIgnoresBinders,         // lifting P also shifts the variables P binds itself
  ProjectionIgnoresInjection,    // π_k(ι_l s) → s for k ≠ l
  PairEtaDropsOtherSummands,     // ι1 (π1 s) + ι2 (π2 s) + r → s (r lost)
  ZeroTangentForgetsPoint,       // T s (ι2 N') → ι2 (s 0) instead of ι2 (s N')
  // T c's δ-rule adds c's first direction to the derivative it gives, for
  // every primitive or the one ScopedMutant names
  DeltaRuleOffByDirection,
};

inline constexpr Mutant kAllMutants[] = {
    Mutant::DiamondWithoutTangentSummand, Mutant::TangentVarUntagged,
    Mutant::TangentLambdaSwapped,         Mutant::SubstitutionNoLift,
    Mutant::SubstitutionSkipsBinders,     Mutant::SubstitutionNoRenaming,
    Mutant::LiftingIgnoresBinders,        Mutant::ProjectionIgnoresInjection,
    Mutant::PairEtaDropsOtherSummands,    Mutant::ZeroTangentForgetsPoint,
    Mutant::DeltaRuleOffByDirection};

// A stable name, e.g. "diamond-without-tangent-summand".
const char* mutant_name(Mutant mutant);

#if PERTURB_MUTANTS

// The mutant in effect for all threads (Mutant::None unless a test set one).
Mutant active_mutant();

// Makes mutant the one in effect for all threads.
void set_active_mutant(Mutant mutant);

// The one primitive a mutant of a primitive breaks (DeltaRuleOffByDirection),
// or none: all of them.
std::optional<Primitive> mutated_primitive();
void set_mutated_primitive(std::optional<Primitive> primitive);

// Activates a mutant (of `only`, for a mutant of a primitive) for the
// lifetime of the object, then restores the previous one.
class ScopedMutant {
 public:
  explicit ScopedMutant(Mutant mutant, std::optional<Primitive> only = std::nullopt)
      : previous_(active_mutant()), previous_primitive_(mutated_primitive()) {
    set_active_mutant(mutant);
    set_mutated_primitive(only);
  }
  ~ScopedMutant() {
    set_active_mutant(previous_);
    set_mutated_primitive(previous_primitive_);
  }
  ScopedMutant(const ScopedMutant&) = delete;
  ScopedMutant& operator=(const ScopedMutant&) = delete;

 private:
  Mutant previous_;
  std::optional<Primitive> previous_primitive_;
};

#else

constexpr Mutant active_mutant() { return Mutant::None; }
constexpr std::optional<Primitive> mutated_primitive() { return std::nullopt; }

#endif

// Whether the mutant in effect breaks primitive p (DeltaRuleOffByDirection).
inline bool delta_rule_mutated(Primitive p) {
  if (active_mutant() != Mutant::DeltaRuleOffByDirection) return false;
  const std::optional<Primitive> only = mutated_primitive();
  return !only || *only == p;
}

}  // namespace perturb::calculus
