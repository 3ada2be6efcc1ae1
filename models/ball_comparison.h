// The certified comparison of two reals as balls (models/ball.h), as the
// checker's three-valued Comparison: what closures@ball and symbolic share.
#pragma once

#include "models/ball.h"
#include "semantics/comparison.h"

namespace perturb::models {

// At this thread's working precision: Different when the balls are disjoint,
// Equal when they overlap tightly, Undecided when they overlap loosely
// (compare_balls).
semantics::Comparison compare_certified(const Ball& a, const Ball& b);

}  // namespace perturb::models
