// Tagged<F> as an Eigen scalar, so that Jacobians over the ring
// F[ε1, ε2, …]/(εi²) are Eigen matrices (the `smooth` model). Only the traits
// that plain arithmetic (sums, products, matrix–vector products) needs.
#pragma once

#include <Eigen/Core>

#include "models/scalars/scalar.h"

namespace Eigen {

template <class F>
struct NumTraits<perturb::models::Tagged<F>> : GenericNumTraits<perturb::models::Tagged<F>> {
  using Real = perturb::models::Tagged<F>;
  using NonInteger = Real;
  using Literal = Real;
  using Nested = Real;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    // A perturbed value owns a heap vector: Eigen must construct, not memset.
    RequireInitialization = 1,
    ReadCost = 1,
    AddCost = 4,
    MulCost = 8
  };
  static Real epsilon() { return Real(NumTraits<F>::epsilon()); }
  static Real dummy_precision() { return Real(NumTraits<F>::dummy_precision()); }
  static Real highest() { return Real(NumTraits<F>::highest()); }
  static Real lowest() { return Real(NumTraits<F>::lowest()); }
  static int digits10() { return NumTraits<F>::digits10(); }
};

}  // namespace Eigen
