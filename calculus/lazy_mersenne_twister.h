// LazyMersenneTwister64: the output sequence of std::mt19937_64, each word
// computed when it is drawn. A law case seeds a generator and draws a few
// dozen words from it; std::mt19937_64 initialises all 312 words of its
// state when seeded and regenerates all 312 on the first draw, which was a
// twentieth of a first-order law case.
//
// The standard engine's state update (its "twist") rewrites word k from the
// words k, k+1 and k+156 (mod 312), in order k = 0, 1, …, 311, in place;
// word k is then tempered and returned as the k-th draw of the round. Doing
// step k just before draw k reads exactly the words the batch loop reads at
// step k (those before k already rewritten, the others not yet), so the
// outputs are the same. Seeding is lazy too: word i of the seeded state
// depends only on word i − 1, and the first round's step k needs the
// seeded words up to k + 156 only.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace perturb::calculus {

class LazyMersenneTwister64 {
 public:
  using result_type = std::uint64_t;
  static constexpr std::uint64_t default_seed = 5489u;  // std::mt19937_64's

  explicit LazyMersenneTwister64(std::uint64_t seed = default_seed) {
    state_[0] = seed;
    seeded_ = 1;
  }

  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

  // The next word of std::mt19937_64(seed)'s sequence.
  result_type operator()() {
    if (next_ == kWords) next_ = 0;
    if (seeded_ < kWords) seed_through(next_ + kShift);
    const std::size_t k = next_++;
    const std::uint64_t y =
        (state_[k] & kUpperMask) | (state_[k + 1 == kWords ? 0 : k + 1] & kLowerMask);
    const std::size_t shifted = k + kShift < kWords ? k + kShift : k + kShift - kWords;
    state_[k] = state_[shifted] ^ (y >> 1) ^ ((y & 1) ? kMatrix : 0);
    std::uint64_t z = state_[k];
    z ^= (z >> 29) & 0x5555555555555555ULL;
    z ^= (z << 17) & 0x71D67FFFEDA60000ULL;
    z ^= (z << 37) & 0xFFF7EEE000000000ULL;
    z ^= z >> 43;
    return z;
  }

 private:
  // std::mt19937_64's parameters: n, m, the twist matrix and the masks of r = 31.
  static constexpr std::size_t kWords = 312;
  static constexpr std::size_t kShift = 156;
  static constexpr std::uint64_t kMatrix = 0xB5026F5AA96619E9ULL;
  static constexpr std::uint64_t kUpperMask = ~std::uint64_t{0} << 31;
  static constexpr std::uint64_t kLowerMask = ~kUpperMask;

  // Seeds the words up to index `last` (at most the last word), as the
  // standard engine's seed(): x_i = f·(x_{i−1} ⊕ (x_{i−1} ≫ 62)) + i.
  void seed_through(std::size_t last) {
    const std::size_t end = last + 1 < kWords ? last + 1 : kWords;
    for (; seeded_ < end; ++seeded_) {
      const std::uint64_t previous = state_[seeded_ - 1];
      state_[seeded_] = 6364136223846793005ULL * (previous ^ (previous >> 62)) + seeded_;
    }
  }

  // Zeroed, so that a copy of a generator copies no indeterminate words.
  std::array<std::uint64_t, kWords> state_{};
  std::size_t seeded_ = 0;     // words of the seeded state computed so far
  std::size_t next_ = kWords;  // the word the next draw rewrites (kWords: a new round)
};

}  // namespace perturb::calculus
