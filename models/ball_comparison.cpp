#include "models/ball_comparison.h"

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

}  // namespace perturb::models
