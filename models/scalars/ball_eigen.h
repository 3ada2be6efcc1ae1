// Ball as an Eigen scalar, so that points of `smooth@ball` are Eigen vectors
// of balls (models/smooth/smooth.h). Only what plain arithmetic needs: smooth uses
// no decomposition, so the precision traits below are nominal.
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <limits>

#include "models/scalars/ball.h"

namespace Eigen {

template <>
struct NumTraits<perturb::models::Ball> : GenericNumTraits<perturb::models::Ball> {
  using Real = perturb::models::Ball;
  using NonInteger = Real;
  using Literal = Real;
  using Nested = Real;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    // A ball owns Arb limbs: Eigen must construct, not memset.
    RequireInitialization = 1,
    ReadCost = 1,
    // A ball operation costs 4 to 14 times a double's (docs/models.md).
    AddCost = 4,
    MulCost = 14
  };
  // At this thread's working precision (models/scalars/ball.h, BallPrecision).
  static Real epsilon() {
    return Real(std::ldexp(1.0, static_cast<int>(1 - perturb::models::ball_precision())));
  }
  static Real dummy_precision() { return Real(1e-12); }
  static Real highest() { return Real(std::numeric_limits<double>::max()); }
  static Real lowest() { return Real(std::numeric_limits<double>::lowest()); }
  static int digits10() {
    return static_cast<int>(static_cast<double>(perturb::models::ball_precision() - 1) * 0.30103);
  }
};

}  // namespace Eigen
