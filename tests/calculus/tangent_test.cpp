// Tests of T_x and ⋄: every clause of spec Fig. 4 with hand-built expected
// terms (x is de Bruijn index 0 unless said otherwise), the types Lemma
// 4.1(b) gives (x : σ becomes x : Tσ, T_x M : Tτ), and sharing.
#include "calculus/tangent.h"

#include <catch2/catch.hpp>

#include "calculus/mutation.h"

using namespace perturb::calculus;

namespace {

const Type R = real_type();
const Type TR = mk_tangent(R);
const Type RtoR = mk_arrow(R, R);
Term v(std::uint32_t index, const Type& type = R) { return mk_var(index, type); }
Term pi1(const Term& t) { return mk_proj(1, t); }
Term pi2(const Term& t) { return mk_proj(2, t); }
Term lam(const char* name, const Term& body) { return mk_lam(name, R, body); }
// ι2 s : T σ for s : σ, the tangent of a term that does not mention x.
Term tagged(const Term& s) { return mk_inj(2, s, s->type()); }

// The spec's ⋄, spelled out independently of diamond().
Term diamond_by_hand(const Term& m, const Term& n) {
  return mk_pair(mk_add(mk_app(pi1(m), pi2(n)), pi1(mk_app(mk_tan(pi2(m)), n))),
                 mk_app(pi2(m), pi2(n)));
}

}  // namespace

TEST_CASE("M ⋄ N = ⟨(π1 M)(π2 N) + π1((T(π2 M)) N), (π2 M)(π2 N)⟩", "[tangent]") {
  const Term m = v(3, mk_tangent(RtoR)), n = v(4, TR);  // M : T(R → R), N : T R
  const Term expected = mk_add(mk_inj(1,
                                      mk_add(mk_app(mk_proj(1, m), mk_proj(2, n)),
                                             mk_proj(1, mk_app(mk_tan(mk_proj(2, m)), n))),
                                      R),
                               mk_inj(2, mk_app(mk_proj(2, m), mk_proj(2, n)), R));
  CHECK(diamond(m, n) == expected);
  CHECK(diamond(m, n)->type() == TR);
  SECTION("the DiamondWithoutTangentSummand mutant drops π1((T(π2 M)) N)") {
    ScopedMutant mutant(Mutant::DiamondWithoutTangentSummand);
    CHECK(diamond(m, n) == mk_pair(mk_app(pi1(m), pi2(n)), mk_app(pi2(m), pi2(n))));
  }
}

TEST_CASE("Fig. 4: T_x x = x and T_x y = ι2 y", "[tangent]") {
  // x : σ becomes x : Tσ.
  CHECK(tangent_of(v(0)) == v(0, TR));
  CHECK(tangent_of(v(0, RtoR)) == v(0, mk_tangent(RtoR)));
  CHECK(tangent_of(v(1)) == mk_inj(2, v(1), R));
  CHECK(tangent_of(v(1, RtoR)) == mk_inj(2, v(1, RtoR), RtoR));
  CHECK(tangent_at(v(2), 2) == v(2, TR));
  CHECK(tangent_at(v(0), 2) == mk_inj(2, v(0), R));
  ScopedMutant mutant(Mutant::TangentVarUntagged);
  CHECK(tangent_of(v(1)) == v(1));
  CHECK(tangent_of(v(1))->type() != TR);  // no longer of the type Lemma 4.1(b) gives
}

TEST_CASE("Fig. 4: T_x (λy.s) = ⟨λy. π1(T_x s), λy. π2(T_x s)⟩", "[tangent]") {
  SECTION("body mentions x (index 1 under λy)") {
    const Term m = mk_lam("y", RtoR, mk_app(v(0, RtoR), v(1)));    // λy:R → R. y x
    const Term t = diamond_by_hand(tagged(v(0, RtoR)), v(1, TR));  // T_x (y x) = (ι2 y) ⋄ x
    CHECK(tangent_of(m) == mk_pair(mk_lam("y", RtoR, pi1(t)), mk_lam("y", RtoR, pi2(t))));
    CHECK(tangent_of(m)->type() == mk_tangent(m->type()));
  }
  SECTION("body is the bound variable") {
    CHECK(tangent_of(lam("y", v(0))) ==
          mk_pair(lam("y", pi1(tagged(v(0)))), lam("y", pi2(tagged(v(0))))));
  }
  SECTION("shadowing: λx. x inside T_x is about the inner x") {
    const Term m = lam("x", v(0));
    CHECK(tangent_of(m) == mk_pair(lam("x", pi1(tagged(v(0)))), lam("x", pi2(tagged(v(0))))));
  }
  SECTION("the TangentLambdaSwapped mutant swaps π1 and π2") {
    ScopedMutant mutant(Mutant::TangentLambdaSwapped);
    CHECK(tangent_of(lam("y", v(1))) == mk_pair(lam("y", pi2(v(1, TR))), lam("y", pi1(v(1, TR)))));
  }
}

