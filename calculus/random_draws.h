// The draws every random choice of Perturb is made of, over the raw 64-bit
// output of std::mt19937_64, whose sequence the C++ standard fixes (drawn
// from calculus/lazy_mersenne_twister.h, which computes that sequence word
// by word, a case drawing far fewer words than the engine's state holds). The
// std::*_distribution classes are not used anywhere (a test enforces it):
// their algorithms are left to each standard library, so the same seed would
// give different cases under libstdc++ and libc++. These algorithms are
// specified here, so a seed gives the same cases on every platform.
#pragma once

#include <concepts>
#include <cstdint>
#include <limits>
#include <random>
#include <ranges>
#include <utility>

#include "calculus/error.h"
#include "calculus/lazy_mersenne_twister.h"

namespace perturb::calculus {

using Rng = LazyMersenneTwister64;

// Whether the engine G draws every 64-bit word: its range is [0, 2⁶⁴ − 1].
template <std::uniform_random_bit_generator G>
inline constexpr bool kDrawsWholeWords =
    G::min() == 0 && G::max() == std::numeric_limits<std::uint64_t>::max();

// An engine of uniformly distributed 64-bit words: Rng, or the
// std::mt19937_64 of the models' interfaces (semantics/testable_model.h).
template <class G>
concept WordEngine = std::uniform_random_bit_generator<G> && kDrawsWholeWords<G>;

// A uniformly distributed integer in [0, bound), by rejection sampling:
// draws at or above the largest multiple of bound are drawn again, and the
// first accepted draw is taken modulo bound. Requires bound > 0.
template <WordEngine G>
std::uint64_t random_below(G& rng, std::uint64_t bound) {
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
template <WordEngine G>
bool random_chance(G& rng, std::uint64_t numerator, std::uint64_t denominator) {
  return random_below(rng, denominator) < numerator;
}

// A budget of nodes split between two children, each getting at least one.
template <WordEngine G>
std::pair<std::uint32_t, std::uint32_t> split_budget(G& rng, std::uint32_t budget) {
  if (budget < 2) return {1, 1};
  const auto left = static_cast<std::uint32_t>(1 + random_below(rng, budget - 1));
  return {left, budget - left};
}

// A uniformly distributed integer in [low, high]: low + random_below(high - low + 1).
template <WordEngine G>
int random_integer(G& rng, int low, int high) {
  check(low <= high, "random_integer: empty range");
  const auto span = static_cast<std::uint64_t>(static_cast<std::int64_t>(high) - low) + 1;
  return static_cast<int>(low + static_cast<std::int64_t>(random_below(rng, span)));
}

// A double in [low, high): low + (high - low) · u with u the top 53 bits of
// one draw times 2⁻⁵³, so u is one of the 2⁵³ multiples of 2⁻⁵³ in [0, 1).
template <WordEngine G>
double random_real(G& rng, double low, double high) {
  const double unit = static_cast<double>(rng() >> 11) * 0x1.0p-53;
  return low + (high - low) * unit;
}

// An element of options (a std::vector, a small_vector, …) chosen uniformly:
// options[random_below(size)]. Requires options non-empty.
template <std::ranges::random_access_range Options, WordEngine G>
requires std::ranges::sized_range<Options>
const std::ranges::range_value_t<Options>& random_element(G& rng, const Options& options) {
  return options[random_below(rng, std::ranges::size(options))];
}

}  // namespace perturb::calculus
