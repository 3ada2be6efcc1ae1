// What a law case is not charged for (calculus/uncharged_memory.h): a
// node's construction is charged, its destruction and deallocation are not.
#include "calculus/uncharged_memory.h"

#include <catch2/catch.hpp>
#include <memory>
#include <vector>

#include "calculus/term.h"

using namespace perturb::calculus;

namespace {

// Records whether its constructor and destructor ran uncharged.
struct Probe {
  explicit Probe(int* destroyed_at_depth) : depth_at_destruction(destroyed_at_depth) {
    constructed_at_depth = uncharged_depth;
  }
  ~Probe() { *depth_at_destruction = uncharged_depth; }
  int constructed_at_depth = -1;
  int* depth_at_destruction;
};

}  // namespace

TEST_CASE("NodeAllocator charges construction and not destruction", "[intern][memory]") {
  REQUIRE(uncharged_depth == 0);
  int destroyed_at_depth = -1;
  {
    const auto probe = std::allocate_shared<Probe>(NodeAllocator<Probe>{}, &destroyed_at_depth);
    CHECK(probe->constructed_at_depth == 0);
    // The last reference may be dropped by a later case or another thread.
    const std::weak_ptr<Probe> watcher = probe;
  }
  CHECK(destroyed_at_depth == 1);
  CHECK(uncharged_depth == 0);
}

TEST_CASE("building and dropping terms leaves no uncharged scope open", "[intern][memory]") {
  // Sharing, candidates replaced by equal live nodes, dead-entry reuse and
  // sweeps all go through the table and the allocator.
  {
    std::vector<Term> terms;
    for (int i = 0; i < 5000; ++i)
      terms.push_back(mk_add(mk_var(0, real_type()), mk_lit(i % 100 + 0.5)));
    CHECK(uncharged_depth == 0);
  }
  const Term again = mk_add(mk_var(0, real_type()), mk_lit(0.5));
  CHECK(again == mk_add(mk_var(0, real_type()), mk_lit(0.5)));
  CHECK(uncharged_depth == 0);
}
