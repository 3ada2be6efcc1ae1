// NodeKeyMap and NodeKeySet (calculus/node_key_map.h) against
// std::unordered_map on random keys: the same answers through many growths,
// keys equal in one part only kept apart, the first value of a key kept.
#include "calculus/node_key_map.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "base_seed.h"
#include "calculus/error.h"

using namespace perturb::calculus;

TEST_CASE("NodeKeyMap answers as a map of (address, number) keys", "[node_key_map]") {
  const std::uint64_t seed = perturb::testing::base_seed(20261205);
  INFO("seed " << seed << " (PERTURB_SEED reruns it)");
  std::mt19937_64 rng(seed);
  // Addresses of real objects, as the passes key by; many share an address
  // and differ in the number, or the reverse.
  std::vector<int> objects(3000);
  NodeKeyMap<std::string> map;
  std::map<std::pair<const void*, std::uint64_t>, std::string> expected;
  for (int step = 0; step < 20000; ++step) {
    const void* node = &objects[rng() % objects.size()];
    const std::uint64_t number = rng() % 5;
    const std::string value = std::to_string(step);
    const auto [stored, added] = map.insert(node, number, value);
    const auto [it, added_expected] = expected.try_emplace({node, number}, value);
    REQUIRE(added == added_expected);
    REQUIRE(*stored == it->second);
  }
  CHECK(map.size() == expected.size());
  for (const auto& [key, value] : expected) {
    const std::string* found = map.find(key.first, key.second);
    REQUIRE(found != nullptr);
    CHECK(*found == value);
  }
  // Absent keys: known addresses at an unused number, and unused addresses.
  CHECK(map.find(&objects[0], 5) == nullptr);
  const int elsewhere = 0;
  CHECK(map.find(&elsewhere, 0) == nullptr);
  CHECK(NodeKeyMap<int>().find(&elsewhere, 0) == nullptr);
}

TEST_CASE("NodeKeyMap's values can be changed through find", "[node_key_map]") {
  const int a = 0, b = 0;
  NodeKeyMap<int> map;
  map.insert(&a, 1, 10);
  map.insert(&b, 1, 20);
  *map.find(&a, 1) += 5;
  CHECK(*map.find(&a, 1) == 15);
  CHECK(*map.find(&b, 1) == 20);
  CHECK(map.insert(&a, 1, 99).second == false);
  CHECK(*map.find(&a, 1) == 15);
}

TEST_CASE("NodeKeyMap refuses a number past 32 bits, which its slots cannot hold",
          "[node_key_map]") {
  const int a = 0;
  NodeKeyMap<int> map;
  CHECK_THROWS_AS(map.insert(&a, std::uint64_t{1} << 32, 1), InternalError);
  CHECK(map.insert(&a, UINT32_MAX, 2).second);
  CHECK(map.find(&a, std::uint64_t{1} << 32) == nullptr);
  CHECK(*map.find(&a, UINT32_MAX) == 2);
}

TEST_CASE("NodeKeySet says whether a key was new", "[node_key_map]") {
  std::vector<int> objects(1000);
  NodeKeySet set;
  for (const int& object : objects) CHECK(set.insert(&object));
  for (const int& object : objects) CHECK_FALSE(set.insert(&object));
  for (const int& object : objects) CHECK(set.insert(&object, 7));
  CHECK(set.size() == 2000);
  CHECK(set.contains(&objects[500]));
  CHECK(set.contains(&objects[500], 7));
  CHECK_FALSE(set.contains(&objects[500], 6));
}

TEST_CASE("NodeKeySet refuses a number past 32 bits", "[node_key_map]") {
  const int a = 0;
  NodeKeySet set;
  CHECK_THROWS_AS(set.insert(&a, std::uint64_t{1} << 32), InternalError);
  CHECK(set.insert(&a, UINT32_MAX));
  CHECK_FALSE(set.contains(&a, std::uint64_t{1} << 32));
  CHECK(set.contains(&a, UINT32_MAX));
}
