// The certified comparison of two reals as balls (models/scalars/ball.h), as the
// checker's three-valued Comparison: what closures@ball, smooth@ball and
// symbolic share.
#pragma once

#include <optional>

#include "models/scalars/ball.h"
#include "semantics/comparison.h"

namespace perturb::models {

// At this thread's working precision: Different when the balls are disjoint,
// Equal when they overlap tightly, Undecided when they overlap loosely
// (compare_balls).
semantics::Comparison compare_certified(const Ball& a, const Ball& b);

// A certified lower bound of |a − b| (δ of a witness): separation(a, b)
// over Ball, none over double.
std::optional<double> certified_separation(double a, double b);
std::optional<double> certified_separation(const Ball& a, const Ball& b);

// Of two parts' comparisons: a difference in finite values decides; else a
// non-finite part makes the whole not finite; else an undecided part leaves
// the whole undecided.
semantics::Comparison combined(semantics::Comparison a, semantics::Comparison b);

}  // namespace perturb::models
