// How close two computed reals must be to count as equal when a law is checked
// numerically: |a − b| ≤ absolute + relative · max(|a|, |b|). Both parts are
// needed: relative alone fails near 0, absolute alone fails for large values.
// A non-finite value is only equal to itself (NaN to nothing).
#pragma once

#include <string>

namespace perturb::semantics {

struct Tolerance {
  double relative = 1e-7;
  double absolute = 1e-9;

  friend bool operator==(const Tolerance&, const Tolerance&) = default;
};

// True when a and b agree within tolerance; NaN agrees with nothing.
bool approx_equal(double a, double b, const Tolerance& tolerance);

// "relative 1e-07, absolute 1e-09", for reports.
std::string to_string(const Tolerance& tolerance);

}  // namespace perturb::semantics
