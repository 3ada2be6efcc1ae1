// The fields the generic models are instantiated over: double (the
// floating-point models), Ball (their certified twins, models/scalars/ball.h) and
// Rational (the exact model of the primitive-free fragment,
// models/scalars/rational.h). The closures model's definitions live in .cpp files
// and are instantiated for exactly these, through PERTURB_FOR_EACH_FIELD, so
// that adding a field is one line here.
#pragma once

#include <concepts>

#include "calculus/signature.h"
#include "models/scalars/ball.h"
#include "models/scalars/rational.h"

namespace perturb::models {

// What a model's name gets over F: "" over double, "@ball" over Ball
// (`closures@ball`), "@rational" over Rational, so that `perturb list
// models` shows the field.
template <class F>
inline constexpr const char* kFieldSuffix = "";
template <>
inline constexpr const char* kFieldSuffix<Ball> = "@ball";
template <>
inline constexpr const char* kFieldSuffix<Rational> = "@rational";

// Whether F has sin, cos and exp: the rationals do not.
template <class F>
inline constexpr bool kHasTranscendentals = !std::same_as<F, Rational>;

// Whether the scalars over F have the primitive: the rationals the exact
// rational ones (mul, abs, max, min, sign); doubles and balls all (a ball
// straddling a kink encloses both branches, models/scalars/elementary.h);
// of the declared primitives, doubles all, balls those with a series
// (models/scalars/declared_primitive.h).
template <class F>
constexpr bool hosts_primitive(calculus::Primitive primitive) {
  using calculus::Primitive;
  if (calculus::is_declared(primitive)) {
    if constexpr (std::same_as<F, Rational>) return false;
    if constexpr (std::same_as<F, Ball>) return calculus::spec_of(primitive).has_series;
    return true;
  }
  const bool kinked = primitive == Primitive::Abs || primitive == Primitive::Max ||
                      primitive == Primitive::Min || primitive == Primitive::Sign;
  if constexpr (std::same_as<F, Rational>) return kinked || primitive == Primitive::Mul;
  return true;
}

// Whether F computes exactly, so that points compare by equality.
template <class F>
inline constexpr bool kExactField = std::same_as<F, Rational>;

// The double nearest x (a ball's midpoint), for reports.
inline double to_double(double x) { return x; }
inline double to_double(const Ball& x) { return x.midpoint(); }
inline double to_double(const Rational& x) { return x.to_double(); }

}  // namespace perturb::models

#define PERTURB_FOR_EACH_FIELD(INSTANTIATE) \
  INSTANTIATE(double)                       \
  INSTANTIATE(::perturb::models::Ball)      \
  INSTANTIATE(::perturb::models::Rational)
