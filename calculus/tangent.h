// The syntactic pushforward T_x and the operation ⋄ (spec §4, Fig. 4).
//
//   T_x x        = x
//   T_x y        = ι2 y                                   (y ≠ x)
//   T_x (λy.s)   = ⟨ λy. π1(T_x s), λy. π2(T_x s) ⟩
//   T_x (s N)    = (T_x s) ⋄ (T_x N)
//   T_x (T s)    = ⟨ T(π1(T_x s)), T(π2(T_x s)) ⟩
//   T_x 0        = 0
//   T_x (s + N)  = T_x s + T_x N
//   T_x (ι_k s)  = ⟨ ι_k(π1(T_x s)), ι_k(π2(T_x s)) ⟩
//   T_x (π_k s)  = ⟨ π_k(π1(T_x s)), π_k(π2(T_x s)) ⟩
//   T_x c        = ι2 c                                   (constants, spec §6)
//
//   M ⋄ N := ⟨ (π1 M)(π2 N) + π1((T(π2 M)) N),  (π2 M)(π2 N) ⟩
//
// ⋄ mentions M and N three times each; the results are hash-consed DAGs and
// T_x is memoised per call on (node, index of x), so iterated T_x grows
// linearly in DAG size where a tree would grow exponentially.
#pragma once

#include <cstdint>

#include "calculus/substitution.h"
#include "calculus/term.h"

namespace perturb::calculus {

// T_x term for x the variable of de Bruijn index 0:
// Γ; x:σ ⊢ term : τ gives Γ; x:Tσ ⊢ tangent_of(term) : Tτ (Lemma 4.1(b)).
// Throws TooLarge when that builds more than max_nodes nodes.
Term tangent_of(const Term& term, std::uint64_t max_nodes = kNoNodeLimit);

// T_x term for x the variable of de Bruijn index `index` (the λ clause needs
// x one binder deeper, at index + 1).
Term tangent_at(const Term& term, std::uint32_t index, std::uint64_t max_nodes = kNoNodeLimit);

// M ⋄ N: Γ ⊢ m : T(σ → τ) and Γ ⊢ n : Tσ give Γ ⊢ diamond(m, n) : Tτ.
Term diamond(const Term& m, const Term& n);

}  // namespace perturb::calculus
