// Tests of T_x and ⋄: every clause of spec Fig. 4 with hand-built expected
// terms (x is de Bruijn index 0 unless said otherwise), and sharing.
#include "calculus/tangent.h"

#include <catch2/catch.hpp>

#include "calculus/mutation.h"

using namespace perturb::calculus;

namespace {

const Type R = real_type();
Term v(std::uint32_t index) { return mk_var(index); }
Term pi1(const Term& t) { return mk_proj(1, t); }
Term pi2(const Term& t) { return mk_proj(2, t); }
Term lam(const char* name, const Term& body) { return mk_lam(name, R, body); }

// The spec's ⋄, spelled out independently of diamond().
Term diamond_by_hand(const Term& m, const Term& n) {
  return mk_pair(mk_add(mk_app(pi1(m), pi2(n)), pi1(mk_app(mk_tan(pi2(m)), n))),
                 mk_app(pi2(m), pi2(n)));
}

}  // namespace

TEST_CASE("M ⋄ N = ⟨(π1 M)(π2 N) + π1((T(π2 M)) N), (π2 M)(π2 N)⟩", "[tangent]") {
  const Term m = v(3), n = v(4);
  const Term expected = mk_add(mk_inj(1, mk_add(mk_app(mk_proj(1, m), mk_proj(2, n)),
                                                mk_proj(1, mk_app(mk_tan(mk_proj(2, m)), n)))),
                               mk_inj(2, mk_app(mk_proj(2, m), mk_proj(2, n))));
  CHECK(diamond(m, n) == expected);
  SECTION("the DiamondWithoutTangentSummand mutant drops π1((T(π2 M)) N)") {
    ScopedMutant mutant(Mutant::DiamondWithoutTangentSummand);
    CHECK(diamond(m, n) == mk_pair(mk_app(pi1(m), pi2(n)), mk_app(pi2(m), pi2(n))));
  }
}

TEST_CASE("Fig. 4: T_x x = x and T_x y = ι2 y", "[tangent]") {
  CHECK(tangent_of(v(0)) == v(0));
  CHECK(tangent_of(v(1)) == mk_inj(2, v(1)));
  CHECK(tangent_at(v(2), 2) == v(2));
  CHECK(tangent_at(v(0), 2) == mk_inj(2, v(0)));
  ScopedMutant mutant(Mutant::TangentVarUntagged);
  CHECK(tangent_of(v(1)) == v(1));
}

TEST_CASE("Fig. 4: T_x (λy.s) = ⟨λy. π1(T_x s), λy. π2(T_x s)⟩", "[tangent]") {
  SECTION("body mentions x (index 1 under λy)") {
    const Term m =
        lam("y", mk_app(v(0), v(1)));  // λy. y x   (y : R → R here, the type is irrelevant)
    const Term t = diamond_by_hand(mk_inj(2, v(0)), v(1));  // T_x (y x) = (ι2 y) ⋄ x
    CHECK(tangent_of(m) == mk_pair(lam("y", pi1(t)), lam("y", pi2(t))));
  }
  SECTION("body is the bound variable") {
    CHECK(tangent_of(lam("y", v(0))) ==
          mk_pair(lam("y", pi1(mk_inj(2, v(0)))), lam("y", pi2(mk_inj(2, v(0))))));
  }
  SECTION("shadowing: λx. x inside T_x is about the inner x") {
    const Term m = lam("x", v(0));
    CHECK(tangent_of(m) == mk_pair(lam("x", pi1(mk_inj(2, v(0)))), lam("x", pi2(mk_inj(2, v(0))))));
  }
  SECTION("the TangentLambdaSwapped mutant swaps π1 and π2") {
    ScopedMutant mutant(Mutant::TangentLambdaSwapped);
    CHECK(tangent_of(lam("y", v(1))) == mk_pair(lam("y", pi2(v(1))), lam("y", pi1(v(1)))));
  }
}

TEST_CASE("Fig. 4: T_x (s N) = (T_x s) ⋄ (T_x N)", "[tangent]") {
  const Term f = v(1);
  CHECK(tangent_of(mk_app(f, v(0))) == diamond_by_hand(mk_inj(2, f), v(0)));
  const Term sin = mk_prim(Primitive::Sin);
  CHECK(tangent_of(mk_app(sin, v(0))) == diamond_by_hand(mk_inj(2, sin), v(0)));
}

TEST_CASE("Fig. 4: T_x (T s) = ⟨T(π1(T_x s)), T(π2(T_x s))⟩", "[tangent]") {
  const Term t = mk_inj(2, v(1));
  CHECK(tangent_of(mk_tan(v(1))) == mk_pair(mk_tan(pi1(t)), mk_tan(pi2(t))));
  CHECK(tangent_of(mk_tan(v(0))) == mk_pair(mk_tan(pi1(v(0))), mk_tan(pi2(v(0)))));
}

TEST_CASE("Fig. 4: T_x 0 = 0 and T_x (s + N) = T_x s + T_x N", "[tangent]") {
  CHECK(is_zero(tangent_of(mk_zero())));
  CHECK(tangent_of(mk_add(v(0), v(1))) == mk_add(v(0), mk_inj(2, v(1))));
  CHECK(tangent_of(mk_add(v(0), mk_lit(2))) == mk_add(v(0), mk_inj(2, mk_lit(2))));
}

TEST_CASE("Fig. 4: T_x (ι_k s) and T_x (π_k s)", "[tangent]") {
  const Term x = v(0);
  CHECK(tangent_of(mk_inj(1, x)) == mk_pair(mk_inj(1, pi1(x)), mk_inj(1, pi2(x))));
  CHECK(tangent_of(mk_inj(2, x)) == mk_pair(mk_inj(2, pi1(x)), mk_inj(2, pi2(x))));
  CHECK(tangent_of(mk_proj(1, x)) == mk_pair(pi1(pi1(x)), pi1(pi2(x))));
  CHECK(tangent_of(mk_proj(2, x)) == mk_pair(pi2(pi1(x)), pi2(pi2(x))));
  const Term y = mk_inj(2, v(1));
  CHECK(tangent_of(mk_proj(2, v(1))) == mk_pair(pi2(pi1(y)), pi2(pi2(y))));
}

TEST_CASE("§6: T_x c = ι2 c for constants", "[tangent]") {
  CHECK(tangent_of(mk_lit(2.5)) == mk_inj(2, mk_lit(2.5)));
  for (Primitive p : kAllPrimitives) CHECK(tangent_of(mk_prim(p)) == mk_inj(2, mk_prim(p)));
}

TEST_CASE("iterated T_x costs the DAG size, not the tree size", "[tangent]") {
  // sin (sin (… (sin x))) 200 deep: the tree of T_x would have ~3^200 nodes.
  Term m = v(0);
  for (int k = 0; k < 200; ++k) m = mk_app(mk_prim(Primitive::Sin), m);
  const Term t = tangent_of(m);
  CHECK(dag_size(t) < 20 * dag_size(m));
  CHECK(t->tree_size() > (std::uint64_t{1} << 62));
}
