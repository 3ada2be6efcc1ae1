// Whether two values of the closures model are the same bit for bit: the
// check of every fast path that promises the generic path's floating-point
// operations (perturbed points, compiled programs).
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include "models/value.h"

namespace perturb::testing {

// Whether a and b are the same value bit for bit (0 unequal to −0), but
// that every NaN is one: the sign and payload of NaN + NaN depend on the
// order of the operands, which IEEE 754 leaves to the compiler (and
// −inf·0 + NaN came out with either sign). Functions are compared at the
// point 1.5 + 0.25·ε.
inline bool same_bits(const models::closures::Value& a, const models::closures::Value& b,
                      models::Tag probe_tag) {
  using models::closures::Value;
  const auto bits = [](double x) {
    return std::isnan(x) ? std::uint64_t{0x7ff8000000000000} : std::bit_cast<std::uint64_t>(x);
  };
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case Value::Kind::Zero:
      return true;
    case Value::Kind::Scalar: {
      const auto ta = a.scalar().perturbation(), tb = b.scalar().perturbation();
      if (bits(a.scalar().primal_value()) != bits(b.scalar().primal_value())) return false;
      return std::equal(ta.begin(), ta.end(), tb.begin(), tb.end(), [&](auto& x, auto& y) {
        return x.monomial == y.monomial && bits(x.coefficient) == bits(y.coefficient);
      });
    }
    case Value::Kind::Tuple:
      return std::ranges::equal(a.elements(), b.elements(),
                                [&](auto& x, auto& y) { return same_bits(x, y, probe_tag); });
    case Value::Kind::Closure: {
      const Value probe =
          models::closures::Scalar(1.5) + models::closures::Scalar::infinitesimal(probe_tag) * 0.25;
      return same_bits(apply(a, probe), apply(b, probe), probe_tag);
    }
  }
  return false;
}

}  // namespace perturb::testing
