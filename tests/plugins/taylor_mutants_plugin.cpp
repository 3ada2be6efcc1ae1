// Mutants of the closures model whose primitives have one wrong Taylor
// coefficient of order 2 or 3 (issue 11: the generators must reach each
// primitive's coefficients up to order 3). First-order coefficients are
// right, so every law that looks only at first derivatives holds; only a
// case that applies a primitive to a value perturbed along two (three)
// distinct tags, i.e. under T nested twice (three times), sees the bug.
//
//   perturb check --plugin libtaylor_mutants.so --model mutant-sin-order-2
//
// sin, cos, exp: the order-k term f⁽ᵏ⁾(a)·nᵏ/k! computed without its 1/k!
// (the commonest slip in a Taylor series). mul, whose Taylor series is the
// product itself: order 2, the term n·m of (a + n)(b + m) doubled; order 3,
// a spurious n·n·m (its true third-order coefficients are all 0).
#include <cmath>
#include <string>

#include "models/closures/closures.h"
#include "proofs/plugin_api.h"

namespace {

using perturb::calculus::Primitive;
using perturb::models::Closures;
using perturb::models::closures::Scalar;
using perturb::models::closures::Value;

// f⁽ᵏ⁾(a) of sin, cos and exp.
double derivative_at(Primitive primitive, int k, double a) {
  switch (primitive) {
    case Primitive::Sin:
      return std::sin(a + k * M_PI_2);
    case Primitive::Cos:
      return std::cos(a + k * M_PI_2);
    default:
      return std::exp(a);
  }
}

// f(x) with the order-`order` Taylor term multiplied by order!.
Scalar unary_with_wrong_term(Primitive primitive, int order, const Scalar& x) {
  const double a = x.primal_value();
  return perturb::models::taylor(x, [&](int k) {
    double factor = 1;
    if (k == order) {
      for (int i = 2; i <= k; ++i) factor *= i;
    }
    return factor * derivative_at(primitive, k, a);
  });
}

// (a + n)(b + m) with a wrong term of order `order`.
Scalar product_with_wrong_term(int order, const Scalar& x, const Scalar& y) {
  const Scalar n = x.nilpotent(), m = y.nilpotent();
  const Scalar wrong = order == 2 ? n * m : n * n * m;
  return x * y + wrong;
}

class TaylorMutant : public Closures {
 public:
  TaylorMutant(Primitive primitive, int order) : primitive_(primitive), order_(order) {}

  std::string name() const {
    return std::string("mutant-") + perturb::calculus::primitive_name(primitive_) + "-order-" +
           std::to_string(order_);
  }
  static constexpr bool is_foil() { return true; }

  Morphism primitive(Primitive primitive) const {
    if (primitive != primitive_) return Closures::primitive(primitive);
    const Object r = real();
    const int order = order_;
    if (primitive == Primitive::Mul) {
      return Morphism(product(r, r), r, [order](const Value& p) -> Value {
        using perturb::models::closures::component;
        using perturb::models::closures::scalar_of;
        return product_with_wrong_term(order, scalar_of(component(p, 0)),
                                       scalar_of(component(p, 1)));
      });
    }
    return Morphism(r, r, [primitive, order](const Value& p) -> Value {
      return unary_with_wrong_term(primitive, order, perturb::models::closures::scalar_of(p));
    });
  }

 private:
  Primitive primitive_;
  int order_;
};

}  // namespace

PERTURB_PLUGIN(registry) {
  for (Primitive primitive : perturb::calculus::kPaperPrimitives) {
    for (int order : {2, 3}) registry.add(TaylorMutant(primitive, order));
  }
}
