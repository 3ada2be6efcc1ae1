// Random points of the closures model's objects. At function objects the
// default is a small fixed family of smooth closed functions, built from sin,
// cos, exp, products, sums and random constants, reaching every part of their
// argument; the checker replaces it (FunctionSampler) with random closed terms.
#pragma once

#include <random>

#include "models/closures/closures.h"

namespace perturb::models::closures {

// Reals uniform in [−2, 2]; tuples, pairs componentwise; the zero value at 1;
// functions from `category`'s sampler.
template <class F>
BasicValue<F> random_value(const BasicClosureCategory<F>& category, const Object& object,
                           std::mt19937_64& rng);

// A random smooth closed function X → Y for X ⇒ Y = exponential: y(p1(x), p2(x))
// with two random probes p1, p2 : X → R and a random builder y : R × R → Y
// (two coordinates, so that mixed second derivatives are not trivially zero).
// The default FunctionSampler.
template <class F>
BasicValue<F> random_smooth_function(const BasicClosureCategory<F>& category,
                                     const Object& exponential, std::mt19937_64& rng);

}  // namespace perturb::models::closures
