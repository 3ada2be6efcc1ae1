// Trilinos Sacado's forward AD as a model: Sacado::Fad::SFad<S, 1> is the
// dual number over S with one derivative, nested three deep.
//
//   perturb check --plugin ./libsacado_fad.so --model sacado-fad --reference
#include <Sacado_Fad_SFad.hpp>

#include "../nested_dual_model.h"
#include "proofs/plugin_api.h"

namespace {

using perturb::calculus::Primitive;

template <class S>
using Fad = Sacado::Fad::SFad<S, 1>;

struct SacadoFad {
  static constexpr const char* kName = "sacado-fad";
  static constexpr bool kFoil = false;
  static constexpr int kDepth = 3;
  template <int k>
  using Scalar = ad_libraries::NestedDual<Fad, k>;

  template <int k>
  static Scalar<k + 1> seed(const Scalar<k>& x, const Scalar<k>& v) {
    Scalar<k + 1> y(1, x);  // value x, one derivative, 0
    y.fastAccessDx(0) = v;
    return y;
  }
  template <int k>
  static Scalar<k> tangent(const Scalar<k + 1>& y) {
    return y.dx(0);
  }

  static constexpr bool hosts_primitive(Primitive p) {
    switch (p) {
      case Primitive::Hypot:  // Sacado has no hypot or sign
      case Primitive::Sign:
        return false;
      default:
        return !perturb::calculus::is_declared(p);
    }
  }
};

}  // namespace

PERTURB_PLUGIN(registry) { registry.add(ad_libraries::NestedDualModel<SacadoFad>()); }
