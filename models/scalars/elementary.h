// The primitives of the signature beyond mul, sin, cos and exp
// (calculus/signature.h) on tagged scalars: each by its Taylor expansion
// (scalar.h's taylor), so every order of every nested derivative comes from
// the same formula for the k-th derivative.
//
// Zeros are strong where the formula multiplies by a factor that is exactly
// 0 (spec §6): x ↦ xⁿ for an integer n ≥ 0 has k-th derivative 0 for k > n
// at every x, 0 included, never 0·∞. At a kink the models follow one
// convention, consistent with the signature's equations: abs at 0 gives 0
// (a Clarke gradient 0), max and min at a tie the mean of the two arguments;
// or, while a TakingKinkBranch lives, one branch (models/scalars/kink_branch.h).
#pragma once

#include <cmath>
#include <concepts>
#include <string>
#include <vector>

#include "calculus/error.h"
#include "calculus/signature.h"
#include "models/scalars/declared_primitive.h"
#include "models/scalars/fields.h"
#include "models/scalars/kink_branch.h"
#include "models/scalars/scalar.h"
#include "semantics/evaluation_record.h"

namespace perturb::models {

namespace elementary_detail {

// The coefficients of the polynomial P_k with tanh⁽ᵏ⁾ = P_k(tanh):
// P_0(t) = t, P_{k+1}(t) = P_k′(t)·(1 − t²).
inline std::vector<double> tanh_derivative_polynomial(int k) {
  std::vector<double> p = {0, 1};
  for (int order = 0; order < k; ++order) {
    std::vector<double> next(p.size() + 1, 0.0);
    for (std::size_t i = 1; i < p.size(); ++i) {
      const double derivative = p[i] * static_cast<double>(i);  // coefficient of t^(i-1)
      next[i - 1] += derivative;
      next[i + 1] -= derivative;
    }
    p = std::move(next);
  }
  return p;
}

template <class F>
bool is_positive(const F& x) {
  if constexpr (std::same_as<F, Ball>) {
    return certainly_positive(x);
  } else {
    return x > F(0);
  }
}

template <class F>
bool is_zero(const F& x) {
  if constexpr (std::same_as<F, Ball>) {
    return certainly_zero(x);
  } else {
    return x == F(0);
  }
}

template <class F>
bool is_negative(const F& x) {
  if constexpr (std::same_as<F, Ball>) {
    return certainly_negative(x);
  } else {
    return x < F(0);
  }
}

// |m| for a Tagged m whose primal value is 0, or, over balls, a ball that
// straddles 0: x's value |a| and its perturbation times [−1, 1], which
// encloses both branches; at exactly 0 the convention 0, or the branch
// kink_branch() takes.
template <class F>
Tagged<F> abs_at_kink(const Tagged<F>& x) {
  if constexpr (std::same_as<F, Ball>) {
    const Ball a = x.primal_value();
    if (!certainly_zero(a))
      return Tagged<F>(abs(a)) + (x - Tagged<F>(a)) * Tagged<F>(unit_interval());
  }
  switch (kink_branches().abs) {
    case KinkBranch::First:
      return x;
    case KinkBranch::Second:
      return -x;
    case KinkBranch::Convention:
      break;
  }
  return Tagged<F>(F(0));
}

// Whether a < b for every reals in them (over balls; plainly otherwise).
template <class F>
bool is_less(const F& a, const F& b) {
  if constexpr (std::same_as<F, Ball>) {
    return certainly_negative(a - b);
  } else {
    return a < b;
  }
}

// max⟨x, y⟩ (sign 1) or min⟨x, y⟩ (sign −1) where the branch is not
// certain: at a tie (x + y)/2, the convention, or the argument kink_branch()
// takes; over balls straddling the tie, (x + y ± |x − y|)/2 enclosing both
// branches.
template <class F>
Tagged<F> at_tie(const Tagged<F>& x, const Tagged<F>& y, int sign) {
  bool exact = true;
  if constexpr (std::same_as<F, Ball>) exact = certainly_zero(x.primal_value() - y.primal_value());
  if (exact) {
    switch (kink_branches().tie) {
      case KinkBranch::First:
        return x;
      case KinkBranch::Second:
        return y;
      case KinkBranch::Convention:
        break;
    }
    return (x + y) * Tagged<F>(F(0.5));
  }
  const Tagged<F> gap = abs_at_kink(x - y);
  return (sign > 0 ? x + y + gap : x + y - gap) * Tagged<F>(F(0.5));
}

// Notes f's application to x (and y) in the current evaluation record: the
// point's values, whether each moves, and, at a tie, whether alike.
template <class F>
void note(calculus::Primitive primitive, const Tagged<F>& x, const Tagged<F>& y = Tagged<F>()) {
  calculus::Application application;
  application.x = to_double(x.primal_value());
  application.y = to_double(y.primal_value());
  application.x_moves = !x.is_unperturbed();
  application.y_moves = !y.is_unperturbed();
  if (application.x == application.y && (application.x_moves || application.y_moves))
    application.same_direction = (x - y).is_unperturbed();
  semantics::note_primitive_application(primitive, application);
  if constexpr (std::same_as<F, Ball>) {
    // An argument's enclosure that holds 0 without being 0: the point may
    // lie on a boundary its midpoint is off.
    const auto straddles = [](const Ball& b) {
      return b.is_finite() && !certainly_positive(b) && !certainly_negative(b) &&
             !certainly_zero(b);
    };
    calculus::Application at_zero = application;
    if (straddles(x.primal_value())) at_zero.x = 0;
    if (straddles(y.primal_value())) at_zero.y = 0;
    if (at_zero.x != application.x || at_zero.y != application.y)
      semantics::note_straddled_application(primitive, at_zero);
  }
}

// log(a + n): the k-th derivative of log is (−1)ᵏ⁻¹(k−1)!/aᵏ.
template <class F>
Tagged<F> log_series(const Tagged<F>& x) {
  using std::log;
  const F a = x.primal_value();
  const F value = log(a);
  return taylor(x, [&](int k) -> F {
    if (k == 0) return value;
    F derivative = F(1) / a;
    for (int i = 1; i < k; ++i) derivative *= F(-i) / a;
    return derivative;
  });
}

}  // namespace elementary_detail

// 1/x.
template <class F>
Tagged<F> recip(const Tagged<F>& x) {
  elementary_detail::note(calculus::Primitive::Recip, x);
  return reciprocal(x);
}

template <class F>
Tagged<F> log(const Tagged<F>& x) {
  elementary_detail::note(calculus::Primitive::Log, x);
  return elementary_detail::log_series(x);
}

// (a + n)^r for a constant exponent r: the k-th derivative is
// r(r−1)…(r−k+1)·a^(r−k), exactly 0 when that product is (a strong zero:
// x ↦ xⁿ past order n, at a = 0 too).
template <class F>
Tagged<F> power_of_constant(const Tagged<F>& x, const F& r) {
  using std::pow;
  const F a = x.primal_value();
  return taylor(x, [&](int k) -> F {
    F falling(1);
    for (int i = 0; i < k; ++i) falling *= r - F(i);
    return strong_product(falling, pow(a, r - F(k)));
  });
}

// The square root of x given its value at the primal, root = √a, by its
// series: (1/2)(−1/2)…(3/2−k)·√a/aᵏ (sqrt, and hypot on x² + y²).
template <class F>
Tagged<F> root_series(const Tagged<F>& x, const F& root) {
  const F a = x.primal_value();
  return taylor(x, [&](int k) -> F {
    F derivative = root;
    for (int i = 0; i < k; ++i) derivative *= (F(0.5) - F(i)) / a;
    return derivative;
  });
}

// sqrt(a + n); at a = 0 only along a zero direction.
template <class F>
Tagged<F> sqrt(const Tagged<F>& x) {
  using std::sqrt;
  elementary_detail::note(calculus::Primitive::Sqrt, x);
  return root_series(x, F(sqrt(x.primal_value())));
}

// tanh(a + n): tanh⁽ᵏ⁾ = P_k(tanh a).
template <class F>
Tagged<F> tanh(const Tagged<F>& x) {
  using std::tanh;
  elementary_detail::note(calculus::Primitive::Tanh, x);
  const F t = tanh(x.primal_value());
  return taylor(x, [&](int k) -> F {
    if (k == 0) return t;
    const std::vector<double> p = elementary_detail::tanh_derivative_polynomial(k);
    F value(0);
    for (std::size_t i = p.size(); i-- > 0;) value = value * t + F(p[i]);
    return value;
  });
}

// pow(x, y). A constant exponent: by power_of_constant, for every x (the
// polynomial xⁿ included). A perturbed exponent: exp(y·log x) for x > 0; at
// x = 0 with y > 0, the exponent's direction contributes 0^y·log 0·dy = 0
// (strong zero), so only x's remains; elsewhere f is not smooth along the
// direction and exp(y·log x) gives what it gives (non-finite).
template <class F>
Tagged<F> pow(const Tagged<F>& x, const Tagged<F>& y) {
  const F a = x.primal_value();
  const F b = y.primal_value();
  elementary_detail::note(calculus::Primitive::Pow, x, y);
  if (y.is_unperturbed() || (elementary_detail::is_zero(a) && elementary_detail::is_positive(b)))
    return power_of_constant(x, b);
  return exp(y * elementary_detail::log_series(x));
}

// atan2(y, x) off the origin: atan2(y₀ + m, x₀ + n) = atan2(y₀, x₀) + atan(u)
// with u = (x₀m − y₀n)/(x₀x + y₀y), nilpotent, and atan⁽ᵏ⁾(0) = 0 for even k,
// (−1)^((k−1)/2)·(k−1)! for odd k.
template <class F>
Tagged<F> atan2(const Tagged<F>& y, const Tagged<F>& x) {
  using std::atan2;
  const F y0 = y.primal_value();
  const F x0 = x.primal_value();
  elementary_detail::note(calculus::Primitive::Atan2, y, x);
  const F angle = atan2(y0, x0);
  if (x.is_unperturbed() && y.is_unperturbed()) return Tagged<F>(angle);
  const Tagged<F> numerator =
      Tagged<F>(x0) * (y - Tagged<F>(y0)) - Tagged<F>(y0) * (x - Tagged<F>(x0));
  const Tagged<F> u = numerator / (Tagged<F>(x0) * x + Tagged<F>(y0) * y);
  return Tagged<F>(angle) + taylor(u, [](int k) -> F {
           if (k % 2 == 0) return F(0);
           double factorial = 1;
           for (int i = 2; i < k; ++i) factorial *= i;
           return F(((k - 1) / 2) % 2 == 0 ? factorial : -factorial);
         });
}

// hypot(x, y) = √(x² + y²) off the origin, its value by hypot (no overflow).
template <class F>
Tagged<F> hypot(const Tagged<F>& x, const Tagged<F>& y) {
  using std::hypot;
  elementary_detail::note(calculus::Primitive::Hypot, x, y);
  return root_series(x * x + y * y, F(hypot(x.primal_value(), y.primal_value())));
}

// The kinked primitives decide their branch only where it is certain: over
// balls, a ball that straddles the kink gets an enclosure of both branches
// (abs_at_kink), whose width a certified comparison then reports as undecided.

// abs(x): x or −x off 0; at 0, 0 (the convention: Clarke gradient 0).
template <class F>
Tagged<F> abs(const Tagged<F>& x) {
  const F a = x.primal_value();
  elementary_detail::note(calculus::Primitive::Abs, x);
  if (elementary_detail::is_positive(a)) return x;
  if (elementary_detail::is_negative(a)) return -x;
  return elementary_detail::abs_at_kink(x);
}

// sign(x): −1, 0 or 1, constant off 0 (no perturbation); at 0 along a
// nonzero direction it jumps, and 0 is what it gives (an outside
// application); over a ball straddling 0, [−1, 1].
template <class F>
Tagged<F> sign(const Tagged<F>& x) {
  const F a = x.primal_value();
  elementary_detail::note(calculus::Primitive::Sign, x);
  if (elementary_detail::is_positive(a)) return Tagged<F>(F(1));
  if (elementary_detail::is_negative(a)) return Tagged<F>(F(-1));
  if constexpr (std::same_as<F, Ball>) {
    if (!certainly_zero(a)) return Tagged<F>(unit_interval());
  }
  return Tagged<F>(F(0));
}

// max(x, y): the larger; at a tie, (x + y)/2 (a Clarke gradient, and v along (v, v)).
template <class F>
Tagged<F> max(const Tagged<F>& x, const Tagged<F>& y) {
  const F a = x.primal_value(), b = y.primal_value();
  elementary_detail::note(calculus::Primitive::Max, x, y);
  if (elementary_detail::is_less(b, a)) return x;
  if (elementary_detail::is_less(a, b)) return y;
  return elementary_detail::at_tie(x, y, 1);
}

// min(x, y): the smaller; at a tie, (x + y)/2, so that min⟨x,y⟩ = −max⟨−x,−y⟩.
template <class F>
Tagged<F> min(const Tagged<F>& x, const Tagged<F>& y) {
  const F a = x.primal_value(), b = y.primal_value();
  elementary_detail::note(calculus::Primitive::Min, x, y);
  if (elementary_detail::is_less(a, b)) return x;
  if (elementary_detail::is_less(b, a)) return y;
  return elementary_detail::at_tie(x, y, -1);
}

// f(x) for a unary primitive f that F hosts.
template <class F>
Tagged<F> apply_unary(calculus::Primitive primitive, const Tagged<F>& x) {
  using calculus::Primitive;
  if constexpr (kHasTranscendentals<F>) {
    switch (primitive) {
      case Primitive::Sin:
        return sin(x);
      case Primitive::Cos:
        return cos(x);
      case Primitive::Exp:
        return exp(x);
      case Primitive::Recip:
        return recip(x);
      case Primitive::Log:
        return log(x);
      case Primitive::Sqrt:
        return sqrt(x);
      case Primitive::Tanh:
        return tanh(x);
      default:
        break;
    }
  }
  if (primitive == Primitive::Abs) return abs(x);
  if (primitive == Primitive::Sign) return sign(x);
  if constexpr (kHasTranscendentals<F>) {
    if (calculus::is_declared(primitive)) return apply_declared(primitive, x);
  }
  throw calculus::InternalError(std::string("apply_unary: not a unary primitive of this field: ") +
                                calculus::primitive_name(primitive));
}

// f⟨x, y⟩ for a binary primitive f that F hosts.
template <class F>
Tagged<F> apply_binary(calculus::Primitive primitive, const Tagged<F>& x, const Tagged<F>& y) {
  using calculus::Primitive;
  if (primitive == Primitive::Mul) return x * y;
  if constexpr (kHasTranscendentals<F>) {
    switch (primitive) {
      case Primitive::Pow:
        return pow(x, y);
      case Primitive::Atan2:
        return atan2(x, y);
      case Primitive::Hypot:
        return hypot(x, y);
      default:
        break;
    }
  }
  if (primitive == Primitive::Max) return max(x, y);
  if (primitive == Primitive::Min) return min(x, y);
  throw calculus::InternalError(
      std::string("apply_binary: not a binary primitive of this field: ") +
      calculus::primitive_name(primitive));
}

// Compiled once per field, in elementary.cpp, rather than in every model
// that applies primitives: the expansions above are most of their cost.
extern template Tagged<double> apply_unary(calculus::Primitive, const Tagged<double>&);
extern template Tagged<Ball> apply_unary(calculus::Primitive, const Tagged<Ball>&);
extern template Tagged<Rational> apply_unary(calculus::Primitive, const Tagged<Rational>&);
extern template Tagged<double> apply_binary(calculus::Primitive, const Tagged<double>&,
                                            const Tagged<double>&);
extern template Tagged<Ball> apply_binary(calculus::Primitive, const Tagged<Ball>&,
                                          const Tagged<Ball>&);
extern template Tagged<Rational> apply_binary(calculus::Primitive, const Tagged<Rational>&,
                                              const Tagged<Rational>&);

// Why a model over F refuses a primitive it does not host (for its
// refusal): only the rationals refuse any.
template <class F>
std::string why_not_hosted(calculus::Primitive primitive) {
  const std::string name = calculus::primitive_name(primitive);
  if (calculus::is_declared(primitive) && !std::same_as<F, Rational>) {
    return name +
           " was declared without a Taylor series over balls, so the certified models "
           "do not host it (their derivatives never come from the declared δ-rule)";
  }
  const std::string fragment =
      "the exact model over the rationals has only the primitive-free fragment (sums, "
      "products, literals, T, λ, pairs) and abs, max, min, sign";
  if (primitive == calculus::Primitive::Recip) {
    return "recip has a pole at 0, where no rational is its value: " + fragment;
  }
  return name + " is not a rational function: " + fragment;
}

}  // namespace perturb::models
