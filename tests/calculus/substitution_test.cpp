// Tests of lift and substitution: every clause of spec Fig. 2 with
// hand-computed de Bruijn terms, capture avoidance with clashing names, the
// linear extensions of §3, sharing, and that variables keep their types.
#include "calculus/substitution.h"

#include <catch2/catch.hpp>

#include "calculus/mutation.h"

using namespace perturb::calculus;

namespace {

const Type R = real_type();
const Type RR = mk_product(R, R);
const Type RtoR = mk_arrow(R, R);
Term v(std::uint32_t index, const Type& type = R) { return mk_var(index, type); }
Term lam(const char* name, const Term& body) { return mk_lam(name, R, body); }
Term sin_of(const Term& t) { return mk_app(mk_prim(Primitive::Sin), t); }

// P = v3 2 of type `type`: P mentions an outer variable (index 3 outside).
Term outer_value(const Type& type) { return mk_app(v(3, mk_arrow(R, type)), mk_lit(2)); }

}  // namespace

TEST_CASE("lift shifts free indices at or above the cutoff", "[substitution]") {
  CHECK(lift(v(0), 2) == v(2));
  CHECK(lift(v(0), 2, 1) == v(0));
  CHECK(lift(v(3), 1, 1) == v(4));
  // λy. y x  ↑1  = λy. y x'  (the bound y stays 0, x goes from 1 to 2)
  CHECK(lift(mk_lam("y", RtoR, mk_app(v(0, RtoR), v(1))), 1) ==
        mk_lam("y", RtoR, mk_app(v(0, RtoR), v(2))));
  const Term closed = lam("y", v(0));
  CHECK(lift(closed, 5) == closed);
  CHECK(lift(mk_add(v(0), mk_lit(2)), 1) == mk_add(v(1), mk_lit(2)));
  // Variables keep their types.
  CHECK(lift(v(0, RtoR), 2) == v(2, RtoR));
  CHECK(lift(mk_proj(1, v(1, RR)), 1)->type() == R);
}

TEST_CASE("Fig. 2, clause by clause (x is index 0 of the body)", "[substitution]") {
  const Term p = outer_value(R);  // x : R
  SECTION("x[P/x] = P") { CHECK(substitute(v(0), p) == p); }
  SECTION("x[P/x] needs P of x's type") {
    CHECK_THROWS_AS(substitute(v(0, RtoR), p), IllTyped);
    CHECK_THROWS_AS(substitute(mk_lam("y", R, v(1, RR)), p), IllTyped);
  }
  SECTION("y[P/x] = y (indices above x move down past its binder)") {
    CHECK(substitute(v(1), p) == v(0));
    CHECK(substitute(v(4), p) == v(3));
    CHECK(substitute(v(4, RtoR), p) == v(3, RtoR));
  }
  SECTION("0[P/x] = 0") {
    CHECK(is_zero(substitute(mk_zero(R), p)));
    CHECK(substitute(mk_zero(RR), p) == mk_zero(RR));
  }
  SECTION("(λy.s)[P/x] = λy.(s[P/x]), P lifted under the binder") {
    // λy. y + x   [P/x]   =   λy. y + P↑   with P↑ = (v4 2)
    const Term body = lam("y", mk_add(v(0), v(1)));
    CHECK(substitute(body, p) == lam("y", mk_add(v(0), mk_app(v(4, RtoR), mk_lit(2)))));
  }
  SECTION("(s + N)[P/x] = s[P/x] + N[P/x]") {
    CHECK(substitute(mk_add(v(0), v(1)), p) == mk_add(p, v(0)));
  }
  SECTION("(s N)[P/x] = (s[P/x]) (N[P/x])") {
    CHECK(substitute(mk_app(v(1, RtoR), v(0)), p) == mk_app(v(0, RtoR), p));
  }
  SECTION("(T s)[P/x] = T(s[P/x])") {
    const Term f = outer_value(RtoR);  // x : R → R
    CHECK(substitute(mk_tan(v(0, RtoR)), f) == mk_tan(f));
  }
  SECTION("(ι_k s)[P/x] = ι_k(s[P/x])") {
    CHECK(substitute(mk_inj(1, v(0), RtoR), p) == mk_inj(1, p, RtoR));
    CHECK(substitute(mk_inj(2, v(1), R), p) == mk_inj(2, v(0), R));
  }
  SECTION("(π_k s)[P/x] = π_k(s[P/x])") {
    const Term pair = outer_value(RR);  // x : R × R
    CHECK(substitute(mk_proj(2, v(0, RR)), pair) == mk_proj(2, pair));
  }
  SECTION("constants are closed") {
    CHECK(substitute(mk_lit(-2.5), p) == mk_lit(-2.5));
    CHECK(substitute(sin_of(v(0)), p) == sin_of(p));
  }
}

