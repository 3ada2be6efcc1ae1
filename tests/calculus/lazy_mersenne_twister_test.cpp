// LazyMersenneTwister64 against std::mt19937_64 (calculus/lazy_mersenne_twister.h):
// the same words, for every seed tried, over several rounds of the state.
#include "calculus/lazy_mersenne_twister.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <random>

#include "tests/calculus/base_seed.h"

using perturb::calculus::LazyMersenneTwister64;

namespace {

// Draws `count` words from both engines seeded `seed`; the index of the
// first difference, or count when there is none.
std::size_t first_difference(std::uint64_t seed, std::size_t count) {
  std::mt19937_64 standard(seed);
  LazyMersenneTwister64 lazy(seed);
  for (std::size_t i = 0; i < count; ++i) {
    if (standard() != lazy()) return i;
  }
  return count;
}

}  // namespace

TEST_CASE("the lazy twister draws std::mt19937_64's words", "[random_draws]") {
  // 1000 words cross three rounds of 312 (the last word of a round reads the
  // first word of the next one's state, the seeding runs 156 words ahead).
  for (std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{5489},
                             std::uint64_t{0x5eed}, ~std::uint64_t{0}, std::uint64_t{1} << 63}) {
    INFO("seed " << seed);
    CHECK(first_difference(seed, 1000) == 1000);
  }
  const std::uint64_t base = perturb::testing::base_seed(20261205);
  std::mt19937_64 seeds(base);
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t seed = seeds();
    INFO("base seed " << base << ", seed " << seed);
    REQUIRE(first_difference(seed, 700) == 700);
  }
}

TEST_CASE("the lazy twister's default seed is the standard engine's", "[random_draws]") {
  std::mt19937_64 standard;
  LazyMersenneTwister64 lazy;
  for (int i = 0; i < 400; ++i) REQUIRE(standard() == lazy());
}
