// Ceres Solver's Jet as a model: `ceres::Jet<S, 1>` is the dual number over
// S, nested three deep (Jet<Jet<Jet<double, 1>, 1>, 1>).
//
//   perturb check --plugin ./libceres_jet.so --model ceres-jet --reference
#include <ceres/jet.h>

#include "../nested_dual_model.h"
#include "proofs/plugin_api.h"

namespace {

using perturb::calculus::Primitive;

template <class S>
using Jet = ceres::Jet<S, 1>;

struct CeresJet {
  static constexpr const char* kName = "ceres-jet";
  static constexpr bool kFoil = false;
  static constexpr int kDepth = 2;
  template <int k>
  using Scalar = ad_libraries::NestedDual<Jet, k>;

  template <int k>
  static Scalar<k + 1> seed(const Scalar<k>& x, const Scalar<k>& v) {
    Scalar<k + 1> y(x);
    y.v[0] = v;
    return y;
  }
  template <int k>
  static Scalar<k> tangent(const Scalar<k + 1>& y) {
    return y.v[0];
  }

  static constexpr bool hosts_primitive(Primitive p) {
    switch (p) {
      case Primitive::Sign:  // Ceres has no sign of a Jet
        return false;
      default:
        return !perturb::calculus::is_declared(p);
    }
  }
  // Ceres names max and min of Jets fmax and fmin.
  template <class S>
  static S binary(Primitive p, const S& x, const S& y) {
    using ceres::fmax, ceres::fmin, std::fmax, std::fmin;
    if (p == Primitive::Max) return fmax(x, y);
    if (p == Primitive::Min) return fmin(x, y);
    return ad_libraries::binary_by_name<CeresJet>(p, x, y);
  }
};

}  // namespace

PERTURB_PLUGIN(registry) { registry.add(ad_libraries::NestedDualModel<CeresJet>()); }
