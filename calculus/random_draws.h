// The draws every random choice of Perturb is made of, over the raw 64-bit
// output of std::mt19937_64, whose sequence the C++ standard fixes. The
// std::*_distribution classes are not used anywhere (a test enforces it):
// their algorithms are left to each standard library, so the same seed would
// give different cases under libstdc++ and libc++. These algorithms are
// specified here, so a seed gives the same cases on every platform.
#pragma once

#include <cstdint>
#include <limits>
#include <random>

#include "calculus/error.h"

namespace perturb::calculus {

using Rng = std::mt19937_64;

// A uniformly distributed integer in [0, bound), by rejection sampling:
// draws at or above the largest multiple of bound are drawn again, and the
// first accepted draw is taken modulo bound. Requires bound > 0.
inline std::uint64_t random_below(Rng& rng, std::uint64_t bound) {
  check(bound > 0, "random_below: empty range");
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t limit = kMax - kMax % bound;
  std::uint64_t draw;
  do {
    draw = rng();
  } while (draw >= limit);
  return draw % bound;
}

// True with probability numerator / denominator: random_below(denominator) <
// numerator. Requires denominator > 0.
inline bool random_chance(Rng& rng, std::uint64_t numerator, std::uint64_t denominator) {
  return random_below(rng, denominator) < numerator;
}

// A uniformly distributed integer in [low, high]: low + random_below(high - low + 1).
inline int random_integer(Rng& rng, int low, int high) {
  check(low <= high, "random_integer: empty range");
  const auto span = static_cast<std::uint64_t>(static_cast<std::int64_t>(high) - low) + 1;
  return static_cast<int>(low + static_cast<std::int64_t>(random_below(rng, span)));
}

// A double in [low, high): low + (high - low) · u with u the top 53 bits of
// one draw times 2⁻⁵³, so u is one of the 2⁵³ multiples of 2⁻⁵³ in [0, 1).
inline double random_real(Rng& rng, double low, double high) {
  const double unit = static_cast<double>(rng() >> 11) * 0x1.0p-53;
  return low + (high - low) * unit;
}

}  // namespace perturb::calculus
