// What a law case is charged for (calculus/uncharged_memory.h): a fixed
// amount per node it asks for, found or built; a node's allocation,
// destruction and deallocation are uncharged.
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

TEST_CASE("NodeAllocator destroys uncharged and leaves construction to the caller",
          "[intern][memory]") {
  REQUIRE(uncharged_depth == 0);
  int destroyed_at_depth = -1;
  {
    const auto probe = std::allocate_shared<Probe>(NodeAllocator<Probe>{}, &destroyed_at_depth);
    // Construction is left to the caller (term.cpp builds nodes uncharged).
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

namespace {

// The bytes charge_case charged while it was installed.
std::uint64_t charged = 0;

// Installs a charge hook that counts into `charged`, for the scope's lifetime.
class CountingCharges {
 public:
  CountingCharges() : outer_(charge_hook) {
    charged = 0;
    charge_hook = [](std::size_t bytes) { charged += bytes; };
  }
  ~CountingCharges() { charge_hook = outer_; }
  CountingCharges(const CountingCharges&) = delete;
  CountingCharges& operator=(const CountingCharges&) = delete;

 private:
  void (*outer_)(std::size_t);
};

// A term whose nodes no other test builds: λx:R×R. sin (π1 x) + 0.123·(π2 x).
Term fresh_term() {
  const Type pair = mk_product(real_type(), real_type());
  const Term x = mk_var(0, pair);
  return mk_lam("x", pair,
                mk_add(mk_app(mk_prim(Primitive::Sin), mk_proj(1, x)),
                       mk_app(mk_prim(Primitive::Mul), mk_pair(mk_lit(0.123), mk_proj(2, x)))));
}

}  // namespace

TEST_CASE("a term is charged the same whether its nodes are new or already alive",
          "[intern][memory]") {
  // The first build makes the nodes; the second, with them alive, finds every
  // one. A case's account must not depend on what other cases hold.
  std::uint64_t first = 0, second = 0;
  Term kept;
  {
    const CountingCharges counting;
    kept = fresh_term();
    first = charged;
  }
  {
    const CountingCharges counting;
    CHECK(fresh_term() == kept);
    second = charged;
  }
  INFO("charged " << first << " bytes building, " << second << " finding");
  CHECK(first > 0);
  CHECK(first == second);
}
