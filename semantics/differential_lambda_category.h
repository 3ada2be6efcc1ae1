// The concept DifferentialLambdaCategory (spec §1, §2; Bucciarelli–Ehrhard–
// Manzonetto 2010, Def. 3.5): a cartesian closed differential category in
// which evaluation is linear in its function argument, i.e. for f : Z × X → Y
//
//     D(Λ(f)) = Λ( D(f) ∘ ⟨π1 × 0_X, π2 × id_X⟩ )                     (DLC)
//
// (⟨π1 × 0, π2 × id⟩ sends ((z', z), x) to ((z', 0), (z, x))). This is where
// the perturbative λ-calculus is interpreted (spec §5).
//
//
// Minimal complete definition
// ---------------------------
// Both CartesianDifferentialCategory and CartesianClosedCategory; nothing more.
// The tangent-bundle structure (T, η, μ, t, t', φ, sw, T̂) is derived once for
// all models in semantics/derived.h.
//
//
// Laws
// ----
// Those of CartesianDifferentialCategory and CartesianClosedCategory, and (ids
// used by the checker; T, η, μ, t, t', φ, sw, T̂ as in semantics/derived.h):
//
//   dlc.ev-linear                  D(Λ(f)) = Λ(D(f)∘⟨π1 × 0, π2 × id⟩)
//   tangent.prop-3.9               T(Λ(g)) = ⟨Λ(π1∘h), Λ(π2∘h)⟩ with h = T(g)∘t'
//   tangent.eq-3                   T(ev)∘φ = ⟨ev∘(π1 × π2) + D(ev)∘t∘(π2 × id), ev∘(π2 × π2)⟩
//   tangent.hat                    ev∘(T̂ × id) = T(ev)∘t, i.e. T̂(f)(x', x) = (D(f)(x', x), f(x))
//   tangent.thm-3.10               T̂ is linear: D(T̂) = T̂∘π1
//   tangent.prop-3.11              T̂∘Λ(f) = Λ(T(f)∘t)
//   tangent.functor.identity       T(id) = id
//   tangent.functor.composition    T(f∘g) = T(f)∘T(g)
//   tangent.monad.left-unit        μ∘η_T = id
//   tangent.monad.right-unit       μ∘T(η) = id
//   tangent.monad.associativity    μ∘T(μ) = μ∘μ_T
//   tangent.unit-natural           T(f)∘η = η∘f
//   tangent.mult-natural           T(f)∘μ = μ∘T(T(f))
//   tangent.strength.unit          t∘(id × η) = η
//   tangent.strength.mult          t∘(id × μ) = μ∘T(t)∘t
//   tangent.strength.projection    T(π2)∘t = π2
//   tangent.strength.assoc         T(α)∘t = t∘(id × t)∘α
//   tangent.costrength.unit        t'∘(η × id) = η
//   tangent.costrength.mult        t'∘(μ × id) = μ∘T(t')∘t'
//   tangent.costrength.projection  T(π1)∘t' = π1
//   tangent.costrength.assoc       T(α⁻¹)∘t' = t'∘(t' × id)∘α⁻¹
//   tangent.phi                    μ∘T(t)∘t' = ⟨π1 × π1, π2 × π2⟩
//   tangent.phi-commutative        μ∘T(t')∘t = ⟨π1 × π1, π2 × π2⟩
//   tangent.lemma-3.8              T(⟨f, g⟩) = φ∘⟨T(f), T(g)⟩
//   tangent.sw.swap                sw∘⟨⟨f, g⟩, h⟩ = ⟨⟨f, h⟩, g⟩
//   tangent.sw.linear              D(sw) = sw∘π1
//   tangent.lemma-3.13             T(sw)∘t'∘(t × id) = t∘sw
//
// The laws without ⇒, ev, Λ or T̂ hold in every CartesianDifferentialCategory
// and the checker runs them there too.
//
//
// Models
// ------
// `closures` and its foils (`finite-difference`, `naive-dual`, `no-renaming`,
// which are meant to violate some of these laws).
#pragma once

#include "semantics/cartesian_closed_category.h"
#include "semantics/cartesian_differential_category.h"

namespace perturb::semantics {

template <class C>
concept DifferentialLambdaCategory = CartesianDifferentialCategory<C> && CartesianClosedCategory<C>;

}  // namespace perturb::semantics
