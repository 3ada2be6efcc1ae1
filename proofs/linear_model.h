// Models in which every morphism is linear (an additive category with
// D(f) = f∘π1, e.g. linear maps ℝᵐ → ℝⁿ as matrices). Two things the checker
// does for every other model are impossible there: a literal c : 1 → R is
// not linear (the only global elements are 0), and neither are sin, cos, exp
// or mul. So for such a model the checker generates only linear terms
// (variables, projections, pairs, sums, 0: GeneratorOptions::linear_only) and
// compares the two sides of a law at a point given as a Point of their
// domain, not as a morphism 1 → X (check_case.h).
//
// A model opts in by declaring
//   static constexpr bool linear_only = true;
//   Point real_point(double v) const;     the point v of |R|
#pragma once

#include <concepts>

namespace perturb::proofs {

template <class C>
concept LinearOnlyModel = requires(const C& c, double value) {
  requires C::linear_only;
  { c.real_point(value) } -> std::same_as<typename C::Point>;
};

}  // namespace perturb::proofs