TEST_CASE("Fig. 4: T_x (s N) = (T_x s) ⋄ (T_x N)", "[tangent]") {
  const Term f = v(1, RtoR);
  CHECK(tangent_of(mk_app(f, v(0))) == diamond_by_hand(tagged(f), v(0, TR)));
  const Term sin = mk_prim(Primitive::Sin);
  CHECK(tangent_of(mk_app(sin, v(0))) == diamond_by_hand(tagged(sin), v(0, TR)));
  CHECK(tangent_of(mk_app(sin, v(0)))->type() == TR);
}

TEST_CASE("Fig. 4: T_x (T s) = ⟨T(π1(T_x s)), T(π2(T_x s))⟩", "[tangent]") {
  const Term t = tagged(v(1, RtoR));
  CHECK(tangent_of(mk_tan(v(1, RtoR))) == mk_pair(mk_tan(pi1(t)), mk_tan(pi2(t))));
  const Term x = v(0, mk_tangent(RtoR));  // x : R → R became x : T(R → R)
  CHECK(tangent_of(mk_tan(v(0, RtoR))) == mk_pair(mk_tan(pi1(x)), mk_tan(pi2(x))));
}

TEST_CASE("Fig. 4: T_x 0 = 0 and T_x (s + N) = T_x s + T_x N", "[tangent]") {
  CHECK(is_zero(tangent_of(mk_zero(R))));
  CHECK(tangent_of(mk_zero(RtoR)) == mk_zero(mk_tangent(RtoR)));
  CHECK(tangent_of(mk_add(v(0), v(1))) == mk_add(v(0, TR), tagged(v(1))));
  CHECK(tangent_of(mk_add(v(0), mk_lit(2))) == mk_add(v(0, TR), tagged(mk_lit(2))));
}

TEST_CASE("Fig. 4: T_x (ι_k s) and T_x (π_k s)", "[tangent]") {
  const Type A = mk_atom("A");
  const Term x = v(0, mk_tangent(R));  // x : R, seen by T_x as x : T R
  CHECK(tangent_of(mk_inj(1, v(0), A)) == mk_pair(mk_inj(1, pi1(x), A), mk_inj(1, pi2(x), A)));
  CHECK(tangent_of(mk_inj(2, v(0), A)) == mk_pair(mk_inj(2, pi1(x), A), mk_inj(2, pi2(x), A)));
  CHECK(tangent_of(mk_inj(2, v(0), A))->type() == mk_tangent(mk_product(A, R)));
  const Type pair = mk_product(R, RtoR);
  const Term p = v(0, mk_tangent(pair));  // x : R × (R → R) as x : T(R × (R → R))
  CHECK(tangent_of(mk_proj(1, v(0, pair))) == mk_pair(pi1(pi1(p)), pi1(pi2(p))));
  CHECK(tangent_of(mk_proj(2, v(0, pair))) == mk_pair(pi2(pi1(p)), pi2(pi2(p))));
  CHECK(tangent_of(mk_proj(2, v(0, pair)))->type() == mk_tangent(RtoR));
  const Term y = tagged(v(1, pair));
  CHECK(tangent_of(mk_proj(2, v(1, pair))) == mk_pair(pi2(pi1(y)), pi2(pi2(y))));
}

TEST_CASE("§6: T_x c = ι2 c for constants", "[tangent]") {
  CHECK(tangent_of(mk_lit(2.5)) == mk_inj(2, mk_lit(2.5), R));
  for (Primitive p : kPaperPrimitives) {
    CHECK(tangent_of(mk_prim(p)) == mk_inj(2, mk_prim(p), primitive_type(p)));
  }
}

TEST_CASE("iterated T_x costs the DAG size, not the tree size", "[tangent]") {
  // sin (sin (… (sin x))) 200 deep: the tree of T_x would have ~3^200 nodes.
  Term m = v(0);
  for (int k = 0; k < 200; ++k) m = mk_app(mk_prim(Primitive::Sin), m);
  const Term t = tangent_of(m);
  CHECK(dag_size(t) < 20 * dag_size(m));
  CHECK(t->tree_size() > (std::uint64_t{1} << 62));
  CHECK(t->type() == TR);
}
