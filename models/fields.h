// The fields the generic models are instantiated over: double (the
// floating-point models) and Ball (their certified twins, models/ball.h).
// The closures model's definitions live in .cpp files and are instantiated
// for exactly these, through PERTURB_FOR_EACH_FIELD, so that adding a field
// is one line here.
#pragma once

#include "models/ball.h"

namespace perturb::models {

// What a model's name gets over F: "" over double, "@ball" over Ball
// (`closures@ball`), so that `perturb list models` shows the field.
template <class F>
inline constexpr const char* kFieldSuffix = "";
template <>
inline constexpr const char* kFieldSuffix<Ball> = "@ball";

// The double nearest x (a ball's midpoint), for reports.
inline double to_double(double x) { return x; }
inline double to_double(const Ball& x) { return x.midpoint(); }

}  // namespace perturb::models

#define PERTURB_FOR_EACH_FIELD(INSTANTIATE) \
  INSTANTIATE(double)                       \
  INSTANTIATE(::perturb::models::Ball)
