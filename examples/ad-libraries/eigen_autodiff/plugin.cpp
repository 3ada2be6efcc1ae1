// Eigen's AutoDiffScalar as a model: AutoDiffScalar<Matrix<S, 1, 1>> is the
// dual number over S, nested three deep, with Eigen's assertions on (an
// assertion that fires is a crash of the case, which perturb reports).
//
//   perturb check --plugin ./libeigen_autodiff.so --model eigen-autodiff --reference
#undef NDEBUG  // eigen_assert is assert: on in every build of this plugin

#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

#include "../nested_dual_model.h"
#include "proofs/plugin_api.h"

namespace {

using perturb::calculus::Primitive;

template <class S>
using AutoDiff = Eigen::AutoDiffScalar<Eigen::Matrix<S, 1, 1>>;

struct EigenAutoDiff {
  static constexpr const char* kName = "eigen-autodiff";
  static constexpr bool kFoil = false;
  static constexpr int kDepth = 3;
  template <int k>
  using Scalar = ad_libraries::NestedDual<AutoDiff, k>;

  template <int k>
  static Scalar<k + 1> seed(const Scalar<k>& x, const Scalar<k>& v) {
    typename Scalar<k + 1>::DerType direction;
    direction(0) = v;
    return Scalar<k + 1>(x, direction);
  }
  template <int k>
  static Scalar<k> tangent(const Scalar<k + 1>& y) {
    return y.derivatives()(0);
  }

  static constexpr bool hosts_primitive(Primitive p) {
    switch (p) {
      case Primitive::Pow:  // Eigen's pow takes a double exponent only
      case Primitive::Abs:  // Eigen's abs multiplies a nested derivative by an int: no compile
      case Primitive::Hypot:
      case Primitive::Sign:
        return false;
      default:
        return !perturb::calculus::is_declared(p);
    }
  }
};

}  // namespace

PERTURB_PLUGIN(registry) { registry.add(ad_libraries::NestedDualModel<EigenAutoDiff>()); }
