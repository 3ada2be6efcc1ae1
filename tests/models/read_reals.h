// Reading a point of a first-order object (R and × only) as its coordinates,
// through the CartesianLeftAdditiveCategory interface, so that two models'
// values can be compared number by number.
#pragma once

#include <vector>

namespace perturb::testing {

// Appends the coordinates of p, a point of x, to out (first factor first).
template <class C>
void read_reals(const C& c, const typename C::Object& x, const typename C::Point& p,
                std::vector<double>& out) {
  if (const auto factors = c.factors(x)) {
    read_reals(c, factors->first, c.apply(c.proj1(factors->first, factors->second), p), out);
    read_reals(c, factors->second, c.apply(c.proj2(factors->first, factors->second), p), out);
  } else {
    out.push_back(c.real_value(p));
  }
}

}  // namespace perturb::testing