TEST_CASE("substitution is linear in the body via the smart constructors (§3)", "[substitution]") {
  // outer variables a, b (indices 1, 2 as seen outside x), a + b of type `type`
  const auto sum_of = [](const Type& type) { return mk_add(v(1, type), v(2, type)); };
  SECTION("(x N)[a+b/x] = a N + b N") {
    const Term a = v(1, RtoR), b = v(2, RtoR);
    CHECK(substitute(mk_app(v(0, RtoR), mk_lit(3)), sum_of(RtoR)) ==
          mk_add(mk_app(a, mk_lit(3)), mk_app(b, mk_lit(3))));
  }
  SECTION("(λy.x)[a+b/x] = λy.a + λy.b") {
    CHECK(substitute(lam("y", v(1)), sum_of(R)) == mk_add(lam("y", v(2)), lam("y", v(3))));
  }
  SECTION("(T x)[a+b/x] = T a + T b and π, ι likewise") {
    CHECK(substitute(mk_tan(v(0, RtoR)), sum_of(RtoR)) ==
          mk_add(mk_tan(v(1, RtoR)), mk_tan(v(2, RtoR))));
    CHECK(substitute(mk_proj(1, v(0, RR)), sum_of(RR)) ==
          mk_add(mk_proj(1, v(1, RR)), mk_proj(1, v(2, RR))));
    CHECK(substitute(mk_inj(2, v(0), RtoR), sum_of(R)) ==
          mk_add(mk_inj(2, v(1), RtoR), mk_inj(2, v(2), RtoR)));
  }
  SECTION("the argument position stays non-linear: (s x)[a+b/x] = s (a+b)") {
    const Term sum = sum_of(R);
    const Term result = substitute(mk_app(v(1, RtoR), v(0)), sum);
    CHECK(is_app(result));
    CHECK(app_arg(result) == sum);
  }
  SECTION("(x N)[0/x] = 0") {
    const Term result = substitute(mk_app(v(0, RtoR), mk_lit(3)), mk_zero(RtoR));
    CHECK(is_zero(result));
    CHECK(result->type() == R);
  }
}

TEST_CASE("capture avoidance with clashing and shadowing names", "[substitution]") {
  // Outside: Γ = y:R (index 0). Body: λy. x * y with x index 1, inner y index 0.
  // (λy. x * y)[y/x] must be λy'. y * y', i.e. the free y is index 1 inside.
  const Term body = lam("y", mk_mul(v(1), v(0)));
  const Term free_y = v(0);
  const Term expected = lam("y", mk_mul(v(1), v(0)));
  CHECK(substitute(body, free_y) == expected);
  CHECK_FALSE(alpha_equal(substitute(body, free_y), lam("y", mk_mul(v(0), v(0)))));
  SECTION("nested binders with the same name") {
    // λx. λx. x_outer-of-body ... : body = λx. λx. (v2 v1 v0); v2 is the substituted x.
    const Type RtoRtoR = mk_arrow(R, RtoR);
    const Term nested = lam("x", lam("x", mk_app(mk_app(v(2, RtoRtoR), v(1)), v(0))));
    // λz. y z, y : R → R → R free (index 0 outside)
    const Term value = lam("z", mk_app(v(1, RtoRtoR), v(0)));
    const Term value_under_two = lam("z", mk_app(v(3, RtoRtoR), v(0)));
    CHECK(substitute(nested, value) ==
          lam("x", lam("x", mk_app(mk_app(value_under_two, v(1)), v(0)))));
  }
  SECTION("the SubstitutionNoLift mutant captures") {
    ScopedMutant mutant(Mutant::SubstitutionNoLift);
    CHECK(substitute(body, free_y) == lam("y", mk_mul(v(0), v(0))));
  }
}

TEST_CASE("substitution and lift preserve sharing and cost the DAG size", "[substitution]") {
  // t_{k+1} = t_k * t_k: tree size 2^61, DAG size linear.
  Term t = v(0);
  for (int k = 0; k < 60; ++k) t = mk_mul(t, t);
  REQUIRE(t->tree_size() > (std::uint64_t{1} << 60));
  const Term result = substitute(t, sin_of(v(5)));
  CHECK(dag_size(result) == dag_size(t) + 2);  // x becomes sin v5: three nodes for one
  Term expected = sin_of(v(5));
  for (int k = 0; k < 60; ++k) expected = mk_mul(expected, expected);
  CHECK(result == expected);
  CHECK(lift(t, 3) != t);
}
