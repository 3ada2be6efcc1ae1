#include "models/scalars/elementary.h"

namespace perturb::models {

template Tagged<double> apply_unary(calculus::Primitive, const Tagged<double>&);
template Tagged<Ball> apply_unary(calculus::Primitive, const Tagged<Ball>&);
template Tagged<Rational> apply_unary(calculus::Primitive, const Tagged<Rational>&);
template Tagged<double> apply_binary(calculus::Primitive, const Tagged<double>&,
                                     const Tagged<double>&);
template Tagged<Ball> apply_binary(calculus::Primitive, const Tagged<Ball>&, const Tagged<Ball>&);
template Tagged<Rational> apply_binary(calculus::Primitive, const Tagged<Rational>&,
                                       const Tagged<Rational>&);

}  // namespace perturb::models
