// Ceres Solver's Jet as a model: `ceres::Jet<S, 1>` is the dual number over
// S, nested three deep (Jet<Jet<Jet<double, 1>, 1>, 1>).
//
//   perturb check --plugin ./libceres_jet.so --model ceres-jet --reference
#include <ceres/jet.h>

#include "../nested_dual_model.h"
#include "proofs/plugin_api.h"

namespace {

using perturb::calculus::Primitive;

template <int k>
struct JetLevel {
  using type = ceres::Jet<typename JetLevel<k - 1>::type, 1>;
};
template <>
struct JetLevel<0> {
  using type = double;
};

struct CeresJet {
  static constexpr const char* kName = "ceres-jet";
  static constexpr bool kFoil = false;
  static constexpr int kDepth = 2;
  template <int k>
  using Scalar = typename JetLevel<k>::type;

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
  template <class S>
  static S unary(Primitive p, const S& x) {
    using std::abs, std::cos, std::exp, std::log, std::sin, std::sqrt, std::tanh;
    switch (p) {
      case Primitive::Sin:
        return sin(x);
      case Primitive::Cos:
        return cos(x);
      case Primitive::Exp:
        return exp(x);
      case Primitive::Log:
        return log(x);
      case Primitive::Sqrt:
        return sqrt(x);
      case Primitive::Tanh:
        return tanh(x);
      case Primitive::Abs:
        return abs(x);
      default:
        throw perturb::semantics::CategoryError("ceres-jet: no unary primitive " +
                                                std::string(perturb::calculus::primitive_name(p)));
    }
  }
  template <class S>
  static S binary(Primitive p, const S& x, const S& y) {
    using ceres::fmax, ceres::fmin;
    using std::atan2, std::fmax, std::fmin, std::hypot, std::pow;
    switch (p) {
      case Primitive::Pow:
        return pow(x, y);
      case Primitive::Atan2:
        return atan2(x, y);
      case Primitive::Hypot:
        return hypot(x, y);
      case Primitive::Max:
        return fmax(x, y);
      case Primitive::Min:
        return fmin(x, y);
      default:
        throw perturb::semantics::CategoryError("ceres-jet: no binary primitive " +
                                                std::string(perturb::calculus::primitive_name(p)));
    }
  }
};

}  // namespace

PERTURB_PLUGIN(registry) { registry.add(ad_libraries::NestedDualModel<CeresJet>()); }
