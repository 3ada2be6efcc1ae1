// Certified values of the model `symbolic` (models/symbolic/symbolic.h): a
// closed expression enclosed in an Arb ball (models/scalars/ball.h), and two
// compared. The caller holds Symbolic::exclusive().
#pragma once

#include <ginac/ginac.h>

#include "models/scalars/ball.h"
#include "semantics/comparison.h"

namespace perturb::models::expressions {

// A ball enclosing the closed expression e at the working precision; throws
// InternalError for anything but rationals, +, ·, integer powers, sin, cos, exp.
Ball to_ball(const GiNaC::ex& e);

// The comparison of two closed expressions at the working precision:
// Different when their balls are disjoint, Equal when they are the same
// expression or proved equal (models/symbolic/zero_proof.h).
semantics::Comparison compare_values(const GiNaC::ex& a, const GiNaC::ex& b);

}  // namespace perturb::models::expressions
