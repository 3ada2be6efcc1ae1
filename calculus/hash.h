// Deterministic hashing: hashes decide the canonical order of sums, which
// shows in printed terms and reports, so they must not vary between runs,
// platforms or threads (std::hash promises none of that).
#pragma once

#include <bit>
#include <cstdint>
#include <string_view>

namespace perturb::calculus {

// Mixes value into seed (splitmix64 finaliser over a boost-style combine).
constexpr std::uint64_t hash_combine(std::uint64_t seed, std::uint64_t value) {
  std::uint64_t z = seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// FNV-1a over the bytes of text.
constexpr std::uint64_t hash_string(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : text) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return h;
}

// The bit pattern of a double, with -0.0 folded into 0.0.
inline std::uint64_t hash_double(double value) {
  return std::bit_cast<std::uint64_t>(value == 0.0 ? 0.0 : value);
}

}  // namespace perturb::calculus
