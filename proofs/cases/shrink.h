// The shrinker (design.md "Shrinker"): makes a failing case smaller while the
// same law keeps failing in the same way. Every step is type-preserving: a
// subterm is replaced by 0 (always well-typed), by one of its own subterms or
// a variable when the type checker accepts the result, by the contraction of
// a redex, or a literal by a simpler one; a step is kept only if the case
// still fails. Applies to metavariables, terms and points alike.
#pragma once

#include <cstdint>
#include <functional>

#include "proofs/cases/law.h"

namespace perturb::proofs {

struct ShrinkResult {
  Case shrunk;
  Outcome outcome;          // of the shrunk case
  std::uint32_t steps = 0;  // accepted steps
};

// The smallest case reachable from `failing` by accepted steps, trying at
// most max_attempts candidates. check must be deterministic.
ShrinkResult shrink_case(const Case& failing, const Outcome& outcome,
                         const std::function<Outcome(const Case&)>& check,
                         std::uint32_t max_attempts = 1500);

// The candidate replacements of one term Γ ⊢ term : type, smallest first,
// each well-typed at the same type.
std::vector<calculus::Term> shrink_candidates(const calculus::Context& context,
                                              const calculus::Term& term,
                                              const calculus::Type& type);

}  // namespace perturb::proofs
