// A declared primitive's Taylor series over Arb balls, as a plugin gives it
// (proofs/plugin_api.h): only Arb's types, so that a plugin that includes
// this compiles none of the tagged scalars.
#pragma once

#include <arb.h>

#include "calculus/signature.h"

namespace perturb::models {

// The Taylor coefficients c_0 … c_{length−1} of f at the ball `at`,
// f(at + t) = Σ c_k·t^k, enclosed at `precision` bits.
using BallSeries = void (*)(arb_ptr coefficients, arb_srcptr at, slong length, slong precision);

// Gives the declared primitive its series (before any case runs).
void set_ball_series(calculus::Primitive primitive, BallSeries series);

// The series given to primitive, or null.
BallSeries ball_series(calculus::Primitive primitive);

// Whether some declared primitive has a series.
bool some_declared_series();

}  // namespace perturb::models
