// The concept CartesianClosedCategory, in its left-additive form (spec §1).
//
// A cartesian left-additive category with exponentials X ⇒ Y, evaluation
// ev : (X ⇒ Y) × X → Y and currying Λ : C(Z × X, Y) → C(Z, X ⇒ Y) such that
// ev∘(Λ(f) × id) = f, and Λ is additive.
//
//
// Minimal complete definition
// ---------------------------
// CartesianLeftAdditiveCategory, and for objects X, Y and f : Z × X → Y
//
//   c.exponential(X, Y)  -> Object     X ⇒ Y
//   c.eval(X, Y)         -> Morphism   ev : (X ⇒ Y) × X → Y
//   c.curry(f)           -> Morphism   Λ(f) : Z → (X ⇒ Y); throws CategoryError
//                                      when dom f is not a product
//
// Points of X ⇒ Y are functions; equality of such points is extensional
// (TestableModel::approx_equal applies both to random arguments).
//
//
// Laws
// ----
// For all f : Z × X → Y, g : W → Z, h : W → X, k : Z → (X ⇒ Y) (ids used by
// the checker):
//
//   ccc.beta                 ev∘(Λ(f) × id) = f
//   ccc.eta                  Λ(ev∘(k × id)) = k
//   ccc.curry-additive.sum   Λ(f + f') = Λ(f) + Λ(f')
//   ccc.curry-additive.zero  Λ(0) = 0
//   ccc.eq1                  Λ(f)∘g = Λ(f∘(g × id))
//   ccc.eq2                  ev∘⟨Λ(f), h⟩ = f∘⟨id, h⟩
//
//
// Refined by
// ----------
// DifferentialLambdaCategory.
//
//
// Models
// ------
// `closures` and its foils. (`smooth` is not closed.)
#pragma once

#include <concepts>

#include "semantics/cartesian_left_additive_category.h"

namespace perturb::semantics {

template <class C>
concept CartesianClosedCategory = CartesianLeftAdditiveCategory<C> &&
    requires(const C& c, const typename C::Object& x, const typename C::Morphism& f) {
  { c.exponential(x, x) } -> std::same_as<typename C::Object>;
  { c.eval(x, x) } -> std::same_as<typename C::Morphism>;
  { c.curry(f) } -> std::same_as<typename C::Morphism>;
};

}  // namespace perturb::semantics
