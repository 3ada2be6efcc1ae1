// Whether two values of the closures model are the same bit for bit: the
// check of every fast path that promises the generic path's floating-point
// operations (perturbed points, compiled programs), over any field.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <concepts>
#include <cstdint>

#include "models/closures/value.h"

namespace perturb::testing {

// Whether two numbers of F are the same: over double bit for bit (0 unequal
// to −0), but that every NaN is one (the sign and payload of NaN + NaN
// depend on the order of the operands, which IEEE 754 leaves to the
// compiler, and −inf·0 + NaN came out with either sign); over balls and
// rationals equal exactly (midpoint and radius, or the fraction).
template <class F>
bool same_number(const F& a, const F& b) {
  if constexpr (std::same_as<F, double>) {
    const auto bits = [](double x) {
      return std::isnan(x) ? std::uint64_t{0x7ff8000000000000} : std::bit_cast<std::uint64_t>(x);
    };
    return bits(a) == bits(b);
  } else {
    return a == b;
  }
}

// Whether a and b are the same value, number for number (same_number).
// Functions are compared at the point 1.5 + 0.25·ε.
template <class F>
bool same_bits(const models::closures::BasicValue<F>& a, const models::closures::BasicValue<F>& b,
               models::Tag probe_tag) {
  using Value = models::closures::BasicValue<F>;
  using Scalar = models::Tagged<F>;
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case Value::Kind::Zero:
      return true;
    case Value::Kind::Scalar: {
      const auto ta = a.scalar().perturbation(), tb = b.scalar().perturbation();
      if (!same_number(a.scalar().primal_value(), b.scalar().primal_value())) return false;
      return std::equal(ta.begin(), ta.end(), tb.begin(), tb.end(), [&](auto& x, auto& y) {
        return x.monomial == y.monomial && same_number(x.coefficient, y.coefficient);
      });
    }
    case Value::Kind::Tuple:
      return std::ranges::equal(a.elements(), b.elements(),
                                [&](auto& x, auto& y) { return same_bits(x, y, probe_tag); });
    case Value::Kind::Closure: {
      const Value probe = Scalar(1.5) + Scalar::infinitesimal(probe_tag) * Scalar(0.25);
      return same_bits(apply(a, probe), apply(b, probe), probe_tag);
    }
  }
  return false;
}

}  // namespace perturb::testing
