// Boost.Math's autodiff as a model: `autodiff_fvar<S, 1>` is the dual
// number over S, nested three deep. With BOOST_AUTODIFF_NAIVE_WRAPPER the
// plugin is the foil `boost-autodiff-naive` instead: the same library behind
// a wrapper that seeds each D's perturbation the way the library's types
// suggest, and confuses perturbations (docs/ad-libraries.md).
//
//   perturb check --plugin ./libboost_autodiff.so --model boost-autodiff --reference
//
// Boost tells perturbations apart by position: in fvar<fvar<double, 1>, 1>
// the outer ε is position 1 and the inner one position 2, and its converting
// constructor fvar<S', 1> ← fvar<S, 1> keeps every position where it was
// (x's outer ε stays the outer ε) and adds the new one innermost. Each D
// here seeds a new outermost perturbation, so x must move inward first
// (shifted); the naive wrapper converts x instead, and its outer ε collides
// with the new one.
#include <boost/math/differentiation/autodiff.hpp>

#include "../nested_dual_model.h"
#include "proofs/plugin_api.h"

namespace {

using perturb::calculus::Primitive;
namespace autodiff = boost::math::differentiation;

template <class S>
using Fvar = autodiff::autodiff_fvar<S, 1>;

#ifdef BOOST_AUTODIFF_NAIVE_WRAPPER
constexpr bool kNaive = true;
#else
constexpr bool kNaive = false;
#endif

struct BoostAutodiff {
  static constexpr const char* kName = kNaive ? "boost-autodiff-naive" : "boost-autodiff";
  static constexpr bool kFoil = kNaive;
  static constexpr int kDepth = 3;
  template <int k>
  using Scalar = ad_libraries::NestedDual<Fvar, k>;

  // x + ε·v with ε a perturbation of Scalar<k + 1> that x and v do not carry.
  template <int k>
  static Scalar<k + 1> seed(const Scalar<k>& x, const Scalar<k>& v) {
    if constexpr (kNaive) {
      // The library's conversion: x's own outer ε becomes the new one.
      return Scalar<k + 1>(x) + Scalar<k + 1>(v) * epsilon<k + 1, 1>();
    } else {
      return shifted<k, 1>(x) + shifted<k, 1>(v) * epsilon<k + 1, 1>();
    }
  }
  // The coefficient of the outermost ε: the library's own accessor.
  template <int k>
  static Scalar<k> tangent(const Scalar<k + 1>& y) {
    return y[1];
  }

  static constexpr bool hosts_primitive(Primitive p) {
    switch (p) {
      case Primitive::Hypot:  // Boost.Math autodiff has no hypot, max, min or sign
      case Primitive::Max:
      case Primitive::Min:
      case Primitive::Sign:
        return false;
      default:
        return !perturb::calculus::is_declared(p);
    }
  }

 private:
  // The ε of position j (1 = outermost) of Scalar<n>: the variable of
  // Scalar<j>, whose ε is its innermost, converted into Scalar<n>, which
  // keeps positions 1 … j.
  template <int n, int j>
  static Scalar<n> epsilon() {
    if constexpr (j == n) {
      return Scalar<n>(0.0, true);
    } else {
      return Scalar<n>(Scalar<j>(0.0, true));
    }
  }
  // x at positions d + 1 … d + k of Scalar<k + d>, by the library's sums and
  // products: x = x[0] + x[1]·ε with ε its outermost perturbation, now at
  // position d + 1. (A coefficient that is not finite spreads NaN into the
  // others through the products with ε's zero coefficients.)
  template <int k, int d>
  static Scalar<k + d> shifted(const Scalar<k>& x) {
    if constexpr (k == 0) {
      if constexpr (d == 0) {
        return x;
      } else {
        return Scalar<d>(x);
      }
    } else {
      return shifted<k - 1, d + 1>(x[0]) + shifted<k - 1, d + 1>(x[1]) * epsilon<k + d, d + 1>();
    }
  }
};

}  // namespace

PERTURB_PLUGIN(registry) { registry.add(ad_libraries::NestedDualModel<BoostAutodiff>()); }
