// Dropping the dead entries of the hash-consing tables (calculus/interned.h)
// keeps every live node the one node of its structure.
#include "calculus/interned.h"

#include <catch2/catch.hpp>
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
