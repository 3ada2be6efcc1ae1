// The base seed of a seeded property test (Eigen's test/main.h style): the
// file's own default, or PERTURB_SEED when set, so that a failure printed
// with its seed reruns exactly.
#pragma once

#include <cstdint>
#include <cstdlib>

namespace perturb::testing {

inline std::uint64_t base_seed(std::uint64_t default_seed) {
  const char* text = std::getenv("PERTURB_SEED");
  return text ? std::strtoull(text, nullptr, 10) : default_seed;
}

}  // namespace perturb::testing
