// x + ε·v for plain reals x and v: the case of closures::perturbed
// (models/closures/value.h) built in one pass, shared by value.cpp and the
// compiled programs (models/closures/structural_program.cpp), which perturb
// the parts of a point one at a time and must give perturbed's values bit
// for bit.
#pragma once

#include "models/closures/value.h"

namespace perturb::models::closures {

// Whether r is a plain real: a scalar without perturbation.
template <class F>
bool is_plain_real(const BasicValue<F>& r) {
  return r.is_scalar() && r.scalar().is_unperturbed();
}

// Whether x and v are plain reals, for which perturbed_real is x + ε·v.
template <class F>
bool are_plain_reals(const BasicValue<F>& x, const BasicValue<F>& v) {
  return is_plain_real(x) && is_plain_real(v);
}

// p + ε·c for plain reals p and c: what add and scaled compute (ε·c has the
// primal 0·c and the coefficient 1·c, and p + ε·c the primal p + 0·c).
template <class F>
Tagged<F> perturbed_real(const Tagged<F>& p, const Tagged<F>& c, Tag tag) {
  return Tagged<F>::first_order(p.primal_value() + strong_product(F(0), c.primal_value()), tag,
                                F(1) * c.primal_value());
}

}  // namespace perturb::models::closures
