// Declared primitives (calculus/declared_primitive.h) on tagged scalars:
// f(a + n) = Σ f⁽ᵏ⁾(a)·nᵏ/k! as for the standard ones (scalar.h's taylor),
// with the derivatives f⁽ᵏ⁾(a) from one of two independent sources:
//
//   over double  f(a) from the declared value, and f⁽ᵏ⁾(a) = (f′)⁽ᵏ⁻¹⁾(a)
//                from the declared derivative term, evaluated once over
//                tagged scalars at a + ε1 + … + ε(k−1) (its coefficient of
//                ε1⋯εj is (f′)⁽ʲ⁾(a)): the δ-rule's own arithmetic
//   over balls   the Taylor coefficients a declaration's series gives (e.g.
//                Arb's arb_hypgeom_erf_series), never the derivative term:
//                so the certified models are a reference for f
//
// A ball model hosts a declared primitive only when it has a series. While a
// DerivativesFromSeries lives on a thread, the double models there take a
// declared primitive's derivatives from its series too (the double nearest
// each coefficient): Perturb's double arithmetic with the reference's
// derivatives, which ref.* asks whether a disagreement is the double
// arithmetic's (proofs/binding/reference_law_binding.h).
#pragma once

#include "calculus/signature.h"
#include "models/scalars/ball.h"
#include "models/scalars/ball_series.h"
#include "models/scalars/scalar.h"

namespace perturb::models {

class DerivativesFromSeries {
 public:
  DerivativesFromSeries();
  ~DerivativesFromSeries();
  DerivativesFromSeries(const DerivativesFromSeries&) = delete;
  DerivativesFromSeries& operator=(const DerivativesFromSeries&) = delete;

 private:
  bool previous_;
};

// f(x) for a declared primitive f, noted in the current evaluation record.
template <class F>
Tagged<F> apply_declared(calculus::Primitive primitive, const Tagged<F>& x);

extern template Tagged<double> apply_declared(calculus::Primitive, const Tagged<double>&);
extern template Tagged<Ball> apply_declared(calculus::Primitive, const Tagged<Ball>&);

}  // namespace perturb::models
