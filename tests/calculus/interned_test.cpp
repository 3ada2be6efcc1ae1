// Dropping the dead entries of the hash-consing tables (calculus/interned.h)
// keeps every live node the one node of its structure, and threads building
// the same structures at once get that one node (the tables lock their shards
// once the process has a second thread, calculus/intern_table.h).
#include "calculus/interned.h"

#include <catch2/catch.hpp>
#include <thread>
#include <vector>

#include "calculus/term.h"

using namespace perturb::calculus;

TEST_CASE("release_dead_nodes keeps live terms and types canonical", "[term][intern]") {
  const Type pair_type = mk_product(real_type(), mk_arrow(real_type(), real_type()));
  const Term live = mk_app(mk_var(0, mk_arrow(real_type(), real_type())), mk_lit(4.25));
  {
    // Many nodes that die before the release.
    std::vector<Term> dead;
    for (int i = 0; i < 20000; ++i) dead.push_back(mk_add(mk_var(0, real_type()), mk_lit(i + 0.5)));
  }
  release_dead_nodes();
  CHECK(mk_app(mk_var(0, mk_arrow(real_type(), real_type())), mk_lit(4.25)) == live);
  CHECK(mk_product(real_type(), mk_arrow(real_type(), real_type())) == pair_type);
  // Dead structures are built afresh and are canonical again from then on.
  const Term rebuilt = mk_add(mk_var(0, real_type()), mk_lit(7.5));
  CHECK(mk_add(mk_var(0, real_type()), mk_lit(7.5)) == rebuilt);
  release_dead_nodes();
  CHECK(mk_add(mk_var(0, real_type()), mk_lit(7.5)) == rebuilt);
}

TEST_CASE("threads building the same terms at once get one node per structure", "[term][intern]") {
  // Each thread builds the same fresh sums (new literals: not yet interned)
  // in its own order, so that they race to intern each one.
  constexpr int kThreads = 4, kTerms = 3000;
  std::vector<std::vector<Term>> built(kThreads);
  {
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([t, &built] {
        std::vector<Term>& mine = built[t];
        mine.resize(kTerms);
        for (int n = 0; n < kTerms; ++n) {
          const int i = (t % 2 == 0) ? n : kTerms - 1 - n;
          mine[i] = mk_add(mk_var(0, real_type()), mk_lit(1e6 + i + 0.25));
        }
      });
    }
    for (std::thread& thread : threads) thread.join();
  }
  for (int t = 1; t < kThreads; ++t) {
    INFO("thread " << t);
    for (int i = 0; i < kTerms; ++i) REQUIRE(built[t][i] == built[0][i]);
  }
}
