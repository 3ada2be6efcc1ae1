// Where two points that compare Different differ: the witness of a
// counterexample whose sides are functions or tuples. It is a path from the
// compared object down to one real — "at ARGUMENT", "component 2", "ε1
// coefficient" — with both sides after each step, and the two reals at its
// end, so that a report can say where and by how much.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace perturb::semantics {

struct DifferenceStep {
  // "at <0.5, 1>" (the argument, as a closed term where the model has one),
  // "component 2", "coefficient of ε1".
  std::string step;
  std::string lhs, rhs;  // both sides after the step, as the model prints points
};

struct Difference {
  std::vector<DifferenceStep> steps;  // outermost first; empty when the points are reals
  double lhs = 0, rhs = 0;            // the two reals at the end of the steps
  // Over a certified field (models/scalars/ball.h): a lower bound of |lhs − rhs| over
  // the two enclosures, δ > 0; none for floating-point models.
  std::optional<double> separation = std::nullopt;
};

}  // namespace perturb::semantics
