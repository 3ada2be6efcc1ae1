// The concept CartesianLeftAdditiveCategory (spec §1).
//
// A model is a C++ type `C`; an instance `c` of it holds the model's
// configuration (e.g. the dimension n of atomic types). Objects, morphisms and
// points are run-time values of the member types `C::Object`, `C::Morphism`,
// `C::Point`, because the objects a term needs are only known once its type is
// known. All operations are const member functions of `C`.
//
// A cartesian left-additive category has finite products and a commutative
// monoid (+, 0) on every hom-set such that precomposition is additive and
// projections and pairings of additive maps are additive (spec §1). Points
// (`apply`) are how a model is observed: a morphism f : X → Y sends a point
// of X to a point of Y; laws are checked by comparing both sides at points.
//
//
// Minimal complete definition
// ---------------------------
// Member types `Object` (copyable, ==), `Morphism` (copyable), `Point`
// (copyable), and, for objects X, Y, morphisms f, g and points p, q:
//
//   c.domain(f), c.codomain(f)   -> Object     a morphism knows its objects
//   c.identity(X)                -> Morphism   id_X : X → X
//   c.compose(f, g)              -> Morphism   f∘g ("g, then f")
//   c.terminal()                 -> Object     1
//   c.product(X, Y)              -> Object     X × Y
//   c.factors(P)                 -> std::optional<std::pair<Object, Object>>
//                                              (X, Y) if P = X × Y, else nullopt
//   c.pair(f, g)                 -> Morphism   ⟨f, g⟩ : Z → X × Y  (f : Z → X, g : Z → Y)
//   c.proj1(X, Y), c.proj2(X, Y) -> Morphism   π1 : X × Y → X,  π2 : X × Y → Y
//   c.bang(X)                    -> Morphism   ! : X → 1
//   c.add(f, g)                  -> Morphism   f + g (same domain and codomain)
//   c.zero(X, Y)                 -> Morphism   0 : X → Y
//   c.apply(f, p)                -> Point      f at the point p of dom f
//   c.unit_point()               -> Point      the one point of 1
//   c.pair_point(p, q)           -> Point      (p, q), a point of X × Y
//   c.real()                     -> Object     |R|, the reals
//   c.real_value(p)              -> double     the real a point of |R| denotes
//   c.atom(name)                 -> Object     |α| for an atomic type α ≠ R:
//                                              ℝⁿ, n from the configuration (default 2)
//   c.primitive(p)               -> Morphism   |mul| : R × R → R; |sin|, |cos|, |exp| : R → R
//   c.constant(v)                -> Morphism   the literal v : 1 → R
//
// `compose`, `pair` and `add` throw semantics::CategoryError naming both
// objects when they do not fit (cod g ≠ dom f; dom f ≠ dom g; f, g not
// parallel); `apply` may assume its point belongs to dom f.
//
// Deviation from the first API sketch: `unit_point`, `pair_point` and
// `real_value` were added so that generic code (the interpretation's
// `evaluate`, `perturb eval`) can build points of contexts and read numbers
// back without knowing the model; `real_value(p)` of a point of |R| is its
// unperturbed value.
//
//
// Laws
// ----
// For all objects and morphisms of the right shapes (ids used by the checker):
//
//   cla.category.left-identity   id∘f = f
//   cla.category.right-identity  f∘id = f
//   cla.category.associativity   f∘(g∘h) = (f∘g)∘h
//   cla.monoid.zero              f + 0 = f
//   cla.monoid.commutativity     f + g = g + f
//   cla.monoid.associativity     f + (g + h) = (f + g) + h
//   cla.left-additive.sum        (g + h)∘f = g∘f + h∘f
//   cla.left-additive.zero       0∘f = 0
//   cla.product.beta1            π1∘⟨f, g⟩ = f
//   cla.product.beta2            π2∘⟨f, g⟩ = g
//   cla.product.eta              ⟨π1∘h, π2∘h⟩ = h
//   cla.terminal                 !∘f = !
//   cla.projection-additive.1    π1∘(f + g) = π1∘f + π1∘g
//   cla.projection-additive.2    π2∘(f + g) = π2∘f + π2∘g
//   cla.pair-sum                 ⟨f, g⟩ + ⟨h, k⟩ = ⟨f + h, g + k⟩
//   cla.pair-zero                ⟨0, 0⟩ = 0
//   cla.injection.beta1          π1∘ι1 = id
//   cla.injection.beta2          π2∘ι2 = id
//   cla.injection.cross1         π2∘ι1 = 0
//   cla.injection.cross2         π1∘ι2 = 0
//   cla.injection.sum            ι1∘π1 + ι2∘π2 = id
//
// Composing, pairing or adding mismatched morphisms must throw CategoryError
// (above); the models' own tests check it, it is not a law id.
//
// (ι1 = ⟨id, 0⟩, ι2 = ⟨0, id⟩ are derived, see semantics/derived.h.)
//
//
// Refined by
// ----------
// CartesianDifferentialCategory, CartesianClosedCategory.
//
//
// Models
// ------
// `smooth` (models/smooth/smooth.h), `closures` and its foils (models/closures/closures.h);
// every model in models/registry.h.
#pragma once

#include <concepts>
#include <optional>
#include <string>
#include <utility>

#include "calculus/term.h"

namespace perturb::semantics {

template <class C>
concept CartesianLeftAdditiveCategory = std::copyable<typename C::Object> &&
    std::equality_comparable<typename C::Object> && std::copyable<typename C::Morphism> &&
    std::copyable<typename C::Point> &&
    requires(const C& c, const typename C::Object& x, const typename C::Morphism& f,
             const typename C::Point& p, calculus::Primitive primitive, double value,
             const std::string& name) {
  { c.domain(f) } -> std::convertible_to<typename C::Object>;
  { c.codomain(f) } -> std::convertible_to<typename C::Object>;
  { c.identity(x) } -> std::same_as<typename C::Morphism>;
  { c.compose(f, f) } -> std::same_as<typename C::Morphism>;
  { c.terminal() } -> std::same_as<typename C::Object>;
  { c.product(x, x) } -> std::same_as<typename C::Object>;
  {
    c.factors(x)
    } -> std::same_as<std::optional<std::pair<typename C::Object, typename C::Object>>>;
  { c.pair(f, f) } -> std::same_as<typename C::Morphism>;
  { c.proj1(x, x) } -> std::same_as<typename C::Morphism>;
  { c.proj2(x, x) } -> std::same_as<typename C::Morphism>;
  { c.bang(x) } -> std::same_as<typename C::Morphism>;
  { c.add(f, f) } -> std::same_as<typename C::Morphism>;
  { c.zero(x, x) } -> std::same_as<typename C::Morphism>;
  { c.apply(f, p) } -> std::same_as<typename C::Point>;
  { c.unit_point() } -> std::same_as<typename C::Point>;
  { c.pair_point(p, p) } -> std::same_as<typename C::Point>;
  { c.real() } -> std::same_as<typename C::Object>;
  { c.real_value(p) } -> std::convertible_to<double>;
  { c.atom(name) } -> std::same_as<typename C::Object>;
  { c.primitive(primitive) } -> std::same_as<typename C::Morphism>;
  { c.constant(value) } -> std::same_as<typename C::Morphism>;
};

}  // namespace perturb::semantics
