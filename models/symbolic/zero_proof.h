// Proofs of equality in the model `symbolic` (models/symbolic/symbolic.h):
// that two expressions are equal at every point, decided by expansion.
// The caller holds Symbolic::exclusive().
#pragma once

#include <ginac/ginac.h>

namespace perturb::models::expressions {

// a = b at every point: a − b expands to 0 (with the arguments of functions)
// after the largest subexpressions a and b share have been replaced by
// unknowns — first any, then all but sums, then only applications of sin,
// cos, exp — else as it is. Each replacement is sound: equal subexpressions
// become equal unknowns, and a polynomial identity in unknowns holds
// whatever they stand for. It is what makes proofs cheap: the sides of a
// law mostly differ by distributivity around large shared parts, which a
// full expansion would multiply out. False when every expansion fails or
// would exceed the budgets.
bool proves_zero_difference(const GiNaC::ex& a, const GiNaC::ex& b);

}  // namespace perturb::models::expressions
