// Tests of the platform-independent draws (calculus/random_draws.h): known
// answers that any standard library must reproduce, and a scan of the tree
// for the std::*_distribution classes, whose results differ between libraries.
#include "calculus/random_draws.h"

#include <boost/container/small_vector.hpp>
#include <catch2/catch.hpp>
#include <cstdint>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/source_root.h"

using namespace perturb::calculus;

TEST_CASE("the draws give the specified values for seed 1", "[random_draws]") {
  // Computed from the first outputs of std::mt19937_64(1) by the algorithms
  // of random_draws.h; a standard library that changed them would change
  // every case of every run.
  Rng reals(1);
  CHECK(random_real(reals, -2, 2) == -1.4644934239498695);
  CHECK(random_real(reals, -2, 2) == -1.4543718545352111);
  CHECK(random_real(reals, -2, 2) == -0.19514038462184757);
  Rng integers(1);
  CHECK(random_integer(integers, 0, 4) == 3);
  CHECK(random_integer(integers, 0, 4) == 2);
  CHECK(random_integer(integers, 0, 4) == 0);
  Rng below(1);
  CHECK(random_below(below, 1000000007) == 259194324);
}

TEST_CASE("random_real stays below high and random_integer within its bounds", "[random_draws]") {
  Rng rng(7);
  for (int i = 0; i < 10000; ++i) {
    const double x = random_real(rng, -1.5, 0.5);
    REQUIRE(x >= -1.5);
    REQUIRE(x < 0.5);
    const int k = random_integer(rng, -3, 3);
    REQUIRE(k >= -3);
    REQUIRE(k <= 3);
  }
}

// The engines the draws accept: those of whole 64-bit words only (a 32-bit
// engine's draws would leave the top half of every word zero).
static_assert(WordEngine<Rng>);
static_assert(WordEngine<std::mt19937_64>);
static_assert(!WordEngine<std::mt19937>);
static_assert(!WordEngine<int>);

TEST_CASE("random_element draws the element random_below indexes, from any sized range",
          "[random_draws]") {
  const std::vector<int> vector = {10, 11, 12, 13, 14};
  const boost::container::small_vector<int, 2> small = {20, 21, 22, 23, 24};
  Rng elements(3), indices(3);
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t index = random_below(indices, 5);
    CHECK(random_element(elements, vector) == vector[index]);
    CHECK(&random_element(indices, small) == &small[random_below(elements, 5)]);
  }
}

TEST_CASE("no source file uses a distribution class of the standard library", "[random_draws]") {
  const std::regex distribution(R"(std::[a-z_]+_distribution\s*<)");
  int scanned = 0;
  for (const char* folder : {"calculus", "semantics", "models", "proofs", "lab", "app", "examples",
                             "tests", "bench", "fuzz"}) {
    const auto root = test_support::source_root() / folder;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
      const std::string extension = entry.path().extension().string();
      if (extension != ".h" && extension != ".cpp") continue;
      if (entry.path().filename() == "random_draws_test.cpp") continue;
      std::ifstream file(entry.path());
      std::stringstream text;
      text << file.rdbuf();
      ++scanned;
      INFO(entry.path().string());
      CHECK_FALSE(std::regex_search(text.str(), distribution));
    }
  }
  CHECK(scanned > 100);
}
