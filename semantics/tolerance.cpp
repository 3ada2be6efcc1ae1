#include "semantics/tolerance.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace perturb::semantics {

bool approx_equal(double a, double b, const Tolerance& tolerance) {
  if (a == b) return true;  // also equal infinities
  if (!std::isfinite(a) || !std::isfinite(b)) return false;
  const double scale = std::max(std::abs(a), std::abs(b));
  return std::abs(a - b) <= tolerance.absolute + tolerance.relative * scale;
}

std::string to_string(const Tolerance& tolerance) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "relative %g, absolute %g", tolerance.relative,
                tolerance.absolute);
  return buffer;
}

}  // namespace perturb::semantics
