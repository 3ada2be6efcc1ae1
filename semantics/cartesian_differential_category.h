// The concept CartesianDifferentialCategory (spec §1; Blute–Cockett–Seely 2009).
//
// A cartesian left-additive category with a differential combinator
// D : C(X, Y) → C(X × X, Y). D takes the direction first and the point
// second: D(f)∘⟨v, x⟩ is the derivative of f at x in direction v; in smooth
// maps D(f)(v, x) = J_f(x)·v.
//
//
// Minimal complete definition
// ---------------------------
// CartesianLeftAdditiveCategory, and for every morphism f : X → Y
//
//   c.derivative(f)  -> Morphism   D(f) : X × X → Y
//
// Optionally `c.fast_tangent_map(f)`, a faster T(f) : X × X → Y × Y (e.g. one
// pass computing primal and tangent together); see HasFastTangentMap in
// semantics/derived.h. It must equal the generic ⟨D(f), f∘π2⟩ (law
// model.fast-tangent-map).
//
//
// Laws
// ----
// For all morphisms f, g, h, k of the right shapes (ids used by the checker;
// metavariables are drawn from the model's random morphisms):
//
//   cdc.D1.sum       D(f + g) = D(f) + D(g)
//   cdc.D1.zero      D(0) = 0
//   cdc.D2.sum       D(f)∘⟨h + k, v⟩ = D(f)∘⟨h, v⟩ + D(f)∘⟨k, v⟩
//   cdc.D2.zero      D(f)∘⟨0, v⟩ = 0
//   cdc.D3.identity  D(id) = π1
//   cdc.D3.proj1     D(π1) = π1∘π1
//   cdc.D3.proj2     D(π2) = π2∘π1
//   cdc.D4           D(⟨f, g⟩) = ⟨D(f), D(g)⟩
//   cdc.D5           D(f∘g) = D(f)∘⟨D(g), g∘π2⟩
//   cdc.D6           D(D(f))∘⟨⟨g, 0⟩, ⟨h, k⟩⟩ = D(f)∘⟨g, k⟩
//   cdc.D7           D(D(f))∘⟨⟨0, h⟩, ⟨g, k⟩⟩ = D(D(f))∘⟨⟨0, g⟩, ⟨h, k⟩⟩
//
// f is linear when D(f) = f∘π1 (id, π1, π2 and 0 are, by cdc.D3.* and
// cdc.D1.zero):
//
//   linear.term           D(l) = l∘π1 for a random linear term l
//   linear.composite      D(m∘l) = (m∘l)∘π1 for linear l, m
//   linear.additive.sum   l∘(g + h) = l∘g + l∘h for linear l
//   linear.additive.zero  l∘0 = 0 for linear l
//   tangent.lemma-3.7     l linear ⟹ T(l) = l × l
//
// The tangent-bundle laws that need only D (the monad (T, η, μ), the strengths
// t, t', φ, Lemma 3.8, Lemma 3.13) are listed in
// semantics/differential_lambda_category.h with the rest of the tangent.* ids;
// the checker runs those that need no exponential on every
// CartesianDifferentialCategory.
//
//
// Refined by
// ----------
// DifferentialLambdaCategory.
//
//
// Models
// ------
// `smooth` (Jacobians, first-order only: not closed), `closures` and its foils.
#pragma once

#include <concepts>

#include "semantics/cartesian_left_additive_category.h"

namespace perturb::semantics {

template <class C>
concept CartesianDifferentialCategory = CartesianLeftAdditiveCategory<C> &&
    requires(const C& c, const typename C::Morphism& f) {
  { c.derivative(f) } -> std::same_as<typename C::Morphism>;
};

}  // namespace perturb::semantics
