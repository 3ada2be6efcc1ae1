// The concept TestableModel: what the checker needs to observe a model —
// random points, comparison of points up to a tolerance, descriptions for
// reports, a name for the command line.
//
//
// Minimal complete definition
// ---------------------------
// CartesianLeftAdditiveCategory, and for an object X, points p, q of X, a
// morphism f, a Tolerance tol and an rng of type std::mt19937_64:
//
//   c.name()                           -> std::string   "closures", "smooth", …
//   c.is_foil()                        -> bool          deliberately unsound model
//   c.random_point(X, rng)             -> Point         a random point of X
//   c.approx_equal(X, p, q, tol, rng)  -> bool          p ≈ q as points of X;
//                                       extensional at function objects: both
//                                       are applied to random arguments from rng
//   c.is_finite(X, p)                  -> bool          no NaN or infinity in p
//                                       (as far as it can be observed)
//   c.describe_point(X, p)             -> std::string   "<1, 2.5>", "<function R → R>"
//   c.describe_object(X)               -> std::string   "R × R", "R ⇒ R"
//   c.describe_morphism(f)             -> std::string   for reports
//
// Deviation from the first API sketch: `describe(point)`/`describe(object)`
// are `describe_point(X, p)`/`describe_object(X)`, because a model may use one
// C++ type for both, and a function point needs its object to print its type.
// `is_foil()` marks the foils wherever models are listed.
//
//
// Customisation points (optional)
// -------------------------------
//   c.compare(X, p, q, tol, rng)       -> Comparison    Equal, Different or
//                                       NotFinite in one pass; preferred to
//                                       approx_equal and is_finite, which can
//                                       only see non-finite values of a
//                                       function at their own probes
//   c.difference(X, p, q, tol, rng)    -> std::optional<Difference>
//                                       where p and q differ (the witness of
//                                       a counterexample, semantics/difference.h),
//                                       replaying the comparison's probes from
//                                       rng in the state the comparison had
//
// proofs/cases/check_case.h detects both (HasCompare, HasDifference). Without
// `difference`, a counterexample has a witness only when its sides are reals.
//
//
// Requirements
// ------------
// Not law ids: the checker relies on them rather than checking them.
//   approx_equal(X, p, p) for finite p (reflexivity);
//   random_point(X, rng) is a point of X.
//
//
// Models
// ------
// Every model in models/registry.h.
#pragma once

#include <concepts>
#include <random>
#include <string>

#include "semantics/cartesian_left_additive_category.h"
#include "semantics/tolerance.h"

namespace perturb::semantics {

template <class C>
concept TestableModel = CartesianLeftAdditiveCategory<C> &&
    requires(const C& c, const typename C::Object& x, const typename C::Point& p,
             const typename C::Morphism& f, const Tolerance& tolerance, std::mt19937_64& rng) {
  { c.name() } -> std::convertible_to<std::string>;
  { c.is_foil() } -> std::same_as<bool>;
  { c.random_point(x, rng) } -> std::same_as<typename C::Point>;
  { c.approx_equal(x, p, p, tolerance, rng) } -> std::same_as<bool>;
  { c.is_finite(x, p) } -> std::same_as<bool>;
  { c.describe_point(x, p) } -> std::convertible_to<std::string>;
  { c.describe_object(x) } -> std::convertible_to<std::string>;
  { c.describe_morphism(f) } -> std::convertible_to<std::string>;
};

}  // namespace perturb::semantics
