#include "models/scalars/ball_comparison.h"

namespace perturb::models {

semantics::Comparison compare_certified(const Ball& a, const Ball& b) {
  switch (compare_balls(a, b, ball_precision())) {
    case BallRelation::Disjoint:
      return semantics::Comparison::Different;
    case BallRelation::Tight:
      return semantics::Comparison::Equal;
    case BallRelation::Loose:
      break;
  }
  return semantics::Comparison::Undecided;
}

std::optional<double> certified_separation(double, double) { return std::nullopt; }
std::optional<double> certified_separation(const Ball& a, const Ball& b) {
  return separation(a, b);
}

semantics::Comparison combined(semantics::Comparison a, semantics::Comparison b) {
  using semantics::Comparison;
  for (Comparison decisive : {Comparison::Different, Comparison::NotFinite, Comparison::Undecided})
    if (a == decisive || b == decisive) return decisive;
  return Comparison::Equal;
}

}  // namespace perturb::models
