// Tests of the term representation: hash-consing, the linear extensions of
// spec §3 applied by the smart constructors, canonical bags, cached data.
#include "calculus/term.h"

#include <catch2/catch.hpp>

#include "calculus/error.h"

using namespace perturb::calculus;

namespace {
Term x() { return mk_var(0); }
Term y() { return mk_var(1); }
}  // namespace

TEST_CASE("structurally equal terms are the same node", "[term]") {
  CHECK(mk_app(x(), y()) == mk_app(mk_var(0), mk_var(1)));
  CHECK(mk_lam("x", real_type(), x()) == mk_lam("x", real_type(), x()));
  CHECK(mk_lit(2.5) == mk_lit(2.5));
  CHECK(mk_lit(2.5) != mk_lit(3.5));
}

TEST_CASE("binder names are hints: α-equal, distinct nodes", "[term]") {
  const Term lx = mk_lam("x", real_type(), x());
  const Term ly = mk_lam("y", real_type(), x());
  CHECK(lx != ly);
  CHECK(alpha_equal(lx, ly));
  CHECK(lx->hash() == ly->hash());
  CHECK_FALSE(alpha_equal(lx, mk_lam("x", mk_product(real_type(), real_type()), x())));
}

TEST_CASE("sums are canonical bags (spec §3: terms modulo AC of +)", "[term]") {
  const Term a = mk_add(x(), mk_add(y(), mk_lit(1)));
  const Term b = mk_add(mk_add(mk_lit(1), x()), y());
  CHECK(a == b);
  CHECK(summands(a).size() == 3);
  CHECK(mk_add(x(), x()) != x());  // a bag, not a set
  CHECK(summands(mk_add(x(), x())).size() == 2);
  CHECK(mk_add(x(), mk_zero()) == x());
  CHECK(is_zero(mk_sum(std::span<const Term>{})));
  CHECK(mk_lit(0) == mk_zero());
}

TEST_CASE("constructors extend linearly over bags (spec §3)", "[term]") {
  const Type r = real_type();
  const Term bag = mk_add(x(), y());
  SECTION("λx.0 = 0 and λx.(s+t) = λx.s + λx.t") {
    CHECK(is_zero(mk_lam("z", r, mk_zero())));
    CHECK(mk_lam("z", r, bag) == mk_add(mk_lam("z", r, x()), mk_lam("z", r, y())));
  }
  SECTION("0 N = 0 and (s+t) N = s N + t N") {
    CHECK(is_zero(mk_app(mk_zero(), x())));
    CHECK(mk_app(bag, mk_lit(2)) == mk_add(mk_app(x(), mk_lit(2)), mk_app(y(), mk_lit(2))));
  }
  SECTION("the argument position is not linear") {
    const Term applied = mk_app(mk_var(2), bag);
    CHECK(is_app(applied));
    CHECK(app_arg(applied) == bag);
  }
  SECTION("T, ι_k, π_k of a bag") {
    CHECK(is_zero(mk_tan(mk_zero())));
    CHECK(is_zero(mk_inj(1, mk_zero())));
    CHECK(is_zero(mk_proj(2, mk_zero())));
    CHECK(mk_tan(bag) == mk_add(mk_tan(x()), mk_tan(y())));
    CHECK(mk_inj(2, bag) == mk_add(mk_inj(2, x()), mk_inj(2, y())));
    CHECK(mk_proj(1, bag) == mk_add(mk_proj(1, x()), mk_proj(1, y())));
  }
  SECTION("pairs are sugar: ⟨M, N⟩ = ι1 M + ι2 N") {
    CHECK(mk_pair(x(), mk_zero()) == mk_inj(1, x()));
  }
}

TEST_CASE("cached data: size, depth, free-variable range", "[term]") {
  const Term t = mk_lam("z", real_type(), mk_app(mk_var(0), mk_var(3)));
  CHECK(t->tree_size() == 4);
  CHECK(t->depth() == 3);
  CHECK(t->loose_bvar_range() == 3);
  CHECK(is_closed(mk_lam("z", real_type(), mk_var(0))));
  const Term shared = mk_app(x(), x());
  const Term doubled = mk_app(shared, shared);
  CHECK(doubled->tree_size() == 7);
  CHECK(dag_size(doubled) == 3);
}

TEST_CASE("constructors refuse terms deeper than the limit", "[term]") {
  Term t = x();
  for (std::uint32_t i = 1; i < kMaxTermDepth; ++i) t = mk_tan(t);
  CHECK(t->depth() == kMaxTermDepth);
  CHECK_THROWS_AS(mk_tan(t), TooDeep);
}
