// Structure derived once, generically, from the primitives of the concepts:
// products of maps and injections (spec §1), the tangent bundle (T, η, μ),
// the strengths t and t', φ, sw, T(ev) as equation (3), and T̂ (spec §2).
// Every definition is the spec's, written with compose/pair/proj/add/zero/D/
// Λ/ev only, so that the checker can compare a model's faster equivalents
// against them.
//
// Conventions (spec, top): T X = X × X with the tangent first and the primal
// second; f∘g is "g, then f"; ⟨f, g⟩ pairs; f × g = ⟨f∘π1, g∘π2⟩.
//
//
// Laws
// ----
// A model's faster equivalents against these definitions (ids used by the
// checker, run on the models that have them):
//
//   model.fast-tangent-hat  the model's own T̂ equals Λ(T(ev)∘t) with the generic T
//   model.fast-tangent-map  the model's own T(f) equals ⟨D(f), f∘π2⟩
#pragma once

#include <concepts>

#include "semantics/capabilities.h"
#include "semantics/cartesian_closed_category.h"
#include "semantics/cartesian_differential_category.h"
#include "semantics/cartesian_left_additive_category.h"
#include "semantics/category_error.h"

namespace perturb::semantics {

// ---- cartesian left-additive structure (spec §1) ----

// f1∘f2∘…∘fn ("fn first"); throws CategoryError where neighbours do not fit.
template <CartesianLeftAdditiveCategory C, class... Rest>
typename C::Morphism compose(const C& c, const typename C::Morphism& first, const Rest&... rest) {
  if constexpr (sizeof...(Rest) == 0) {
    return first;
  } else {
    return c.compose(first, compose(c, rest...));
  }
}

// f × g = ⟨f∘π1, g∘π2⟩ : A × B → X × Y for f : A → X, g : B → Y (spec, top).
template <CartesianLeftAdditiveCategory C>
typename C::Morphism product_map(const C& c, const typename C::Morphism& f,
                                 const typename C::Morphism& g) {
  const auto a = c.domain(f);
  const auto b = c.domain(g);
  return c.pair(c.compose(f, c.proj1(a, b)), c.compose(g, c.proj2(a, b)));
}

// ι1 = ⟨id, 0⟩ : X → X × Y (spec §1; not a coproduct injection in general).
template <CartesianLeftAdditiveCategory C>
typename C::Morphism inj1(const C& c, const typename C::Object& x, const typename C::Object& y) {
  return c.pair(c.identity(x), c.zero(x, y));
}

// ι2 = ⟨0, id⟩ : Y → X × Y (spec §1).
template <CartesianLeftAdditiveCategory C>
typename C::Morphism inj2(const C& c, const typename C::Object& x, const typename C::Object& y) {
  return c.pair(c.zero(y, x), c.identity(y));
}

// α = ⟨π1∘π1, ⟨π2∘π1, π2⟩⟩ : (X × Y) × Z → X × (Y × Z), for the strength laws.
template <CartesianLeftAdditiveCategory C>
typename C::Morphism associator(const C& c, const typename C::Object& x,
                                const typename C::Object& y, const typename C::Object& z) {
  const auto xy = c.product(x, y);
  const auto outer1 = c.proj1(xy, z);
  return c.pair(c.compose(c.proj1(x, y), outer1),
                c.pair(c.compose(c.proj2(x, y), outer1), c.proj2(xy, z)));
}

// α⁻¹ = ⟨⟨π1, π1∘π2⟩, π2∘π2⟩ : X × (Y × Z) → (X × Y) × Z, for the left-strength laws.
template <CartesianLeftAdditiveCategory C>
typename C::Morphism associator_inverse(const C& c, const typename C::Object& x,
                                        const typename C::Object& y, const typename C::Object& z) {
  const auto yz = c.product(y, z);
  const auto outer2 = c.proj2(x, yz);
  return c.pair(c.pair(c.proj1(x, yz), c.compose(c.proj1(y, z), outer2)),
                c.compose(c.proj2(y, z), outer2));
}

// sw = ⟨π1 × id_Z, π2∘π1⟩ : (X × Y) × Z → (X × Z) × Y,
// ((x, y), z) ↦ ((x, z), y) (Definition 3.12).
template <CartesianLeftAdditiveCategory C>
typename C::Morphism sw(const C& c, const typename C::Object& x, const typename C::Object& y,
                        const typename C::Object& z) {
  const auto xy = c.product(x, y);
  return c.pair(product_map(c, c.proj1(x, y), c.identity(z)),
                c.compose(c.proj2(x, y), c.proj1(xy, z)));
}

// ---- the tangent bundle (spec §2) ----

// T X = X × X, tangent first, primal second.
template <CartesianLeftAdditiveCategory C>
typename C::Object tangent_object(const C& c, const typename C::Object& x) {
  return c.product(x, x);
}

// T(f) = ⟨D(f), f∘π2⟩ : T X → T Y, by the definition (spec §2).
template <CartesianDifferentialCategory C>
typename C::Morphism generic_tangent_map(const C& c, const typename C::Morphism& f) {
  const auto x = c.domain(f);
  return c.pair(c.derivative(f), c.compose(f, c.proj2(x, x)));
}

// T(f), by the model's fast_tangent_map where it has one.
template <CartesianDifferentialCategory C>
typename C::Morphism tangent_map(const C& c, const typename C::Morphism& f) {
  if constexpr (HasFastTangentMap<C>) {
    if (capabilities(c).fast_tangent_map) return c.fast_tangent_map(f);
  }
  return generic_tangent_map(c, f);
}

// η_X = ⟨0, id⟩ : X → T X (spec §2).
template <CartesianLeftAdditiveCategory C>
typename C::Morphism unit(const C& c, const typename C::Object& x) {
  return c.pair(c.zero(x, x), c.identity(x));
}

// μ_X = ⟨π2∘π1 + π1∘π2, π2∘π2⟩ : T T X → T X, ((w, v), (u, x)) ↦ (v + u, x) (spec §2).
template <CartesianLeftAdditiveCategory C>
typename C::Morphism multiplication(const C& c, const typename C::Object& x) {
  const auto tx = tangent_object(c, x);
  const auto outer1 = c.proj1(tx, tx);
  const auto outer2 = c.proj2(tx, tx);
  const auto inner1 = c.proj1(x, x);
  const auto inner2 = c.proj2(x, x);
  return c.pair(c.add(c.compose(inner2, outer1), c.compose(inner1, outer2)),
                c.compose(inner2, outer2));
}

// t_{X,Y} = ⟨⟨0, π1∘π2⟩, ⟨π1, π2∘π2⟩⟩ : X × T Y → T(X × Y),
// (x, (y', y)) ↦ ((0, y'), (x, y)) (spec §2, right strength).
template <CartesianLeftAdditiveCategory C>
typename C::Morphism right_strength(const C& c, const typename C::Object& x,
                                    const typename C::Object& y) {
  const auto ty = tangent_object(c, y);
  const auto first = c.proj1(x, ty);
  const auto second = c.proj2(x, ty);
  return c.pair(c.pair(c.zero(c.product(x, ty), x), c.compose(c.proj1(y, y), second)),
                c.pair(first, c.compose(c.proj2(y, y), second)));
}

// t'_{X,Y} = ⟨π1 × 0, π2 × id⟩ : T X × Y → T(X × Y),
// ((x', x), y) ↦ ((x', 0), (x, y)) (spec §2, left strength). It is also the
// rearrangement ⟨π1 × 0_X, π2 × id_X⟩ in the DLC axiom (spec §1).
template <CartesianLeftAdditiveCategory C>
typename C::Morphism left_strength(const C& c, const typename C::Object& x,
                                   const typename C::Object& y) {
  return c.pair(product_map(c, c.proj1(x, x), c.zero(y, y)),
                product_map(c, c.proj2(x, x), c.identity(y)));
}

// ⟨π1 × π1, π2 × π2⟩ : T X × T Y → T(X × Y), ((x', x), (y', y)) ↦ ((x', y'), (x, y)).
template <CartesianLeftAdditiveCategory C>
typename C::Morphism canonical_iso(const C& c, const typename C::Object& x,
                                   const typename C::Object& y) {
  return c.pair(product_map(c, c.proj1(x, x), c.proj1(y, y)),
                product_map(c, c.proj2(x, x), c.proj2(y, y)));
}

// φ_{X,Y} = μ∘T(t)∘t' : T X × T Y → T(X × Y) (spec §2; equals canonical_iso).
template <CartesianDifferentialCategory C>
typename C::Morphism phi(const C& c, const typename C::Object& x, const typename C::Object& y) {
  return compose(c, multiplication(c, c.product(x, y)),
                 generic_tangent_map(c, right_strength(c, x, y)),
                 left_strength(c, x, tangent_object(c, y)));
}

// μ∘T(t')∘t : T X × T Y → T(X × Y), the other composite (commutativity, spec §2).
template <CartesianDifferentialCategory C>
typename C::Morphism phi_commuted(const C& c, const typename C::Object& x,
                                  const typename C::Object& y) {
  return compose(c, multiplication(c, c.product(x, y)),
                 generic_tangent_map(c, left_strength(c, x, y)),
                 right_strength(c, tangent_object(c, x), y));
}

// ---- closed structure (spec §2) ----

// T(ev) read through φ, by equation (3): T(X ⇒ Y) × T X → T Y,
// ⟨ev∘(π1 × π2) + D(ev)∘t∘(π2 × id), ev∘(π2 × π2)⟩,
// i.e. ((f', f), (x', x)) ↦ (f'(x) + D(f)(x', x), f(x)).
template <class C>
requires CartesianDifferentialCategory<C> && CartesianClosedCategory<C>
typename C::Morphism tangent_ev(const C& c, const typename C::Object& x,
                                const typename C::Object& y) {
  const auto e = c.exponential(x, y);
  const auto ev = c.eval(x, y);
  const auto tx = tangent_object(c, x);
  const auto f_tangent_at_x = c.compose(ev, product_map(c, c.proj1(e, e), c.proj2(x, x)));
  const auto f_derivative = compose(c, c.derivative(ev), right_strength(c, e, x),
                                    product_map(c, c.proj2(e, e), c.identity(tx)));
  const auto f_at_x = c.compose(ev, product_map(c, c.proj2(e, e), c.proj2(x, x)));
  return c.pair(c.add(f_tangent_at_x, f_derivative), f_at_x);
}

// T̂_{X,Y} = Λ(T(ev)∘t) : (X ⇒ Y) → (T X ⇒ T Y), by the definition with the
// generic T (spec §2); T̂(f)(x', x) = (D(f)(x', x), f(x)).
template <class C>
requires CartesianDifferentialCategory<C> && CartesianClosedCategory<C>
typename C::Morphism generic_tangent_hat(const C& c, const typename C::Object& x,
                                         const typename C::Object& y) {
  return c.curry(
      c.compose(generic_tangent_map(c, c.eval(x, y)), right_strength(c, c.exponential(x, y), x)));
}

// T̂_{X,Y}, by the model's fast_tangent_hat, else Λ(T(ev)∘t) with its fast T.
template <class C>
requires CartesianDifferentialCategory<C> && CartesianClosedCategory<C>
typename C::Morphism tangent_hat(const C& c, const typename C::Object& x,
                                 const typename C::Object& y) {
  if constexpr (HasFastTangentHat<C>) {
    if (capabilities(c).fast_tangent_hat) return c.fast_tangent_hat(x, y);
  }
  return c.curry(
      c.compose(tangent_map(c, c.eval(x, y)), right_strength(c, c.exponential(x, y), x)));
}

}  // namespace perturb::semantics
